import Foundation
import GRDB
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

@Suite struct FileSafetyTests {
    let folder = TemporaryFolder()

    @Test func anotherProgramsDatabaseIsRefusedUntouched() throws {
        let path = folder.file("other.sqlite")
        do {
            let other = try DatabaseQueue(path: path)
            try other.write { db in
                try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('mine')")
            }
        }
        backdate(path)
        let before = FileSnapshot(path)
        #expect(throws: DatabaseFailure.notAPerDatabase(path: path)) { try ComparisonDatabase(path: path) }
        #expect(FileSnapshot(path) == before)
    }

    @Test func anotherProgramsWALDatabaseIsRefusedUntouched() throws {
        let path = folder.file("other-wal.sqlite")
        do {
            var configuration = Configuration()
            configuration.journalMode = .wal
            let other = try DatabaseQueue(path: path, configuration: configuration)
            try other.write { db in try db.execute(sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY)") }
        }
        backdate(path)
        let before = FileSnapshot(path)
        #expect(before.siblings == ["other-wal.sqlite"]) // checkpointed and closed
        #expect(throws: DatabaseFailure.notAPerDatabase(path: path)) { try ComparisonDatabase(path: path) }
        #expect(FileSnapshot(path) == before)
    }

    /// A file a per left while making it (GRDB's list of migrations made, empty, and the disk full or kill -9 before
    /// the first migration committed) holds nothing: it is no other program's, reading commands say it holds no per
    /// data yet, and opening it to write makes it per's. A list that names a migration is another program's.
    @Test func aFileLeftWhileMakingItHoldsNoPerDataYet() throws {
        let path = folder.file("half-made.sqlite")
        do {
            let left = try DatabaseQueue(path: path)
            try left.write { db in try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)") }
        }
        #expect {
            try ComparisonDatabase(path: path, create: false)
        } throws: { error in
            guard case .cannotOpen(_, let reason) = error as? DatabaseFailure else { return false }
            return reason.contains("holds no per data yet")
        }
        try ComparisonDatabase(path: path).save(sampleComparison())
        #expect(try ComparisonDatabase(path: path, create: false).summaries().count == 1)

        let other = folder.file("other-grdb.sqlite")
        do {
            let app = try DatabaseQueue(path: other)
            try app.write { db in
                try db.execute(sql: "CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY); INSERT INTO grdb_migrations VALUES ('v1')")
            }
        }
        backdate(other)
        let before = FileSnapshot(other)
        #expect(throws: DatabaseFailure.notAPerDatabase(path: other)) { try ComparisonDatabase(path: other) }
        #expect(FileSnapshot(other) == before)
    }

    @Test func aDatabaseWithAnotherApplicationIDIsRefusedUntouched() throws {
        let path = folder.file("app.sqlite")
        do {
            let other = try DatabaseQueue(path: path)
            try other.write { db in try db.execute(sql: "PRAGMA application_id = 1234") }
        }
        backdate(path)
        let before = FileSnapshot(path)
        #expect(throws: DatabaseFailure.notAPerDatabase(path: path)) { try ComparisonDatabase(path: path) }
        #expect(FileSnapshot(path) == before)
    }

    @Test(arguments: [
        Data("this is a shopping list, not a database\n".utf8),
        Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }),
        Data("SQLite format 3".utf8), // a cut-off header
    ])
    func garbageIsRefusedAsCorruptUntouched(contents: Data) throws {
        let path = folder.file("garbage.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: contents))
        backdate(path)
        let before = FileSnapshot(path)
        #expect(throws: DatabaseFailure.corrupt(path: path)) { try ComparisonDatabase(path: path) }
        #expect(FileSnapshot(path) == before)
        #expect(before.bytes == contents)
    }

    @Test func aDamagedPerDatabaseIsRefusedUntouched() throws {
        let path = folder.file("damaged.sqlite")
        do {
            let store = try ComparisonDatabase(path: path)
            try store.save(sampleComparison())
        }
        // Keep per's header but scribble over the rest of the first pages.
        var bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(bytes.count > 4096)
        for i in 100..<min(bytes.count, 3 * 4096) { bytes[i] = 0xA5 }
        try bytes.write(to: URL(fileURLWithPath: path))
        backdate(path)
        let before = FileSnapshot(path)
        #expect(throws: DatabaseFailure.corrupt(path: path)) { try ComparisonDatabase(path: path) }
        #expect(FileSnapshot(path).bytes == before.bytes)
        #expect(FileSnapshot(path).modified == before.modified)
    }

    @Test func aReadOnlyFileOpensReadOnly() throws {
        let path = folder.file("ro.sqlite")
        let comparison = sampleComparison()
        do { try ComparisonDatabase(path: path).save(comparison) }
        #expect(chmod(path, 0o444) == 0)
        backdate(path)
        let before = FileSnapshot(path)

        let store = try ComparisonDatabase(path: path)
        #expect(store.isReadOnly)
        #expect(try store.load(comparison.id) == comparison)
        #expect(try store.summaries().count == 1)
        _ = try store.changeCounter()
        #expect(throws: DatabaseFailure.readOnly(path: path)) { try store.save(Comparison(title: "no")) }
        #expect(throws: DatabaseFailure.readOnly(path: path)) {
            try store.saveField(.price, of: product("x", "1", nil, nil), in: comparison.id)
        }
        #expect(throws: DatabaseFailure.readOnly(path: path)) { try store.deleteComparison(comparison.id) }
        #expect(DatabaseFailure.readOnly(path: path).message.contains("read-only"))
        #expect(before.siblings == ["ro.sqlite"])
        #expect(FileSnapshot(path) == before) // no -wal or -shm left behind either
    }

    @Test func aReadOnlyFolderOpensReadOnly() throws {
        let sub = folder.file("locked-folder")
        let path = (sub as NSString).appendingPathComponent("per.sqlite")
        let comparison = sampleComparison()
        do { try ComparisonDatabase(path: path).save(comparison) }
        #expect(chmod(sub, 0o555) == 0)
        defer { chmod(sub, 0o755) }
        let store = try ComparisonDatabase(path: path)
        #expect(store.isReadOnly)
        #expect(try store.load(comparison.id) == comparison)
        #expect(throws: DatabaseFailure.readOnly(path: path)) { try store.renameComparison(comparison.id, to: "no") }
    }

    @Test func aMissingFileInAReadOnlyFolderIsExplained() throws {
        let sub = folder.file("ro-folder")
        try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
        #expect(chmod(sub, 0o555) == 0)
        defer { chmod(sub, 0o755) }
        let path = (sub as NSString).appendingPathComponent("per.sqlite")
        #expect {
            try ComparisonDatabase(path: path)
        } throws: { error in
            guard case .cannotOpen(_, let reason) = error as? DatabaseFailure else { return false }
            return reason.contains("not writable")
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aFolderIsNotADatabase() throws {
        let path = folder.file("a-folder")
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        #expect(throws: DatabaseFailure.cannotOpen(path: path, reason: "it is a folder")) { try ComparisonDatabase(path: path) }
    }

    @Test func aPerDatabaseWithDamagedPagesIsRefusedUntouched() throws {
        let path = folder.file("pages.sqlite")
        try makeDamagedPerDatabase(at: path) { try ComparisonDatabase(path: path).save($0) }
        backdate(path)
        let before = FileSnapshot(path)
        #expect(throws: DatabaseFailure.corrupt(path: path)) { try ComparisonDatabase(path: path) }
        #expect(throws: DatabaseFailure.corrupt(path: path)) { try ComparisonDatabase(path: path, create: false) }
        let after = FileSnapshot(path)
        #expect(after.bytes == before.bytes)
        #expect(after.modified == before.modified)
        #expect(after.siblings == before.siblings)
    }

    @Test func aDeferredCheckRefusesTheFirstWriteAndLeavesTheFileUntouched() throws {
        let path = folder.file("pages.sqlite")
        try makeDamagedPerDatabase(at: path) { try ComparisonDatabase(path: path).save($0) }
        backdate(path)
        let before = FileSnapshot(path)
        do {
            let store = try ComparisonDatabase(path: path, create: true, deferringIntegrityCheck: true)
            #expect(throws: DatabaseFailure.corrupt(path: path)) { try store.saveHeader(of: Comparison(title: "new")) }
            #expect(throws: DatabaseFailure.corrupt(path: path)) { try store.verifyIntegrity() }   // still refused
            #expect(throws: DatabaseFailure.corrupt(path: path)) { try store.saveHeader(of: Comparison(title: "new")) }
        }
        #expect(FileSnapshot(path).bytes == before.bytes)
    }

    @Test(arguments: [false, true])
    func aDatabaseFromANewerPerIsRefusedUntouched(rollbackJournal: Bool) throws {
        let path = folder.file("newer.sqlite")
        do { _ = try ComparisonDatabase(path: path) }
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
                if rollbackJournal { try db.execute(sql: "PRAGMA journal_mode = DELETE") }
            }
        }
        backdate(path)
        let before = FileSnapshot(path)
        #expect {
            try ComparisonDatabase(path: path)
        } throws: { error in
            guard case .cannotOpen(_, let reason) = error as? DatabaseFailure else { return false }
            return reason.contains("newer version of per") && reason.contains("left untouched")
        }
        #expect(FileSnapshot(path) == before)
    }

    @Test func devicesAndFIFOsAreRefusedBeforeOpening() throws {
        let journalExisted = FileManager.default.fileExists(atPath: "/dev/null-journal")
        #expect(throws: DatabaseFailure.cannotOpen(path: "/dev/null", reason: "it is a character device, not a regular file; it was left untouched")) {
            try ComparisonDatabase(path: "/dev/null")
        }
        if !journalExisted { #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal")) }

        // Opening a FIFO for reading would wait for a writer forever.
        let fifo = folder.file("pipe")
        #expect(mkfifo(fifo, 0o600) == 0)
        let listing = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(throws: DatabaseFailure.cannotOpen(path: fifo, reason: "it is a FIFO (named pipe), not a regular file; it was left untouched")) {
            try ComparisonDatabase(path: fifo)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == listing)
    }

    @Test func openingWithoutCreatingMakesNothing() throws {
        let path = folder.file("not/there/per.sqlite")
        #expect {
            try ComparisonDatabase(path: path, create: false)
        } throws: { error in
            guard case .cannotOpen(let named, let reason) = error as? DatabaseFailure else { return false }
            return named == path && reason.contains("does not exist")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("not")))

        // An empty file is not made a per database either.
        let empty = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(throws: DatabaseFailure.self) { try ComparisonDatabase(path: empty, create: false) }
        #expect(FileSnapshot(empty).bytes.isEmpty)

        // A per database opens as usual.
        let saved = folder.file("saved.sqlite")
        do { try ComparisonDatabase(path: saved).save(sampleComparison()) }
        #expect(try ComparisonDatabase(path: saved, create: false).summaries().count == 1)
    }

    @Test func openingAHealthyDatabaseWritesNothing() throws {
        let path = folder.file("healthy.sqlite")
        do { try ComparisonDatabase(path: path).save(sampleComparison()) }
        backdate(path)
        let before = FileSnapshot(path)
        do { _ = try ComparisonDatabase(path: path).summaries() }
        #expect(FileSnapshot(path) == before)
    }

    @Test func everyErrorHasAOneLineMessage() {
        let errors: [DatabaseFailure] = [
            .notAPerDatabase(path: "/p"), .corrupt(path: "/p"), .cannotOpen(path: "/p", reason: "r"), .locked(path: "/p"),
            .readOnly(path: "/p"), .failed(path: "/p", reason: "r"), .comparisonDeleted(id: ComparisonID("c")),
        ]
        for error in errors {
            #expect(!error.message.isEmpty)
            #expect(!error.message.contains("\n"))
        }
        #expect(Set(errors.map(\.message)).count == errors.count)
    }

    /// A `-wal` or `-shm` made in advance by another account, or wider open than the database, is refused before SQLite
    /// opens it: the owner's data never goes into a file another account can read (decision 231). SQLite's own (this
    /// account's, the database's mode) open as before.
    @Test(arguments: ["-wal", "-shm"])
    func aLogMadeInAdvanceByAnotherAccountIsRefused(suffix: String) throws {
        let path = folder.file("private.sqlite")
        try ComparisonDatabase(path: path).save(Comparison(id: "c", title: "Secret prices"))
        let companion = path + suffix
        for (owner, mode) in [(uid_t(65534), mode_t(0o600)), (geteuid(), mode_t(0o666)), (geteuid(), mode_t(0o644))] {
            unlink(companion)
            #expect(FileManager.default.createFile(atPath: companion, contents: Data()))
            #expect(chmod(companion, mode) == 0 && chown(companion, owner, owner) == 0, "chown needs root")
            backdate(path)
            let before = (FileSnapshot(path), FileSnapshot(companion))
            #expect {
                try ComparisonDatabase(path: path)
            } throws: { error in
                guard case .cannotOpen(_, let reason) = error as? DatabaseFailure else { return false }
                return reason.hasPrefix("\(companion) was not made for it by SQLite: ") && reason.contains("left untouched")
            }
            #expect((FileSnapshot(path), FileSnapshot(companion)) == before, "owner \(owner), mode \(String(mode, radix: 8))")
        }
        unlink(companion)
        // SQLite's own, while another connection has the database open: taken.
        let open = try ComparisonDatabase(path: path)
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(try ComparisonDatabase(path: path).load("c")?.title == "Secret prices")
        open.close()
    }
}
