import Foundation
import GRDB

/// Looks at an existing file before SQLite may write to it, so that a file that is not per's is never modified.
enum FileInspection {
    enum Kind: Equatable {
        /// Zero bytes: SQLite treats it as an empty database.
        case empty
        /// A SQLite database without any table (nobody's data yet).
        case blank
        /// A per database (application_id set by per's first migration).
        case per
    }

    private static let magic = Array("SQLite format 3\0".utf8)

    static func inspect(path: String, busyTimeout: TimeInterval) throws(DatabaseFailure) -> Kind {
        // open and pread rather than FileHandle: this runs before the first paint.
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: "cannot read it") }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 108)
        var count = 0
        while count < header.count {
            let read = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, $0.count - count, off_t(count)) }
            if read > 0 {
                count += read
            } else if read == 0 {
                break
            } else if errno != EINTR {
                throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
            }
        }
        header.removeSubrange(count...)
        if header.isEmpty { return .empty }
        guard header.count >= 100, Array(header[0..<16]) == magic else { throw .corrupt(path: path) }

        let applicationID = Int32(bitPattern: UInt32(header[68]) << 24 | UInt32(header[69]) << 16 | UInt32(header[70]) << 8 | UInt32(header[71]))
        if applicationID == Schema.applicationID { return .per }
        if applicationID != 0 { throw .notAPerDatabase(path: path) }

        // No application id in the main file. When a write-ahead log exists, the file's first page may be stale
        // (a per database being created by another process right now): ask SQLite, read-only.
        var wal = stat()
        if stat(path + "-wal", &wal) == 0 && wal.st_size > 0 { return try inspectWithSQLite(path: path, busyTimeout: busyTimeout) }

        // Otherwise page 1 tells: an empty schema table is a leaf page (0x0D) with no cells.
        guard header.count >= 108 else { throw .corrupt(path: path) }
        if header[100] == 0x0D && header[103] == 0 && header[104] == 0 { return .blank }
        // Tables, but maybe only the one a per that stopped while making it left (see `inspectWithSQLite`).
        return try inspectWithSQLite(path: path, busyTimeout: busyTimeout)
    }

    private static func inspectWithSQLite(path: String, busyTimeout: TimeInterval) throws(DatabaseFailure) -> Kind {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        // Immutable when there is no write-ahead log: a read-only connection to a WAL database would make -wal and
        // -shm files beside another program's file.
        let queue = try ComparisonDatabase.openQueue(path: path, configuration: configuration)
        do {
            return try queue.read { db in
                if try Int32.fetchOne(db, sql: "PRAGMA application_id") == Schema.applicationID { return .per }
                // GRDB's list of migrations, empty, and nothing else: a per stopped while making the file (the disk
                // was full, kill -9) after GRDB made its table and before the first migration committed.
                let others = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name NOT IN ('grdb_migrations', 'sqlite_autoindex_grdb_migrations_1')")
                if others == 0 {
                    let hasList = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master WHERE name = 'grdb_migrations'") == 1
                    let listed = hasList ? try Int.fetchOne(db, sql: "SELECT count(*) FROM grdb_migrations") : 0
                    if listed == 0 { return .blank }
                }
                throw DatabaseFailure.notAPerDatabase(path: path)
            }
        } catch {
            throw ComparisonDatabase.storeError(error, path: path, opening: true)
        }
    }
}

extension FileInspection {
    /// Checks a file that looks like SQLite's on a connection that cannot write (read-only, or immutable when no
    /// write-ahead log exists): the whole file passes `PRAGMA quick_check`, and no migration this per doesn't know
    /// was applied. Done before the writing connection opens, because opening one writes.
    static func check(path: String, busyTimeout: TimeInterval) throws(DatabaseFailure) {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        let queue = try ComparisonDatabase.openQueue(path: path, configuration: configuration)
        do {
            try queue.read { db in
                let problems = try String.fetchAll(db, sql: "PRAGMA quick_check")
                guard problems == ["ok"] else { throw DatabaseFailure.corrupt(path: path) }
                if try Schema.migrator.hasBeenSuperseded(db) { throw newerVersion(path: path, release: try Schema.newerRelease(db)) }
            }
        } catch {
            throw ComparisonDatabase.storeError(error, path: path, opening: true)
        }
    }

    /// `release`: the newest per release the file's migrations name, when they name one (0.3.0 on).
    static func newerVersion(path: String, release: String?) -> DatabaseFailure {
        let writer = release.map { "per \($0)" } ?? "a newer version of per"
        return .cannotOpen(path: path, reason: "it was written by \(writer), and this per reads databases up to per \(Schema.release)'s;"
                           + " it was left untouched: update per to open it")
    }
}
