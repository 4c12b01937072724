import Foundation
import GRDB
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// Schema v3: stores, days seen and the price history, from the upgrade of a v1 file to two writers at once.
@Suite struct PriceHistoryTests {
    let folder = TemporaryFolder()
    func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }

    /// The v1 schema exactly as the release before the price book wrote it (Schema.swift at main), with GRDB's
    /// record of the migration, and data in every column.
    static let v1Schema = """
        CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
        INSERT INTO grdb_migrations VALUES ('v1: comparisons and products');
        CREATE TABLE comparison (
            id TEXT NOT NULL PRIMARY KEY,
            title TEXT NOT NULL DEFAULT '',
            position INTEGER NOT NULL,
            basis_amount TEXT CHECK (basis_amount IS NULL OR typeof(basis_amount) = 'text'),
            basis_unit TEXT,
            volume_system TEXT NOT NULL DEFAULT 'us',
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            CHECK ((basis_amount IS NULL) = (basis_unit IS NULL))
        );
        CREATE INDEX comparison_by_position ON comparison(position);
        CREATE INDEX comparison_by_updated_at ON comparison(updated_at);
        CREATE TABLE product (
            id TEXT NOT NULL PRIMARY KEY,
            comparison_id TEXT NOT NULL REFERENCES comparison(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            name TEXT NOT NULL DEFAULT '',
            price TEXT CHECK (price IS NULL OR typeof(price) = 'text'),
            quantity TEXT CHECK (quantity IS NULL OR typeof(quantity) = 'text'),
            unit TEXT
        );
        CREATE INDEX product_by_comparison ON product(comparison_id, position);
        PRAGMA application_id = 1346720289;
        INSERT INTO comparison VALUES ('c1', 'Oats', 0, '100', 'g', 'us', 1000, 2000);
        INSERT INTO comparison VALUES ('c2', 'Milk', 1, NULL, NULL, 'imperial', 1000, 3000);
        INSERT INTO product VALUES ('p1', 'c1', 0, 'Jumbo', '6.99', '1', 'kg');
        INSERT INTO product VALUES ('p2', 'c1', 1, 'Small "one"', '0.000000000001', '999999999999', 'g');
        INSERT INTO product VALUES ('p3', 'c1', 2, '', NULL, NULL, NULL);
        INSERT INTO product VALUES ('p4', 'c2', 0, 'Pint', '1.10', '1', 'pt');
        """

    @Test func aV1FileUpgradesWithNothingLost() throws {
        let path = folder.file("v1.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { try $0.execute(sql: Self.v1Schema) }
            try queue.close()
        }
        let store = try ComparisonDatabase(path: path)
        let oats = try #require(try store.load("c1"))
        #expect(oats.title == "Oats" && oats.chosenBasis == ComparisonBasis(amount: 100, unit: .gram))
        #expect(oats.products == [
            Product.fixture(id: "p1", name: "Jumbo", price: decimal("6.99"), quantity: 1, unit: .kilogram),
            Product.fixture(id: "p2", name: "Small \"one\"", price: decimal("0.000000000001"), quantity: decimal("999999999999"), unit: .gram),
            Product.fixture(id: "p3"),
        ])
        let milk = try #require(try store.load("c2"))
        #expect(milk.volumeSystem == .imperial)
        #expect(milk.products == [Product.fixture(id: "p4", name: "Pint", price: decimal("1.10"), quantity: 1, unit: .pint)])
        #expect(try store.summaries().map(\.title) == ["Milk", "Oats"])   // most recently edited first
        #expect(try store.history(of: "c1").isEmpty)
        // The texts are kept as written (1.10 stays 1.10), and the new columns are there, empty.
        let rows = try DatabaseQueue(path: path).read { try Row.fetchAll($0, sql: "SELECT price, store, seen FROM product ORDER BY id") }
        #expect(rows.map { $0["price"] as String? } == ["6.99", "0.000000000001", nil, "1.10"])
        #expect(rows.allSatisfy { ($0["store"] as String) == "" && ($0["seen"] as String?) == nil })

        // A change after the upgrade keeps the earlier price, which had no day.
        var jumbo = oats.products[0]
        jumbo.price = decimal("5.49")
        jumbo.seen = day("2026-11-22")
        try store.saveField(.price, of: jumbo, in: "c1")
        #expect(try store.history(of: "c1") == [PriceRecord(entry: PriceEntryID(1), product: "p1", name: "Jumbo", shop: "", seen: nil, price: decimal("6.99"), quantity: 1, unit: .kilogram)])
        #expect(try store.load("c1")?.products[0].seen == day("2026-11-22"))
    }

    @Test func aChangedPriceQuantityOrUnitKeepsTheEarlierCompletePrice() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let id = ComparisonID("c")
        try store.save(Comparison(id: id, title: "Oats"))
        var p = Product.fixture(id: "p", name: "Jumbo", shop: "Aldi")
        p.price = 5; p.seen = day("2026-10-01")
        try store.saveField(.price, of: p, in: id)          // incomplete: nothing kept
        p.quantity = 1
        try store.saveField(.quantity, of: p, in: id)
        p.unit = .kilogram; p.seen = day("2026-10-03")
        try store.saveField(.unit, of: p, in: id)
        #expect(try store.history(of: id).isEmpty)
        p.name = "Jumbo oats"; p.shop = "Lidl"
        try store.saveField(.name, of: p, in: id)           // not a price: nothing kept
        try store.saveField(.shop, of: p, in: id)
        try store.saveField(.price, of: p, in: id)          // the same price again: nothing kept
        #expect(try store.history(of: id).isEmpty)

        p.price = decimal("5.49"); p.shop = "Costco"; p.seen = day("2026-11-20")
        try store.saveField(.price, of: p, in: id)
        let first = PriceRecord(entry: PriceEntryID(1), product: "p", name: "Jumbo oats", shop: "Lidl", seen: day("2026-10-03"), price: 5, quantity: 1, unit: .kilogram)
        #expect(try store.history(of: id) == [first])
        #expect(try store.load(id)?.products == [Product.fixture(id: "p", name: "Jumbo oats", price: decimal("5.49"), quantity: 1, unit: .kilogram, shop: "Lidl", seen: day("2026-11-20"))])

        // A whole save records the same way.
        var whole = try #require(try store.load(id))
        var changed = whole.products[0]
        changed.unit = .pound
        changed.seen = day("2026-11-21")   // a later day: the price of 20 Nov was seen (the same day, it is corrected)
        whole.replaceProduct(at: 0, with: changed)
        try store.save(whole)
        try store.save(whole)   // unchanged: nothing more
        #expect(try store.history(of: id).map(\.price) == [5, decimal("5.49")])

        // Deleting the product keeps its history and records its price now (it was seen: it is history now);
        // clearing it is its own step; deleting the comparison takes it.
        try store.deleteProduct("p")
        #expect(try store.history(of: id).count == 3)
        #expect(try store.history(of: id).last?.unit == .pound)
        let entries = try store.history(of: id).compactMap(\.entry)
        #expect(entries.count == 3)
        for entry in entries { try store.make(.other(.changeHistoryEntry(.delete(entry, of: id)))) }
        #expect(try store.history(of: id).isEmpty)
        try store.saveField(.price, of: p, in: id)
        p.price = 9
        p.seen = day("2026-11-21")
        try store.saveField(.price, of: p, in: id)
        #expect(try store.history(of: id).count == 1)
        p.unit = .pound
        try store.saveField(.unit, of: p, in: id, keepingEarlierPrice: false)   // a carried unit settled: not a price seen
        #expect(try store.history(of: id).count == 1)
        try store.deleteComparison(id)
        #expect(try store.history(of: id).isEmpty)
    }

    /// Two sessions change the prices of the same products at once, each on its own connection: every price one of
    /// them replaced is in the history, once.
    @Test func twoWritersRecordingAtOnceLoseNothing() throws {
        let path = folder.file("shared.sqlite")
        let setup = try ComparisonDatabase(path: path)
        var shared = Comparison(id: "c", title: "shared")
        for i in 0..<30 { shared.append(Product.fixture(id: ProductID("p\(i)"), name: "p\(i)", price: 1, quantity: 1, unit: .kilogram)) }
        try setup.save(shared)
        let a = try ComparisonDatabase(path: path), b = try ComparisonDatabase(path: path)
        let products = shared.products
        let errors = ErrorBox()
        let group = DispatchGroup()
        for (store, prices) in [(a, 2...11), (b, 12...21)] {
            DispatchQueue.global().async(group: group) {
                do {
                    for price in prices {
                        for p in products {
                            var edited = p
                            edited.price = Decimal(price)
                            try store.saveField(.price, of: edited, in: "c")
                        }
                    }
                } catch { errors.add(error) }
            }
        }
        group.wait()
        #expect(errors.all.isEmpty, "\(errors.all)")
        let history = try setup.history(of: "c")
        // Each product: 20 saves, each of a new price, so 20 earlier prices; and the earlier prices are exactly the
        // first price and each saved price but the one it has now.
        #expect(history.count == 30 * 20)
        let now = try #require(try setup.load("c"))
        for p in now.products {
            let kept = history.filter { $0.product == p.id }.map(\.price)
            #expect(Set(kept + [p.price!]) == Set((1...21).map { Decimal($0) }), "\(p.id)")
            #expect(kept.count == 20)
        }
    }

    @Test func theHistoryQueryUsesItsIndex() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        try store.save(Comparison(id: "c"))
        let plan = try store.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT product_id FROM price_history WHERE comparison_id = ? ORDER BY id", arguments: ["c"])
                .map { $0["detail"] as String }.joined(separator: "; ")
        }
        #expect(plan.contains("USING INDEX price_history_by_comparison"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }

    @Test func aBadDayInTheFileIsNeverLoaded() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        try store.save(Comparison(id: "c", products: [Product.fixture(id: "p", price: 1, quantity: 1, unit: .kilogram, seen: day("2026-01-31"))]))
        // Shaped like a day but not one: read as "not known".
        try store.write { try $0.execute(sql: "UPDATE product SET seen = '2026-02-31'") }
        #expect(try store.load("c")?.products.first?.seen == nil)
        // Not shaped like a day: the schema refuses it.
        #expect(throws: DatabaseFailure.self) { try store.write { try $0.execute(sql: "UPDATE product SET seen = 'soon'") } }
    }

    /// Issue 20: one entry deleted (returned whole), put back under its id, its shop and day fixed; another
    /// comparison's id is refused.
    @Test func oneEntryIsDeletedBroughtBackAndFixed() throws {
        let store = try ComparisonDatabase(path: folder.file("one.sqlite"))
        var p = Product.fixture(id: "p", name: "Butter", price: decimal("0.99"), quantity: 1, unit: .kilogram, shop: "Aldi", seen: day("2026-11-20"))
        try store.save(Comparison(id: "c", title: "Butter", products: [p]))
        try store.save(Comparison(id: "d", title: "Milk"))
        p.price = decimal("9.99")
        p.seen = day("2026-11-21")   // a later day: a new price seen (the same day's would correct it)
        try store.saveField(.price, of: p, in: "c")
        let typo = try #require(try store.history(of: "c").first)
        #expect(typo.entry == PriceEntryID(1) && typo.price == decimal("0.99"))
        #expect(try store.deleteHistoryEntry(PriceEntryID(1), of: "d") == nil)
        #expect(try store.history(of: "c") == [typo])
        #expect(try store.deleteHistoryEntry(PriceEntryID(1), of: "c") == typo)
        #expect(try store.history(of: "c").isEmpty)
        try store.restoreHistoryEntry(typo, in: "c")
        #expect(try store.history(of: "c") == [typo])
        #expect(try store.fixHistoryEntry(PriceEntryID(1), of: "c", shop: "Lidl", seen: day("2026-11-19")))
        #expect(try !store.fixHistoryEntry(PriceEntryID(7), of: "c", shop: "Lidl", seen: nil))
        var fixed = typo
        fixed.shop = "Lidl"; fixed.seen = day("2026-11-19")
        #expect(try store.history(of: "c") == [fixed])
    }
}
