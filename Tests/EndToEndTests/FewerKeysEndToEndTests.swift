import Foundation
import PerCore
import GRDB
import Testing
import TestSupport

extension EndToEnd {
    /// Issue 9, "Fewer keys", in the real binary: Enter finishes a product, Ctrl-Y brings back deletions.
    @Suite struct FewerKeysEndToEndTests {
        func line(_ screen: String, containing text: String) -> String {
            screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
        }

        /// The products saved in the database: name, price, quantity, unit, pack.
        func savedProducts(_ path: String) throws -> [String] {
            let queue = try DatabaseQueue(path: path)
            return try queue.read { db in
                try Row.fetchAll(db, sql: "SELECT name, price, quantity, unit, quantity_pack FROM product ORDER BY position, rowid").map { row in
                    [row["name"] as String? ?? "", row["price"] as String? ?? "-", row["quantity"] as String? ?? "-",
                     row["unit"] as String? ?? "-", row["quantity_pack"] as String? ?? "-"].joined(separator: " ")
                }
            }
        }

        @Test func enterFinishesAProductAndTheUnitCarriesOver() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Untitled")
            // Partial product: Enter is next field.
            tmux.type("2.5"); tmux.keys("Enter")
            tmux.waitFor("Quantity of 2.50")
            tmux.type("500"); tmux.keys("Enter")
            tmux.waitFor("Unit of 2.50")
            // Price, quantity and unit set: Enter skips the name and goes to a new product's price.
            tmux.type("g"); tmux.keys("Enter")
            tmux.waitFor { $0.contains("Price (new product)") && $0.contains("500 g") }
            // The second product of the same unit: price, Tab, quantity (a multipack), Enter (on to the carried
            // unit), Enter (taken).
            tmux.type("3"); tmux.keys("Tab"); tmux.type("6*125"); tmux.keys("Enter")
            tmux.waitFor("Unit of 3.00")
            tmux.keys("Enter")
            let screen = tmux.waitFor { $0.contains("Price (new product)") && $0.contains("6×125") }
            #expect(line(screen, containing: "6×125").contains("g"), "\(screen)")
            #expect(line(screen, containing: "2.50").contains("500 g"), "\(screen)")
            // Tab still visits every field.
            tmux.backTab(fromPriceTo: .name)
            tmux.waitFor("Name of 3.00")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            // The third row only carried the unit: nothing typed, nothing saved.
            #expect(try savedProducts(db) == [" 2.5 500 g -", " 3 750 g 6*125"])
        }

        /// Issue 28: a unit carried from the product before is a suggestion, `g?`: after `6.99⏎1⏎` the row has no unit
        /// price and no verdict (it read `6990.00 +87494%`); Tab leaves it one, and Enter on it takes it.
        @Test func aSuggestedUnitIsNoValueUntilEnterTakesIt() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Untitled")
            tmux.fill(price: "3.99", quantity: "500", unit: "g")
            tmux.waitFor { $0.contains("Price (new product)") && $0.contains("7.98") }
            tmux.type("6.99"); tmux.keys("Enter"); tmux.type("1"); tmux.keys("Enter")
            var screen = tmux.waitFor("Suggested g? Enter takes it")
            #expect(line(screen, containing: "›-").contains("6.99"), "\(screen)")   // no rank
            #expect(!screen.contains("6990") && !screen.contains("87494"), "\(screen)")
            tmux.keys("Tab")
            screen = tmux.waitFor("\(ProductField.afterUnit.title) of 6.99 for 1")
            #expect(line(screen, containing: "›-").contains("1 g?") && !screen.contains("6990"), "\(screen)")
            tmux.keys("BTab")
            tmux.waitFor("Suggested g?")
            tmux.keys("Enter")
            // 6.99 for 1 g is 876 times the other: asked first (decision 270), then kept.
            tmux.waitFor("6.99 for 1 g? Enter keeps it, Esc goes back to the unit")
            tmux.keys("Enter")
            screen = tmux.waitFor("(this is +87494%)")
            #expect(line(screen, containing: "6990.00").contains("1 g "), "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            #expect(try savedProducts(db) == [" 3.99 500 g -", " 6.99 1 g -"])
        }

        @Test func ctrlYBringsBackWhatCtrlDAndCtrlKDeleted() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Untitled")
            for (price, name) in [("1", "apple"), ("2", "banana"), ("3", "cherry")] {
                tmux.fill(price: price, quantity: "1", unit: "kg", name: name)
            }
            tmux.waitFor { $0.contains("Price (new product)") && $0.contains("cherry") }
            tmux.keys("PageUp", "PageUp")            // banana
            tmux.waitFor("Price of banana")
            tmux.keys("C-d"); tmux.waitFor("y/n"); tmux.keys("y")
            tmux.waitFor("Deleted 'banana'")
            tmux.keys("C-k"); tmux.waitFor("y/n"); tmux.keys("y")
            tmux.waitFor { !$0.contains("apple") && !$0.contains("cherry") }
            tmux.keys("C-y")
            var screen = tmux.waitFor("Brought back 2 products")
            #expect(screen.contains("apple") && screen.contains("cherry") && !screen.contains("banana"), "\(screen)")
            tmux.keys("C-y")
            screen = tmux.waitFor("Brought back 'banana'")
            let rows = screen.split(separator: "\n").map(String.init)
            let order = ["apple", "banana", "cherry"].map { name in rows.firstIndex { $0.range(of: "^.[0-9-]+ \(name) ", options: .regularExpression) != nil } ?? -1 }   // table rows, not the editor's title
            #expect(order[0] >= 0 && order[0] < order[1] && order[1] < order[2], "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            #expect(try savedProducts(db) == ["apple 1 1 kg -", "banana 2 1 kg -", "cherry 3 1 kg -"])
        }
    }
}
