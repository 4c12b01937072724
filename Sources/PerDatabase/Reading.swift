import Foundation
import GRDB
import PerCore

// Reads: the list, whole comparisons, and the cheap checks a session polls.
extension ComparisonDatabase {
    /// The saved comparisons, the most recently edited first.
    public func summaries() throws(DatabaseFailure) -> [ListEntry] {
        try read { db in
            try Row.fetchAll(db, sql: """
                SELECT c.id, c.title, c.updated_at,
                       (SELECT count(*) FROM product p WHERE p.comparison_id = c.id) AS product_count
                FROM comparison c ORDER BY c.updated_at DESC, c.rowid DESC
                """).map { row in
                ListEntry(
                    id: ComparisonID(row["id"] as String), title: row["title"], productCount: row["product_count"],
                    updatedAt: Self.date(row["updated_at"]))
            }
        }
    }

    /// A saved comparison with its products in order; nil when there is none with that id.
    public func load(_ id: ComparisonID) throws(DatabaseFailure) -> Comparison? {
        try read { db in try Self.load(id, db) }
    }

    /// Every saved comparison, the one edited longest ago first: `per import` gives each comparison it reads a
    /// later edit time than the one before, so an export read back keeps the list's order.
    public func loadAll() throws(DatabaseFailure) -> [Comparison] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT id FROM comparison ORDER BY updated_at, rowid").compactMap { try Self.load(ComparisonID($0), db) }
        }
    }

    // How a comparison is read, here and by `FirstRead` (SQLite's C API, before the first frame): the same SQL, the same
    // decoding of each row, given a row's values by position.
    /// A comparison's own columns, in the order `comparison(header:products:)` reads them.
    static let headerColumns = "id, title, basis_amount, basis_unit, volume_system, pinned_product, list_count"
    static let headerSQL = "SELECT \(headerColumns) FROM comparison"
    /// The comparison edited last first, in any session.
    static let lastEditedFirst = "ORDER BY updated_at DESC, rowid DESC"
    /// The comparison the app opens on.
    static let lastEditedSQL = "\(headerSQL) \(lastEditedFirst) LIMIT 1"
    /// A comparison's products in order (its id the one argument), for `product(_:)`.
    static let productsSQL = "SELECT \(ProductColumns.selection) FROM product WHERE comparison_id = ? ORDER BY position, rowid"

    /// A comparison from its row (`headerSQL`) and its products; nil for a row without an id.
    static func comparison(header value: (Int32) -> DatabaseValue, products: [Product]) -> Comparison? {
        func text(_ index: Int32) -> String? { String.fromDatabaseValue(value(index)) }
        guard let id = text(0) else { return nil }
        var basis: ComparisonBasis?
        if let amount = text(2).flatMap(DecimalText.parse), let unit = text(3).flatMap(MeasureUnit.init(symbol:)) {
            basis = ComparisonBasis(amount: amount, unit: unit)
        } else if let unit = text(3), unit.hasPrefix("use:") {
            basis = ComparisonBasis(parsing: unit)   // by use: `use:wash` (decision 304)
        }
        return Comparison(
            id: ComparisonID(id), title: text(1) ?? "", products: products, basis: basis,
            volumeSystem: text(4).flatMap(VolumeSystem.init(rawValue:)) ?? .us, pinned: text(5).map { ProductID($0) })
    }

    /// How many of a comparison are on the shopping list, from its row (`headerSQL`).
    static func listCount(header value: (Int32) -> DatabaseValue) -> Int { Int.fromDatabaseValue(value(6)) ?? 0 }

    /// A product from a row of `productsSQL`.
    static func product(_ value: (Int32) -> DatabaseValue) -> Product {
        var product = Product.new(id: ProductID(String.fromDatabaseValue(value(0)) ?? ""))
        for (index, column) in ProductColumns.all.enumerated() { column.load(&product, value(Int32(index + 1))) }
        return product
    }

    static func load(_ id: ComparisonID, _ db: Database) throws -> Comparison? {
        try Row.fetchOne(db, sql: "\(headerSQL) WHERE id = ?", arguments: [id.rawValue]).flatMap { try load(header: $0, db) }
    }

    private static func load(header: Row, _ db: Database) throws -> Comparison? {
        let products = try Row.fetchAll(db, sql: productsSQL, arguments: [header[0] as DatabaseValue]).map { row in product { row[Int($0)] } }
        return comparison(header: { header[Int($0)] }, products: products)
    }

    /// A comparison's price history: every earlier price of its products, in the order recorded (oldest first).
    /// The products' prices now are not in it (`PriceBook` puts the two together).
    public func history(of id: ComparisonID) throws(DatabaseFailure) -> [PriceRecord] {
        try read { db in try Self.history(of: id, db) }
    }

    static func history(of id: ComparisonID, _ db: Database) throws -> [PriceRecord] {
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, product_id, \(ProductColumns.historyNames) FROM price_history WHERE comparison_id = ? ORDER BY id
            """, arguments: [id.rawValue])
        var records: [PriceRecord] = []
        while let row = try rows.next() {
            // A row this per can't read (a unit it doesn't know) is left out, never a crash.
            if let record = ProductColumns.priceRecord(from: row) { records.append(record) }
        }
        return records
    }

    /// The comparison edited last, in any session.
    public func mostRecentlyEditedID() throws(DatabaseFailure) -> ComparisonID? {
        try read(Self.mostRecentlyEditedID)
    }

    static func mostRecentlyEditedID(_ db: Database) throws -> ComparisonID? {
        try String.fetchOne(db, sql: "SELECT id FROM comparison \(lastEditedFirst) LIMIT 1").map { ComparisonID($0) }
    }

    /// The comparison edited last, in any session, read whole in one transaction.
    public func loadMostRecentlyEdited() throws(DatabaseFailure) -> Comparison? {
        try read { db in try Row.fetchOne(db, sql: Self.lastEditedSQL).flatMap { try Self.load(header: $0, db) } }
    }

    /// The app's first state: the comparison edited most recently, in any session, and its count on the shopping list,
    /// read before the first frame, the count with the comparison's row as `FirstRead` reads it. A database that holds
    /// none gives `new`, unsaved (its first write makes it: a comparison nobody typed into is never saved), count 0.
    public func openingState(orNew new: Comparison, session: Session) throws(DatabaseFailure) -> AppState {
        let (comparison, listCount) = try read { db in
            guard let header = try Row.fetchOne(db, sql: Self.lastEditedSQL), let loaded = try Self.load(header: header, db) else { return (new, 0) }
            return (loaded, Self.listCount { header[Int($0)] })
        }
        return AppState(opening: comparison, listCount: listCount, session: session)
    }

    /// Cheap; moves whenever another connection (another session or process) commits a change.
    /// This connection's own writes don't move it: the caller already has what it wrote.
    public func changeCounter() throws(DatabaseFailure) -> Int {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    /// When a comparison was last edited, in any session (a number that only grows); nil when it is gone.
    /// Cheap: lets a session skip reloading its comparison when another one was changed.
    public func lastEdit(of id: ComparisonID) throws(DatabaseFailure) -> Int64? {
        try read { db in try Int64.fetchOne(db, sql: "SELECT updated_at FROM comparison WHERE id = ?", arguments: [id.rawValue]) }
    }

    /// What a session polls of its open comparison: its last edit, and its pin (a pin is not an edit, yet another
    /// session's must show within a second). Nil when the comparison is gone.
    /// Its price history's size and last entry too: a history cleared, an entry deleted or imported elsewhere changes
    /// what the lowest seen is, without an edit of the comparison.
    public func stamp(of id: ComparisonID) throws(DatabaseFailure) -> ComparisonStamp? {
        try read { db in
            try Row.fetchOne(db, sql: """
                SELECT updated_at, pinned_product, list_count,
                       (SELECT count(*) FROM price_history WHERE comparison_id = ?1) AS entries,
                       (SELECT coalesce(max(id), 0) FROM price_history WHERE comparison_id = ?1) AS last_entry
                FROM comparison WHERE id = ?1
                """, arguments: [id.rawValue])
                .map { ComparisonStamp(edit: $0["updated_at"], pinned: ($0["pinned_product"] as String?).map { ProductID($0) },
                                       listCount: $0["list_count"], history: HistoryStamp(entries: $0["entries"], last: $0["last_entry"])) }
        }
    }
}

/// A comparison's last edit, pin and count on the shopping list, and its history's stamp, as a session last read them.
public struct ComparisonStamp: Equatable, Sendable {
    public var edit: Int64
    public var pinned: ProductID?
    public var listCount: Int
    public var history: HistoryStamp
}

/// How many entries a price history holds and the id of its last: a change of either is a change of the history.
public struct HistoryStamp: Equatable, Sendable {
    public var entries: Int
    public var last: Int64
}

extension ComparisonDatabase {
    /// The latest edit time the database holds (a comparison's or a field's, milliseconds since 1970; 0 for none).
    func latestEditTime() throws(DatabaseFailure) -> Int64 {
        try read { db in try Int64.fetchOne(db, sql: "SELECT max(updated_at) FROM comparison") ?? 0 }
    }
}
