import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The database's disk fills while per runs: giving up puts the recovery file in the user's private state
    /// folder (0600 in a 0700 folder), never a part of it beside the database, and never in /tmp.
    @Suite struct FullDiskEndToEndTests {
        /// Whether this process can mount a tmpfs (root, and a kernel and container that allow it): tried once.
        static let canMountATmpfs: Bool = {
            guard getuid() == 0 else { return false }
            let folder = TemporaryFolder()
            guard run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path]).status == 0 else { return false }
            run(["umount", folder.path])
            return true
        }()

        /// A tmpfs of `size` mounted at a 0700 folder `disk` in `folder`: its path. `unmount` it when done.
        static func mountDisk(size: String, in folder: TemporaryFolder) throws -> String {
            let disk = folder.file("disk")
            #expect(mkdir(disk, 0o700) == 0)
            let mounted = run(["mount", "-t", "tmpfs", "-o", "size=\(size),mode=0700", "tmpfs", disk])
            try #require(mounted.status == 0, "\(mounted.stderr)")
            return disk
        }

        /// Lazily when per (or SQLite) still has a file open there: the tmpfs goes once it lets go.
        static func unmount(_ disk: String) {
            if run(["umount", disk]).status != 0 { run(["umount", "-l", disk]) }
        }

        @Test(.enabled(if: canMountATmpfs, "needs root and a tmpfs it can mount (mount -t tmpfs) to fill a disk"))
        func aFullDiskPutsTheRecoveryFileInThePrivateStateFolder() throws {
            let folder = TemporaryFolder()
            let disk = try Self.mountDisk(size: "2m", in: folder)
            defer { Self.unmount(disk) }
            let db = (disk as NSString).appendingPathComponent("per.sqlite")
            let state = folder.file("state")
            #expect(run([perBinary, "import", "--db", db, "-"], input: oatsSeed).status == 0)
            let locked = LockedDatabaseTests()
            let tmux = TmuxSession(perCommand(db: db), width: 400, environment: ["XDG_STATE_HOME": state])
            tmux.waitFor("Price (new")

            let filler = (disk as NSString).appendingPathComponent("filler")
            let filled = run(["dd", "if=/dev/zero", "of=\(filler)", "bs=64k"])   // until the disk is full
            #expect(filled.status != 0 && filled.stderr.contains("No space left"), "\(filled)")

            var typed = 0
            while typed < 40, !tmux.screen.contains("Saving waits") {
                typed += 1
                tmux.fill(price: "7.\(typed)", quantity: "1", unit: "kg", name: "full\(typed)")
                tmux.waitFor { $0.contains("Saving waits") || $0.contains("#\(typed + 2) Price") }
            }
            let waiting = tmux.screen
            #expect(waiting.contains("Saving waits"), "the writes never failed:\n\(waiting)")
            let path = try locked.givingUp(tmux)                 // Ctrl-Q, Esc: exit status 1, the path on stderr
            #expect(tmux.screen.contains("per: they are in \(path)"), "\(tmux.screen)")

            #expect((path as NSString).deletingLastPathComponent == state + "/per")
            #expect(mode(path) == 0o600)
            #expect(mode(state + "/per") == 0o700)
            let besideTheDatabase = try FileManager.default.contentsOfDirectory(atPath: disk).sorted()
            #expect(besideTheDatabase.allSatisfy { ["filler", "per.sqlite", "per.sqlite-wal", "per.sqlite-shm"].contains($0) },
                    "a part of the recovery file was left beside the database: \(besideTheDatabase)")

            #expect(unlink(filler) == 0)                          // the disk freed
            let imported = run([perBinary, "import", "--db", db, path])
            #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported "), "\(imported)")
            let export = run([perBinary, "export", "--db", db]).stdout
            #expect(export.contains(#""name": "full\#(typed)""#) && export.contains(#""price": "7.\#(typed)""#), "\(export)")
        }

        /// A database that cannot be made for want of room says the disk is full (SQLite's own word for a -shm it
        /// could not grow is "disk I/O error") and leaves no file behind, whatever room there was; with room again the
        /// same command makes it.
        @Test(.enabled(if: canMountATmpfs, "needs root and a tmpfs it can mount (mount -t tmpfs) to fill a disk"))
        func aDatabaseThatCannotBeMadeOnAFullDiskIsSaidAndLeavesNoFile() throws {
            let folder = TemporaryFolder()
            let disk = try Self.mountDisk(size: "1m", in: folder)
            defer { Self.unmount(disk) }
            let db = (disk as NSString).appendingPathComponent("per.sqlite")
            let filler = (disk as NSString).appendingPathComponent("filler")
            for free in [0, 8, 24, 40, 56] {   // KiB left free
                #expect(run(["dd", "if=/dev/zero", "of=\(filler)", "bs=1k", "count=\(1024 - free)"]).status == 0 || free == 0)
                let result = run([perBinary, "import", "--db", db, "-"], input: oatsSeed)
                #expect(result.status == 1 && result.stderr.contains("the disk is full"), "\(free) KiB free: \(result)")
                let left = try FileManager.default.contentsOfDirectory(atPath: disk)
                #expect(left == ["filler"], "\(free) KiB free left \(left)")
                #expect(unlink(filler) == 0)
            }
            let imported = run([perBinary, "import", "--db", db, "-"], input: oatsSeed)
            #expect(imported.status == 0 && imported.stdout.hasPrefix("Imported "), "\(imported)")
        }
    }
}

/// A file's permission bits, or nil when nothing is there.
private func mode(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
}
