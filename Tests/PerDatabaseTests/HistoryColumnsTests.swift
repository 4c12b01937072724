import Foundation
import GRDB
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// `price_history`'s columns are built from the product's (`ProductColumns.history`): they must be the table's.
@Suite struct HistoryColumnsTests {
    let folder = TemporaryFolder()

    @Test func theHistoryColumnsAreTheTablesAfterItsKeys() throws {
        let path = folder.file("per.sqlite")
        _ = try ComparisonDatabase(path: path)
        let queue = try DatabaseQueue(path: path)
        let names = try queue.read { db in try Row.fetchAll(db, sql: "PRAGMA table_info(price_history)").map { $0["name"] as String } }
        #expect(names == ["id", "comparison_id", "product_id", "name", "store", "seen", "price", "quantity", "unit", "deal"])   // the price book's kind (decision 412)
        #expect(ProductColumns.historyNames == "name, price, quantity, unit, store, seen, deal")
        #expect(ProductColumns.insertHistory.contains("(comparison_id, product_id, name, price, quantity, unit, store, seen, deal) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"))
    }

    @Test func aRecordGoesInAndComesBackWhole() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        let comparison = Comparison(title: "Rice")
        try store.save(comparison)
        let record = PriceRecord(product: ProductID("p1"), name: "Basmati", shop: "Corner", seen: CalendarDay(year: 2026, month: 3, day: 4),
                                 price: Decimal(string: "2.50")!, quantity: 1000, unit: .gram)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            try db.execute(sql: ProductColumns.insertHistory, arguments: ProductColumns.insertHistoryArguments(record, comparison: comparison.id))
        }
        var read = record
        read.entry = PriceEntryID(1)   // the row's id: the entry's id
        #expect(try store.history(of: comparison.id) == [read])
    }
}
