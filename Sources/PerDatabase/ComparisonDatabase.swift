import Foundation
import GRDB
import PerCore

/// Saved comparisons in one SQLite file (WAL mode), shared safely by several sessions and processes.
///
/// Every write is one short IMMEDIATE transaction; a database locked by another program is waited for
/// (`busyTimeout`), then reported as `DatabaseFailure.locked`. Field edits are column-level upserts, so two
/// sessions editing different fields of one product both keep their edit.
///
/// This file opens the database; DatabasePath.swift finds it, Reading.swift and Writing.swift use it.
public final class ComparisonDatabase: Sendable {
    public let path: String
    public let isReadOnly: Bool
    /// The database's own id, random, made with it (a copy of the file has the same): a recovery file names it
    /// (`RecoveryJournal.database`), so that its changes are not made in another database by mistake.
    public let identity: String
    let queue: DatabaseQueue
    private let fileID: OpenFiles.FileID?

    /// Opens the database at `path`, creating its folder (0700) and the file (0600) when missing.
    ///
    /// A file that is not a per database, is damaged, or was written by a newer per is refused without being
    /// modified (it is inspected, then checked on a connection that cannot write, before SQLite is allowed to write
    /// anything). A file or folder without write permission opens read-only.
    public convenience init(path: String, busyTimeout: TimeInterval = 5) throws(DatabaseFailure) {
        try self.init(path: path, busyTimeout: busyTimeout, create: true)
    }

    /// Whether the whole-file check (`quick_check`) is still to be done before the first write.
    private let integrityCheck = PendingCheck()

    /// Opens the database at `path`; with `create` false, a missing file (or one that holds no per data yet) is
    /// refused and nothing is created: reading commands never make a database.
    ///
    /// `deferringIntegrityCheck`: the whole-file check, which reads every page (about 60 ms at 100,000 products),
    /// waits for `verifyIntegrity()` or the first write, whichever comes first, so the app can paint before it.
    /// Opening itself writes nothing to a healthy file, and a file that needs a migration is checked at once.
    ///
    /// A file this call made and could not make a per database (the disk full, say) is removed again, with its
    /// write-ahead log and index, while it holds nothing: a failed open leaves the folder as it found it.
    public convenience init(path: String, busyTimeout: TimeInterval = 5, create: Bool, deferringIntegrityCheck: Bool = false) throws(DatabaseFailure) {
        let path = Self.absolute(path)
        let made = MadeFile()
        do {
            try self.init(absolute: path, busyTimeout: busyTimeout, create: create, deferringIntegrityCheck: deferringIntegrityCheck, made: made)
        } catch {
            if made.isMade { Self.removeIfBlank(path, busyTimeout: busyTimeout) }
            throw error
        }
    }

    /// Whether the opening made the database file (it was missing).
    final class MadeFile { var isMade = false }

    /// Removes the database at `path` and its companions when it holds no table but GRDB's empty list of
    /// migrations (`FileInspection`'s `.blank`), under the opening lock so no other per is making it meanwhile.
    static func removeIfBlank(_ path: String, busyTimeout: TimeInterval) {
        let folder = (path as NSString).deletingLastPathComponent
        guard let opening = try? OpeningLock(folder: folder, path: path, timeout: busyTimeout) else { return }
        defer { opening.release() }
        guard let kind = try? FileInspection.inspect(path: path, busyTimeout: busyTimeout), kind != .per else { return }
        for file in [path + "-wal", path + "-shm", path] { unlink(file) }
    }

    private init(absolute path: String, busyTimeout: TimeInterval, create: Bool, deferringIntegrityCheck: Bool, made: MadeFile) throws(DatabaseFailure) {
        self.path = path
        let fileManager = FileManager.default
        let folder = (path as NSString).deletingLastPathComponent

        let entry = try Self.entry(at: path)
        if entry == .folder { throw .cannotOpen(path: path, reason: "it is a folder") }
        if entry == .missing {
            guard create else { throw .cannotOpen(path: path, reason: Self.missingReason) }
            var isFolder: ObjCBool = false
            if !fileManager.fileExists(atPath: folder, isDirectory: &isFolder) {
                do {
                    try PrivateFolder.make(folder)
                } catch {
                    throw .cannotOpen(path: path, reason: "cannot create the folder \(folder) (\(error.reason))")
                }
            } else if !isFolder.boolValue {
                throw .cannotOpen(path: path, reason: "\(folder) is not a folder")
            }
            guard Self.isWritable(folder) else { throw .cannotOpen(path: path, reason: "the folder \(folder) is not writable") }
            let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if fd >= 0 { Glibc.close(fd); made.isMade = true } else if errno != EEXIST {
                throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
            }
            // Made by someone else meanwhile: it must be a regular file too.
            guard try Self.entry(at: path) == .regularFile else { throw .cannotOpen(path: path, reason: Self.missingReason) }
        }
        guard access(path, R_OK) == 0 else { throw .cannotOpen(path: path, reason: "permission denied") }
        try Self.checkCompanions(of: path)

        let opening = try OpeningLock(folder: folder, path: path, timeout: busyTimeout)
        defer { opening.release() }

        // A file this process already has open is per's and was checked; reading its header again would mean
        // opening and closing a descriptor of it under SQLite's feet.
        let fileID = OpenFiles.id(of: path)
        self.fileID = fileID
        let alreadyOpen = OpenFiles.isOpen(fileID)
        let kind = alreadyOpen ? .per : try FileInspection.inspect(path: path, busyTimeout: busyTimeout)
        isReadOnly = !Self.isWritable(path) || !Self.isWritable(folder)

        if !create && kind != .per {
            throw .cannotOpen(path: path, reason: "it holds no per data yet (the app or per import makes it a per database)")
        }
        if isReadOnly && kind != .per {
            throw .cannotOpen(path: path, reason: "it is read-only and holds no per data yet")
        }
        if !alreadyOpen && kind != .empty {
            if deferringIntegrityCheck {
                integrityCheck.set(busyTimeout: busyTimeout)
            } else {
                try FileInspection.check(path: path, busyTimeout: busyTimeout)
            }
        }

        var configuration = Configuration()
        configuration.label = "per"
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.readonly = isReadOnly
        if !isReadOnly {
            // WAL set here rather than with `journalMode = .wal`: GRDB's setting also creates and drops a table
            // whenever the -wal file is missing, a write (and a page added to the file) at every start.
            configuration.prepareDatabase { db in
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw DatabaseFailure.cannotOpen(path: path, reason: "SQLite could not switch it to WAL mode")
                }
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        queue = try Self.openQueue(path: path, configuration: configuration)

        do {
            // Checked before opening too; asked again in case another per migrated it meanwhile. One read for both.
            let (superseded, completed) = try queue.read { db in
                (try Schema.migrator.hasBeenSuperseded(db), try Schema.migrator.hasCompletedMigrations(db))
            }
            if superseded { throw FileInspection.newerVersion(path: path, release: try queue.read(Schema.newerRelease)) }
            if !completed {
                if isReadOnly { throw DatabaseFailure.cannotOpen(path: path, reason: "it is read-only and was made by an older per") }
                if let busyTimeout = integrityCheck.pending {   // a migration writes (`verifyIntegrity`, before `self` is whole)
                    try FileInspection.check(path: path, busyTimeout: busyTimeout)
                    integrityCheck.done()
                }
                do {
                    try Schema.migrator.migrate(queue)
                } catch {
                    // Another process may have migrated the file between our check and our write.
                    guard try queue.read(Schema.migrator.hasCompletedMigrations) else { throw error }
                }
            }
            identity = try queue.read { try String.fetchOne($0, sql: "SELECT id FROM database_identity") } ?? ""
        } catch {
            throw Self.storeError(error, path: path, opening: true)
        }
        OpenFiles.add(fileID)
    }

    private static let missingReason = "it does not exist (the app or per import creates it)"

    /// Refuses a write-ahead log or shared-memory index beside the database that SQLite would not have made for it: SQLite
    /// makes them with the database's mode, owned by whoever opened it first (this account, the file's owner, or, in a
    /// folder shared on purpose, someone of the database's group). One made in advance by another account (0666 in
    /// /tmp, or in a shared folder for a private database) would receive what is written, or feed what is read; it is
    /// left alone, and so is the database. Checked before SQLite opens either.
    static func checkCompanions(of path: String) throws(DatabaseFailure) {
        var database = stat()
        guard stat(path, &database) == 0 else { return }
        let databaseMode = database.st_mode & 0o777
        let sharedWithGroup = databaseMode & 0o060 == 0o060
        for suffix in ["-wal", "-shm"] {
            var companion = stat()
            guard lstat(path + suffix, &companion) == 0 else { continue }
            let mode = companion.st_mode & 0o777
            let why: String
            if companion.st_mode & S_IFMT != S_IFREG {
                why = "it is not a regular file"
            } else if companion.st_uid != database.st_uid && companion.st_uid != geteuid()
                        && !(sharedWithGroup && companion.st_gid == database.st_gid) {
                why = "it belongs to another account (uid \(companion.st_uid)), not to the database's owner"
            } else if mode & ~databaseMode != 0 {
                why = "it lets others in where the database does not (mode \(String(mode, radix: 8)), the database's \(String(databaseMode, radix: 8)))"
            } else {
                continue
            }
            throw .cannotOpen(path: path, reason: "\(path + suffix) was not made for it by SQLite: \(why); both were left untouched "
                              + "(remove \((path + suffix as NSString).lastPathComponent) if no per runs on the database)")
        }
    }

    deinit {
        OpenFiles.remove(fileID)
    }
}

extension ComparisonDatabase {
    /// Runs the whole-file check if it was deferred; a damaged or newer file throws, and nothing was written.
    public func verifyIntegrity() throws(DatabaseFailure) {
        guard let busyTimeout = integrityCheck.pending else { return }
        try FileInspection.check(path: path, busyTimeout: busyTimeout)
        integrityCheck.done()
    }
}

/// A deferred whole-file check: set at opening, done once it passed (a failed check stays pending).
final class PendingCheck: @unchecked Sendable {
    private let lock = NSLock()
    private var busyTimeout: TimeInterval?

    func set(busyTimeout: TimeInterval) { lock.withLock { self.busyTimeout = busyTimeout } }
    var pending: TimeInterval? { lock.withLock { busyTimeout } }
    func done() { lock.withLock { busyTimeout = nil } }
}
