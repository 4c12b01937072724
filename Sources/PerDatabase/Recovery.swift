import Foundation
import GRDB
import PerCore

/// What importing a recovery file did.
public enum RecoveryImport: Equatable, Sendable {
    /// Its changes were made, all in one transaction.
    case applied
    /// The file's id was recorded already (at that time): nothing was changed.
    case alreadyApplied(at: Date)
}

extension ComparisonDatabase {
    /// Makes a recovery file's changes, in order, with the calls the app's session makes them with, all in one
    /// transaction, and records the file's id: a file whose id is recorded changes nothing. A change into a
    /// comparison that is gone (deleted in another session since) saves its header again first, by its id, so what
    /// was typed is kept. Any failure rolls everything back.
    public func importRecovery(_ journal: RecoveryJournal) throws(DatabaseFailure) -> RecoveryImport {
        try allOrNothing { db in
            if let at = try Int64.fetchOne(db, sql: "SELECT applied_at FROM applied_recovery WHERE id = ?", arguments: [journal.id]) {
                return .alreadyApplied(at: Self.date(at))
            }
            for change in journal.changes {
                _ = try apply(try Self.withRowIfGone(change, db))
            }
            try db.execute(sql: "INSERT INTO applied_recovery (id, applied_at) VALUES (?, ?)", arguments: [journal.id, Self.nowMilliseconds()])
            return .applied
        }
    }

    /// A field or a product brought back, into a comparison whose row is not there, saves the header first.
    private static func withRowIfGone(_ change: PendingWrite, _ db: Database) throws -> PendingWrite {
        guard case .edit(let edit, let header, false) = change else { return change }
        switch edit {
        case .saveField, .restoreProduct:
            let there = try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [header.id.rawValue]) == true
            return there ? change : .edit(edit, of: header, needsRow: true)
        case .deleteProduct, .withdrawProduct, .deleteAllProducts, .saveHeader, .pinProduct:
            return change
        }
    }

    /// Runs `body` in one write transaction that every write of this database made inside it joins (`write`), so
    /// the ordinary calls (`saveField`, `changeListCount`…) commit together or not at all.
    func allOrNothing<T>(_ body: (Database) throws -> T) throws(DatabaseFailure) -> T {
        try write { db in
            let key = transactionKey
            Thread.current.threadDictionary[key] = JoinedTransaction(db)
            defer { Thread.current.threadDictionary.removeObject(forKey: key) }
            return try body(db)
        }
    }

    /// The transaction of `allOrNothing` running on this thread, if any.
    var joinedTransaction: Database? {
        (Thread.current.threadDictionary[transactionKey] as? JoinedTransaction)?.db
    }

    private var transactionKey: String { "per.allOrNothing.\(UInt(bitPattern: ObjectIdentifier(self).hashValue))" }
}

/// The open transaction `allOrNothing` lends to the writes made inside it.
private final class JoinedTransaction: NSObject {
    let db: Database
    init(_ db: Database) { self.db = db }
}

/// Writing a recovery file: whole or not at all, its owner's alone (0600), never over another file.
public enum RecoveryFile {
    /// per's private folder for files that cannot go beside the database: `$XDG_STATE_HOME/per`, by default
    /// `~/.local/state/per`, made 0700. Nil when there is no home to put it in.
    public static func stateFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = (home as NSString).appendingPathComponent(".local/state")
        } else {
            return nil
        }
        return (base as NSString).appendingPathComponent("per")
    }

    /// Why no folder took the file.
    public struct Failure: Error, CustomStringConvertible {
        public var reasons: [String]
        public var description: String { reasons.joined(separator: "; ") }
    }

    /// Writes `text` as `name` in the first folder that takes it whole: a temporary file (exclusive, 0600) written,
    /// flushed to the disk and then linked to its name (`name` taken: `-2`, `-3`… before `.json`). A folder that
    /// fails (a full disk) keeps nothing of it. Returns the file's path.
    public static func write(_ text: String, named name: String, in folders: [String]) throws(Failure) -> String {
        var reasons: [String] = []
        for folder in folders {
            do {
                return try write(Array(text.utf8), named: name, in: folder)
            } catch {
                reasons.append("\(folder): \(error.reason)")
            }
        }
        throw Failure(reasons: reasons)
    }

    private struct SystemError: Error {
        var reason: String
        static func last() -> SystemError { SystemError(reason: String(cString: strerror(errno))) }
    }

    private static func write(_ bytes: [UInt8], named name: String, in folder: String) throws(SystemError) -> String {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            do {
                try PrivateFolder.make(folder)
            } catch {
                throw SystemError(reason: "cannot create the folder (\(error.reason))")
            }
        } else if !isFolder.boolValue {
            throw SystemError(reason: "not a folder")
        }
        let temporary = (folder as NSString).appendingPathComponent(".\(name).\(EntityID.random().rawValue.prefix(8)).tmp")
        let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .last() }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = count < 0 ? SystemError.last() : SystemError(reason: "nothing written")
                close(fd); unlink(temporary)
                throw error
            }
            written += count
        }
        if fsync(fd) != 0 {
            let error = SystemError.last()
            close(fd); unlink(temporary)
            throw error
        }
        close(fd)
        defer { unlink(temporary) }
        let stem = (name as NSString).deletingPathExtension, suffix = (name as NSString).pathExtension
        for attempt in 1...100 {
            let path = (folder as NSString).appendingPathComponent(attempt == 1 ? name : "\(stem)-\(attempt).\(suffix)")
            if link(temporary, path) == 0 {
                let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                if folderFD >= 0 { fsync(folderFD); close(folderFD) }   // the name is on the disk too
                return path
            }
            if errno != EEXIST { throw .last() }
        }
        throw SystemError(reason: "100 recovery files of this second are there already")
    }
}
