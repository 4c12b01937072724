import Foundation
import GRDB
import PerCore

/// Saved comparisons in one SQLite file (WAL mode), shared safely by several sessions and processes.
///
/// Every write is one short IMMEDIATE transaction; a database locked by another program is waited for
/// (`busyTimeout`), then reported as `StoreError.locked`. Field edits are column-level upserts, so two
/// sessions editing different fields of one product both keep their edit.
public final class ComparisonStore: Sendable {
    public let path: String
    public let isReadOnly: Bool
    private let queue: DatabaseQueue
    private let fileID: OpenFiles.FileID?

    // MARK: Where the file is

    /// `--db`, else `PER_DB`, else `$XDG_DATA_HOME/per/per.sqlite`, else `~/.local/share/per/per.sqlite`.
    public static func resolvePath(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return expandTilde(option, environment: environment) }
        if let path = environment["PER_DB"], !path.isEmpty { return expandTilde(path, environment: environment) }
        // The XDG spec says a relative XDG_DATA_HOME is to be ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return (data as NSString).appendingPathComponent("per/per.sqlite")
        }
        return (homeDirectory(environment) as NSString).appendingPathComponent(".local/share/per/per.sqlite")
    }

    private static func homeDirectory(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return NSHomeDirectory()
    }

    private static func expandTilde(_ path: String, environment: [String: String]) -> String {
        if path == "~" { return homeDirectory(environment) }
        if path.hasPrefix("~/") { return (homeDirectory(environment) as NSString).appendingPathComponent(String(path.dropFirst(2))) }
        return path
    }

    // MARK: Opening

    /// Opens the database at `path`, creating its folder (0700) and the file (0600) when missing.
    ///
    /// A file that is not a per database, or is damaged, is refused without being modified (it is inspected
    /// before SQLite is allowed to write anything). A file or folder without write permission opens read-only.
    public init(path: String, busyTimeout: TimeInterval = 5) throws(StoreError) {
        let path = Self.absolute(path)
        self.path = path
        let fileManager = FileManager.default
        let folder = (path as NSString).deletingLastPathComponent

        var isFolder: ObjCBool = false
        if !fileManager.fileExists(atPath: folder, isDirectory: &isFolder) {
            do {
                try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create the folder \(folder) (\(Self.reason(error)))")
            }
        } else if !isFolder.boolValue {
            throw .cannotOpen(path: path, reason: "\(folder) is not a folder")
        }

        if !fileManager.fileExists(atPath: path, isDirectory: &isFolder) {
            guard Self.isWritable(folder) else { throw .cannotOpen(path: path, reason: "the folder \(folder) is not writable") }
            let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if fd >= 0 { close(fd) } else if errno != EEXIST {
                throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
            }
        } else if isFolder.boolValue {
            throw .cannotOpen(path: path, reason: "it is a folder")
        }
        guard access(path, R_OK) == 0 else { throw .cannotOpen(path: path, reason: "permission denied") }

        // Sessions starting at the same moment take turns to inspect, create and migrate the file. The lock is
        // flock(2) on the folder: nothing is written, and no descriptor of the database file is opened and closed
        // (closing one would drop the POSIX locks SQLite holds on it in this process).
        let opening = try OpeningLock(folder: folder, path: path, timeout: busyTimeout)
        defer { opening.release() }

        // A file this process already has open is per's; reading its header again would mean opening and closing
        // a descriptor of it under SQLite's feet.
        let fileID = OpenFiles.id(of: path)
        self.fileID = fileID
        let kind = OpenFiles.isOpen(fileID) ? .per : try FileInspection.inspect(path: path, busyTimeout: busyTimeout)
        isReadOnly = !Self.isWritable(path) || !Self.isWritable(folder)

        if isReadOnly && kind != .per {
            throw .cannotOpen(path: path, reason: "it is read-only and holds no per data yet")
        }

        var configuration = Configuration()
        configuration.label = "per"
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        // WAL, set here rather than with `journalMode = .wal`: GRDB's WAL setup also writes (creates and drops a
        // table, with an fsync) whenever the -wal file is missing or empty, as it is after every clean exit. A
        // queue has no readers that need it, and that write cost most of a first paint.
        configuration.journalMode = .default
        if !isReadOnly {
            configuration.prepareDatabase { db in
                guard try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL") == "wal" else {
                    throw DatabaseError(message: "could not activate WAL mode")
                }
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
        }
        configuration.readonly = isReadOnly
        queue = try Self.openQueue(path: path, configuration: configuration)

        do {
            if try queue.read(Schema.migrator.hasBeenSuperseded) {
                throw StoreError.cannotOpen(path: path, reason: "it was written by a newer version of per; update per to open it")
            }
            if try !queue.read(Schema.migrator.hasCompletedMigrations) {
                if isReadOnly { throw StoreError.cannotOpen(path: path, reason: "it is read-only and was made by an older per") }
                do {
                    try Schema.migrator.migrate(queue)
                } catch {
                    // Another process may have migrated the file between our check and our write.
                    guard try queue.read(Schema.migrator.hasCompletedMigrations) else { throw error }
                }
            }
        } catch {
            throw Self.storeError(error, path: path, opening: true)
        }
        OpenFiles.add(fileID)
    }

    deinit {
        OpenFiles.remove(fileID)
    }

    /// An exclusive flock(2) on the database's folder, waited for up to `timeout`.
    private struct OpeningLock {
        let fd: Int32

        init(folder: String, path: String, timeout: TimeInterval) throws(StoreError) {
            fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard fd >= 0 else { return } // an unreadable folder: go on without the lock
            let deadline = Date().addingTimeInterval(timeout)
            while flock(fd, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR else { return } // no flock here: go on without
                guard Date() < deadline else { close(fd); throw .locked(path: path) }
                usleep(2_000)
            }
        }

        func release() {
            guard fd >= 0 else { return }
            flock(fd, LOCK_UN)
            close(fd)
        }
    }

    private static func openQueue(path: String, configuration: Configuration) throws(StoreError) -> DatabaseQueue {
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
            throw Self.storeError(error, path: path, opening: true)
        }
    }

    private static func openImmutable(path: String, configuration: Configuration) throws(StoreError) -> DatabaseQueue {
        let escaped = path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
        do {
            return try DatabaseQueue(path: "file:\(escaped)?immutable=1", configuration: configuration)
        } catch {
            throw Self.storeError(error, path: path, opening: true)
        }
    }

    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }

    /// Writable by us, and not marked read-only by its owner (root can write anything; chmod 0444 still means read-only).
    static func isWritable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return access(path, W_OK) == 0 && (info.st_mode & 0o222) != 0
    }

    // MARK: Reading

    /// The saved comparisons in the user's order.
    public func summaries() throws(StoreError) -> [ListEntry] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT c.id, c.title, c.updated_at,
                       (SELECT count(*) FROM product p WHERE p.comparison_id = c.id) AS product_count
                FROM comparison c ORDER BY c.position, c.rowid
                """).map { row in
                ListEntry(
                    id: ComparisonID(row["id"] as String), title: row["title"], productCount: row["product_count"],
                    updatedAt: Self.date(row["updated_at"]))
            }
        }
    }

    /// A saved comparison with its products in order; nil when there is none with that id.
    public func load(_ id: ComparisonID) throws(StoreError) -> Comparison? {
        try read { db in try Self.load(id, db) }
    }

    /// Every saved comparison, in list order.
    public func loadAll() throws(StoreError) -> [Comparison] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT id FROM comparison ORDER BY position, rowid").compactMap { try Self.load(ComparisonID($0), db) }
        }
    }

    private static func load(_ id: ComparisonID, _ db: Database) throws -> Comparison? {
        guard let header = try Row.fetchOne(db, sql: "SELECT title, basis_amount, basis_unit, volume_system FROM comparison WHERE id = ?", arguments: [id.rawValue])
        else { return nil }
        var basis: ComparisonBasis?
        if let amount = (header["basis_amount"] as String?).flatMap(DecimalText.parse),
           let unit = (header["basis_unit"] as String?).flatMap(MeasureUnit.init(rawValue:)) {
            basis = ComparisonBasis(amount: amount, unit: unit)
        }
        let products = try Row.fetchAll(db, sql: """
            SELECT id, name, price, quantity, unit FROM product WHERE comparison_id = ? ORDER BY position, rowid
            """, arguments: [id.rawValue]).map { row in
            Product(
                id: ProductID(row["id"] as String), name: row["name"],
                price: (row["price"] as String?).flatMap(DecimalText.parse),
                quantity: (row["quantity"] as String?).flatMap(DecimalText.parse),
                unit: (row["unit"] as String?).flatMap(MeasureUnit.init(rawValue:)))
        }
        return Comparison(
            id: id, title: header["title"], products: products, basis: basis,
            volumeSystem: VolumeSystem(rawValue: header["volume_system"]) ?? .us)
    }

    /// The comparison edited last, in any session.
    public func mostRecentlyEditedID() throws(StoreError) -> ComparisonID? {
        try read { db in
            let id = try String.fetchOne(db, sql: "SELECT id FROM comparison ORDER BY updated_at DESC, rowid DESC LIMIT 1")
            return id.map { ComparisonID($0) }
        }
    }

    /// Cheap; moves whenever another connection (another session or process) commits a change.
    /// This store's own writes don't move it: the caller already has what it wrote.
    public func changeCounter() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    /// When a comparison was last edited, in any session (a number that only grows); nil when it is gone.
    /// Cheap: lets a session skip reloading its comparison when another one was changed.
    public func lastEdit(of id: ComparisonID) throws(StoreError) -> Int64? {
        try read { db in try Int64.fetchOne(db, sql: "SELECT updated_at FROM comparison WHERE id = ?", arguments: [id.rawValue]) }
    }

    // MARK: Writing

    /// Saves a whole comparison: header and every product with its position, created or replaced.
    /// Products saved earlier that are no longer in it are deleted. A new comparison goes to the end of the list.
    public func save(_ comparison: Comparison) throws(StoreError) {
        try save([comparison])
    }

    /// Saves several whole comparisons in one transaction: all of them or none.
    public func save(_ comparisons: [Comparison]) throws(StoreError) {
        try write { db in
            for comparison in comparisons { try Self.save(comparison, db) }
        }
    }

    private static func save(_ comparison: Comparison, _ db: Database) throws {
        try upsertHeader(comparison, db)
        let id = comparison.id.rawValue
        let keep = Set(comparison.products.map(\.id.rawValue))
        for old in try String.fetchAll(db, sql: "SELECT id FROM product WHERE comparison_id = ?", arguments: [id]) where !keep.contains(old) {
            try db.execute(sql: "DELETE FROM product WHERE id = ?", arguments: [old])
        }
        let statement = try db.cachedStatement(sql: """
            INSERT INTO product (id, comparison_id, position, name, price, quantity, unit) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET comparison_id = excluded.comparison_id, position = excluded.position,
                name = excluded.name, price = excluded.price, quantity = excluded.quantity, unit = excluded.unit
            """)
        for (position, product) in comparison.products.enumerated() {
            try statement.execute(arguments: productArguments(product, comparison: comparison.id, position: position))
        }
    }

    private static func productArguments(_ product: Product, comparison: ComparisonID, position: Int) -> StatementArguments {
        [product.id.rawValue, comparison.rawValue, position, product.name,
         product.price.map(DecimalText.format), product.quantity.map(DecimalText.format), product.unit?.symbol]
    }

    /// Saves title, chosen basis and volume system (creating the comparison, without products, if it is not saved).
    public func saveHeader(of comparison: Comparison) throws(StoreError) {
        try write { db in try Self.upsertHeader(comparison, db) }
    }

    private static func upsertHeader(_ comparison: Comparison, _ db: Database) throws {
        let now = nowMilliseconds()
        try db.cachedStatement(sql: """
            INSERT INTO comparison (id, title, position, basis_amount, basis_unit, volume_system, created_at, updated_at)
            VALUES (?1, ?2, (SELECT coalesce(max(position), -1) + 1 FROM comparison), ?3, ?4, ?5, ?6,
                    max(?6, (SELECT coalesce(max(updated_at), 0) + 1 FROM comparison)))
            ON CONFLICT(id) DO UPDATE SET title = excluded.title, basis_amount = excluded.basis_amount,
                basis_unit = excluded.basis_unit, volume_system = excluded.volume_system, updated_at = excluded.updated_at
            """).execute(arguments: [
                comparison.id.rawValue, comparison.title,
                comparison.chosenBasis.map { DecimalText.format($0.amount) }, comparison.chosenBasis?.unit.symbol,
                comparison.volumeSystem.rawValue, now,
            ])
    }

    /// Saves one committed field. A product not saved yet gets a row with all its fields at `position`; a saved one
    /// gets only this column changed, so edits of other fields made meanwhile by other sessions are kept.
    /// Throws `.comparisonDeleted` when the comparison is gone (deleted in another session).
    public func saveField(_ field: ProductField, of product: Product, in comparison: ComparisonID, position: Int) throws(StoreError) {
        let column = switch field {
        case .price: "price"
        case .quantity: "quantity"
        case .unit: "unit"
        case .name: "name"
        }
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [comparison.rawValue]) == true else {
                throw StoreError.comparisonDeleted(id: comparison)
            }
            try db.cachedStatement(sql: """
                INSERT INTO product (id, comparison_id, position, name, price, quantity, unit) VALUES (?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(id) DO UPDATE SET \(column) = excluded.\(column)
                """).execute(arguments: Self.productArguments(product, comparison: comparison, position: position))
            try Self.touch(comparison, db)
        }
    }

    public func deleteProduct(_ id: ProductID) throws(StoreError) {
        try write { db in
            guard let comparison = try String.fetchOne(db, sql: "SELECT comparison_id FROM product WHERE id = ?", arguments: [id.rawValue]) else { return }
            try db.execute(sql: "DELETE FROM product WHERE id = ?", arguments: [id.rawValue])
            try Self.touch(ComparisonID(comparison), db)
        }
    }

    /// Deletes products in one transaction (Ctrl-K clears a comparison at once, or not at all).
    public func deleteProducts(_ ids: [ProductID]) throws(StoreError) {
        try write { db in
            var touched = Set<String>()
            for id in ids {
                if let comparison = try String.fetchOne(db, sql: "SELECT comparison_id FROM product WHERE id = ?", arguments: [id.rawValue]) {
                    touched.insert(comparison)
                }
                try db.execute(sql: "DELETE FROM product WHERE id = ?", arguments: [id.rawValue])
            }
            for comparison in touched { try Self.touch(ComparisonID(comparison), db) }
        }
    }

    /// Deletes a comparison and (by cascade) its products.
    public func deleteComparison(_ id: ComparisonID) throws(StoreError) {
        try write { db in try db.execute(sql: "DELETE FROM comparison WHERE id = ?", arguments: [id.rawValue]) }
    }

    public func renameComparison(_ id: ComparisonID, to title: String) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE comparison SET title = ? WHERE id = ?", arguments: [title, id.rawValue])
            try Self.touch(id, db)
        }
    }

    /// Moves a comparison to `index` in the list (clamped to the list).
    public func moveComparison(_ id: ComparisonID, to index: Int) throws(StoreError) {
        try write { db in
            var ids = try String.fetchAll(db, sql: "SELECT id FROM comparison ORDER BY position, rowid")
            guard let from = ids.firstIndex(of: id.rawValue) else { return }
            ids.remove(at: from)
            ids.insert(id.rawValue, at: min(max(index, 0), ids.count))
            let statement = try db.cachedStatement(sql: "UPDATE comparison SET position = ?1 WHERE id = ?2 AND position IS NOT ?1")
            for (position, id) in ids.enumerated() { try statement.execute(arguments: [position, id]) }
        }
    }

    /// Marks a comparison as edited now (and after every edit saved before, whatever the clocks say).
    private static func touch(_ id: ComparisonID, _ db: Database) throws {
        try db.cachedStatement(sql: """
            UPDATE comparison SET updated_at = max(?, (SELECT coalesce(max(updated_at), 0) + 1 FROM comparison)) WHERE id = ?
            """).execute(arguments: [nowMilliseconds(), id.rawValue])
    }

    // MARK: Benchmark data

    /// Fills the database at `path` with `comparisons` comparisons of `productsPerComparison` products (mass units,
    /// varied prices) in one transaction. For `make bench`.
    public static func seed(path: String, comparisons: Int, productsPerComparison: Int) throws(StoreError) {
        let store = try ComparisonStore(path: path)
        let units: [MeasureUnit] = [.gram, .kilogram, .ounce, .pound]
        try store.write { db in
            let start = try Int.fetchOne(db, sql: "SELECT coalesce(max(position), -1) + 1 FROM comparison") ?? 0
            let now = nowMilliseconds()
            let insertComparison = try db.makeStatement(sql: """
                INSERT INTO comparison (id, title, position, basis_amount, basis_unit, volume_system, created_at, updated_at)
                VALUES (?, ?, ?, NULL, NULL, 'us', ?, ?)
                """)
            let insertProduct = try db.makeStatement(sql: """
                INSERT INTO product (id, comparison_id, position, name, price, quantity, unit) VALUES (?, ?, ?, ?, ?, ?, ?)
                """)
            for c in 0..<comparisons {
                let id = ComparisonID.random().rawValue
                try insertComparison.execute(arguments: [id, "Bench \(start + c + 1)", start + c, now, now + Int64(c)])
                for p in 0..<productsPerComparison {
                    let n = c * productsPerComparison + p
                    try insertProduct.execute(arguments: [
                        ProductID.random().rawValue, id, p, "Product \(p + 1)",
                        "\(1 + n % 97).\(10 + n % 90)", "\(100 + (n * 7) % 900)", units[n % units.count].symbol,
                    ])
                }
            }
        }
    }

    // MARK: Plumbing

    private static func nowMilliseconds() -> Int64 { Int64((Date().timeIntervalSince1970 * 1000).rounded()) }

    private static func date(_ milliseconds: Int64) -> Date { Date(timeIntervalSince1970: Double(milliseconds) / 1000) }

    private func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try Self.mapErrors(path: path) { try queue.read(body) }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        if isReadOnly { throw .readOnly(path: path) }
        return try Self.mapErrors(path: path) { try queue.write(body) }
    }

    private static func mapErrors<T>(path: String, _ body: () throws -> T) throws(StoreError) -> T {
        do { return try body() } catch { throw storeError(error, path: path, opening: false) }
    }

    static func storeError(_ error: any Error, path: String, opening: Bool) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return opening ? .cannotOpen(path: path, reason: reason(error)) : .failed(path: path, reason: reason(error))
        }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked(path: path)
        case .SQLITE_READONLY: return .readOnly(path: path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .corrupt(path: path)
        case .SQLITE_FULL: return .failed(path: path, reason: "the disk is full")
        case .SQLITE_PERM, .SQLITE_AUTH: return .cannotOpen(path: path, reason: "permission denied")
        default:
            let text = error.message ?? "SQLite error \(error.extendedResultCode.rawValue)"
            return opening ? .cannotOpen(path: path, reason: text) : .failed(path: path, reason: text)
        }
    }

    static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError, let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
           underlying.domain == NSPOSIXErrorDomain, let code = POSIXErrorCode(rawValue: Int32(underlying.code)) {
            return String(cString: strerror(code.rawValue))
        }
        return (error as NSError).localizedDescription
    }
}

/// The database files this process has open through a store, by device and inode.
enum OpenFiles {
    struct FileID: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    nonisolated(unsafe) private static var counts: [FileID: Int] = [:]
    private static let lock = NSLock()

    static func id(of path: String) -> FileID? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    static func isOpen(_ id: FileID?) -> Bool {
        guard let id else { return false }
        return lock.withLock { counts[id, default: 0] > 0 }
    }

    static func add(_ id: FileID?) {
        guard let id else { return }
        lock.withLock { counts[id, default: 0] += 1 }
    }

    static func remove(_ id: FileID?) {
        guard let id else { return }
        lock.withLock {
            counts[id, default: 0] -= 1
            if counts[id] == 0 { counts[id] = nil }
        }
    }
}
