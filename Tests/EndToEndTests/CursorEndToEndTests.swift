import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Issue 39: the terminal's (hidden) cursor rests where the focus is, so screen readers, braille displays, input
    /// methods and tmux copy mode follow per: the focused field's caret, the list's selected row.
    @Suite struct CursorEndToEndTests {
        /// The character at (x, y) of the screen's text.
        func character(atX x: Int, y: Int, _ screen: String) -> Character? {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            guard y >= 0, y < lines.count else { return nil }
            let line = Array(lines[y])
            return x >= 0 && x < line.count ? line[x] : nil
        }

        func cursor(_ tmux: TmuxSession) -> (x: Int, y: Int)? {
            let parts = tmux.format("#{cursor_x} #{cursor_y}").split(separator: " ").compactMap { Int($0) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }

        /// Waits for `text` on screen, then for the cursor to be on the caret glyph; fails naming the key if it never is.
        func expectCursorOnTheCaret(_ tmux: TmuxSession, after key: String, showing text: String) {
            tmux.waitFor(text)
            let onTheCaret = waitUntil(timeout: 5) {
                guard let at = cursor(tmux) else { return false }
                return character(atX: at.x, y: at.y, tmux.screen) == "▏"
            }
            #expect(onTheCaret, "after \(key): cursor \(String(describing: cursor(tmux))) on\n\(tmux.screen)")
        }

        @Test(arguments: [(80, 24), (40, 20)])
        func theCursorRestsAtTheCaretAfterEveryKeyAndOnTheSelectedRow(width: Int, height: Int) {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), width: width, height: height)
            tmux.waitFor("Untitled")
            // A comparison typed key by key: digits written by per's own fast path, commits, the unit, a name.
            var typed = ""
            for c in "3.99" { tmux.type(String(c)); typed.append(c); expectCursorOnTheCaret(tmux, after: typed, showing: "\(typed)▏") }
            tmux.keys("BSpace")
            expectCursorOnTheCaret(tmux, after: "Backspace", showing: "3.9▏")
            tmux.type("9")
            expectCursorOnTheCaret(tmux, after: "9 again", showing: "3.99▏")
            tmux.keys("Enter")
            expectCursorOnTheCaret(tmux, after: "Enter to the quantity", showing: "Quantity of")
            for c in "500" { tmux.type(String(c)); expectCursorOnTheCaret(tmux, after: "quantity \(c)", showing: "\(c)▏") }
            tmux.type("+")
            expectCursorOnTheCaret(tmux, after: "+", showing: "500+▏")
            tmux.keys("BSpace")
            expectCursorOnTheCaret(tmux, after: "Backspace of +", showing: "500▏")
            tmux.keys("Enter")
            expectCursorOnTheCaret(tmux, after: "Enter to the unit", showing: "Unit of")
            tmux.type("g")
            expectCursorOnTheCaret(tmux, after: "the unit g", showing: "g▏")
            tmux.keys("Tab")
            tmux.type("Oats")
            expectCursorOnTheCaret(tmux, after: "the name", showing: "Oats▏")
            tmux.keys("Left")
            expectCursorOnTheCaret(tmux, after: "Left in the name", showing: "Oat▏s")
            tmux.keys("Tab")
            expectCursorOnTheCaret(tmux, after: "Tab to the shop", showing: "Shop of")
            tmux.type("Aldi")
            expectCursorOnTheCaret(tmux, after: "the shop", showing: "Aldi▏")
            // Ctrl-Y takes the shop back (decision 253): the cursor follows the focus there.
            tmux.keys("C-y")
            expectCursorOnTheCaret(tmux, after: "Ctrl-Y", showing: "Undid the shop")
            tmux.keys("Enter")
            expectCursorOnTheCaret(tmux, after: "Enter to a new product", showing: "Price (new")
            // The list: the cursor on the selected row's first cell (its `›` is the second).
            tmux.keys("C-o")
            tmux.waitFor("› ")
            let onTheRow = waitUntil(timeout: 5) {
                guard let at = cursor(tmux) else { return false }
                return at.x == 0 && character(atX: 1, y: at.y, tmux.screen) == "›"
            }
            #expect(onTheRow, "on the list: cursor \(String(describing: cursor(tmux))) on\n\(tmux.screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        /// `ACCESSIBLE=1`: a message stays on screen through the next keys until the next message, and the cursor
        /// still rests at the caret; without it the next key clears the message.
        @Test func accessibleKeepsAMessageUntilTheNext() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession("ACCESSIBLE=1 " + perCommand(db: folder.file("per.sqlite")), width: 40, height: 20)
            tmux.waitFor("Untitled")
            tmux.type("a")
            tmux.waitFor("isn't a number")
            tmux.type("5")
            expectCursorOnTheCaret(tmux, after: "5", showing: "5▏")
            #expect(tmux.screen.contains("isn't a number"), "\(tmux.screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let plain = TmuxSession(perCommand(db: folder.file("plain.sqlite")), width: 40, height: 20)
            plain.waitFor("Untitled")
            plain.type("a")
            plain.waitFor("isn't a number")
            plain.type("5")
            let cleared = plain.waitFor { $0.contains("5▏") && !$0.contains("isn't a number") }
            #expect(!cleared.contains("isn't a number"))
            plain.keys("C-q")
            #expect(plain.waitForExit() == 0)
        }
    }
}
