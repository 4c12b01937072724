import Foundation
import GRDB

// The SQLite connection: opening it, running reads and writes on it, and turning its errors into StoreErrors.
extension ComparisonDatabase {
    static func openQueue(path: String, configuration: Configuration) throws(DatabaseFailure) -> DatabaseQueue {
        // Read-only and nobody has it open (no write-ahead log): read it as immutable, so that SQLite doesn't leave
        // -wal and -shm files of ours next to a file that isn't ours to write.
        if configuration.readonly && !FileManager.default.fileExists(atPath: path + "-wal") {
            return try openImmutable(path: path, configuration: configuration)
        }
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration)
            if configuration.readonly { _ = try queue.read { try Int.fetchOne($0, sql: "PRAGMA data_version") } }
            return queue
        } catch let error as DatabaseError where configuration.readonly
            && (error.resultCode == .SQLITE_READONLY || error.resultCode == .SQLITE_CANTOPEN)
        {
            // A WAL database whose -shm file we can't write or create: read it as immutable.
            return try openImmutable(path: path, configuration: configuration)
        } catch {
            throw storeError(error, path: path, opening: true)
        }
    }

    private static func openImmutable(path: String, configuration: Configuration) throws(DatabaseFailure) -> DatabaseQueue {
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        do {
            return try DatabaseQueue(path: "file:\(escaped)?immutable=1", configuration: configuration)
        } catch {
            throw storeError(error, path: path, opening: true)
        }
    }

    /// How long a write waits for another program's lock before failing with `.locked`. The app
    /// keeps this short, so a key never waits on a lock: its write is kept and tried again.
    public func waitForLocks(atMost seconds: TimeInterval) {
        _ = try? queue.inDatabase { try $0.execute(sql: "PRAGMA busy_timeout = \(Int(seconds * 1000))") }
    }

    /// Closes the connection: SQLite checkpoints the write-ahead log into this file and removes the
    /// `-wal` and `-shm` files beside the path, so a file moved over it does not inherit them.
    public func close() {
        try? queue.close()
    }

    func read<T>(_ body: (Database) throws -> T) throws(DatabaseFailure) -> T {
        if let joined = joinedTransaction { return try Self.mapErrors(path: path) { try body(joined) } }
        return try Self.mapErrors(path: path) { try queue.read(body) }
    }

    /// A write inside `allOrNothing` joins its transaction.
    func write<T>(_ body: (Database) throws -> T) throws(DatabaseFailure) -> T {
        if isReadOnly { throw .readOnly(path: path) }
        try verifyIntegrity()
        if let joined = joinedTransaction { return try Self.mapErrors(path: path) { try body(joined) } }
        return try Self.mapErrors(path: path) { try queue.write(body) }
    }

    private static func mapErrors<T>(path: String, _ body: () throws -> T) throws(DatabaseFailure) -> T {
        do { return try body() } catch { throw storeError(error, path: path, opening: false) }
    }

    static func storeError(_ error: any Error, path: String, opening: Bool) -> DatabaseFailure {
        if let error = error as? DatabaseFailure { return error }
        guard let error = error as? DatabaseError else {
            return opening ? .cannotOpen(path: path, reason: reason(error)) : .failed(path: path, reason: reason(error))
        }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
        case .SQLITE_READONLY: return .readOnly(path: path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .corrupt(path: path)
        case .SQLITE_FULL: return .failed(path: path, reason: "the disk is full")
        case .SQLITE_PERM, .SQLITE_AUTH: return .cannotOpen(path: path, reason: "permission denied")
        case .SQLITE_IOERR where isNearlyFull(folderOf: path):
            // SQLite reports a -wal or -shm it could not grow as an I/O error, not SQLITE_FULL.
            let reason = "the disk is full (disk I/O error)"
            return opening ? .cannotOpen(path: path, reason: reason) : .failed(path: path, reason: reason)
        default:
            let text = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
            return opening ? .cannotOpen(path: path, reason: text) : .failed(path: path, reason: text)
        }
    }

    /// Less than 1 MiB free where the database is (`statvfs`, for an unprivileged user).
    static func isNearlyFull(folderOf path: String) -> Bool {
        var info = statvfs()
        guard statvfs((path as NSString).deletingLastPathComponent, &info) == 0 else { return false }
        return UInt64(info.f_bavail) * UInt64(info.f_frsize) < 1 << 20
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return (error as NSError).localizedDescription
    }

    static func nowMilliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }
}
