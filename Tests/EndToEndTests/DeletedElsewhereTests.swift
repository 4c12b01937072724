import Foundation
import Testing
import TestSupport

extension EndToEnd {
    @Suite struct DeletedElsewhereTests {
        func twoSessions(on db: String, _ seed: String) -> (TmuxSession, TmuxSession) {
            #expect(run([perBinary, "import", "--db", db, "-"], input: seed).status == 0)
            let a = TmuxSession(perCommand(db: db))
            let b = TmuxSession(perCommand(db: db))
            a.waitFor("Oats"); b.waitFor("Oats")
            return (a, b)
        }

        /// Session B deletes the comparison session A has open: A is told, and its next change saves it again.
        @Test func aComparisonDeletedInAnotherSessionIsSaidAndSavedAgainByTheNextChange() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let (a, b) = twoSessions(on: db, #"[{"title": "Oats", "products": [{"name": "a", "price": "2", "quantity": "1", "unit": "kg"}]}]"#)
            b.keys("C-o"); b.waitFor("Shopping list")
            b.keys("C-d"); b.waitFor("y/n")
            b.type("y")
            b.waitFor("Deleted \"Oats\"")   // its only comparison gone, B opens a new one (not saved: not on the list)
            var screen = a.waitFor("Another session deleted \"Oats\"")
            #expect(screen.contains("a change here saves it again"), "\(screen)")
            a.type("7"); a.keys("Tab")
            screen = a.waitFor("again: another session had deleted it")
            #expect(screen.contains("Saved \"Oats\" again"), "\(screen)")
            a.keys("C-q"); b.keys("C-q")
            #expect(a.waitForExit() == 0 && b.waitForExit() == 0)
            let export = run([perBinary, "export", "--db", db]).stdout
            #expect(export.contains(#""title": "Oats""#) && export.contains(#""price": "7""#), "\(export)")
        }

        /// Session B deletes the comparison session A keeps editing: the one A saves again keeps its price history, its
        /// list count, its tick, its pin and its aisle, with no empty product; Ctrl-Y in B then says it is back already.
        @Test func aComparisonDeletedWhileAnotherSessionEditsItKeepsAllItHad() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let seed = #"[{"title": "Oats", "listCount": 4, "inCart": true, "aisle": 2, "pinnedProduct": 2, "products": ["#
                + #"{"name": "big", "price": "6", "quantity": "1", "unit": "kg", "store": "Aldi", "seen": "2026-11-01"}, "#
                + #"{"name": "small", "price": "4", "quantity": "500", "unit": "g", "store": "Aldi", "seen": "2026-11-01"}], "#
                + #""history": [{"name": "big", "store": "Aldi", "seen": "2026-10-01", "price": "7", "quantity": "1", "unit": "kg"}]}]"#
            let (a, b) = twoSessions(on: db, seed)
            let before = run([perBinary, "export", "--db", db]).stdout
            #expect(before.contains(#""listCount": 4"#) && before.contains(#""pinnedProduct": 2"#), "\(before)")
            b.keys("C-o"); b.waitFor("Shopping list")
            b.keys("C-d"); b.waitFor("y/n")
            b.type("y")
            b.waitFor("Deleted \"Oats\"")
            a.waitFor("Another session deleted \"Oats\"")
            a.type("9"); a.keys("Tab")                 // the new row's price: Oats is saved again
            a.waitFor("again: another session had deleted it")
            b.keys("C-y")
            b.waitFor("\"Oats\" is back already: another session saved it again")
            a.keys("C-q"); b.keys("C-q")
            #expect(a.waitForExit() == 0 && b.waitForExit() == 0)
            let after = run([perBinary, "export", "--db", db]).stdout
            for kept in [#""listCount": 4"#, #""inCart": true"#, #""aisle": 2"#, #""pinnedProduct": 2"#, #""price": "7""#] {
                #expect(after.contains(kept), "\(kept) lost: \(after)")
            }
            #expect(after.components(separatedBy: #""title": "Oats""#).count == 2, "\(after)")   // once
            #expect(!after.contains(#""price": null"#), "\(after)")                             // no empty product
        }

        /// Session A deletes a product session B shows: it leaves B's screen and ranking.
        @Test func aProductDeletedInAnotherSessionLeavesTheScreen() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let (a, b) = twoSessions(on: db, #"[{"title": "Oats", "products": [{"name": "cheap", "price": "1", "quantity": "1", "unit": "kg"}, {"name": "dear", "price": "3", "quantity": "1", "unit": "kg"}]}]"#)
            b.keys("PageUp"); b.keys("PageUp")
            b.waitFor("Price of cheap")                // B is on "cheap", not editing it
            a.keys("PageUp"); a.keys("PageUp")
            a.waitFor("Price of cheap")
            a.keys("C-d"); a.waitFor("y/n")
            a.type("y")
            a.waitFor("Deleted 'cheap'")
            let screen = b.waitFor { !$0.contains("cheap") }
            #expect(!screen.contains("cheap") && screen.contains("dear"), "\(screen)")
            #expect(screen.contains("★ Best value") && screen.contains("1 of 1 ranked"), "\(screen)")
            a.keys("C-q"); b.keys("C-q")
            #expect(a.waitForExit() == 0 && b.waitForExit() == 0)
            // Gone from the products; its price is history now (issue 20: it was seen).
            let shown = run([perBinary, "show", "--db", db, "--format", "csv", "Oats"]).stdout
            #expect(!shown.contains("cheap") && shown.contains("dear"), "\(shown)")
            #expect(run([perBinary, "history", "--db", db, "--format", "csv", "Oats"]).stdout.contains("cheap,,,1,1,kg"))
        }
    }
}
