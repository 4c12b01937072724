import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Behind a held lock, a product typed in one comparison, another made and typed in, and list changes:
    /// giving up keeps every one of them in the recovery file, and `per import` brings each back once.
    @Suite struct RecoveryEndToEndTests {
        @Test func everyChangeBehindALockComesBackOnceFromTheRecoveryFile() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let locked = LockedDatabaseTests()
            let tmux = startedOnOats(db, width: 200)
            let lock = try HeldLock(db)
            tmux.fill(price: "3", quantity: "1", unit: "kg", name: "oat")
            tmux.waitFor("Saving waits")
            tmux.keys("C-o"); tmux.waitFor("Shopping list")
            tmux.keys("C-n"); tmux.type("Rice"); tmux.keys("Enter")        // made behind the lock, opened at once
            tmux.waitFor("Rice")
            tmux.fill(price: "4", quantity: "2", unit: "kg")
            tmux.keys("C-o"); tmux.waitFor("Shopping list")
            tmux.keys("Space"); tmux.type("+"); tmux.type("+")             // Rice (shown first, waiting): ticked, 3×
            tmux.type("Eggs"); tmux.keys("Enter"); tmux.keys("Escape")
            tmux.keys("Escape")
            let path = try locked.givingUp(tmux)
            let stderr = tmux.screen
            for kind in ["could not be saved (the database is locked by another program)", "1 new comparison", "1 new item", "2 counts", "1 tick"] {
                #expect(stderr.contains(kind), "\(stderr)")
            }
            try lock.release()
            let first = run([perBinary, "import", "--db", db, path])
            #expect(first.status == 0 && first.stdout.hasPrefix("Imported "), "\(first)")
            let export = run([perBinary, "export", "--db", db]).stdout
            #expect(export.components(separatedBy: #""title": "Oats""#).count == 2, "\(export)")   // no second copy
            #expect(export.contains(#""title": "Rice""#) && export.contains(#""price": "4", "quantity": "2", "pack": null, "unit": "kg""#), "\(export)")
            #expect(export.contains(#""name": "oat", "price": "3", "quantity": "1", "pack": null, "unit": "kg""#), "\(export)")
            #expect(!export.contains(#""price": null"#), "\(export)")                               // no blank product
            let trip = run([perBinary, "trip", "--db", db, "--format", "markdown"]).stdout
            #expect(trip.contains("- [x] 3× Rice") && trip.contains("1× Eggs") && trip.contains("1× Oats"), "\(trip)")
            let again = run([perBinary, "import", "--db", db, path])
            #expect(again.status == 0 && again.stdout.hasPrefix("Already imported"), "\(again)")
            #expect(run([perBinary, "export", "--db", db]).stdout == export)
        }
    }
}
