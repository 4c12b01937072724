import Foundation
import PerCore
import Testing
import TestSupport

extension EndToEnd {
    /// Three sessions on one database in tmux, seeded: products typed, some deleted, counts and ticks on the list, another program taking and
    /// letting go of the write lock, and one session killed with kill -9 while the lock is held, then started again.
    /// At the end every change a session showed as made (a product finished, a count) is in the database: the count of
    /// changes checked is printed, with 0 lost and 0 counted twice; the export imports into an empty database. PER_CHAOS_SEED=N replays.
    @Suite struct ChaosEndToEndTests {
        final class Side {
            let folder: TemporaryFolder
            let pidFile: String
            var tmux: TmuxSession
            init(db: String, folder: TemporaryFolder, number: Int) {
                self.folder = folder
                pidFile = folder.file("pid-\(number)")
                tmux = TmuxSession(startedRecordingItsPid(db: db, pidFile: pidFile, in: folder))
                tmux.waitFor("Price (new")
            }
            var pid: Int32? { recordedPid(pidFile) }
        }

        @Test func threeSessionsALockAndAKillLoseNothingShownAsMade() throws {
            let seedText = ProcessInfo.processInfo.environment["PER_CHAOS_SEED"]
            let seed = seedText.flatMap { UInt64($0) } ?? 20_261_127
            print("per chaos seed: \(seed) (replay with PER_CHAOS_SEED=\(seed))")
            var random = SeededRandom(seed: seed)
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            #expect(run([perBinary, "import", "--db", db, "-"], input: oatsSeed).status == 0)
            let sides = (0..<3).map { Side(db: db, folder: folder, number: $0) }
            var prices: [String] = []                     // every product a session finished, by its price (unique)
            var deleted: [String] = []                     // products a session deleted (by their price)
            var counts = 0                                 // Ctrl-X presses a session showed
            var ticks = 0, ticked = false                  // Space on the list, and the tick last shown
            var lock: HeldLock?
            var killed = false
            /// A product typed with the documented rhythm (`price⏎ quantity⏎ unit⏎`), its price unique; returns it once
            /// the session shows the next product's price.
            func typeProduct(_ side: Side, _ number: Int, _ step: Int) -> String {
                let price = "\(number + 1)\(step).\(Int.random(in: 1...9, using: &random))\(Int.random(in: 1...9, using: &random))"
                side.tmux.type(price); side.tmux.keys("Enter")
                side.tmux.type("\(Int.random(in: 1...9, using: &random))00"); side.tmux.keys("Enter")
                side.tmux.type("g"); side.tmux.keys("Enter")
                side.tmux.waitFor { $0.contains("Price (new") && !$0.contains("Unit of") }
                return price
            }
            for step in 0..<60 {
                let i = Int.random(in: 0..<3, using: &random)
                let side = sides[i]
                if step == 40 {
                    // kill -9 a session whose changes wait for the lock, then start it again (still locked).
                    if lock == nil { lock = try HeldLock(db) }
                    prices.append(typeProduct(side, i, step))
                    side.tmux.waitFor("Saving waits")
                    let pid = try #require(side.pid)
                    #expect(kill(pid, SIGKILL) == 0)
                    side.tmux.waitFor("[exit=")
                    side.tmux = TmuxSession(startedRecordingItsPid(db: db, pidFile: side.pidFile, in: folder))
                    side.tmux.waitFor("Price (new")
                    killed = true
                    continue
                }
                if step % 7 == 3 {
                    // Session 3 alone ticks Oats off on the list and back (one ticker: the last tick it showed wins).
                    let side = sides[2]
                    side.tmux.keys("C-o")
                    let was = side.tmux.waitFor { $0.contains("× Oats") }.contains("[x]")
                    side.tmux.keys("Space")
                    side.tmux.waitFor { $0.contains(was ? "[ ]" : "[x]") }
                    side.tmux.keys("Escape")
                    side.tmux.waitFor("Price (new")
                    ticked = !was
                    ticks += 1
                }
                switch Int.random(in: 0..<100, using: &random) {
                case ..<55:
                    prices.append(typeProduct(side, i, step))
                case ..<65:
                    // A product typed, then deleted: it must not be in the database at the end.
                    let price = typeProduct(side, i, step)
                    side.tmux.keys("PageUp")
                    side.tmux.waitFor { !$0.contains("Price (new") }
                    if side.tmux.screen.contains("Price of \(price)") {
                        side.tmux.keys("C-d")
                        side.tmux.waitFor("Delete '\(price) for")
                        side.tmux.keys("y")
                        side.tmux.waitFor("Deleted '\(price) for")
                        deleted.append(price)
                    } else {
                        prices.append(price)   // another session's product came between: nothing deleted
                    }
                    for _ in 0..<40 where !side.tmux.screen.contains("Price (new") {   // back to the new row
                        side.tmux.keys("PageDown")
                        usleep(100_000)
                    }
                case ..<85:
                    let before = Self.number(before: "×", after: "On the list: ", in: side.tmux.screen) ?? 0
                    side.tmux.keys("C-x")
                    // The count shown goes up (its message may be replaced at once by "Saved: ..." as a lock goes).
                    side.tmux.waitFor { (Self.number(before: "×", after: "On the list: ", in: $0) ?? 0) > before }
                    counts += 1
                default:
                    if let held = lock { try held.release(); lock = nil } else { lock = try HeldLock(db) }
                }
            }
            if let held = lock { try held.release() }
            for side in sides {
                side.tmux.keys("C-q")
                #expect(side.tmux.waitForExit(timeout: 20) == 0, "\(side.tmux.screen)")
            }
            let export = run([perBinary, "export", "--db", db, "--format", "csv"]).stdout.replacingOccurrences(of: "\r\n", with: "\n")
            // Products only: a deleted product's price stays in the price history (`history` rows).
            let products = export.split(separator: "\n").filter { $0.contains(",product,") }
            func saved(_ price: String) -> Bool { products.contains { $0.contains(",\(price),") } }
            let lost = prices.filter { !saved($0) }
            let back = deleted.filter(saved)
            let lines = export.split(separator: "\n").map(String.init)
            let listCount = lines.count > 1 ? Self.listCount(inCSVLine: lines[1], header: lines[0]) : nil
            let inCart = lines.count > 1 ? Self.column("inCart", inCSVLine: lines[1], header: lines[0]) : nil
            let tickLost = inCart != String(ticked)
            // Counted twice: a product saved twice (two rows of one unique price), or counts beyond those shown.
            let twice = prices.filter { price in products.count { $0.contains(",\(price),") } > 1 }
            let countedTwice = twice.count + max(0, (listCount ?? 0) - 1 - counts)
            print("per chaos: \(prices.count + deleted.count + counts + ticks) changes checked (\(prices.count) products, \(deleted.count) deletions, "
                  + "\(counts) counts, \(ticks) ticks), \(lost.count + back.count + (tickLost ? 1 : 0)) lost, \(countedTwice) counted twice, "
                  + "a session killed: \(killed)")
            #expect(twice.isEmpty, "saved twice: \(twice)\n\(export)")
            #expect(!tickLost, "in cart: \(String(describing: inCart)), last shown \(ticked)")
            #expect(lost.isEmpty, "lost: \(lost)\n\(export)")
            #expect(back.isEmpty, "deleted but there: \(back)\n\(export)")
            #expect(listCount == 1 + counts, "list count \(String(describing: listCount)), \(counts) counted\n\(export)")
            let empty = folder.file("empty.sqlite")
            let json = run([perBinary, "export", "--db", db]).stdout
            let imported = run([perBinary, "import", "--db", empty, "-"], input: json)
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(try waitingFiles(in: folder).isEmpty)
        }

        /// A session started while another has the database open keeps its lock on the file: another program closing
        /// its connection (a backup, a lock holder, per export) then can't take the file as its own and remove the
        /// write-ahead log this session writes into. (The first read's lock was dropped when the opening closed its
        /// own descriptor of the file: everything typed after such a close was lost, with per exiting 0.)
        @Test func aSessionStartedSecondKeepsItsLockThroughAnotherProgramsClose() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            #expect(run([perBinary, "import", "--db", db, "-"], input: oatsSeed).status == 0)
            let first = TmuxSession(perCommand(db: db))
            first.waitFor("Price (new")
            let second = TmuxSession(perCommand(db: db))  // the file has a log now: the first read takes a lock
            second.waitFor("Price (new")
            first.keys("C-q")
            #expect(first.waitForExit() == 0)
            second.type("7.25"); second.keys("Enter")
            second.waitFor("Quantity of 7.25")
            do {   // another program opens the file, writes nothing, and closes it
                let other = try HeldLock(db)
                try other.release()
            }
            second.type("3"); second.keys("Enter")
            second.waitFor("Unit of 7.25")
            // Read while the session runs: what it wrote is in the file's log, for everyone.
            let export = run([perBinary, "export", "--db", db]).stdout
            #expect(export.contains(#""price": "7.25", "quantity": "3""#), "\(export)")
            second.keys("C-q")
            #expect(second.waitForExit() == 0, "\(second.screen)")
        }

        /// The number written just before `marker` on the line that has `start` before it (`On the list: 3×` gives 3).
        static func number(before marker: String, after start: String, in screen: String) -> Int? {
            for line in screen.split(separator: "\n") {
                guard let end = line.range(of: marker) else { continue }
                let head = line[..<end.lowerBound]
                guard let from = head.range(of: start, options: .backwards) else { continue }
                return Int(head[from.upperBound...])
            }
            return nil
        }

        /// The `listCount` column of an export's CSV line.
        static func listCount(inCSVLine line: String, header: String) -> Int? {
            column("listCount", inCSVLine: line, header: header).flatMap { Int($0) }
        }

        /// A column of an export's CSV line, by its name in the header.
        static func column(_ name: String, inCSVLine line: String, header: String) -> String? {
            let names = header.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",").map(String.init)
            guard let column = names.firstIndex(of: name) else { return nil }
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            return cells.count > column ? cells[column].trimmingCharacters(in: .whitespacesAndNewlines) : nil
        }
    }
}
