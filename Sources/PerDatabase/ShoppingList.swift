import Foundation
import GRDB
import PerCore

// The shopping list: each comparison's count, tick, pinned product and aisle. These writes do not mark the
// comparison as edited (the list keeps its order while items are counted and ticked off); other sessions see
// them through the change counter.
extension ComparisonDatabase {
    /// The saved comparisons as the list screen and `per trip` show them, the most recently edited first, each
    /// with its item: count, tick, pin and ranked products.
    /// `shopper`: whose prices are ranked (their member schemes, today: decision 285).
    public func shoppingList(for shopper: Shopper = Shopper()) throws(DatabaseFailure) -> [ListEntry] {
        try read { db in try Self.shoppingList(db, for: shopper) }
    }

    static func shoppingList(_ db: Database, for shopper: Shopper = Shopper()) throws -> [ListEntry] {
            var products: [String: [Product]] = [:]
            let rows = try Row.fetchCursor(db, sql: """
                SELECT comparison_id, \(ProductColumns.selection) FROM product ORDER BY comparison_id, position, rowid
                """)
            while let row = try rows.next() {
                products[row["comparison_id"], default: []].append(ProductColumns.product(from: row))
            }
            return try Row.fetchAll(db, sql: """
                SELECT \(headerColumns), updated_at, list_count, in_cart, aisle FROM comparison \(lastEditedFirst)
                """).compactMap { row in
                guard var comparison = Self.comparison(header: { row[Int($0)] }, products: products[row["id"], default: []]) else { return nil }
                comparison.shopper = shopper
                return ListEntry(
                    id: comparison.id, title: comparison.title, productCount: comparison.products.count, updatedAt: Self.date(row["updated_at"]),
                    item: ListItem(count: row["list_count"], ticked: row["in_cart"] as Bool, pinned: comparison.pinned, aisle: row["aisle"],
                                  comparison: comparison))
            }
    }

    /// Each saved comparison's count, tick and aisle place, as `per export` writes them (the pin is the comparison's).
    public func listStates() throws(DatabaseFailure) -> [ComparisonID: ExchangeListState] {
        try read { db in
            var states: [ComparisonID: ExchangeListState] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT id, list_count, in_cart, aisle FROM comparison")
            while let row = try rows.next() {
                states[ComparisonID(row["id"] as String)] = ExchangeListState(count: row["list_count"], ticked: row["in_cart"] as Bool, aisle: row["aisle"])
            }
            return states
        }
    }

    /// `+` / `-`: changes the count by `delta` (kept from 0 to `ListItem.maximumCount`), so two sessions counting
    /// at once both count.
    public func changeListCount(of id: ComparisonID, by delta: Int) throws(DatabaseFailure) {
        try write { db in
            try db.execute(sql: "UPDATE comparison SET list_count = max(0, min(?, list_count + ?)) WHERE id = ?",
                           arguments: [ListItem.maximumCount, delta, id.rawValue])
        }
    }

    /// Space: checks an item off (in the cart) or back.
    public func setTicked(_ id: ComparisonID, _ ticked: Bool) throws(DatabaseFailure) {
        try write { db in
            try db.execute(sql: "UPDATE comparison SET in_cart = ? WHERE id = ?", arguments: [ticked, id.rawValue])
        }
    }

    /// `[` / `]` on the list grouped by shop: a shop's items in their order, numbered 1, 2… in one transaction.
    /// `[` / `]`: moves item `id` one place (`step`) among its shop's items as they are now, and numbers that shop's
    /// items 1, 2… in their new order, in one transaction: two sessions moving items of one shop at once both keep
    /// their move (an order written whole from a screen could undo the other's). Nothing when it cannot move.
    public func moveInAisle(_ id: ComparisonID, by step: Int, at shop: ShopName?) throws(DatabaseFailure) {
        try write { db in
            var arranged = ListOrder.byShop.arranged(try Self.shoppingList(db), at: shop)
            guard let index = arranged.firstIndex(where: { $0.id == id }),
                  let (group, target) = ListOrder.aisleStep(in: arranged, at: index, by: step, shop: shop) else { return }
            arranged.swapAt(index, target)
            for (aisle, position) in group.enumerated() {
                try db.execute(sql: "UPDATE comparison SET aisle = ? WHERE id = ?", arguments: [aisle + 1, arranged[position].id.rawValue])
            }
        }
    }

    /// Sets a shop's items' aisles 1, 2… in this order.
    public func setAisleOrder(_ ids: [ComparisonID]) throws(DatabaseFailure) {
        try write { db in
            for (index, id) in ids.enumerated() {
                try db.execute(sql: "UPDATE comparison SET aisle = ? WHERE id = ?", arguments: [index + 1, id.rawValue])
            }
        }
    }

    /// The next trip: no item is in the cart.
    public func clearTicks() throws(DatabaseFailure) {
        try write { db in try db.execute(sql: "UPDATE comparison SET in_cart = 0 WHERE in_cart <> 0") }
    }

    /// Pins the product to buy of a comparison (nil: the best value again).
    public func pin(_ product: ProductID?, in id: ComparisonID) throws(DatabaseFailure) {
        try write { db in
            try db.execute(sql: "UPDATE comparison SET pinned_product = ? WHERE id = ?", arguments: [product?.rawValue, id.rawValue])
        }
    }
}
