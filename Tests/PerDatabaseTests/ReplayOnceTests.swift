import Foundation
import GRDB
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// Waiting files replayed after a kill: each change made once whoever replays it and whenever the kill came, only the
/// user's own files of this database, a writer judged gone by its lock alone (issue 40; decisions 227-230).
@Suite struct ReplayOnceTests {
    let folder = TemporaryFolder()

    /// A session on a saved comparison "Oats" (listed once, at Lidl's aisle 0), with the write lock held by another program.
    private static func oatsUnderALock(in folder: TemporaryFolder) throws -> (path: String, session: DatabaseSession, watch: DatabaseWatch, lock: HeldLock) {
        let path = folder.file("per.sqlite")
        let setup = try ComparisonDatabase(path: path)
        let oats = Comparison(id: "oats", title: "Oats", products: [Product.fixture(id: "o-1", price: 3, quantity: 1, unit: .kilogram, shop: "Lidl")])
        try setup.save(oats)
        try setup.save(Comparison(id: "milk", title: "Milk", products: [Product.fixture(id: "m-1", price: 1, quantity: 1, unit: .liter, shop: "Lidl")]))
        let store = try ComparisonDatabase(path: path, busyTimeout: 0.05)
        let session = DatabaseSession(database: store, opened: oats)
        return (path, session, DatabaseWatch(open: oats, shoppingListOnView: true), try HeldLock(path))
    }

    /// 40 counts, an aisle move and a tick queued behind a lock; the lock goes and the session commits them all; killed
    /// before it could write (here: remove) its file again, the file is as it was. The next per finds it: nothing twice.
    @Test func aKillBetweenTheCommitAndTheRewriteMakesNothingTwice() throws {
        var (path, session, watch, lock) = try Self.oatsUnderALock(in: folder)
        let changes: [DatabaseEffect] = Array(repeating: .changeListCount("oats", by: 1), count: 40)
            + [.moveInAisle("milk", by: -1, at: ShopName("Lidl")), .setTicked("milk", true)]
        for change in changes { _ = session.perform(change, watch: watch) }
        let kept = try #require(Self.keptFile(of: path))
        let asItWas = try Data(contentsOf: URL(fileURLWithPath: kept))
        #expect(try RecoveryJournal.decode(String(decoding: asItWas, as: UTF8.self)).entries.count == changes.count)
        try lock.release()
        _ = session.poll(watch)
        #expect(session.isUpToDate && !FileManager.default.fileExists(atPath: kept))
        // The kill: the file's last rewrite never happened.
        #expect(FileManager.default.createFile(atPath: kept, contents: asItWas, attributes: [.posixPermissions: 0o600]))
        let next = try ComparisonDatabase(path: path)
        #expect(next.saveLeftChanges() == LeftChanges())
        #expect(!FileManager.default.fileExists(atPath: kept))
        #expect(try next.stamp(of: "oats")?.listCount == 41)
        // The same changes made once, on a copy of the database as it was.
        let reference = TemporaryFolder()
        var (_, once, _, referenceLock) = try Self.oatsUnderALock(in: reference)
        try referenceLock.release()
        for change in changes { _ = once.perform(change, watch: watch) }
        #expect(once.isUpToDate)
        #expect(try Self.listed(next) == Self.listed(once.database))
    }

    /// Each item of the list as `title count tick aisle`.
    static func listed(_ database: ComparisonDatabase) throws -> [String] {
        try database.shoppingList().map { "\($0.title) \($0.item.count) \($0.item.ticked) \($0.item.aisle)" }.sorted()
    }

    /// The same file killed mid-way: some changes committed (their ids recorded), the rest not: the replay makes the
    /// rest, once each.
    @Test func aReplayMakesWhatWasNotCommittedAndNothingElse() throws {
        var (path, session, watch, lock) = try Self.oatsUnderALock(in: folder)
        for _ in 1...10 { _ = session.perform(.changeListCount("oats", by: 1), watch: watch) }
        let kept = try #require(Self.keptFile(of: path))
        let journal = try RecoveryJournal.decode(String(contentsOfFile: kept, encoding: .utf8))
        #expect(Set(journal.entries.compactMap(\.id)).count == 10)
        try lock.release()
        // Four of them were committed by the session before the kill (with their ids, as its flush records them).
        let store = try ComparisonDatabase(path: path)
        for entry in journal.entries.prefix(4) { _ = try store.apply(entry, once: true) }
        let left = try WaitingWritesTests.leaveBehind(kept, of: path)
        #expect(store.saveLeftChanges() == LeftChanges(saved: ["6 counts"]))
        #expect(!FileManager.default.fileExists(atPath: left))
        #expect(try store.stamp(of: "oats")?.listCount == 11)
    }

    /// Two pers find one file at once: one makes it, the other leaves it (it is locked while being made), and the
    /// counts are made once.
    @Test func twoPersRacingForOneFileMakeItOnce() async throws {
        var (path, session, watch, lock) = try Self.oatsUnderALock(in: folder)
        for _ in 1...20 { _ = session.perform(.changeListCount("oats", by: 1), watch: watch) }
        let kept = try #require(Self.keptFile(of: path))
        try lock.release()
        for round in 1...20 {
            _ = try WaitingWritesTests.leaveBehind(kept, of: path, named: "gone-\(round)")
            let a = try ComparisonDatabase(path: path), b = try ComparisonDatabase(path: path)
            async let first = Task.detached { a.saveLeftChanges() }.value
            async let second = Task.detached { b.saveLeftChanges() }.value
            let outcomes = await [first, second]
            #expect(outcomes.filter { !$0.saved.isEmpty }.count <= 1, "round \(round): \(outcomes)")
            #expect(outcomes.allSatisfy { $0.leftAlone.isEmpty }, "round \(round): \(outcomes)")
        }
        let store = try ComparisonDatabase(path: path)
        _ = store.saveLeftChanges()
        #expect(try store.stamp(of: "oats")?.listCount == 21)
    }

    /// A per in another PID namespace (a container, a unit with PrivatePIDs) is invisible in this /proc, but its lock is
    /// not: its file is left alone while it runs, and made once it has ended.
    @Test func aWriterInAnotherPIDNamespaceIsJudgedByItsLock() throws {
        var (path, session, watch, lock) = try Self.oatsUnderALock(in: folder)
        _ = session.perform(.changeListCount("oats", by: 2), watch: watch)
        let kept = try #require(Self.keptFile(of: path))
        try lock.release()
        let left = try WaitingWritesTests.leaveBehind(kept, of: path, named: "elsewhere-4194303-1")
        let holder = try LockHolder(left)
        let store = try ComparisonDatabase(path: path)
        #expect(store.saveLeftChanges() == LeftChanges())
        #expect(FileManager.default.fileExists(atPath: left))
        try holder.end()
        #expect(store.saveLeftChanges() == LeftChanges(saved: ["1 count"]))
        #expect(try store.stamp(of: "oats")?.listCount == 3)
    }

    /// Only the user's own files, 0600, regular, within the size limit, naming this database, are made; each other one
    /// is left alone byte for byte and said once.
    @Test func onlyTheUsersOwnFilesOfThisDatabaseAreMade() throws {
        var (path, session, watch, lock) = try Self.oatsUnderALock(in: folder)
        _ = session.perform(.changeListCount("oats", by: 1), watch: watch)
        let kept = try #require(Self.keptFile(of: path))
        try lock.release()
        let journal = try RecoveryJournal.decode(String(contentsOfFile: kept, encoding: .utf8))
        let other = try ComparisonDatabase(path: folder.file("other.sqlite"))
        var planted: [String: String] = [:]   // path: what the message says
        func plant(_ name: String, _ text: String, mode: mode_t = 0o600, owner: uid_t? = nil, _ reason: String) throws {
            let file = try WaitingWritesTests.leaveBehind(kept, of: path, named: name)
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            chmod(file, mode)
            if let owner { #expect(chown(file, owner, owner) == 0, "chown needs root") }
            planted[file] = reason
        }
        try plant("others", journal.encoded(), owner: 65534, "belongs to another account (uid 65534)")
        try plant("wide", journal.encoded(), mode: 0o644, "others may read or write it (mode 644)")
        try plant("nameless", RecoveryJournal(id: "n", changes: journal.changes).encoded(), "it names no database")
        try plant("foreign", RecoveryJournal(id: "f", database: other.identity, entries: journal.entries).encoded(), "it waits for another database")
        try plant("broken", "{\"per-recovery\": 1, \"id\": ", "it cannot be read")
        let huge = try WaitingWritesTests.leaveBehind(kept, of: path, named: "huge")
        #expect(truncate(huge, off_t(1) << 30) == 0)   // sparse: a 1 GiB file read would take seconds and gigabytes
        planted[huge] = "it is 1024 MiB, more than the 64 MiB a waiting file holds"
        let link = try WaitingWritesTests.leaveBehind(kept, of: path, named: "link")
        unlink(link)
        #expect(symlink(kept, link) == 0)
        planted[link] = "it is a symbolic link"
        unlink(kept)
        let before = try planted.keys.map { ($0, FileSnapshot($0)) }

        let store = try ComparisonDatabase(path: path)
        let first = store.saveLeftChanges()
        #expect(first.saved.isEmpty && first.waiting.isEmpty)
        #expect(first.leftAlone.count == planted.count, "\(first.leftAlone)")
        for (file, reason) in planted {
            #expect(first.leftAlone.contains { $0.hasPrefix("left alone \(file): ") && $0.contains(reason) }, "\(file): \(first.leftAlone)")
        }
        for (file, snapshot) in before { #expect(FileSnapshot(file) == snapshot, "\(file)") }
        #expect(try store.stamp(of: "oats")?.listCount == 1)
        #expect(store.saveLeftChanges() == LeftChanges(), "said once")
        #expect(try ComparisonDatabase(path: path).saveLeftChanges() == LeftChanges(), "said once, by any per")
    }

    /// A waiting file is found by the database's real path: a per killed under `--db link/x.sqlite` is made by a per on
    /// `real/x.sqlite` or `./x.sqlite`, so the product is never typed again and then made twice.
    @Test func aWaitingFileIsFoundUnderEverySpellingOfThePath() throws {
        let real = folder.file("real")
        try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
        #expect(symlink(real, folder.file("link")) == 0)
        let linked = folder.file("link/x.sqlite"), path = folder.file("real/x.sqlite")
        let oats = Comparison(id: "oats", title: "Oats", products: [])
        try ComparisonDatabase(path: path).save(oats)
        var session = DatabaseSession(database: try ComparisonDatabase(path: linked, busyTimeout: 0.05), opened: oats)
        let watch = DatabaseWatch(open: oats, shoppingListOnView: true)
        let lock = try HeldLock(path)
        _ = session.perform(.changeListCount("oats", by: 1), watch: watch)
        let kept = try #require(Self.keptFile(of: path))
        try lock.release()
        _ = try WaitingWritesTests.leaveBehind(kept, of: linked)
        for spelling in [path, folder.path + "/./real/../real/x.sqlite"] {
            #expect(WaitingChanges.candidates(of: spelling).count == 2, "\(spelling)")
        }
        let store = try ComparisonDatabase(path: folder.path + "/./real/../real/x.sqlite")
        #expect(store.saveLeftChanges() == LeftChanges(saved: ["1 count"]))
    }

    /// No folder takes the waiting file (a full disk; here a file where the folder should be): the failure is kept and
    /// the status says the changes are only in memory, and what to do.
    @Test func whatCannotBeKeptOnDiskIsSaidToBeOnlyInMemory() throws {
        let notAFolder = folder.file("full")
        #expect(FileManager.default.createFile(atPath: notAFolder, contents: Data()))
        let kept = WaitingChanges(databasePath: folder.file("per.sqlite"), id: "s", folders: [notAFolder + "/per"])
        kept.keep(RecoveryJournal(id: "s", database: "d", changes: [.other(.setTicked("oats", true))], times: [1]))
        #expect(kept.path == nil)
        let failure = try #require(kept.failure)
        #expect(failure.contains("not a folder") || failure.contains("cannot create"), "\(failure)")
        let status = SaveStatus(waiting: 1, reason: "the disk is full", notKept: failure)
        #expect(status.notice == ["Saving waits (1 change: the disk is full); only in memory: free disk space, or a kill loses them",
                                  "Saving waits (1 change, only in memory: free disk space)", "Saving waits (1 change, only in memory)"])
        #expect(SaveStatus(waiting: 1, reason: "the disk is full").notice?.first == "Saving waits (1 change: the disk is full); kept, saved when it can")
    }

    // MARK: Helpers

    /// `flock FILE` in a PID namespace of its own, until `end`.
    final class LockHolder {
        let process = Process()
        let file: String

        init(_ file: String) throws {
            self.file = file
            let output = Pipe()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
            process.arguments = ["--pid", "--fork", "--kill-child", "/usr/bin/flock", file, "/bin/sh", "-c", "echo held; exec sleep 60"]
            process.standardOutput = output
            try process.run()
            let line = output.fileHandleForReading.readData(ofLength: 5)
            #expect(String(decoding: line, as: UTF8.self) == "held\n")
        }

        /// Kills it and waits until the kernel let its lock go (its namespace's processes gone).
        func end() throws {
            kill(process.processIdentifier, SIGKILL)   // --kill-child: its child, the namespace's first process, follows
            process.waitUntilExit()
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                let fd = open(file, O_RDONLY | O_CLOEXEC)
                defer { close(fd) }
                if flock(fd, LOCK_EX | LOCK_NB) == 0 { return }
                usleep(10_000)
            }
            Issue.record("the lock on \(file) was never let go")
        }
    }

    /// The one waiting file beside the database.
    static func keptFile(of path: String) -> String? {
        let folder = (WaitingChanges.realPath(path) as NSString).deletingLastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.filter { $0.hasPrefix(".per-waiting-") && $0.hasSuffix(".json") } ?? []
        return names.count == 1 ? (folder as NSString).appendingPathComponent(names[0]) : nil
    }
}
