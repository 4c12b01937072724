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
            b.waitFor("Untitled")   // its only comparison gone, B opens a new one
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
            #expect(!run([perBinary, "export", "--db", db]).stdout.contains("cheap"))
        }
    }
}
