import Foundation
import GRDB
import PerCore

/// Writes what an import reads, as it reads it, inside the import's one transaction (`ComparisonStore.importing`).
public struct ImportWriter: ExchangeSink {
    let db: Database
    private let insertProduct: Statement
    private let insertHistory: Statement
    /// Comparisons and products written so far.
    public private(set) var comparisons = 0
    public private(set) var products = 0

    init(_ db: Database) throws {
        self.db = db
        // Imported products have fresh random ids: a plain INSERT, no upsert.
        insertProduct = try db.cachedStatement(sql: ProductColumns.insert(updating: []))
        insertHistory = try db.cachedStatement(sql: ComparisonStore.insertHistory)
    }

    public mutating func comparison(_ header: Comparison) throws {
        let new = try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [header.id.rawValue]) != true
        try ComparisonStore.upsertHeader(header, db)
        if new { comparisons += 1 }
    }

    public mutating func product(_ product: Product, position: Int, in comparison: ComparisonID, texts: DecimalTexts) throws {
        insertProduct.setUncheckedArguments(ProductColumns.arguments(product, comparison: comparison, position: position, formatted: texts))
        try insertProduct.execute()
        products += 1
    }

    public mutating func history(_ record: PriceRecord, in comparison: ComparisonID, texts: DecimalTexts) throws {
        insertHistory.setUncheckedArguments(ComparisonStore.historyArguments(record, comparison: comparison, texts: texts))
        try insertHistory.execute()
    }
}

extension ComparisonStore {
    /// Runs an import in one write transaction: `body` hands comparisons and products to the writer as it reads
    /// them, and any error it throws rolls everything back, so a refused file leaves the database as it was.
    /// The body's own errors (an `ExchangeError`, a failed read) come out unchanged; the database's are `StoreError`s.
    public func importing(_ body: (inout ImportWriter) throws -> Void) throws -> (comparisons: Int, products: Int) {
        if isReadOnly { throw StoreError.readOnly(path: path) }
        var own: (any Error)?
        do {
            return try queue.write { db in
                // A larger page cache while importing, so that SQLite spills pages to the log less often; it is a
                // bound (32 MiB), so memory stays flat however long the file.
                let cacheSize = try Int.fetchOne(db, sql: "PRAGMA cache_size") ?? -2000
                try db.execute(sql: "PRAGMA cache_size = -32768")
                defer { try? db.execute(sql: "PRAGMA cache_size = \(cacheSize)") }
                var writer = try ImportWriter(db)
                do {
                    try body(&writer)
                } catch let error as DatabaseError {
                    throw error
                } catch {
                    own = error
                    throw error
                }
                return (writer.comparisons, writer.products)
            }
        } catch {
            if let own { throw own }
            throw Self.storeError(error, path: path, opening: false)
        }
    }
}

extension ComparisonStore {
    static let insertHistory = """
        INSERT INTO price_history (comparison_id, product_id, name, store, seen, price, quantity, unit) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """

    static func historyArguments(_ record: PriceRecord, comparison: ComparisonID, texts: DecimalTexts = DecimalTexts()) -> StatementArguments {
        [comparison.rawValue, record.product.rawValue, record.name, record.store, record.seen?.iso,
         texts.price ?? DecimalText.format(record.price), texts.quantity ?? DecimalText.format(record.quantity), record.unit.symbol]
    }
}
