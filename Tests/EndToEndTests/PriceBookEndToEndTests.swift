import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The store field and the price history, typed in the real binary and read back with `per`.
    @Suite struct PriceBookEndToEndTests {
        @Test func aTypedStoreCarriesOverAndAChangedPriceGoesIntoTheHistory() throws {
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
                tmux.type("6.99"); tmux.keys("Tab")
                tmux.type("1"); tmux.keys("Tab")
                tmux.type("kg"); tmux.keys("Tab")
                tmux.type("Jumbo"); tmux.keys("Tab")
                #expect(tmux.waitFor("Shop of Jumbo").contains("Type the shop"), "\(tmux.screen)")
                tmux.type("Costco"); tmux.keys("Tab")
                // Product 2 starts with Costco: the name's cell shows it.
                let screen = tmux.waitFor { $0.contains("Price (new") && $0.contains("@ Costco") }
                // Jumbo's cell shows its store after the name, cut to the cell's width.
                #expect(screen.contains("Jumbo @ "), "\(screen)")
                tmux.type("3"); tmux.keys("Tab")
                tmux.type("500"); tmux.keys("Tab")
                tmux.type("g"); tmux.keys("Tab", "Tab", "Tab")
                tmux.waitFor { $0.contains("Price (new") && $0.contains("3.00") }
                // Jumbo's price changes: the earlier one is kept.
                tmux.keys("PgUp", "PgUp")
                tmux.waitFor("Price of Jumbo")
                tmux.keys("C-u"); tmux.type("5.49"); tmux.keys("Tab")
                tmux.waitFor("Quantity of Jumbo")
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            let after = today()
            let show = run([perBinary, "show", "--db", db, "--format", "json", "Untitled"])
            #expect(show.status == 0 && show.stdout.contains(#""store": "Costco", "seen": ""#), "\(show.stdout) \(show.stderr)")
            let export = run([perBinary, "export", "--db", db])
            #expect(export.status == 0, "\(export.stderr) \(show.stderr)")
            let day = export.stdout.contains("\"seen\": \"\(before)\"") ? before : after
            #expect(export.stdout.contains(#"{"name": "Jumbo", "price": "5.49", "quantity": "1", "pack": null, "unit": "kg", "store": "Costco", "seen": "\#(day)"}"#), "\(export.stdout)")
            #expect(export.stdout.contains(#"{"name": "", "price": "3", "quantity": "500", "pack": null, "unit": "g", "store": "Costco", "seen": "\#(day)"}"#), "\(export.stdout)")
            #expect(export.stdout.contains(#""history": ["#), "\(export.stdout)")
            #expect(export.stdout.contains(#"{"name": "Jumbo", "store": "Costco", "seen": "\#(day)", "price": "6.99", "quantity": "1", "unit": "kg"}"#), "\(export.stdout)")
        }

        @Test func theStoreGivenAtStartTheLowestSeenAndTheHistoryScreen() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db, "--store Costco"))
            tmux.waitFor("Untitled")
            // The new product starts at Costco.
            tmux.waitFor("@ Costco")
            tmux.type("6.99"); tmux.keys("Tab")
            tmux.type("1"); tmux.keys("Tab")
            tmux.type("kg"); tmux.keys("Tab")
            tmux.type("Oats"); tmux.keys("Enter")
            tmux.waitFor { $0.contains("Price (new") && $0.contains("Oats @ Costco") && $0.contains("today") }
            // Oats' price goes down: a new lowest.
            tmux.keys("PgUp")
            tmux.waitFor("Price of Oats")
            tmux.type("5.49"); tmux.keys("Tab")
            #expect(tmux.waitFor("New lowest price seen (was 6.99 at Costco,").contains("Quantity of Oats"), "\(tmux.screen)")
            // Then up again: compared with the lowest.
            tmux.keys("BTab")
            tmux.waitFor("Price of Oats")
            tmux.type("7.52"); tmux.keys("Tab")
            tmux.waitFor("Lowest seen: 5.49 per kg at Costco,")
            #expect(tmux.screen.contains("(this is +37%)"), "\(tmux.screen)")
            // Ctrl-V: every price seen, newest first, the lowest marked; Esc goes back.
            tmux.keys("C-v")
            let history = tmux.waitFor { $0.contains("prices seen") && $0.contains("★ lowest") }
            let rows = history.split(separator: "\n").filter { $0.contains("Oats") }
            #expect(rows.count == 3, "\(history)")
            #expect(rows.first?.contains("7.52") == true && rows.first?.contains("now") == true, "\(history)")
            #expect(rows.contains { $0.contains("5.49") && $0.contains("★ lowest") }, "\(history)")
            #expect(rows.last?.contains("6.99") == true, "\(history)")
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
            let after = tmux.waitFor { $0.contains("Deleted that price; Ctrl-Y brings it back") && $0.contains("2 prices") }
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
    }
}
