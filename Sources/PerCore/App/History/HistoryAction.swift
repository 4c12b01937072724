/// What the user does on the price history screen.
public enum HistoryAction: Equatable, Sendable {
    /// Up/Down, the mouse wheel: this many entries (below zero: up).
    case scroll(Int)
    /// PgDn/PgUp, Ctrl-F/Ctrl-B: this many pages.
    case scrollPage(Int)
    /// Home, Ctrl-A.
    case toFirst
    /// End, Ctrl-E.
    case toLast
    /// Esc, Ctrl-V: back to the comparison.
    case close
}
