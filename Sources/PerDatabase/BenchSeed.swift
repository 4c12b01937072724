import Foundation
import GRDB
import PerCore

// Benchmark data for `make bench`.
extension ComparisonDatabase {
    /// Fills the database at `path` with `comparisons` comparisons of `productsPerComparison` products (mass units,
    /// varied prices, dated), each with `historyPerProduct` earlier prices (a day apart), in one transaction.
    /// For `make bench`.
    public static func seed(path: String, comparisons: Int, productsPerComparison: Int, historyPerProduct: Int = 0) throws(DatabaseFailure) {
        let store = try ComparisonDatabase(path: path)
        let units: [MeasureUnit] = [.gram, .kilogram, .ounce, .pound]
        try store.write { db in
            let start = try Int.fetchOne(db, sql: "SELECT coalesce(max(position), -1) + 1 FROM comparison") ?? 0
            let now = nowMilliseconds()
            let insertComparison = try db.makeStatement(sql: """
                INSERT INTO comparison (id, title, position, basis_amount, basis_unit, volume_system, created_at, updated_at)
                VALUES (?, ?, ?, NULL, NULL, 'us', ?, ?)
                """)
            let insertProduct = try db.makeStatement(sql: ProductColumns.insert(updating: []))
            let insertHistory = try db.makeStatement(sql: ProductColumns.insertHistory)
            let today = CalendarDay(year: 2026, month: 11, day: 22)!
            for c in 0..<comparisons {
                let id = ComparisonID.random()
                try insertComparison.execute(arguments: [id.rawValue, "Bench \(start + c + 1)", start + c, now, now + Int64(c)])
                for p in 0..<productsPerComparison {
                    let n = c * productsPerComparison + p
                    let product = Product(
                        name: "Product \(p + 1)", price: Decimal(1 + n % 97) + Decimal(10 + n % 90) / 100,
                        quantity: Decimal(100 + (n * 7) % 900), unit: units[n % units.count], shop: "Store \(n % 7)", seen: today)
                    try insertProduct.execute(arguments: ProductColumns.arguments(product, comparison: id, position: p))
                    for h in 0..<historyPerProduct {
                        let record = PriceRecord(
                            product: product.id, name: product.name, shop: "Store \((n + h) % 7)", seen: today.adding(days: -(h + 1) * 7),
                            price: Decimal(1 + (n + h * 13) % 97) + Decimal(10 + (n + h) % 90) / 100, quantity: product.quantity!, unit: product.unit!)
                        try insertHistory.execute(arguments: ProductColumns.insertHistoryArguments(record, comparison: id))
                    }
                }
            }
        }
    }
}
