import Foundation
import GRDB
import PerCore

/// Writes what an import reads, as it reads it, inside the import's one transaction (`ComparisonStore.importing`).
public struct ImportWriter: ExchangeSink {
    let db: Database
    private let insertProduct: Statement
    /// Comparisons and products written so far.
    public private(set) var comparisons = 0
    public private(set) var products = 0

    init(_ db: Database) throws {
        self.db = db
        // Imported products have fresh random ids: a plain INSERT, no upsert.
        insertProduct = try db.cachedStatement(sql: ProductColumns.insert(updating: []))
    }

    public mutating func comparison(_ header: Comparison) throws {
        let new = try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [header.id.rawValue]) != true
        try ComparisonStore.upsertHeader(header, db)
        if new { comparisons += 1 }
    }

    public mutating func product(_ product: Product, position: Int, in comparison: ComparisonID) throws {
        insertProduct.setUncheckedArguments(ProductColumns.arguments(product, comparison: comparison, position: position))
        try insertProduct.execute()
        products += 1
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
