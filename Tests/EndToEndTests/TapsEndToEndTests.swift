import Foundation
import PerCore
import GRDB
import Testing
import TestSupport

extension EndToEnd {
    /// Issue 22: taps anywhere on the keypad (borders and lines between keys) firing on release, Latin-1 bytes,
    /// and one Enter rhythm, in the real binary.
    @Suite struct TapsEndToEndTests {
        /// The 0-based column and line of a keypad label: on the line whose text, spaces left out, holds `row`
        /// (`│7│8│9│`), the label's place in it.
        func key(_ label: Character, inRow row: String, _ screen: String) -> (x: Int, y: Int)? {
            for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let cells = Array(line).enumerated().filter { $0.element != " " }
                let squeezed = Array(row)
                guard squeezed.count <= cells.count else { continue }
                for start in 0...(cells.count - squeezed.count)
                where zip(cells[start..<(start + squeezed.count)], squeezed).allSatisfy({ $0.0.element == $0.1 }) {
                    if let offset = squeezed.firstIndex(of: label) { return (cells[start + offset].offset, y) }
                }
            }
            return nil
        }

        func character(at x: Int, _ y: Int, _ screen: String) -> Character? {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            guard y >= 0, y < lines.count else { return nil }
            let line = Array(lines[y])
            return x >= 0 && x < line.count ? line[x] : nil
        }

        /// From (x, y), step by (dx, dy) to the first cell holding one of `stops`.
        func walk(from point: (x: Int, y: Int), _ dx: Int, _ dy: Int, to stops: String, _ screen: String) -> (x: Int, y: Int)? {
            var (x, y) = (point.x + dx, point.y + dy)
            while let c = character(at: x, y, screen) {
                if stops.contains(c) { return (x, y) }
                (x, y) = (x + dx, y + dy)
            }
            return nil
        }

        func press(_ tmux: TmuxSession, _ p: (x: Int, y: Int)) { tmux.type("\u{1b}[<0;\(p.x + 1);\(p.y + 1)M") }
        func drag(_ tmux: TmuxSession, _ p: (x: Int, y: Int)) { tmux.type("\u{1b}[<32;\(p.x + 1);\(p.y + 1)M") }
        func release(_ tmux: TmuxSession, _ p: (x: Int, y: Int)) { tmux.type("\u{1b}[<0;\(p.x + 1);\(p.y + 1)m") }
        func tap(_ tmux: TmuxSession, _ p: (x: Int, y: Int)) { press(tmux, p); release(tmux, p) }

        /// Issue 39: at 40×20 a refusal of two lines keeps `Esc undoes it`, leaves the legend on its line, and a tap on
        /// the legend's `^G help` opens the help under it (decision 141); the stale cue shows on the focused row too (325).
        @Test func aLongMessageLeavesTheLegendItsTapsAt40x20() throws {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), width: 40, height: 20)
            tmux.waitFor("Untitled")
            tmux.fill(price: "2", quantity: "1", unit: "L")
            tmux.fill(price: "1", quantity: "1", unit: "roll")   // refused: the comparison is by volume
            var screen = tmux.waitFor { $0.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ").contains("fix it, or Esc undoes it") }
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count >= 20 && lines[19].contains("^G help"), "\(screen)")
            let y = 19, x = try #require(lines[19].range(of: "^G help").map { lines[19].distance(from: lines[19].startIndex, to: $0.lowerBound) })
            tmux.type("\u{1b}[<0;\(x + 1);\(y + 1)M\u{1b}[<0;\(x + 1);\(y + 1)m")
            screen = tmux.waitFor("keys 1/")
            tmux.keys("Escape")
            tmux.waitFor("Untitled")
            tmux.keys("Escape")   // the refused unit undone
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        @Test(arguments: [(80, 24), (40, 20)])
        func tapsOnTheLinesBetweenKeysAreTheNearestKey(width: Int, height: Int) throws {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), width: width, height: height)
            let screen = tmux.waitFor { $0.contains("Untitled") && $0.contains("│ 7 │ 8 │ 9 │") }
            // Button-event tracking (moves with a button down) in the SGR form.
            #expect(tmux.format("#{mouse_button_flag} #{mouse_sgr_flag}") == "1 1")
            let nine = try #require(key("9", inRow: "│7│8│9│", screen), "\(screen)")
            let one = try #require(key("1", inRow: "│1│2│3│", screen), "\(screen)")
            let two = try #require(key("2", inRow: "│1│2│3│", screen), "\(screen)")
            let three = try #require(key("3", inRow: "│1│2│3│", screen), "\(screen)")
            let five = try #require(key("5", inRow: "│4│5│6│", screen), "\(screen)")
            let point = try #require(key(".", inRow: "│.│0│", screen), "\(screen)")
            let seven = try #require(key("7", inRow: "│7│8│9│", screen), "\(screen)")
            // 9: on the line under it (between 9 and ⌫: the upper key).
            tap(tmux, try #require(walk(from: nine, 0, 1, to: "─┼┴", screen)))
            // The operators are drawn once they do something (a disabled key is blank): found on this screen.
            let typed = tmux.waitFor { $0.contains("9▏") }
            let minusLine = try #require(typed.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("−") }, "\(typed)")
            let minusX = try #require(Array(typed.split(separator: "\n", omittingEmptySubsequences: false)[minusLine]).firstIndex(of: "−"))
            let minus = (x: minusX, y: minusLine)
            // .: on the keypad's outer border left of it.
            tap(tmux, try #require(walk(from: point, -1, 0, to: "│├", screen)))
            tmux.waitFor { $0.contains("9.▏") }
            // 5: on the line between 5 and 6 (the left key).
            tap(tmux, try #require(walk(from: five, 1, 0, to: "│┼", screen)))
            tmux.waitFor { $0.contains("9.5▏") }
            // −: on the operator column's right border.
            tap(tmux, try #require(walk(from: minus, 1, 0, to: "│┤", screen)))
            tmux.waitFor { $0.contains("9.5−▏") }
            // A press on 7 dragged off the keypad and let go there: nothing.
            press(tmux, seven); drag(tmux, (0, 0)); release(tmux, (0, 0))
            // 3: pressed on 1, dragged over 2 to the line under 3, let go there: 3 alone.
            press(tmux, one); drag(tmux, two)
            let under3 = try #require(walk(from: three, 0, 1, to: "─┼┤┴", screen))
            drag(tmux, under3); release(tmux, under3)
            let operation = tmux.waitFor { $0.contains("9.5−3▏") }
            // =: on its right border.
            let equals = try #require(walk(from: minus, 0, 1, to: "=", operation), "\(operation)")
            tap(tmux, try #require(walk(from: equals, 1, 0, to: "│┤", operation)))
            tmux.waitFor { $0.contains("6.5") && !$0.contains("9.5−3") }
            tmux.keys("Tab")
            tmux.waitFor("Quantity of 6.50")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        /// Issue 31: a tap on the one-column gap between a product's price and quantity is the price's (the left one of
        /// two as near); it did nothing.
        @Test func aTapOnTheGapBetweenTwoFieldsFocusesTheLeftOne() throws {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
            tmux.waitFor("Untitled")
            tmux.fill(price: "3.99", quantity: "500", unit: "g", name: "small")
            let screen = tmux.waitFor { $0.contains("Price (new product)") && $0.contains("small") }
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
            // The price's heading ends where its cell does (numbers are right-aligned): the gap is the column after it.
            let heading = try #require(lines.firstIndex { String($0).contains("Price") && String($0).contains("Qty") }, "\(screen)")
            let priceEnd = try #require(String(lines[heading]).range(of: "Price")).upperBound
            let gap = String(lines[heading])[..<priceEnd].count
            let row = try #require(lines.firstIndex { String($0).contains("small") }, "\(screen)")
            #expect(lines[row][gap] == " ", "\(screen)")
            tap(tmux, (gap, row))
            tmux.waitFor("Price of small")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        @Test func aNameTypedInLatin1KeepsEveryCharacter() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Untitled")
            tmux.type("2"); tmux.keys("Tab"); tmux.type("1"); tmux.keys("Tab"); tmux.type("kg"); tmux.keys("Tab")
            tmux.waitFor("\(ProductField.afterUnit.title) of 2.00")
            // One burst, as a client set to Latin-1 sends it: `Caf\xE9 au lait` (é is the single byte E9).
            let bytes = Array("Caf".utf8) + [0xE9] + Array(" au lait".utf8)
            tmux.tmux(["send-keys", "-t", "main", "-H"] + bytes.map { String($0, radix: 16) })
            tmux.waitFor("Café au lait")
            tmux.keys("Tab")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            #expect(run([perBinary, "export", "--db", db]).stdout.contains("\"Café au lait\""))
        }

        @Test func priceEnterQuantityEnterUnitEnterForEveryProduct() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Untitled")
            // The story: 2.49⏎1⏎L⏎3.99⏎2⏎kg⏎. kg is not a volume: said so, and Enter stays on the unit with kg kept to
            // be put right: the product not finished, and nothing lands in the next price.
            for text in ["2.49", "1", "L", "3.99", "2", "kg"] { tmux.type(text); tmux.keys("Enter") }
            var screen = tmux.waitFor { $0.contains("Unit of 3.99 for 2") && $0.contains("fix it, or Esc undoes it") }
            #expect(!screen.contains("isn't a number"), "\(screen)")
            // Same family: the unit typed in the rhythm replaces the suggested one (2 kg after 500 g)...
            tmux.keys("C-k"); tmux.waitFor("y/n"); tmux.type("y")
            for text in ["2.49", "500", "g", "3.99", "2", "kg"] { tmux.type(text); tmux.keys("Enter") }
            screen = tmux.waitFor { $0.contains("Price (new product)") && $0.contains("2 kg") }
            #expect(!screen.contains("isn't a number"), "\(screen)")
            // ...and Enter alone on the unit takes the suggested one: 3.99⏎2⏎⏎.
            for text in ["1.50", "3", ""] { tmux.type(text); tmux.keys("Enter") }
            screen = tmux.waitFor { $0.contains("1.50") && $0.contains("3 kg") && $0.contains("Price (new product)") }
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let queue = try DatabaseQueue(path: db)
            let saved = try queue.read { db in
                try Row.fetchAll(db, sql: "SELECT price, quantity, unit FROM product ORDER BY position, rowid").map { row in
                    [row["price"] as String? ?? "-", row["quantity"] as String? ?? "-", row["unit"] as String? ?? "-"].joined(separator: " ")
                }
            }
            #expect(saved == ["2.49 500 g", "3.99 2 kg", "1.5 3 kg"])
        }
    }
}
