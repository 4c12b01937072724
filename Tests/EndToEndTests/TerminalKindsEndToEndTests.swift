import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Issue 39: what per sends follows what the terminal is, as its TERM says.
    @Suite struct TerminalKindsEndToEndTests {
        /// vte-256color (GNOME Terminal, Tilix...) is a UTF-8 terminal: box lines, × and the caret bar, not ASCII
        /// (decision 386: only vt100, vt220... are DEC terminals).
        @Test func vteGetsUTF8Glyphs() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), term: "vte-256color")
            let screen = tmux.waitFor("the keypad in box lines") { $0.contains("│ 1 │ 2 │ 3 │") }
            #expect(screen.contains("┌") && !screen.contains("+---"), "\(screen)")
            tmux.type("12")
            #expect(tmux.waitFor("12▏").contains("12▏"))
        }

        /// xterm-direct takes RGB values for colours: the accent is #5f5fff (95;95;255), never 63 read as #00003f.
        @Test func aDirectColourTerminalGetsThePalettesRGBValues() {
            let folder = TemporaryFolder()
            // An empty NO_COLOR is no NO_COLOR (swift test may set it for what it runs).
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), term: "xterm-direct", environment: ["NO_COLOR": ""])
            tmux.waitFor("Untitled")
            tmux.type("3")
            let styled = tmux.waitFor("a coloured frame", styled: true) { $0.contains("3▏") }
            #expect(styled.contains("38;2;95;95;255") || styled.contains("38;2;118;118;118"), "\(styled)")
            #expect(!styled.contains("38;2;0;0;63") && !styled.contains("38;2;0;0;243"), "\(styled)")
        }
    }
}
