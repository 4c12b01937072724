import Foundation
import GRDB
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// A deleted comparison is kept whole for a while: Ctrl-Y, or another session that goes on editing it, brings it back
/// with its history, its list count, its tick, its pin and its aisle place, and without an empty product.
@Suite struct DeletedComparisonsTests {
    let folder = TemporaryFolder()

    /// Oats at Aldi, 4× on the list, ticked, its second product pinned, second in Aldi's aisles, one earlier price.
    func oats(_ database: ComparisonDatabase) throws -> Comparison {
        try database.save(Comparison(id: "m", title: "Milk", products: [Product.fixture(id: "m1", price: 1, quantity: 1, unit: .liter, shop: "Aldi")]))
        var oats = Comparison(id: "o", title: "Oats", products: [
            Product.fixture(id: "o1", name: "big", price: 6, quantity: 1, unit: .kilogram, shop: "Aldi"),
            Product.fixture(id: "o2", name: "small", price: 4, quantity: 500, unit: .gram, shop: "Aldi"),
        ])
        try database.save(oats)
        try database.saveField(.price, of: Product.fixture(id: "o1", name: "big", price: 5, quantity: 1, unit: .kilogram, shop: "Aldi"), in: "o")
        oats.replaceProduct(at: 0, with: Product.fixture(id: "o1", name: "big", price: 5, quantity: 1, unit: .kilogram, shop: "Aldi"))
        try database.changeListCount(of: "o", by: 3)
        try database.setTicked("o", true)
        try database.pin("o2", in: "o")
        try database.setAisleOrder(["m", "o"])
        oats.pinned = "o2"
        return oats
    }

    func listState(_ database: ComparisonDatabase) throws -> String? {
        try database.shoppingList().first { $0.id == "o" }.map {
            "\($0.item.count)× ticked \($0.item.ticked) pinned \($0.item.pinned?.rawValue ?? "-") aisle \($0.item.aisle)"
        }
    }

    @Test func ctrlYBringsBackEverythingADeletedComparisonHad() throws {
        let database = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let oats = try oats(database)
        let history = try database.history(of: "o")
        #expect(history.count == 1)
        let before = try listState(database)
        #expect(before == "4× ticked true pinned o2 aisle 2")
        let deleted = try #require(try database.deleteComparison("o"))
        #expect(try database.load("o") == nil && database.history(of: "o").isEmpty && listState(database) == nil)
        #expect(try database.restoreDeleted(deleted))
        #expect(try database.load("o")?.products == oats.products)
        #expect(try database.history(of: "o") == history)
        #expect(try listState(database) == before)
        #expect(try !database.restoreDeleted(deleted))   // back already: nothing changes
    }

    @Test func anotherSessionSavingItAgainKeepsItsHistoryListStateAndNoEmptyProduct() throws {
        let path = folder.file("per.sqlite")
        let database = try ComparisonDatabase(path: path)
        var oats = try oats(database)
        let history = try database.history(of: "o")
        try database.deleteComparison("o")
        // The other session still has it open, with its new empty row, and a new price typed: it saves it whole.
        oats.replaceProduct(at: 1, with: Product.fixture(id: "o2", name: "small", price: decimal("3.5"), quantity: 500, unit: .gram, shop: "Aldi"))
        try ComparisonDatabase(path: path).save(oats)
        let saved = try #require(try database.load("o"))
        #expect(saved.products.map(\.id) == ["o1", "o2"])
        #expect(saved.products[1].price == decimal("3.5"))
        #expect(Array(try database.history(of: "o").prefix(history.count)) == history)   // and the 4.00 it replaced after it
        #expect(try listState(database) == "4× ticked true pinned o2 aisle 2")
    }

    @Test func aComparisonDeletedLongAgoIsGoneForGood() throws {
        let path = folder.file("per.sqlite")
        let database = try ComparisonDatabase(path: path)
        _ = try oats(database)
        try database.deleteComparison("o")
        let old = ComparisonDatabase.nowMilliseconds() - (DeletedComparisons.keptDays + 1) * 86_400_000
        try DatabaseQueue(path: path).write { try $0.execute(sql: "UPDATE deleted_comparison SET deleted_at = ?", arguments: [old]) }
        try database.deleteComparison("m")   // deleting sweeps what expired
        let kept = try DatabaseQueue(path: path).read { db in
            try [String.fetchAll(db, sql: "SELECT id FROM deleted_comparison"), String.fetchAll(db, sql: "SELECT comparison_id FROM deleted_product")]
        }
        #expect(kept == [["m"], ["m"]])
    }
}
