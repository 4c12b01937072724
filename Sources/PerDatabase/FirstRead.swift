import Foundation
import GRDB
import GRDBSQLite
import PerCore

/// The comparison the app opens on, read with SQLite's C API before the database is opened, so that the first frame
/// waits neither for GRDB's connection set-up nor for its row decoding (together about as much as everything else
/// the app does before it). Only an existing, writable per database whose applied migrations are exactly this
/// per's is read this way; for anything else `read` gives nil and the app opens the database first, as before.
///
/// It only reads, in one transaction. The database is still opened (lock, checks, migrations) right after the first
/// frame, and the app compares what it reads then with this: nothing is typed in between. `close()` it before the
/// database opens (`AppStartup`): the opening's own look at the file header closes a descriptor of the file, which
/// would drop this connection's lock under SQLite's feet (decision 164).
public final class FirstRead {
    /// The comparison edited last; nil when the database holds none.
    public let comparison: Comparison?
    /// How many of it are on the shopping list (0 when there is none).
    public let listCount: Int
    private var connection: OpaquePointer?

    private init(comparison: Comparison?, listCount: Int, connection: OpaquePointer?) {
        self.comparison = comparison
        self.listCount = listCount
        self.connection = connection
    }

    /// The first frame's state: the comparison read (else `new`) and its count on the list.
    public func state(orNew new: Comparison, session: Session) -> AppState {
        AppState(opening: comparison ?? new, listCount: listCount, session: session)
    }

    deinit { close() }

    public func close() {
        if let connection { sqlite3_close_v2(connection) }
        connection = nil
    }

    /// nil when the file is not one this path can read (missing, read-only, not per's, migrated by another
    /// version, locked, damaged...): the database's own opening then decides, with its messages.
    public static func read(path: String) -> FirstRead? {
        let path = ComparisonDatabase.absolute(path)
        let folder = (path as NSString).deletingLastPathComponent
        guard (try? ComparisonDatabase.entry(at: path)) == .regularFile,
              ComparisonDatabase.isWritable(path), ComparisonDatabase.isWritable(folder),
              (try? FileInspection.inspect(path: path, busyTimeout: 0.1)) == .per
        else { return nil }
        var connection: OpaquePointer?
        // Nobody has it open (no write-ahead log): read it as immutable, without locks and without making the -wal
        // and -shm files the database makes right after (syscalls and two new files before the first frame). A session
        // that starts writing in between is seen by the database's own read, which wins.
        let immutable = access(path + "-wal", F_OK) != 0
        let name = immutable ? "file://" + uriEscaped(path) + "?immutable=1" : path
        let flags = (immutable ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI : SQLITE_OPEN_READWRITE) | SQLITE_OPEN_NOMUTEX
        guard sqlite3_open_v2(name, &connection, flags, nil) == SQLITE_OK else {
            sqlite3_close_v2(connection)
            return nil
        }
        sqlite3_busy_timeout(connection, 100)
        guard sqlite3_exec(connection, "BEGIN", nil, nil, nil) == SQLITE_OK else {
            sqlite3_close_v2(connection)
            return nil
        }
        let read = try? readComparison(connection)
        sqlite3_exec(connection, "COMMIT", nil, nil, nil)
        guard let read else {
            sqlite3_close_v2(connection)
            return nil
        }
        return FirstRead(comparison: read?.comparison, listCount: read?.listCount ?? 0, connection: connection)
    }

    /// An absolute path as the path of a `file:` URI: `%`, `?` and `#` escaped (SQLite reads the rest as it is).
    static func uriEscaped(_ path: String) -> String {
        var escaped = ""
        for character in path {
            switch character {
            case "%": escaped += "%25"
            case "?": escaped += "%3f"
            case "#": escaped += "%23"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    private struct Unreadable: Error {}

    /// .some(nil): a per database without comparisons. Throws when the schema is not this per's.
    private static func readComparison(_ connection: OpaquePointer?) throws -> (comparison: Comparison, listCount: Int)?? {
        let applied = try rows(connection, "SELECT identifier FROM grdb_migrations") { String.fromDatabaseValue(DatabaseValue(sqliteStatement: $0, index: 0)) ?? "" }
        let known = Schema.migrationIdentifiers
        guard applied.count == known.count, known.allSatisfy(applied.contains) else { throw Unreadable() }

        let headers = try rows(connection, ComparisonDatabase.lastEditedSQL) { statement in
            (0..<sqlite3_column_count(statement)).map { DatabaseValue(sqliteStatement: statement, index: $0) }
        }
        guard let header = headers.first else { return .some(nil) }
        guard let id = String.fromDatabaseValue(header[0]) else { throw Unreadable() }
        let products = try rows(connection, ComparisonDatabase.productsSQL, binding: id) { statement in
            ComparisonDatabase.product { DatabaseValue(sqliteStatement: statement, index: $0) }
        }
        guard let comparison = ComparisonDatabase.comparison(header: { header[Int($0)] }, products: products) else { throw Unreadable() }
        return (comparison, ComparisonDatabase.listCount { header[Int($0)] })
    }

    private static func rows<T>(_ connection: OpaquePointer?, _ sql: String, binding argument: String? = nil, _ row: (OpaquePointer) -> T) throws -> [T] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw Unreadable()
        }
        defer { sqlite3_finalize(statement) }
        if let argument {
            // SQLITE_TRANSIENT: SQLite copies the text.
            guard sqlite3_bind_text(statement, 1, argument, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self)) == SQLITE_OK else {
                throw Unreadable()
            }
        }
        var result: [T] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: result.append(row(statement))
            case SQLITE_DONE: return result
            default: throw Unreadable()
            }
        }
    }

}
