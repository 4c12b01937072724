import Foundation
import Testing
import TestSupport

extension EndToEnd {
    @Suite struct WhereToShopEndToEndTests {
        /// Issue 28: rice 2.00 for 500 g at Aldi, 3.00 for 1 kg at Lidl, 1× on the list. Where to shop compares the same
        /// amount, 1 kg: Aldi's is 2 packs of 500 g, 4.00, so Lidl is the cheapest shop, in the app (Ctrl-W on the list)
        /// and in `per trip --shops` (it said `Cheapest shop: Aldi, 2.00`, half the rice).
        @Test func riceIsComparedForTheSameAmount() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let seed = #"[{"title": "Rice", "products": [{"name": "", "price": "2.00", "quantity": "500", "unit": "g", "store": "Aldi"}, "#
                + #"{"name": "", "price": "3.00", "quantity": "1", "unit": "kg", "store": "Lidl"}]}]"#
            #expect(run([perBinary, "import", "--db", db, "-"], input: seed).status == 0)
            let tmux = TmuxSession(perCommand(db: db), width: 40, height: 20)
            tmux.waitFor("Rice")
            tmux.keys("C-o"); tmux.waitFor("Shopping list")
            tmux.keys("C-w")
            let screen = tmux.waitFor("Where to shop")
            #expect(screen.contains("Cheapest shop: Lidl, 3.00"), "\(screen)")
            #expect(screen.contains(" Lidl   3.00  1 of 1\n Aldi   4.00  1 of 1\n   Rice: 2× 500 g (1 kg), 2 × 2.00 ="), "\(screen)")
            tmux.keys("Escape"); tmux.waitFor("Shopping list")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let json = run([perBinary, "trip", "--shops", "--db", db, "--format", "json"]).stdout
            #expect(json == """
                {
                  "format": "per-shops",
                  "version": 3,
                  "shops": [
                    {"shop": "Lidl", "total": "3.00", "covered": 1, "missing": [], "items": [{"title": "Rice", "product": {"name": "", "shop": "Lidl", "price": "3", "quantity": "1", "unit": "kg", "unitPrice": "3", "per": "kg"}, "packs": 1, "lineTotal": "3.00"}]},
                    {"shop": "Aldi", "total": "4.00", "covered": 1, "missing": [], "items": [{"title": "Rice", "product": {"name": "", "shop": "Aldi", "price": "2", "quantity": "500", "unit": "g", "unitPrice": "4", "per": "kg"}, "packs": 2, "lineTotal": "4.00"}]}
                  ],
                  "cheapestShop": "Lidl",
                  "bestSplit": null
                }

                """, "\(json)")
        }
    }
}
