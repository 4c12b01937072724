import Foundation
import GRDB
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// The shopping list in the database: its migration, counts, ticks and pins, and two sessions at once.
@Suite struct ShoppingListStoreTests {
    let folder = TemporaryFolder()

    /// A database of the migrations before the shopping list (v1 and v2) opens, migrates, and lists every
    /// comparison as an item counted once, not in the cart, with its products ranked.
    @Test func aDatabaseFromBeforeTheShoppingListOpens() throws {
        let path = folder.file("old.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            var before = DatabaseMigrator()
            for (identifier, migration) in zip(Schema.migrator.migrations.prefix(2), [Self.v1, Self.v2]) {
                before.registerMigration(identifier, migrate: migration)
            }
            try before.migrate(queue)
            try queue.write { db in
                try db.execute(sql: "INSERT INTO comparison (id, title, position, created_at, updated_at) VALUES ('old', 'cereal', 0, 1, 1)")
                try db.execute(sql: """
                    INSERT INTO product (id, comparison_id, position, name, price, quantity, unit) VALUES
                        ('p', 'old', 0, 'oats', '2.5', '500', 'g'), ('q', 'old', 1, 'bran', '3.99', '1', 'kg')
                    """)
            }
        }
        let store = try ComparisonDatabase(path: path)
        let list = try store.shoppingList()
        #expect(list.count == 1)
        let item = try #require(list.first?.item)
        #expect(item.count == 1 && !item.ticked && item.pinned == nil)
        #expect(item.offers.map(\.product.name) == ["bran", "oats"])   // 3.99 per kg before 5.00 per kg
        #expect(item.offers.map(\.unitPrice) == [decimal("3.99"), decimal("5")])
        #expect(item.per == "kg")
        #expect(item.lineTotal() == decimal("3.99"))
    }

    static let v1: @Sendable (Database) throws -> Void = { db in
        try db.execute(sql: """
            CREATE TABLE comparison (id TEXT NOT NULL PRIMARY KEY, title TEXT NOT NULL DEFAULT '', position INTEGER NOT NULL,
                basis_amount TEXT, basis_unit TEXT, volume_system TEXT NOT NULL DEFAULT 'us',
                created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
            CREATE INDEX comparison_by_position ON comparison(position);
            CREATE INDEX comparison_by_updated_at ON comparison(updated_at);
            CREATE TABLE product (id TEXT NOT NULL PRIMARY KEY,
                comparison_id TEXT NOT NULL REFERENCES comparison(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                name TEXT NOT NULL DEFAULT '', price TEXT, quantity TEXT, unit TEXT);
            CREATE INDEX product_by_comparison ON product(comparison_id, position);
            PRAGMA application_id = \(Schema.applicationID);
            """)
    }
    static let v2: @Sendable (Database) throws -> Void = { db in try db.execute(sql: "ALTER TABLE product ADD COLUMN quantity_pack TEXT") }

    @Test func countsCheckOffsAndPinsAreKeptWithoutReorderingTheList() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        try store.save(Comparison(id: "a", title: "Oats", products: [
            Product.fixture(id: "o1", name: "o1", price: decimal("6.99"), quantity: 1, unit: .kilogram),
            Product.fixture(id: "o2", name: "o2", price: decimal("3.99"), quantity: 500, unit: .gram),
        ]))
        try store.save(Comparison(id: "b", title: "Milk"))
        let order = try store.shoppingList().map(\.id)
        #expect(order == ["b", "a"])
        try store.changeListCount(of: "a", by: 1)
        try store.changeListCount(of: "a", by: 5000)   // kept at the most
        try store.changeListCount(of: "b", by: -3)     // kept at 0
        try store.setTicked("a", true)
        try store.pin("o2", in: "a")
        var list = try store.shoppingList()
        #expect(list.map(\.id) == order)   // counting and ticking are not edits: the order stays
        #expect(list[1].item.count == ListItem.maximumCount && list[1].item.ticked && list[1].item.pinned == "o2")
        #expect(list[1].item.productToBuy()?.product.id == "o2")
        #expect(try store.load("a")?.pinned == "o2")   // the comparison screen reads the pin too
        #expect(list[0].item.count == 0 && !list[0].item.ticked)
        try store.clearTicks()
        try store.pin(nil, in: "a")
        list = try store.shoppingList()
        #expect(!list[1].item.ticked && list[1].item.productToBuy()?.product.id == "o1")
    }

    /// A count saves the amount it means, count × the pack counted (DECISIONS 344), on the item as saved: two sessions
    /// counting at once both count, in packs of their own shops; a better bag typed keeps the amount; a count without a
    /// pack (a file from before amounts) is packs; a deleted and restored comparison keeps it.
    @Test func aCountSavesTheAmountItMeansAndTwoSessionsBothCountIt() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path), other = try ComparisonDatabase(path: path)
        let aldi = Product.fixture(id: "aldi", price: decimal("0.99"), quantity: 500, unit: .gram, shop: "Aldi")
        let lidl = Product.fixture(id: "lidl", price: decimal("1.79"), quantity: 1, unit: .kilogram, shop: "Lidl")
        try store.save(Comparison(id: "o", title: "Oats", products: [aldi]), listCountIfNew: 0)
        let bag = ListAmount(quantity: 500, unit: .gram), kilo = ListAmount(quantity: 1, unit: .kilogram)
        try store.changeListCount(of: "o", by: 1, pack: bag)
        try other.changeListCount(of: "o", by: 1, pack: bag)
        var item = try #require(try store.shoppingList().first?.item)
        #expect(item.count == 2 && item.amount == ListAmount(quantity: 1000, unit: .gram))
        // Lidl's 1 kg bag typed: the best now; the amount stays 1 kg: one Lidl bag, two at Aldi.
        try store.save(Comparison(id: "o", title: "Oats", products: [aldi, lidl]))
        item = try #require(try store.shoppingList().first?.item)
        #expect(item.count == 2 && item.amount == ListAmount(quantity: 1000, unit: .gram))
        #expect(item.purchase()?.packsCount == 1 && item.purchase(at: ShopName("Aldi"))?.packsCount == 2)
        // One more Lidl bag in one session, one Aldi bag fewer in the other: 1.5 kg, three of the bag counted last.
        try store.changeListCount(of: "o", by: 1, pack: kilo)
        try other.changeListCount(of: "o", by: -1, pack: bag)
        item = try #require(try store.shoppingList().first?.item)
        #expect(item.count == 3 && item.amount == ListAmount(quantity: 1500, unit: .gram))
        #expect(try store.listStates()["o"]?.amount == ListAmount(quantity: 1500, unit: .gram))
        // Deleted and brought back whole: the amount with it.
        let deleted = try #require(try store.deleteComparison("o"))
        #expect(try store.restoreDeleted(deleted))
        #expect(try store.shoppingList().first?.item.amount == ListAmount(quantity: 1500, unit: .gram))
        // A count without a pack counts packs and knows no amount; taking the last off leaves none.
        try store.changeListCount(of: "o", by: 1)
        item = try #require(try store.shoppingList().first?.item)
        #expect(item.count == 4 && item.amount == nil)
        try store.changeListCount(of: "o", by: -4, pack: kilo)
        item = try #require(try store.shoppingList().first?.item)
        #expect(item.count == 0 && item.amount == nil)
    }

    /// Two app sessions on one file: both count the same item at once, and each sees the other's counts and
    /// ticks at its next poll.
    @Test func twoSessionsCountAndCheckOffTogether() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        try store.save(Comparison(id: "a", title: "Oats", products: [Product.fixture(id: "o1", price: decimal("6.99"), quantity: 1, unit: .kilogram)]))
        var home = try DatabaseSessionTests.Side(path: path, id: "h")
        var shop = try DatabaseSessionTests.Side(path: path, id: "s")
        home.send(.app(.showShoppingList))
        shop.send(.app(.showShoppingList))
        home.send(.shoppingList(.changeCount(1)))
        shop.send(.shoppingList(.changeCount(1)))   // before it has seen the other's: both count
        shop.send(.shoppingList(.toggleTick))
        home.poll()
        shop.poll()
        for side in [home, shop] {
            let item = try #require(side.state.shoppingList?.entries.first?.item)
            #expect(item.count == 3 && item.ticked)
            #expect(ListTotals(side.state.shoppingList!.entries).total == decimal("20.97"))
        }
        // Home types an item; the shop sees it at its next poll.
        for key in "eggs" { home.send(.shoppingList(key == "e" && home.state.shoppingList?.mode == .browsing ? .startItem(key) : .type(key))) }
        home.send(.shoppingList(.acceptTitle))
        shop.poll()
        #expect(shop.state.shoppingList?.entries.map(\.title) == ["Oats", "eggs"])   // last: no row moves under a thumb
        #expect(try store.shoppingList().first?.item.count == 1)
    }

    /// Ctrl-Y brings a deleted comparison back with its pin (its count and tick start again: 1, not ticked).
    @Test func aComparisonBroughtBackKeepsItsPin() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        try store.save(Comparison(id: "a", title: "Oats", products: [
            Product.fixture(id: "o1", price: decimal("6.99"), quantity: 1, unit: .kilogram),
            Product.fixture(id: "o2", price: decimal("3.99"), quantity: 500, unit: .gram),
        ]))
        try store.pin("o2", in: "a")
        var side = try DatabaseSessionTests.Side(path: path, id: "h")
        side.send(.app(.showShoppingList))
        side.send(.shoppingList(.delete(try #require(side.state.shoppingList?.entries.first))))
        #expect(try store.shoppingList().allSatisfy { $0.id != "a" })
        side.send(.shoppingList(.undoDelete))
        let back = try #require(try store.shoppingList().first { $0.id == "a" })
        #expect(back.item.pinned == "o2" && back.item.productToBuy()?.product.id == "o2")
    }

    // MARK: Aisles

    /// Three items at one store, saved in that order (oats edited last): milk, bread, oats.
    static func aldi(_ store: ComparisonDatabase) throws {
        for (id, title) in [("m", "Milk"), ("b", "Bread"), ("o", "Oats")] {
            try store.save(Comparison(id: ComparisonID(id), title: title, products: [
                Product.fixture(id: ProductID(id + "1"), price: 1, quantity: 1, unit: .kilogram, shop: "Aldi"),
            ]))
        }
    }

    /// A database of every migration before the aisles (the shopping list's included) opens: its comparisons are
    /// not placed (aisle 0, most recently edited first by store), and an order saved then is read back.
    @Test func aDatabaseFromBeforeTheAislesOpensAndKeepsAnOrder() throws {
        let path = folder.file("old.sqlite")
        let identifiers = Schema.migrator.migrations
        let aisles = "shopping list: the aisle order of each store's items"
        let aislesIndex = try #require(identifiers.firstIndex(of: aisles))
        do {
            let queue = try DatabaseQueue(path: path)
            try Schema.migrator.migrate(queue, upTo: identifiers[aislesIndex - 1])
            let columns = try queue.read { db in try db.columns(in: "comparison").map(\.name) }
            #expect(columns.contains("pinned_product") && !columns.contains("aisle"))
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO comparison (id, title, position, created_at, updated_at, list_count) VALUES
                        ('m', 'Milk', 0, 1, 1, 2), ('o', 'Oats', 1, 2, 2, 1);
                    INSERT INTO product (id, comparison_id, position, price, quantity, unit, store) VALUES
                        ('m1', 'm', 0, '1', '1', 'L', 'Aldi'), ('o1', 'o', 0, '2', '1', 'kg', 'Aldi');
                    """)
            }
        }
        let store = try ComparisonDatabase(path: path)
        var list = try store.shoppingList()
        #expect(list.map(\.id) == ["o", "m"])
        #expect(list.map(\.item.aisle) == [0, 0])
        #expect(list[1].item.count == 2)   // the earlier columns are kept
        #expect(ListOrder.byShop.arranged(list, at: nil).map(\.id) == ["o", "m"])
        try store.setAisleOrder(["m", "o"])
        list = try store.shoppingList()
        #expect(list.map(\.id) == ["o", "m"])   // not an edit: the recent order stays
        #expect(list.map(\.item.aisle) == [2, 1])
        #expect(ListOrder.byShop.arranged(list, at: nil).map(\.id) == ["m", "o"])
    }

    /// Two sessions moving items of one shop at the same moment, each from the order it shows: both moves are kept
    /// (a move is a change made to the order as it is in the database, not a whole order written from a screen).
    @Test func twoSessionsMovingInOneAisleAtOnceBothKeepTheirMove() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        try Self.aldi(store)   // most recent first: Oats, Bread, Milk
        let other = try ComparisonDatabase(path: path)
        #expect(ListOrder.byShop.arranged(try store.shoppingList(), at: nil).map(\.id) == ["o", "b", "m"])
        try store.moveInAisle("o", by: 1, at: nil)    // this session: Oats down  -> Bread, Oats, Milk
        try other.moveInAisle("m", by: -1, at: nil)   // the other, which still shows Oats, Bread, Milk: Milk up
        #expect(ListOrder.byShop.arranged(try store.shoppingList(), at: nil).map(\.id) == ["b", "m", "o"])
        try other.moveInAisle("m", by: -1, at: nil)
        try store.moveInAisle("m", by: -1, at: nil)   // first already: nothing
        #expect(ListOrder.byShop.arranged(try store.shoppingList(), at: nil).map(\.id) == ["m", "b", "o"])
    }

    /// `]` in one session moves an item down its store's aisles: the list's recent order and edit times stay, the
    /// other session shows the new order at its next poll, and a session started afterwards opens with it.
    @Test func twoSessionsShareTheAisleOrder() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        try Self.aldi(store)
        let edited = try store.shoppingList().map(\.updatedAt)
        var home = try DatabaseSessionTests.Side(path: path, id: "h")
        var shop = try DatabaseSessionTests.Side(path: path, id: "s")
        home.send(.app(.showShoppingList))
        home.send(.shoppingList(.toggleOrder))
        shop.send(.app(.showShoppingList))
        shop.send(.shoppingList(.toggleOrder))
        #expect(home.state.shoppingList?.entries.map(\.title) == ["Oats", "Bread", "Milk"])
        home.send(.shoppingList(.moveInAisle(1)))   // Oats below Bread
        #expect(home.state.shoppingList?.entries.map(\.title) == ["Bread", "Oats", "Milk"])
        #expect(home.state.shoppingList?.selectedEntry?.title == "Oats")
        shop.poll()
        // The other session's rows stay where they are (issue 28), with the new aisles, until Ctrl-L puts them in order.
        #expect(shop.state.shoppingList?.entries.map(\.title) == ["Oats", "Bread", "Milk"])
        #expect(shop.state.shoppingList?.entries.map(\.item.aisle) == [2, 1, 3])
        shop.send(.shoppingList(.reorder))
        #expect(shop.state.shoppingList?.entries.map(\.title) == ["Bread", "Oats", "Milk"])
        #expect(shop.state.shoppingList?.entries.map(\.item.aisle) == [1, 2, 3])
        let list = try store.shoppingList()
        #expect(list.map(\.title) == ["Oats", "Bread", "Milk"])   // most recently edited first, as before
        #expect(list.map(\.updatedAt) == edited)
        var later = try DatabaseSessionTests.Side(path: path, id: "l")
        later.send(.app(.showShoppingList))
        #expect(later.state.shoppingList?.entries.map(\.title) == ["Oats", "Bread", "Milk"])   // not grouped: the aisles do not show
        later.send(.shoppingList(.toggleOrder))
        #expect(later.state.shoppingList?.entries.map(\.title) == ["Bread", "Oats", "Milk"])
    }
}
