/// One input from the terminal, already decoded. The key table turns it into an `Action`.
public enum InputEvent: Equatable, Sendable {
    /// A printable character (UTF-8 decoded).
    case character(Character)
    case key(SpecialKey)
    /// Ctrl plus a letter, lower-case: Ctrl-Q is `.control("q")`.
    case control(Character)
    /// A left-button press at a screen cell (a tap's start).
    case click(x: Int, y: Int)
    /// The pointer moved to a screen cell with the left button down (button-event tracking).
    case drag(x: Int, y: Int)
    /// The left button let go at a screen cell (a tap's end).
    case release(x: Int, y: Int)
    /// The mouse wheel over a screen cell: `lines` below zero scrolls up (towards the start).
    case scroll(lines: Int, x: Int, y: Int)
    /// Bracketed paste: everything between the paste markers, as one event.
    case paste(String)
    case resize(width: Int, height: Int)
    /// A signal that ends per arrived (SIGHUP, SIGTERM, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM): save and leave.
    case hangup
}

public enum SpecialKey: Hashable, Sendable {
    case up, down, left, right
    case tab, backTab, enter, escape
    case backspace, delete
    case home, end, pageUp, pageDown
    case function(Int)
}
