import Foundation
import Testing
import TestSupport

extension EndToEnd {
    @Suite struct ListAmountEndToEndTests {
        /// Issue 39's oats, typed: Aldi's 500 g bag at 0.99, Ctrl-X twice (2× a 500 g bag: 1 kg), then Lidl's 1 kg bag at
        /// 1.79, the best now. The list buys one 1 kg bag; at Aldi, in the app (`per --shop Aldi`) and in `per trip --shop
        /// Aldi`, two 500 g bags, `2× 500 g (1 kg)` (it said `4× 500 g`), and the row reads 2 × 0.99 = 1.98.
        @Test func theOatsCountKeepsItsKiloAtAldi() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let seed = #"{"format": "per-export", "version": 3, "comparisons": [{"title": "Oats", "listCount": 0, "products": []}]}"#
            #expect(run([perBinary, "import", "--db", db, "-"], input: seed).status == 0)
            let tmux = TmuxSession(perCommand(db: db), width: 80, height: 24)
            tmux.waitFor("Oats")
            tmux.fill(price: "0.99", quantity: "500", unit: "g", shop: "Aldi")
            tmux.waitFor("Best")
            tmux.keys("C-x"); tmux.waitFor("On the list: 1×")
            tmux.keys("C-x"); tmux.waitFor("On the list: 2×")
            tmux.fill(price: "1.79", quantity: "1", unit: "kg", shop: "Lidl")
            tmux.waitFor("Lidl")
            tmux.keys("C-o")
            var screen = tmux.waitFor { $0.contains("Shopping list") && $0.contains("1× Oats") }
            #expect(screen.contains("1.79") && !screen.contains("2× Oats"), "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)

            let trip = run([perBinary, "trip", "--db", db, "--shop", "Aldi"]).stdout
            #expect(trip.contains("[ ]     2x  Oats  2× 500 g (1 kg)  Aldi   0.99   1.98"), "\(trip)")
            let checklist = run([perBinary, "trip", "--db", db, "--shop", "Aldi", "--format", "markdown"]).stdout
            #expect(checklist.hasPrefix("- [ ] 2× Oats: 2× 500 g (1 kg), Aldi, 2 × 0.99 = 1.98\n"), "\(checklist)")

            let aldi = TmuxSession(perCommand(db: db, "--shop Aldi"), width: 80, height: 24)
            aldi.waitFor("Oats")
            aldi.keys("C-o")
            screen = aldi.waitFor { $0.contains("Shopping list at Aldi") && $0.contains("2× Oats") }
            #expect(screen.contains("2× 500 g (1 kg)") && screen.contains("0.99") && screen.contains("1.98"), "\(screen)")
            // One bag more at Aldi: 1.5 kg, three bags.
            aldi.type("+")
            screen = aldi.waitFor { $0.contains("3× Oats") }
            #expect(screen.contains("2.97"), "\(screen)")
            aldi.keys("C-q")
            #expect(aldi.waitForExit() == 0)
            let json = run([perBinary, "trip", "--db", db, "--format", "json"]).stdout
            #expect(json.contains(#""listAmount": "1500", "listUnit": "g""#), "\(json)")
        }
    }
}
