import Foundation
import Testing
import TestSupport

extension EndToEnd {
    @Suite struct ShoppingListEndToEndTests {
        /// A list typed with the keyboard alone: Ctrl-O, `milk⏎eggs⏎oats⏎`, Esc; then counted, ticked and printed.
        @Test func aListTypedWithTheKeyboardAlone() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db), width: 40, height: 20)
            tmux.waitFor("Untitled")
            tmux.keys("C-o"); tmux.waitFor("Shopping list")
            tmux.type("milk"); tmux.keys("Enter")
            tmux.type("eggs"); tmux.keys("Enter")
            tmux.type("oats"); tmux.keys("Enter")
            var screen = tmux.waitFor("Added \"oats\"")
            #expect(screen.contains("Shopping list"), "\(screen)")   // still on the list
            tmux.keys("Escape")
            screen = tmux.waitFor { $0.contains("[ ]   1× oats") && !$0.contains("Added") }
            tmux.type("++")   // oats: 3
            tmux.keys("Down"); tmux.type(" ")   // eggs: in the cart
            screen = tmux.waitFor { $0.contains("[x]   1× eggs") }
            #expect(screen.contains("[ ]   3× oats"), "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let trip = run([perBinary, "trip", "--db", db, "--format", "markdown"]).stdout
            #expect(trip == "- [ ] 3× oats\n- [x] 1× eggs\n- [ ] 1× milk\n\nTotal 0.00 · in cart 0.00 · left 0.00 (3 without a price)\n", "\(trip)")
        }

        /// Nothing moves under a thumb (issue 28): `eggs`, opened from the list with a tap and priced, is an edit, yet back on
        /// the list every row is where it was, and a tap on the row where `milk` was drawn opens `milk`.
        @Test func theRowUnderATapStaysWhereItWas() throws {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), width: 40, height: 20)
            tmux.waitFor("Untitled")
            tmux.keys("C-o"); tmux.waitFor("Shopping list")
            tmux.type("eggs"); tmux.keys("Enter")
            tmux.type("milk"); tmux.keys("Enter")
            tmux.waitFor("Added \"milk\"")
            tmux.keys("Escape")
            func rows(_ screen: String) -> (milk: Int?, eggs: Int?) {
                let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
                return (lines.firstIndex { $0.contains("1× milk") }, lines.firstIndex { $0.contains("1× eggs") })
            }
            func tap(_ x: Int, _ y: Int) { tmux.type("\u{1b}[<0;\(x + 1);\(y + 1)M\u{1b}[<0;\(x + 1);\(y + 1)m") }
            var screen = tmux.waitFor { $0.contains("1× milk") && $0.contains("1× eggs") && !$0.contains("Added") }
            let before = rows(screen)
            let milk = try #require(before.milk), eggs = try #require(before.eggs)
            #expect(milk < eggs, "\(screen)")
            tap(12, eggs)
            tmux.waitFor { $0.contains("│ eggs") && $0.contains("│ 7 │ 8 │ 9 │") }
            tmux.fill(price: "3", quantity: "12", unit: "kg")
            tmux.waitFor("Best")
            tmux.keys("C-o")
            screen = tmux.waitFor { $0.contains("Shopping list") && $0.contains("1× milk") && $0.contains("1× eggs") }
            #expect(rows(screen).milk == milk && rows(screen).eggs == eggs, "\(screen)")
            tap(12, milk)
            screen = tmux.waitFor { $0.contains("│ milk") && $0.contains("│ 7 │ 8 │ 9 │") }
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        /// A comparison made on the comparison screen (cola, out of curiosity) stays off the list: the screen says so, and
        /// `per trip` leaves it out; Ctrl-X puts it on, once per press, and the screen counts it.
        @Test func aComparisonStaysOffTheListUntilCtrlX() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db), width: 40, height: 20)
            tmux.waitFor("Untitled")
            tmux.fill(price: "2", quantity: "1", unit: "L", name: "cola")
            var screen = tmux.waitFor("Not on the list")
            #expect(screen.contains("^X adds it"), "\(screen)")
            #expect(!run([perBinary, "trip", "--db", db, "--format", "markdown"]).stdout.contains("Untitled"))
            tmux.keys("C-x"); tmux.waitFor("On the list: 1×")
            tmux.keys("C-x"); screen = tmux.waitFor("On the list: 2×")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let trip = run([perBinary, "trip", "--db", db, "--format", "markdown"]).stdout
            #expect(trip.hasPrefix("- [ ] 2× Untitled: cola"), "\(trip)")
        }

        /// One person ticks in the shop while another counts at home: each sees the other's within a second.
        @Test func countsAndCheckOffsAcrossTwoSessions() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let seed = #"[{"title": "Oats", "products": [{"name": "o1", "price": "6.99", "quantity": "1", "unit": "kg"}]}]"#
            #expect(run([perBinary, "import", "--db", db, "-"], input: seed).status == 0)
            let home = TmuxSession(perCommand(db: db))
            let shop = TmuxSession(perCommand(db: db), width: 40, height: 20)
            home.waitFor("Oats"); shop.waitFor("Oats")
            home.keys("C-o"); home.waitFor("Shopping list")
            shop.keys("C-o"); shop.waitFor("Shopping list")
            home.type("+")
            var screen = shop.waitFor { $0.contains("2× Oats") }
            #expect(screen.contains("Total 13.98"), "\(screen)")
            shop.type(" ")
            screen = home.waitFor { $0.contains("[x]   2× Oats") }
            #expect(screen.contains("Total 13.98 · in cart 13.98 · left 0.00"), "\(screen)")
            home.keys("C-t"); home.waitFor("y/n"); home.type("y")
            shop.waitFor { $0.contains("[ ]   2× Oats") }
            home.keys("C-q"); shop.keys("C-q")
            #expect(home.waitForExit() == 0 && shop.waitForExit() == 0)
        }

        /// `per --store Aldi`: the title says where, each item's product to buy is the best there, and Ctrl-W on the
        /// comparison pins another, which the list then shows.
        @Test func atAStoreAndAPin() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let seed = #"[{"title": "Oats", "products": [{"name": "o1", "price": "6.99", "quantity": "1", "unit": "kg", "store": "Costco"}, "#
                + #"{"name": "o2", "price": "3.99", "quantity": "500", "unit": "g", "store": "Aldi"}, "#
                + #"{"name": "o3", "price": "4.49", "quantity": "500", "unit": "g", "store": "Aldi"}]}, "#
                + #"{"title": "Rice", "products": [{"name": "r", "price": "2", "quantity": "1", "unit": "kg", "store": "Costco"}]}]"#
            #expect(run([perBinary, "import", "--db", db, "-"], input: seed).status == 0)
            let tmux = TmuxSession(perCommand(db: db, "--store aldi"))
            tmux.waitFor("Rice")
            tmux.keys("C-o")
            var screen = tmux.waitFor("Shopping list at aldi")
            #expect(screen.contains("Rice                 −   +  not at aldi"), "\(screen)")   // selected: its count buttons
            #expect(screen.contains("2× Oats                        o2 2× 500 g (1 kg)      3.99       7.98"), "\(screen)")   // every product to buy is at Aldi: no store said; 1 kg of oats (o1's, the best value) in 500 g packs, the count those packs (DECISIONS 346)
            tmux.keys("Down", "Enter")   // Oats
            // The names keep their room (`o1 @ Costco`): the verdict says it short, never `+14% buy`, and the summary
            // names the product to buy (decision 324).
            screen = tmux.waitFor("To buy: o2")
            #expect(!screen.contains("% buy") && screen.contains("+14%"), "\(screen)")
            tmux.keys("PageUp", "PageUp", "PageUp", "PageDown", "PageDown")   // o3, the third product
            tmux.keys("C-w")
            screen = tmux.waitFor("Pinned \"o3\"")
            tmux.keys("C-o")
            screen = tmux.waitFor { $0.contains("Oats                 −   +  o3  ") }
            #expect(screen.contains("4.49"), "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let trip = run([perBinary, "trip", "--db", db, "--format", "markdown", "--store", "Aldi"]).stdout
            #expect(trip.contains("- [ ] 1× Oats: o3, Aldi, 1 × 4.49 = 4.49"), "\(trip)")
        }

        /// Grouped by store (Ctrl-S), `]` moves an item down its store's aisles; after a restart the order is kept, the
        /// list's recent order is not changed by it, and `per trip` keeps the recent order.
        @Test func anAisleOrderSurvivesARestart() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            func at(_ shop: String, _ title: String) -> String {
                #"{"title": "\#(title)", "products": [{"name": "\#(title.lowercased())", "price": "1", "quantity": "1", "unit": "kg", "store": "\#(shop)"}]}"#
            }
            let seed = "[" + [at("Aldi", "Milk"), at("Aldi", "Bread"), at("Aldi", "Oats"), at("Costco", "Rice")].joined(separator: ", ") + "]"
            #expect(run([perBinary, "import", "--db", db, "-"], input: seed).status == 0)
            /// The titles in the order their rows are drawn.
            func rows(_ screen: String) -> [String] {
                ["Milk", "Bread", "Oats", "Rice"].sorted {
                    (screen.range(of: "1× \($0)")?.lowerBound ?? screen.endIndex) < (screen.range(of: "1× \($1)")?.lowerBound ?? screen.endIndex)
                }
            }
            var tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Rice")
            tmux.keys("C-o")
            var screen = tmux.waitFor("Shopping list")
            #expect(rows(screen) == ["Rice", "Oats", "Bread", "Milk"], "\(screen)")
            tmux.keys("C-s")
            screen = tmux.waitFor("Shopping list, by shop")
            #expect(rows(screen) == ["Oats", "Bread", "Milk", "Rice"], "\(screen)")
            tmux.keys("Home"); tmux.type("]")
            screen = tmux.waitFor { rows($0) == ["Bread", "Oats", "Milk", "Rice"] }
            tmux.type("]]")   // the second stops at Aldi's last: not past Rice
            screen = tmux.waitFor("\"Oats\" is last at Aldi already")
            #expect(rows(screen) == ["Bread", "Milk", "Oats", "Rice"], "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            tmux = TmuxSession(perCommand(db: db), width: 40, height: 20)
            tmux.waitFor("Rice")
            tmux.keys("C-o")
            screen = tmux.waitFor("Shopping list")
            #expect(rows(screen) == ["Rice", "Oats", "Bread", "Milk"], "\(screen)")   // moving is not an edit
            tmux.keys("C-s")
            screen = tmux.waitFor("by shop")
            #expect(rows(screen) == ["Bread", "Milk", "Oats", "Rice"], "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let trip = run([perBinary, "trip", "--db", db, "--format", "markdown"]).stdout
            #expect(trip.hasPrefix("- [ ] 1× Rice: rice, Costco, 1 × 1.00 = 1.00\n- [ ] 1× Oats"), "\(trip)")
        }
}
}
