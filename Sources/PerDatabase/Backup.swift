import Foundation
import Glibc
import GRDB
import PerCore

// `per backup FILE`: a snapshot of the whole database, consistent while other sessions write.
extension ComparisonDatabase {
    /// Why a backup was not written.
    public enum BackupFailure: Error, Equatable, Sendable {
        /// Something is already at the path: it is left as it was.
        case exists(path: String)
        /// The file could not be made (no such folder, no permission).
        case cannotCreate(path: String, reason: String)
        /// The target could not be written (a full disk, a write error; the half-written file is removed).
        case cannotWrite(path: String, reason: String)
        /// The database could not be read (damaged, locked; the half-written file is removed).
        case failed(DatabaseFailure)
    }

    /// Writes a copy of the database to `target` with `VACUUM INTO`: one read transaction, so the copy is the
    /// database as some commit left it, whatever other connections are writing (a write transaction open elsewhere
    /// is not in it). The file is made here, mode 0600 and only when nothing is at `target` (`O_EXCL`: an existing
    /// file, link or folder is never written through or replaced), then filled by SQLite. The copy is a normal per
    /// database (same schema, migrations and application id), compacted.
    public func backup(to target: String) throws(BackupFailure) {
        let target = Self.absolute(target)
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == EEXIST { throw .exists(path: target) }
            throw .cannotCreate(path: target, reason: String(cString: strerror(code)))
        }
        fchmod(descriptor, 0o600)   // whatever the umask
        Glibc.close(descriptor)
        do {
            // Not in `read`: VACUUM can't run inside a transaction; it makes its own read transaction.
            try queue.inDatabase { db in try db.execute(sql: "VACUUM INTO ?", arguments: [target]) }
        } catch {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(target + suffix) }
            throw backupFailure(error, target: target)
        }
    }

    /// What went wrong, blamed on the file it went wrong in: reading the database (damaged, locked, a read error) or,
    /// for anything else, writing the target (a full disk was reported as the database's).
    private func backupFailure(_ error: any Error, target: String) -> BackupFailure {
        guard let error = error as? DatabaseError else { return .cannotWrite(path: target, reason: Self.reason(error)) }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED, .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return .failed(Self.storeError(error, path: path, opening: false))
        case .SQLITE_FULL:
            return .cannotWrite(path: target, reason: "the disk is full")
        default:
            if error.extendedResultCode == .SQLITE_IOERR_READ || error.extendedResultCode == .SQLITE_IOERR_SHORT_READ {
                return .failed(Self.storeError(error, path: path, opening: false))
            }
            return .cannotWrite(path: target, reason: error.message ?? "SQLite error \(error.extendedResultCode.rawValue)")
        }
    }
}
