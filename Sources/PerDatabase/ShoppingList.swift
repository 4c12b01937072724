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
                SELECT \(headerColumns), updated_at, list_count, in_cart, aisle, list_amount, list_unit FROM comparison \(lastEditedFirst)
                """).compactMap { row in
                guard var comparison = Self.comparison(header: { row[Int($0)] }, products: products[row["id"], default: []]) else { return nil }
                comparison.shopper = shopper
                return ListEntry(
                    id: comparison.id, title: comparison.title, productCount: comparison.products.count, updatedAt: Self.date(row["updated_at"]),
                    item: ListItem(count: row["list_count"], amount: listAmount(row), ticked: row["in_cart"] as Bool, pinned: comparison.pinned,
                                   aisle: row["aisle"], comparison: comparison))
            }
    }

    /// A row's `list_amount` and `list_unit` (DECISIONS 344); nil when either is NULL or unreadable (the count is packs).
    static func listAmount(_ row: Row) -> ListAmount? {
        guard let text: String = row["list_amount"], let symbol: String = row["list_unit"], let quantity = DecimalText.parse(text), quantity > 0,
              let unit = MeasureUnit(symbol: symbol) else { return nil }
        return ListAmount(quantity: quantity, unit: unit)
    }

    /// The arguments `list_amount` and `list_unit` are written with.
    static func listAmountArguments(_ amount: ListAmount?) -> (DatabaseValue, DatabaseValue) {
        guard let amount else { return (.null, .null) }
        return (DecimalText.format(amount.quantity).databaseValue, amount.unit.symbol.databaseValue)
    }

    /// Comparison `id` as an item of the list, as saved now.
    static func listItem(_ id: ComparisonID, _ db: Database) throws -> ListItem? {
        guard let row = try Row.fetchOne(db, sql: "SELECT \(headerColumns), in_cart, aisle, list_amount, list_unit FROM comparison WHERE id = ?",
                                         arguments: [id.rawValue]) else { return nil }
        let products = try Row.fetchAll(db, sql: "SELECT \(ProductColumns.selection) FROM product WHERE comparison_id = ? ORDER BY position, rowid",
                                        arguments: [id.rawValue]).map(ProductColumns.product(from:))
        guard let comparison = Self.comparison(header: { row[Int($0)] }, products: products) else { return nil }
        return ListItem(count: row["list_count"], amount: listAmount(row), ticked: row["in_cart"] as Bool, pinned: comparison.pinned,
                        aisle: row["aisle"], comparison: comparison)
    }

    /// Each saved comparison's count, tick and aisle place, as `per export` writes them (the pin is the comparison's).
    public func listStates() throws(DatabaseFailure) -> [ComparisonID: ExchangeListState] {
        try read { db in
            var states: [ComparisonID: ExchangeListState] = [:]
            let rows = try Row.fetchCursor(db, sql: "SELECT id, list_count, in_cart, aisle, list_amount, list_unit FROM comparison")
            while let row = try rows.next() {
                states[ComparisonID(row["id"] as String)] = ExchangeListState(count: row["list_count"], ticked: row["in_cart"] as Bool, aisle: row["aisle"],
                                                                              amount: Self.listAmount(row))
            }
            return states
        }
    }

    /// `+` / `-`: changes the count by `delta` packs of `pack` (kept from 0 to `ListItem.maximumCount`) and the amount it
    /// means with it (`ListItem.counted`, DECISIONS 344), on the item as saved now, in one transaction: two sessions
    /// counting at once both count. Without a pack the count moves as packs.
    public func changeListCount(of id: ComparisonID, by delta: Int, pack: ListAmount? = nil) throws(DatabaseFailure) {
        try write { db in
            guard let item = try Self.listItem(id, db) else { return }
            let counted = item.counted(by: delta, pack: pack)
            let (amount, unit) = Self.listAmountArguments(counted.amount)
            try db.execute(sql: "UPDATE comparison SET list_count = ?, list_amount = ?, list_unit = ? WHERE id = ?",
                           arguments: [counted.count, amount, unit, id.rawValue])
        }
    }

    /// Space: checks an item off (in the cart) or back, stamped with the change's time (`in_cart_at`, unless it holds a
    /// later one), so that a replay or a copy's merge can tell which of a tick and an untick came last.
    public func setTicked(_ id: ComparisonID, _ ticked: Bool) throws(DatabaseFailure) {
        try write { db in
            try db.execute(sql: "UPDATE comparison SET in_cart = ?, in_cart_at = max(in_cart_at, ?) WHERE id = ?",
                           arguments: [ticked, editTime, id.rawValue])
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
        try write { db in
            try db.execute(sql: "UPDATE comparison SET in_cart = 0, in_cart_at = max(in_cart_at, ?) WHERE in_cart <> 0", arguments: [editTime])
        }
    }

    /// Pins the product to buy of a comparison (nil: the best value again).
    public func pin(_ product: ProductID?, in id: ComparisonID) throws(DatabaseFailure) {
        try write { db in
            try db.execute(sql: "UPDATE comparison SET pinned_product = ? WHERE id = ?", arguments: [product?.rawValue, id.rawValue])
        }
    }
}
