import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The store field and the price history, typed in the real binary and read back with `per`.
    @Suite struct PriceBookEndToEndTests {
        @Test func aTypedStoreCarriesOverAndAPriceCorrectedTheSameDayKeepsNoHistory() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            // The day per dates prices with, on the clock of the machine running the test (UTC, as given to per).
            let environment = "TZ=UTC "
            let today = { () -> String in
                let formatter = DateFormatter()
                formatter.timeZone = TimeZone(identifier: "UTC")
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.dateFormat = "yyyy-MM-dd"
                return formatter.string(from: Date())
            }
            let before = today()
            do {
                let tmux = TmuxSession(environment + perCommand(db: db))
                tmux.waitFor("Untitled")
                tmux.fill(price: "6.99", quantity: "1", unit: "kg", name: "Jumbo", shop: "Costco")
                // Product 2 starts with Costco: the name's cell shows it.
                let screen = tmux.waitFor { $0.contains("Price (new") && $0.contains("@ Costco") }
                // Jumbo's cell shows its store after the name, cut to the cell's width.
                #expect(screen.contains("Jumbo @ "), "\(screen)")
                tmux.fill(price: "3", quantity: "500", unit: "g")
                tmux.waitFor { $0.contains("Price (new") && $0.contains("3.00") }
                // Jumbo's price changes the day it was typed: a correction, so the earlier one leaves no entry.
                tmux.keys("PgUp", "PgUp")
                tmux.waitFor("Price of Jumbo")
                tmux.keys("C-u"); tmux.type("5.49"); tmux.keys("Tab")
                tmux.waitFor("Quantity of Jumbo")
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            let after = today()
            let show = run([perBinary, "show", "--db", db, "--format", "json", "Untitled"])
            #expect(show.status == 0 && show.stdout.contains(#""shop": "Costco", "seen": ""#), "\(show.stdout) \(show.stderr)")
            let export = run([perBinary, "export", "--db", db])
            #expect(export.status == 0, "\(export.stderr) \(show.stderr)")
            let day = export.stdout.contains("\"seen\": \"\(before)\"") ? before : after
            #expect(export.stdout.contains(#"{"name": "Jumbo", "price": "5.49", "quantity": "1", "pack": null, "unit": "kg", "shop": "Costco", "seen": "\#(day)", "deposit": null, "deal": null, "uses": null}"#), "\(export.stdout)")
            #expect(export.stdout.contains(#"{"name": "", "price": "3", "quantity": "500", "pack": null, "unit": "g", "shop": "Costco", "seen": "\#(day)", "deposit": null, "deal": null, "uses": null}"#), "\(export.stdout)")
            #expect(!export.stdout.contains(#""history": ["#), "\(export.stdout)")   // no earlier price: none kept
            #expect(!export.stdout.contains(#""price": "6.99""#), "\(export.stdout)")
        }

        @Test func theStoreGivenAtStartTheLowestSeenAndTheHistoryScreen() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            // Oats seen at Costco on an earlier day (a change the same day would correct it: decision 110).
            let imported = run([perBinary, "import", "--db", db, "-"], input: #"""
                [{"title": "Oats", "products": [{"name": "Oats", "price": "6.99", "quantity": "1", "unit": "kg", "store": "Costco", "seen": "2025-06-01"}]}]
                """#)
            #expect(imported.status == 0, "\(imported.stderr)")
            let tmux = TmuxSession(perCommand(db: db, "--store Costco"))
            // The new product starts at Costco.
            tmux.waitFor { $0.contains("Price (new") && $0.contains("Oats @ Cost") && $0.contains("- @ Costco") }
            // Oats' price goes down: a new lowest.
            tmux.keys("PgUp")
            tmux.waitFor("Price of Oats")
            tmux.type("5.49"); tmux.keys("Tab")
            #expect(tmux.waitFor("New lowest price seen (was 6.99 at Costco,").contains("Quantity of Oats"), "\(tmux.screen)")
            // Then corrected the same day: compared with what was seen before, 5.49 is no price seen.
            tmux.keys("BTab")
            tmux.waitFor("Price of Oats")
            tmux.type("7.52"); tmux.keys("Tab")
            let lowest = tmux.waitFor("Lowest seen: 6.99 per kg at Costco, 1 Jun 2025")
            #expect(lowest.contains("(this is +8%)"), "\(lowest)")
            // Ctrl-V: every price seen, newest first, the lowest marked; Esc goes back.
            tmux.keys("C-v")
            let history = tmux.waitFor { $0.contains("prices seen") && $0.contains("★ lowest") }
            let rows = history.split(separator: "\n").filter { $0.contains("Oats") && $0.contains("Costco") }
            #expect(rows.count == 2, "\(history)")
            #expect(rows.first?.contains("7.52") == true && rows.first?.contains("now") == true, "\(history)")
            #expect(rows.last?.contains("6.99") == true && rows.last?.contains("★ lowest") == true, "\(history)")
            #expect(!history.contains("5.49"), "\(history)")
            #expect(history.contains("Costco"), "\(history)")
            tmux.keys("Escape")
            tmux.waitFor("Quantity of Oats")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
        }

        /// Issue 20: a typo recorded as a price is deleted on the history screen (Ctrl-D, y) and `per history` no
        /// longer lists it; Ctrl-Y brings it back under its id.
        @Test func oneEntryIsDeletedOnTheHistoryScreenAndBroughtBack() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let file = folder.file("oats.json")
            try #"""
                [{"title": "Oats", "products": [{"name": "Oats", "price": "5.49", "quantity": "1", "unit": "kg", "store": "Costco", "seen": "2020-10-03"}],
                  "history": [{"name": "Oats", "store": "Aldi", "seen": "2020-09-01", "price": "4", "quantity": "1", "unit": "kg"},
                              {"name": "Oats", "store": "Lidl", "seen": "2020-09-20", "price": "0.5", "quantity": "1", "unit": "kg"}]}]
                """#.write(toFile: file, atomically: true, encoding: .utf8)
            let imported = run([perBinary, "import", file, "--db", db])
            #expect(imported.status == 0, "\(imported.stderr)")
            let history = { run([perBinary, "history", "Oats", "--db", db, "--format", "csv"]).stdout }
            let typo = "2,Oats,Lidl,2020-09-20,0.5,1,kg,0.5,kg,false,true"
            #expect(history().contains(typo), "\(history())")

            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Oats @ Costco")
            tmux.keys("C-v")
            tmux.waitFor { $0.contains("prices seen") && $0.contains("Lidl") && $0.contains("3 prices") }
            // The price now is selected first; Down selects the typo.
            tmux.keys("Down")
            tmux.keys("C-d")
            tmux.waitFor("Delete the price 0.5 for 1 kg at Lidl, 2020-09-20? y/n")
            tmux.type("y")
            let after = tmux.waitFor { $0.contains("Deleted that price · Ctrl-Y brings it back") && $0.contains("2 prices") }
            #expect(!after.contains("Lidl"), "\(after)")
            #expect(waitUntil { !history().contains("Lidl") }, "\(history())")
            #expect(history().contains("1,Oats,Aldi,2020-09-01,4,1,kg,4,kg,false,true"), "\(history())")
            // Ctrl-Y: back, under its id.
            tmux.keys("C-y")
            tmux.waitFor { $0.contains("Brought back the price of 0.5 seen 2020-09-20") && $0.contains("3 prices") && $0.contains("Lidl") }
            #expect(waitUntil { history().contains(typo) }, "\(history())")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
        }

        /// Issue 38's slip of the thumb, typed with keys: `2.79⏎1⏎kg⏎1.50⏎500⏎⏎`, the kg of the row before taken by
        /// Enter for `g`. Asked about before it is ranked or said; Esc goes back to the unit, `g` is typed, and only the
        /// real price is saved. Then the slip kept by Enter is ranked and saved as typed.
        @Test func aSlipOfAThousandInTheUnitIsAskedAboutAndEscPutsItRight() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Untitled")
            tmux.type("2.79"); tmux.keys("Enter"); tmux.type("1"); tmux.keys("Enter"); tmux.type("kg"); tmux.keys("Enter")
            tmux.waitFor { $0.contains("Price (new") && $0.contains("2.79") }
            tmux.type("1.50"); tmux.keys("Enter"); tmux.type("500"); tmux.keys("Enter")
            tmux.waitFor("kg?")
            tmux.keys("Enter")
            let asked = tmux.waitFor("1.50 for 500 kg? Enter keeps it, Esc goes back to the unit")
            #expect(asked.contains("Enter keep  Esc unit") && !asked.contains("New lowest") && !asked.contains("0.00300"), "\(asked)")
            tmux.keys("Escape")
            tmux.waitFor("Not kept: put the unit right")
            tmux.type("g"); tmux.keys("Enter")
            let judged = tmux.waitFor("Lowest seen: 2.79 per kg today (this is +8%)")
            #expect(!judged.contains("New lowest") && !judged.contains("92900"), "\(judged)")
            // A slip kept on purpose: 3 for 2 g (the g of the row before, taken by Enter), and Enter keeps it.
            tmux.type("3"); tmux.keys("Enter"); tmux.type("2"); tmux.keys("Enter")
            tmux.waitFor("g?")
            tmux.keys("Enter")
            tmux.waitFor("3.00 for 2 g? Enter keeps it")
            tmux.keys("Enter")
            tmux.waitFor("Lowest seen: 2.79 per kg today (this is +")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            let export = run([perBinary, "export", "--db", db])
            #expect(export.status == 0, "\(export.stderr)")
            #expect(export.stdout.contains(#""quantity": "500", "pack": null, "unit": "g""#), "\(export.stdout)")
            #expect(export.stdout.contains(#""quantity": "2", "pack": null, "unit": "g""#), "\(export.stdout)")
            #expect(!export.stdout.contains(#""quantity": "500", "pack": null, "unit": "kg""#), "\(export.stdout)")
        }

        /// Issue 38's crate, typed with keys: 24 × 0.33 L at 12.99, Tab to the deposit after the shop, 3.42; its row says
        /// `+3.42 dep` and its unit price stays 1.64 per L; twice on the list (Ctrl-X), `per trip` brings 2 × 12.99 =
        /// 25.98 and 2 × 3.42 = 6.84 of deposits: 32.82, 6.84 back for the empties.
        @Test func aCratesDepositIsTypedAfterTheShopAndTheTripBringsIt() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Untitled")
            tmux.type("12.99"); tmux.keys("Enter"); tmux.type("24x0.33"); tmux.keys("Enter"); tmux.type("l")
            tmux.keys("Tab"); tmux.waitFor("Name of")
            tmux.keys("Tab"); tmux.waitFor("Shop of")
            tmux.keys("Tab"); tmux.waitFor("Deposit of")
            tmux.type("3.42"); tmux.keys("Enter")   // on to the next product (Tab: to the deal)
            let row = tmux.waitFor { $0.contains("Price (new") && $0.contains("+3.42 dep") }
            #expect(row.contains("1.64"), "\(row)")
            tmux.keys("C-x"); tmux.waitFor("on the list")
            tmux.keys("C-x"); tmux.waitFor("2× on the list")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            let trip = run([perBinary, "trip", "--db", db])
            #expect(trip.status == 0, "\(trip.stderr)")
            #expect(trip.stdout.contains("Total 25.98 · in cart 0.00 · left 25.98 · deposits 6.84 · to bring 32.82 (6.84 back for the empties)"),
                    "\(trip.stdout)")
        }

        /// The typo story (issue 20): a price corrected the day it was typed is not a price seen.
        @Test func aTypoCorrectedAtOnceIsNeitherTheLowestNorInTheHistory() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db, "--store Aldi"))
            tmux.waitFor("Untitled")
            tmux.fill(price: "0.99", quantity: "1", unit: "kg", name: "Butter")
            tmux.waitFor { $0.contains("Price (new") && $0.contains("Butter @ Aldi") }
            tmux.keys("PgUp")
            tmux.waitFor("Price of Butter")
            tmux.type("9.99"); tmux.keys("Tab")
            let screen = tmux.waitFor { $0.contains("Quantity of Butter") && $0.contains("9.99") }
            #expect(!screen.contains("Lowest seen") && !screen.contains("New lowest"), "\(screen)")
            tmux.keys("C-v")
            let history = tmux.waitFor { $0.contains("prices seen") && $0.contains("9.99") }
            #expect(!history.contains("0.99 ") && !history.contains("0.990"), "\(history)")
            tmux.keys("Escape")
            tmux.waitFor("Quantity of Butter")
            // Ctrl-Y brings the value before the last change back.
            tmux.keys("C-y")
            #expect(tmux.waitFor("Brought back the earlier price of 'Butter'").contains("0.99"), "\(tmux.screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            let history2 = run([perBinary, "history", "--db", db, "--format", "csv", "Untitled"])
            #expect(history2.status == 0 && !history2.stdout.contains("9.99"), "\(history2.stdout) \(history2.stderr)")
        }

        /// The shop story (issue 20): Quaker seen at Costco; at Lidl a new price is Lidl's, and Costco's stays.
        @Test func aPriceTypedAtLidlIsLidlsAndCostcosStays() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let imported = run([perBinary, "import", "--db", db, "-"], input: #"""
                [{"title": "Quaker", "products": [{"name": "Quaker", "price": "8.99", "quantity": "2", "unit": "kg", "store": "Costco", "seen": "2025-06-01"}]}]
                """#)
            #expect(imported.status == 0, "\(imported.stderr)")
            do {
                let tmux = TmuxSession(perCommand(db: db, "--store Lidl"))
                tmux.waitFor("@ Costco")   // the new row's suggested Lidl is a second shop on view: Costco's kept whole
                tmux.keys("PgUp")
                tmux.waitFor("Price of Quaker")
                tmux.type("9.49"); tmux.keys("Tab")
                let screen = tmux.waitFor("Lidl's price, a new row; Costco's kept")
                // Each row says its shop, whole (the name is cut first).
                let rows = screen.split(separator: "\n")
                #expect(rows.contains { $0.contains("@ Costco") && $0.contains("8.99") }, "\(screen)")
                #expect(rows.contains { $0.contains("@ Lidl") && $0.contains("9.49") }, "\(screen)")
                #expect(screen.contains("8.99") && screen.contains("9.49"), "\(screen)")
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            let export = run([perBinary, "export", "--db", db])
            #expect(export.stdout.contains(#"{"name": "Quaker", "price": "8.99", "quantity": "2", "pack": null, "unit": "kg", "shop": "Costco", "seen": "2025-06-01", "deposit": null, "deal": null, "uses": null}"#), "\(export.stdout)")
            #expect(export.stdout.contains(#""price": "9.49", "quantity": "2", "pack": null, "unit": "kg", "shop": "Lidl""#), "\(export.stdout)")
            let history = run([perBinary, "history", "--db", db, "--format", "csv", "Quaker"])
            #expect(history.stdout.contains("Costco") && history.stdout.contains("Lidl"), "\(history.stdout)")
            // Nothing was replaced: both prices are current, none is an earlier one at Costco.
            let entries = history.stdout.split(separator: "\r\n").dropFirst()
            #expect(entries.count == 2 && entries.allSatisfy { $0.contains(",true,") }, "\(history.stdout)")
        }

        /// The deletion story (issue 20): a deleted product's price is history, so the message and Ctrl-V agree.
        @Test func aDeletedProductsPriceStaysInTheBookTheMessageQuotes() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let imported = run([perBinary, "import", "--db", db, "-"], input: #"""
                [{"title": "Rice", "products": [{"name": "Cheap", "price": "2", "quantity": "1", "unit": "kg", "store": "Aldi", "seen": "2025-06-01"},
                 {"name": "Basmati", "price": "3", "quantity": "1", "unit": "kg", "store": "Aldi", "seen": "2025-06-01"}]}]
                """#)
            #expect(imported.status == 0, "\(imported.stderr)")
            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor { $0.contains("Basmati") && $0.contains("Price (new") }
            tmux.keys("PgUp", "PgUp")
            tmux.waitFor("Price of Cheap")
            tmux.keys("C-d")
            tmux.waitFor("Delete 'Cheap'? y/n")
            tmux.type("y")
            tmux.waitFor("Deleted 'Cheap'")
            tmux.waitFor("Price of Basmati")
            tmux.type("3.5"); tmux.keys("Tab")
            #expect(tmux.waitFor("Lowest seen:").contains("Lowest seen: 2.00 per kg at Aldi, 1 Jun 2025 (this is +75%)"), "\(tmux.screen)")
            tmux.keys("C-v")
            let history = tmux.waitFor { $0.contains("prices seen") && $0.contains("Basmati") }
            #expect(history.split(separator: "\n").contains { $0.contains("Cheap") && $0.contains("2.00") && $0.contains("★") }, "\(history)")
            tmux.keys("Escape")
            tmux.waitFor("Quantity of Basmati")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
        }

        /// At 40 columns: the rows say their shops, and Ctrl-R takes the price back as Costco's (a correction there,
        /// nothing left at Lidl).
        @Test func ctrlRSaysThePriceWasTheOtherShopsAt40Columns() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let imported = run([perBinary, "import", "--db", db, "-"], input: #"""
                [{"title": "Quaker", "products": [{"name": "Quaker", "price": "8.99", "quantity": "2", "unit": "kg", "store": "Costco", "seen": "2025-06-01"}]}]
                """#)
            #expect(imported.status == 0, "\(imported.stderr)")
            do {
                let tmux = TmuxSession(perCommand(db: db, "--store Lidl"), width: 40, height: 20)
                // The suggested `@ Lidl?` is a second shop on view: Costco's row says its shop before a Lidl price is typed;
                // its price is stale, and its `!` takes the room the name had (decision 325).
                tmux.waitFor("8.99 2 kg @ Costco    ! 4.50")
                tmux.keys("PgUp")
                tmux.waitFor("Price of Quaker")
                tmux.type("9.49"); tmux.keys("Tab")
                let split = tmux.waitFor("Lidl's price; ^R: it was Costco's")
                // Costco's row says its price and size before its name (issue 28); the row being typed, its name.
                #expect(split.contains("8.99 2 kg @ Costco    ! 4.50") && split.contains("Quaker @ Lidl"), "\(split)")
                tmux.keys("C-r")
                let corrected = tmux.waitFor("Costco's price corrected; none at Lidl")
                #expect(!corrected.contains("Quaker @ Lidl"), "\(corrected)")
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            let export = run([perBinary, "export", "--db", db])
            #expect(export.stdout.contains(#"{"name": "Quaker", "price": "9.49", "quantity": "2", "pack": null, "unit": "kg", "shop": "Costco", "seen": "2025-06-01", "deposit": null, "deal": null, "uses": null}"#), "\(export.stdout)")
            #expect(!export.stdout.contains("Lidl") && !export.stdout.contains(#""history": ["#), "\(export.stdout)")
        }
    }
}
