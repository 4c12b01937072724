import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The list in the aisle: a phone at 40×20, taps (SGR mouse clicks as xterm sends them) and typed items.
    @Suite struct AisleEndToEndTests {
        static let seed = #"[{"title": "Oats", "products": [{"name": "o1", "price": "6.99", "quantity": "1", "unit": "kg"}]}, "#
            + #"{"title": "Milk", "products": [{"name": "m", "price": "1.29", "quantity": "1", "unit": "l"}]}, "#
            + #"{"title": "Eggs", "products": [{"name": "e", "price": "3.00", "quantity": "12", "unit": "pc"}]}]"#

        /// The 0-based column and line where `text` first shows on the line holding `row`.
        func position(of text: String, onRowOf row: String, in screen: String) -> (x: Int, y: Int)? {
            for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains(row) {
                if let range = line.range(of: text) { return (line.distance(from: line.startIndex, to: range.lowerBound), y) }
            }
            return nil
        }

        /// A press and release at a 0-based cell (SGR reports count from 1).
        func tap(_ tmux: TmuxSession, _ x: Int, _ y: Int) {
            tmux.type("\u{1b}[<0;\(x + 1);\(y + 1)M\u{1b}[<0;\(x + 1);\(y + 1)m")
        }

        func line(of row: String, in screen: String) -> String {
            screen.split(separator: "\n").first { $0.contains(row) }.map(String.init) ?? ""
        }

        @Test func everyListActionHasATapAt40By20() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            #expect(run([perBinary, "import", "--db", db, "-"], input: Self.seed).status == 0)
            let tmux = TmuxSession(perCommand(db: db), width: 40, height: 20)
            tmux.waitFor("per │")
            tmux.keys("C-o")
            var screen = tmux.waitFor { $0.contains("Shopping list") && $0.contains("Milk") && $0.contains("Eggs") }
            // The box ticks (and selects): Milk in the cart.
            let milkBox = try #require(position(of: "[ ]", onRowOf: "Milk", in: screen))
            tap(tmux, milkBox.x + 1, milkBox.y)
            screen = tmux.waitFor { $0.contains("[x]   1× Milk") }
            // `−`/`+` on the selected row count.
            let minus = try #require(position(of: "−", onRowOf: "Milk", in: screen), "\(screen)")
            let plus = try #require(position(of: "+", onRowOf: "Milk", in: screen), "\(screen)")
            tap(tmux, plus.x, plus.y)
            screen = tmux.waitFor { $0.contains("[x]   2× Milk") }
            tap(tmux, plus.x, plus.y)
            screen = tmux.waitFor { $0.contains("[x]   3× Milk") }
            tap(tmux, minus.x, minus.y)
            screen = tmux.waitFor { $0.contains("[x]   2× Milk") }
            // A tap on a row off its box and title selects it, and a second tap there opens nothing: the next tap on
            // its box still ticks on the list.
            let oatsCount = try #require(position(of: "1× Oats", onRowOf: "Oats", in: screen))
            tap(tmux, oatsCount.x, oatsCount.y)
            screen = tmux.waitFor { line(of: "Oats", in: $0).contains("−") && $0.contains("Buy o1") }
            tap(tmux, oatsCount.x, oatsCount.y)
            tap(tmux, 4, oatsCount.y)
            screen = tmux.waitFor { $0.contains("[x]   1× Oats") }
            #expect(screen.contains("Shopping list"), "\(screen)")
            // The wheel moves the selection (up one row from Oats, the last).
            let above = oatsCount.y - 1
            tmux.type("\u{1b}[<64;20;\(oatsCount.y + 1)M")
            screen = tmux.waitFor { $0.split(separator: "\n", omittingEmptySubsequences: false)[above].hasPrefix(" ›") }
            // A tap on a title opens that comparison.
            let eggs = try #require(position(of: "Eggs", onRowOf: "Eggs", in: screen))
            tap(tmux, eggs.x + 1, eggs.y)
            screen = tmux.waitFor { $0.hasPrefix(" per │ Eggs") }
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let trip = run([perBinary, "trip", "--db", db, "--format", "markdown"]).stdout
            #expect(trip.contains("- [x] 2× Milk"), "\(trip)")
            #expect(trip.contains("- [x] 1× Oats"), "\(trip)")
            #expect(trip.contains("- [ ] 1× Eggs"), "\(trip)")
        }
        /// `eggs⏎` with a saved `Eggs`: no second item, its count went up; `mi` shows `Milk`, Tab takes it.
        @Test func typedItemsFindSavedComparisons() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            #expect(run([perBinary, "import", "--db", db, "-"], input: Self.seed).status == 0)
            let tmux = TmuxSession(perCommand(db: db), width: 40, height: 20)
            tmux.waitFor("per │")
            tmux.keys("C-o")
            tmux.waitFor { $0.contains("1× Eggs") && $0.contains("1× Milk") }
            tmux.type("eggs"); tmux.keys("Enter")
            var screen = tmux.waitFor { $0.contains("\"Eggs\" (saved): 2 to buy") }
            #expect(screen.contains("2× Eggs"), "\(screen)")
            tmux.type("mi")
            screen = tmux.waitFor { $0.contains("mi▏lk") && $0.contains("Tab: \"Milk\" (saved)") }
            tmux.keys("Tab", "Enter", "Escape")
            screen = tmux.waitFor { $0.contains("2× Milk") && !$0.contains("▏") }
            #expect(screen.components(separatedBy: "Eggs").count == 2, "\(screen)")   // one Eggs row, no new item
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let trip = run([perBinary, "trip", "--db", db, "--format", "markdown"]).stdout
            #expect(trip.contains("- [ ] 2× Eggs"), "\(trip)")
            #expect(trip.contains("- [ ] 2× Milk"), "\(trip)")
            #expect(!trip.contains("eggs") && !trip.contains("Untitled"), "\(trip)")
        }
    }
}
