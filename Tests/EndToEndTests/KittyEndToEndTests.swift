import Foundation
import Testing
import TestSupport

/// Whether the machine has kitty's terminfo entry (Debian's kitty-terminfo; `make deps` installs it).
let kittyTerminfo = run(["infocmp", "xterm-kitty"]).status == 0

extension EndToEnd {
    /// Issue 22: under TERM=xterm-kitty (Debian's entry has no dim in its `sgr`, so ncurses never sends dim) a key
    /// that does nothing differs from a live one in what is drawn, read from the plain screen (no attributes).
    @Suite(.enabled(if: kittyTerminfo, "no xterm-kitty terminfo (make deps installs kitty-terminfo)"))
    struct KittyEndToEndTests {
        @Test func disabledKeysAreBlankUnderXtermKitty() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), term: "xterm-kitty")
            var screen = tmux.waitFor { $0.contains("Untitled") && $0.contains("┌───┬") }
            // Nothing typed: no operator, no =, no ⌫.
            #expect(keypadFaces(screen) == "123456789.0", "\(screen)")
            tmux.type("7")
            screen = tmux.waitFor("7▏")
            // A number: the operators and ⌫ come; = is still blank (no operation yet).
            #expect(keypadFaces(screen) == "123+−456×789÷.0⌫", "\(screen)")
            tmux.type("+6")
            screen = tmux.waitFor("7+6▏")
            // An operation: = comes, the operators go (one operation per field).
            #expect(keypadFaces(screen) == "123456789.0⌫=", "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
        }
    }
}
