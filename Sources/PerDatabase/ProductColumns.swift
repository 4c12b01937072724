import Foundation
import GRDB
import PerCore

/// One data column of the `product` table: a product's datum (`ProductDatum`), stored as its text (nil: not set).
struct ProductColumn: Sendable {
    let datum: ProductDatum
    var name: String { datum.column }

    /// What is stored for the product: decimal text for numbers, the unit's symbol, nil for "not set".
    func value(_ product: Product) -> (any DatabaseValueConvertible)? { datum.text(product) }

    /// Sets the datum from the stored value; a value this per can't read leaves it unset (never a crash).
    func load(_ product: inout Product, _ value: DatabaseValue) { datum.read(&product, String.fromDatabaseValue(value)) }

    /// The columns `field`'s save writes: its value first.
    static func of(_ field: ProductField) -> [ProductColumn] { ProductColumns.all.filter { $0.datum.field == field } }

    /// The day the price was seen: no field's, written with each pricing field (`isPricing`).
    static let seen = ProductColumns.all.first { $0.name == "seen" }!
}

/// The product table as loading, whole-product saves, single-field upserts and imports use it: a row is the
/// key columns (id, comparison_id, position) and then `ProductColumns.all`, in that order.
enum ProductColumns {
    static let all = ProductDatum.all.map(ProductColumn.init)

    /// The columns `product(from:)` reads, for a SELECT.
    static let selection = all.reduce("id") { $0 + ", " + $1.name }   // not joined(separator:): the app's first read
                                                                       // would wait for its protocol-conformance lookup

    /// INSERT of a whole row. When the product is saved already, only the columns in `updating` change
    /// (none: the INSERT fails on a duplicate id).
    static func insert(updating: [String]) -> String {
        let names = ["id", "comparison_id", "position"] + all.map(\.name)
        var sql = "INSERT INTO product (\(names.joined(separator: ", "))) VALUES (\(names.map { _ in "?" }.joined(separator: ", ")))"
        if !updating.isEmpty {
            sql += " ON CONFLICT(id) DO UPDATE SET " + updating.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
        }
        return sql
    }

    /// Saving a whole product: every column but the id changes (it may have moved to another position or comparison).
    static let upsertWhole = insert(updating: ["comparison_id", "position"] + all.map(\.name))

    /// Saving one field: a product not saved yet gets its whole row, after the comparison's last product (whatever
    /// place it had in the session that typed it, so two sessions adding products at once never share a place); a
    /// saved one gets only that column changed. A price, quantity or unit carries its day (`seen`) with it.
    /// Arguments: `appendingArguments`.
    static func upsert(_ field: ProductField) -> String { upsertField[field] ?? appending(updating: updated(by: field)) }

    private static let upsertField = Dictionary(uniqueKeysWithValues: ProductField.allCases.map { ($0, appending(updating: updated(by: $0))) })

    private static func appending(updating: [String]) -> String {
        let names = ["id", "comparison_id", "position"] + all.map(\.name)
        let values = ["?1", "?2", "(SELECT coalesce(max(position), -1) + 1 FROM product WHERE comparison_id = ?2)"]
            + all.indices.map { "?\($0 + 3)" }
        return "INSERT INTO product (\(names.joined(separator: ", "))) VALUES (\(values.joined(separator: ", ")))"
            + " ON CONFLICT(id) DO UPDATE SET " + updating.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    }

    private static func updated(by field: ProductField) -> [String] {
        ProductColumn.of(field).map(\.name) + (field.isPricing ? [ProductColumn.seen.name] : [])
    }

    /// The columns `price_history` keeps of a product, under the same names: what a price seen is (`PriceRecord`,
    /// `ProductDatum.historyData`: a price seen's and the offer beside it, decision 412), not the multipack's shape. A row
    /// of it is `comparison_id`, `product_id` and then these.
    static let history = ProductDatum.historyData.map(ProductColumn.init)

    /// The history's columns after the keys, for an INSERT or a SELECT (not joined(separator:), as `selection`).
    static let historyNames = history.dropFirst().reduce(history[0].name) { $0 + ", " + $1.name }

    /// Keeps product ?1's price in `price_history` when it is priced (`Product.isPriced`: every pricing field set)
    /// and the new values of `changing` (?2..., the pricing fields being saved, as stored) differ from it. Run
    /// before the product's row is written, in the same transaction, so that each earlier price is recorded exactly
    /// once whoever writes.
    /// A change that corrects the price (decision 110: the stored price was seen on the new value's day, `?seen`, or
    /// after it: by another session's clock or time zone, never a sighting before this one) keeps nothing: the earlier
    /// value was a typo, not a price seen. Arguments: `historyArguments(_:changing:)`.
    static func recordHistory(changing fields: [ProductField]) -> String {
        let priced = ProductField.allCases.filter(\.isPricing).map { "\(ProductColumn.of($0)[0].name) IS NOT NULL" }
        let conditions = fields.enumerated().map { "\(ProductColumn.of($1)[0].name) IS NOT ?\($0 + 2)" }
        let seen = "?\(fields.count + 2)"
        return """
            INSERT INTO price_history (comparison_id, product_id, \(historyNames))
            SELECT comparison_id, id, \(historyNames) FROM product
            WHERE id = ?1 AND \(priced.joined(separator: " AND "))
              AND (\(conditions.isEmpty ? "0" : conditions.joined(separator: " OR ")))
              AND (\(seen) IS NULL OR \(ProductColumn.seen.name) IS NULL OR \(ProductColumn.seen.name) < \(seen))
            """
    }

    /// Keeps product ?1's price in `price_history` as it is, when it is priced: a product deleted was seen, its price
    /// is history now.
    static let recordDeleted = """
        INSERT INTO price_history (comparison_id, product_id, \(historyNames))
        SELECT comparison_id, id, \(historyNames) FROM product
        WHERE id = ?1 AND \(ProductField.allCases.filter(\.isPricing).map { "\(ProductColumn.of($0)[0].name) IS NOT NULL" }.joined(separator: " AND "))
        """

    /// Takes out of `price_history` product ?1's latest entry when it is the product's price now (all the history's
    /// columns equal): a price brought back (Ctrl-Y, Ctrl-R) is current again, not also history. Run after the write.
    static let unrecordCurrent = """
        DELETE FROM price_history WHERE id = (SELECT max(id) FROM price_history WHERE product_id = ?1)
          AND EXISTS (SELECT 1 FROM product WHERE product.id = ?1 AND \(history.map { "product.\($0.name) IS price_history.\($0.name)" }.joined(separator: " AND ")))
        """

    /// INSERT of one `price_history` row; arguments: `insertHistoryArguments(_:comparison:formatted:)`.
    static let insertHistory = """
        INSERT INTO price_history (comparison_id, product_id, \(historyNames)) VALUES (\(Array(repeating: "?", count: history.count + 2).joined(separator: ", ")))
        """

    /// The arguments of `insertHistory` for `record`, with its price and quantity texts given where known (import).
    static func insertHistoryArguments(_ record: PriceRecord, comparison: ComparisonID, formatted: DecimalTexts = DecimalTexts()) -> StatementArguments {
        StatementArguments([comparison.rawValue, record.product.rawValue] + values(of: record.asProduct, in: history, formatted: formatted))
    }

    /// A `price_history` row selected with `historyNames` after `id, product_id`; nil when it is not priced (a unit
    /// this per can't read), so it is left out, never a crash.
    static func priceRecord(from row: Row) -> PriceRecord? {
        var product = Product.new(id: ProductID(String.fromDatabaseValue(row["product_id"]) ?? ""))
        for column in history { column.load(&product, row[column.name]) }
        var record = PriceRecord(product)
        record?.entry = Int64.fromDatabaseValue(row["id"]).map(PriceEntryID.init)
        return record
    }

    /// The arguments of `recordHistory(changing: fields)`: the product's id and its new values of `fields` as stored.
    static func historyArguments(_ product: Product, changing fields: [ProductField]) -> StatementArguments {
        StatementArguments([product.id.rawValue] + fields.map { ProductColumn.of($0)[0].value(product) } + [ProductColumn.seen.value(product)])
    }

    /// The arguments of `insert(updating:)` for `product`.
    static func arguments(_ product: Product, comparison: ComparisonID, position: Int) -> StatementArguments {
        StatementArguments([product.id.rawValue, comparison.rawValue, position] + all.map { $0.value(product) })
    }

    /// The arguments of `upsert(_:)` for `product`: those of `insert(updating:)` without the position.
    static func appendingArguments(_ product: Product, comparison: ComparisonID) -> StatementArguments {
        StatementArguments([product.id.rawValue, comparison.rawValue] + all.map { $0.value(product) })
    }

    /// The same, with the price and quantity texts given where known (import: the file's text, formatted without
    /// going through Decimal). Checked against `value(product)` by the tests.
    static func arguments(_ product: Product, comparison: ComparisonID, position: Int, formatted: DecimalTexts) -> StatementArguments {
        StatementArguments([product.id.rawValue, comparison.rawValue, position] + values(of: product, in: all, formatted: formatted))
    }

    /// What `product` stores in `columns`, with its price and quantity texts given where known.
    private static func values(of product: Product, in columns: [ProductColumn], formatted: DecimalTexts) -> [(any DatabaseValueConvertible)?] {
        var values: [(any DatabaseValueConvertible)?] = []
        values.reserveCapacity(columns.count)
        for column in columns {
            switch column.name {
            case "price" where product.price != nil && formatted.price != nil: values.append(formatted.price)
            case "quantity" where product.quantity != nil && formatted.quantity != nil: values.append(formatted.quantity)
            default: values.append(column.value(product))
            }
        }
        return values
    }

    /// A product from a row selected with `selection`.
    static func product(from row: Row) -> Product {
        var product = Product.new(id: ProductID(String.fromDatabaseValue(row["id"]) ?? ""))
        for column in all { column.load(&product, row[column.name]) }
        return product
    }
}
