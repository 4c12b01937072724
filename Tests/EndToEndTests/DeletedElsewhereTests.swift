import Foundation
import Testing
import TestSupport

extension EndToEnd {
    @Suite struct DeletedElsewhereTests {
        /// Session B deletes the comparison session A has open; A's next committed field saves it back.
        @Test func aComparisonDeletedInAnotherSessionIsSavedBackByTheNextEdit() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let seed = #"[{"title": "Oats", "per": null, "volumeSystem": "us", "products": [{"name": "a", "price": "2", "quantity": "1", "unit": "kg"}]}]"#
            #expect(run([perBinary, "import", "--db", db, "-"], input: seed).status == 0)
            let a = TmuxSession(perCommand(db: db))
            let b = TmuxSession(perCommand(db: db))
            a.waitFor("Oats"); b.waitFor("Oats")
            b.keys("C-o"); b.waitFor("Saved comparisons")
            b.keys("C-d"); b.waitFor("y/n")
            b.type("y")
            b.waitFor("New comparison")   // its only comparison gone, B opens a new one
            a.type("7"); a.keys("Tab")
            let screen = a.waitFor("saved it again")
            #expect(screen.contains("saved it again"), "\(screen)")
            a.keys("C-q"); b.keys("C-q")
            #expect(a.waitForExit() == 0 && b.waitForExit() == 0)
            let export = run([perBinary, "export", "--db", db]).stdout
            #expect(export.contains(#""title": "Oats""#) && export.contains(#""price": "7""#), "\(export)")
        }
    }
}
