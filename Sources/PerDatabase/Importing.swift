import Foundation
import GRDB
import PerCore

/// Writes what an import reads, as it reads it, inside the import's one transaction (`ComparisonDatabase.importing`).
public struct ImportWriter: ExchangeSink {
    let db: Database
    private let insertProduct: Statement
    private let insertHistory: Statement
    /// Comparisons and products written so far.
    public private(set) var comparisons = 0
    public private(set) var products = 0
    /// The comparisons this import made, in file order.
    private var made: [ComparisonID] = []
    /// The products left out (a unit of another family than their comparison's), as the reader words why.
    public private(set) var leftOut: [String] = []
    /// The earlier prices left out, the same way.
    public private(set) var leftOutHistory: [String] = []
    /// The comparison whose products come now, and the family of its first product with a unit.
    private var current: (id: ComparisonID, title: String, family: UnitFamily?, byUse: Bool)?

    init(_ db: Database) throws {
        self.db = db
        // Imported products have fresh random ids: a plain INSERT, no upsert.
        insertProduct = try db.cachedStatement(sql: ProductColumns.insert(updating: []))
        insertHistory = try db.cachedStatement(sql: ProductColumns.insertHistory)
    }

    public mutating func comparison(_ header: Comparison) throws {
        let new = try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [header.id.rawValue]) != true
        try ComparisonDatabase.upsertHeader(header, listCountIfNew: ExchangeListState.earlierFormat.count, at: ComparisonDatabase.nowMilliseconds(), db)
        if current?.id != header.id { current = (header.id, header.title, nil, false) }
        current?.title = header.title
        current?.byUse = header.useWord != nil
        if new {
            comparisons += 1
            made.append(header.id)
        }
    }

    /// Refuses a product of another family than its comparison's first (`.mixedFamilies`; the reader hands those to
    /// `leaveOut` instead, so this is the database's own guard).
    public mutating func product(_ product: Product, position: Int, in comparison: ComparisonID, texts: DecimalTexts) throws {
        if let unit = product.unit, current?.id == comparison, current?.byUse != true {   // by use: any unit (decision 305)
            if let family = current?.family, family != unit.family {
                throw DatabaseFailure.mixedFamilies(product: product.id, name: product.name, unit: unit, comparison: comparison,
                                                    title: current?.title ?? "", family: family)
            }
            if current?.family == nil { current?.family = unit.family }
        }
        insertProduct.setUncheckedArguments(ProductColumns.arguments(product, comparison: comparison, position: position, formatted: texts))
        try insertProduct.execute()
        products += 1
    }

    /// A product of a unit family other than its comparison's: not imported, and said (`ImportCounts.leftOut`); the
    /// rest of the file is.
    public mutating func leaveOut(_ product: Product, position: Int, in comparison: ComparisonID, because refusal: ExchangeError) throws {
        leftOut.append(refusal.message)
    }

    /// An earlier price of another unit family than its comparison's: not imported, and said (`ImportCounts.leftOutHistory`).
    public mutating func leaveOut(history record: PriceRecord, in comparison: ComparisonID, because refusal: ExchangeError) throws {
        leftOutHistory.append(refusal.message)
    }

    public mutating func history(_ record: PriceRecord, in comparison: ComparisonID, texts: DecimalTexts) throws {
        insertHistory.setUncheckedArguments(ProductColumns.insertHistoryArguments(record, comparison: comparison, formatted: texts))
        try insertHistory.execute()
    }

    /// The comparison's list state; its pin names the product imported at that position.
    public mutating func listState(_ state: ExchangeListState, in comparison: ComparisonID) throws {
        try db.cachedStatement(sql: """
            UPDATE comparison SET list_count = ?2, in_cart = ?3, aisle = ?4,
                pinned_product = (SELECT id FROM product WHERE comparison_id = ?1 AND position = ?5), list_amount = ?6, list_unit = ?7
            WHERE id = ?1
            """).execute(arguments: [comparison.rawValue, state.count, state.ticked, state.aisle, state.pinnedPosition,
                                     state.amount.map { DecimalText.format($0.quantity) }, state.amount?.unit.symbol])
    }

    /// Takes out again each comparison this import made that is already here: one saved before with the same title,
    /// comparison unit and products (the same fields in the same order). Importing a file twice then adds nothing.
    /// Returns their titles, in file order.
    mutating func removeWhatWasHereAlready() throws -> [String] {
        let madeIDs = Set(made.map(\.rawValue))
        var alreadyHere: [String] = []
        for id in made {
            // Only a comparison whose title was here before is loaded and compared: a large import stays quick.
            let sameTitle = try String.fetchAll(db, sql: """
                SELECT other.id FROM comparison other JOIN comparison this ON this.title = other.title
                WHERE this.id = ? AND other.id <> this.id
                """, arguments: [id.rawValue]).filter { !madeIDs.contains($0) }
            guard !sameTitle.isEmpty, let imported = try ComparisonDatabase.load(id, db) else { continue }
            for other in sameTitle {
                guard let earlier = try ComparisonDatabase.load(ComparisonID(other), db), Self.sameContent(earlier, imported) else { continue }
                try db.execute(sql: "DELETE FROM comparison WHERE id = ?", arguments: [id.rawValue])
                comparisons -= 1
                products -= imported.products.count
                alreadyHere.append(imported.title)
                break
            }
        }
        return alreadyHere
    }

    private static func sameContent(_ a: Comparison, _ b: Comparison) -> Bool {
        func content(_ c: Comparison) -> [Product] { c.products.map { var p = $0; p.id = ""; return p } }
        return a.title == b.title && a.chosenBasis == b.chosenBasis && a.volumeSystem == b.volumeSystem && content(a) == content(b)
    }
}

/// What an import did: comparisons and products added, the titles of those it found already here (not added), and
/// why each product left out was (a unit of another family than its comparison's: `line 4, comparison 1 "Milk",
/// product 2 "c", unit: kg is a weight unit, but the comparison is by volume…`).
public struct ImportCounts: Equatable, Sendable {
    public var comparisons: Int
    public var products: Int
    public var alreadyHere: [String]
    public var leftOut: [String] = []
    /// Why each earlier price left out was (another family of units than its comparison's).
    public var leftOutHistory: [String] = []
}

extension ComparisonDatabase {
    /// Runs an import in one write transaction: `body` hands comparisons and products to the writer as it reads
    /// them, and any error it throws rolls everything back, so a refused file leaves the database as it was.
    /// The body's own errors (an `ExchangeError`, a failed read) come out unchanged; the database's are `DatabaseFailure`s.
    /// Comparisons already here (same title, unit and products) are not added again (`ImportCounts.alreadyHere`).
    public func importing(_ body: (inout ImportWriter) throws -> Void) throws -> ImportCounts {
        if isReadOnly { throw DatabaseFailure.readOnly(path: path) }
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
                let alreadyHere = try writer.removeWhatWasHereAlready()
                return ImportCounts(comparisons: writer.comparisons, products: writer.products, alreadyHere: alreadyHere, leftOut: writer.leftOut,
                                    leftOutHistory: writer.leftOutHistory)
            }
        } catch {
            if let own { throw own }
            throw Self.storeError(error, path: path, opening: false)
        }
    }
}
