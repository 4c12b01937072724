import Foundation
import PerCore
import GRDB
import Testing
import TestSupport

extension EndToEnd {
    /// Another program holds the database's write lock (a long import, a backup) while per runs.
    @Suite struct LockedDatabaseTests {
        func started(_ db: String, width: Int = 80) -> TmuxSession { startedOnOats(db, width: width) }

        /// Quits, gives up waiting for the database, and returns the recovery file's path (per exits 1).
        func givingUp(_ tmux: TmuxSession) throws -> String {
            tmux.keys("C-q")
            tmux.waitFor("Quitting once saved")
            tmux.keys("Escape")
            #expect(tmux.waitForExit() == 1, "\(tmux.screen)")
            let screen = tmux.waitFor("per import")
            return try #require(recoveryFile(in: screen), "\(screen)")
        }

        /// The recovery file's path, from per's `per import 'PATH'` line on stderr.
        func recoveryFile(in screen: String) -> String? {
            screen.split(separator: "\n").compactMap { line -> String? in
                guard let start = line.range(of: "per import '"), let end = line.range(of: "'", range: start.upperBound..<line.endIndex) else { return nil }
                return String(line[start.upperBound..<end.lowerBound])
            }.first
        }

        @Test func keysEchoWhileSavingWaitsAndQuittingWaitsUntilTheLockIsGone() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = started(db)
            let lock = try HeldLock(db)
            tmux.type("5"); tmux.keys("Tab")
            var screen = tmux.waitFor("Saving waits")
            #expect(screen.contains("Quantity of 5.00"), "\(screen)")
            tmux.type("3")                                   // typing goes on
            screen = tmux.waitFor("3▏")
            tmux.keys("Tab"); tmux.type("kg"); tmux.keys("Tab")
            tmux.waitFor("\(ProductField.afterUnit.title) of 5.00")
            tmux.keys("C-q")
            screen = tmux.waitFor("Quitting once saved")
            #expect(screen.contains("Esc gives up (keeps a recovery file)"), "\(screen)")
            #expect(tmux.exitStatus == nil, "per quit while its writes were not saved")
            try lock.release()
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            let export = run([perBinary, "export", "--db", db]).stdout
            #expect(export.contains(#"{"name": "", "price": "5", "quantity": "3", "pack": null, "unit": "kg", "shop": null, "seen": "2"#), "\(export)")
        }

        @Test func givingUpWritesARecoveryFileThatImportsBackAndExitsNonZero() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = started(db, width: 400)
            let lock = try HeldLock(db)
            tmux.type("6.5"); tmux.keys("Tab")
            tmux.waitFor("Saving waits")
            tmux.type("4")                                   // a field in progress, not committed
            tmux.waitFor("4▏")
            let path = try givingUp(tmux)
            try lock.release()
            let recovered = try String(contentsOfFile: path, encoding: .utf8)
            #expect(recovered.contains(#""price": "6.5", "quantity": "4""#), "\(recovered)")
            #expect(run([perBinary, "import", "--db", db, path]).status == 0)
            #expect(run([perBinary, "export", "--db", db]).stdout.contains(#""price": "6.5", "quantity": "4""#))
        }

        /// kill -9 while another program holds the lock: every committed field was on disk (the queue kept as a
        /// recovery file beside the database the moment it waited); the next per makes them once the lock goes, and
        /// says so. Only the field being typed is lost.
        @Test func killedWhileALockIsHeldLosesNoCommittedField() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            #expect(run([perBinary, "import", "--db", db, "-"], input: oatsSeed).status == 0)
            let pidFile = folder.file("pid")
            let tmux = TmuxSession(startedRecordingItsPid(db: db, pidFile: pidFile, in: folder))
            tmux.waitFor("Price (new")
            let lock = try HeldLock(db)
            tmux.type("6.5"); tmux.keys("Enter")
            tmux.type("4"); tmux.keys("Enter")
            tmux.type("kg"); tmux.keys("Enter")
            tmux.waitFor("Saving waits (3 changes")            // the price, the quantity, the unit
            tmux.type("9")                                    // being typed: the only thing a kill may lose
            tmux.waitFor("9▏")
            let pid = try #require(recordedPid(pidFile))
            #expect(kill(pid, SIGKILL) == 0)
            tmux.waitFor("[exit=")
            let next = TmuxSession(perCommand(db: db))
            next.waitFor("Price (new")
            try lock.release()
            let screen = next.waitFor("Saved what a per that ended had waiting")
            #expect(screen.contains("3 fields"), "\(screen)")
            next.keys("C-q")
            #expect(next.waitForExit() == 0, "\(next.screen)")
            let export = run([perBinary, "export", "--db", db]).stdout
            #expect(export.contains(#""price": "6.5", "quantity": "4", "pack": null, "unit": "kg""#), "\(export)")
            #expect(try waitingFiles(in: folder).isEmpty)
        }
    
        /// 40 Ctrl-X queued behind a lock, the lock let go, and per killed after a delay from 0 to 0.4 s (while it
        /// commits them, or before it removes its waiting file): the next per makes what was not committed, and every
        /// count is made once (per 0.2.0 counted the list again in 4 of 30 such kills). `PER_KILL_ROUNDS` sets how many
        /// rounds (10 by default; 100 measured).
        @Test func killedJustAfterTheLockGoesCountsNothingTwice() throws {
            let rounds = Int(ProcessInfo.processInfo.environment["PER_KILL_ROUNDS"] ?? "") ?? 10
            var wrong: [String] = []
            for round in 0..<rounds {
                let folder = TemporaryFolder()
                let db = folder.file("per.sqlite")
                #expect(run([perBinary, "import", "--db", db, "-"], input: oatsSeed).status == 0)
                let pidFile = folder.file("pid")
                let tmux = TmuxSession(startedRecordingItsPid(db: db, pidFile: pidFile, in: folder))
                tmux.waitFor("Price (new")
                let lock = try HeldLock(db)
                for _ in 1...40 { tmux.keys("C-x") }
                tmux.waitFor("\"Oats\": 41× on the list", timeout: 30)   // every key read: what a kill may lose is only what per never read
                tmux.waitFor("Saving waits (")
                let pid = try #require(recordedPid(pidFile))
                try lock.release()
                usleep(useconds_t(round * 7919 % 400) * 1000)   // 0 to 0.4 s, spread over the rounds
                #expect(kill(pid, SIGKILL) == 0)
                tmux.waitFor("[exit=")
                let export = run([perBinary, "export", "--db", db])
                let left = try waitingFiles(in: folder)
                if !export.stdout.contains(#""listCount": 41"#) || !left.isEmpty {
                    wrong.append("round \(round): \(export.stdout.split(separator: "\n").filter { $0.contains("listCount") }) \(export.stderr) \(left)")
                }
            }
            #expect(wrong.isEmpty, "\(wrong.count) of \(rounds): \(wrong)")
        }

        /// A write the disk refuses (here a file size limit, like a full disk) is kept like one behind a lock;
        /// giving up writes a recovery file and exits 1.
        @Test func aRefusedWriteIsKeptAndGivingUpWritesARecoveryFile() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            #expect(run([perBinary, "import", "--db", db, "-"], input: oatsSeed).status == 0)
            let limited = folder.file("limited.sh")        // a file size limit of 80 blocks (40 or 80 KB), then per
            try "ulimit -f 80\nexec \(perCommand(db: db))\n".write(toFile: limited, atomically: true, encoding: .utf8)
            let tmux = TmuxSession("sh '\(limited)'", width: 400)
            tmux.waitFor("Price (new")
            var typed = 0
            while typed < 40, !tmux.screen.contains("Saving waits") {
                typed += 1
                tmux.fill(price: "\(typed)", quantity: "1", unit: "kg", name: "p\(typed)")
                tmux.waitFor { $0.contains("Saving waits") || $0.contains("#\(typed + 2) Price") }
            }
            #expect(tmux.screen.contains("Saving waits"), "the writes never failed:\n\(tmux.screen)")
            let path = try givingUp(tmux)
            let recovered = try String(contentsOfFile: path, encoding: .utf8)
            #expect(recovered.contains(#""title": "Oats""#), "\(recovered)")
        }
    }
}

/// A comparison "Oats" with one product.
let oatsSeed = #"[{"title": "Oats", "products": [{"name": "a", "price": "2", "quantity": "1", "unit": "kg"}]}]"#

/// per on a database holding `oatsSeed`, on the new product's price.
func startedOnOats(_ db: String, width: Int = 80) -> TmuxSession {
    #expect(run([perBinary, "import", "--db", db, "-"], input: oatsSeed).status == 0)
    let tmux = TmuxSession(perCommand(db: db), width: width)
    tmux.waitFor("Price (new")
    return tmux
}

/// The pid `startedRecordingItsPid` wrote, once the shell wrote it.
func recordedPid(_ pidFile: String) -> Int32? {
    (try? String(contentsOfFile: pidFile, encoding: .utf8)).flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
}

/// A shell command line that records per's pid in `pidFile` (the shell's, which per then takes over) and runs per.
func startedRecordingItsPid(db: String, pidFile: String, in folder: TemporaryFolder, _ arguments: String = "") -> String {
    let script = folder.file("per-\(UUID().uuidString.prefix(6)).sh")
    try? "echo $$ > '\(pidFile)'\nexec \(perCommand(db: db, arguments))\n".write(toFile: script, atomically: true, encoding: .utf8)
    return "sh '\(script)'"
}

/// The files per keeps its waiting writes in (`.per-waiting-…`) that are left in `folder`.
func waitingFiles(in folder: TemporaryFolder) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix(".per-waiting-") }
}
