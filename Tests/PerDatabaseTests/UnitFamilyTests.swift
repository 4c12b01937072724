import Foundation
import GRDB
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// Issue 32: one unit family per comparison, enforced by the database's writes, so that two sessions each saving a
/// product of another family into one comparison cannot both succeed; an import leaves such a product out.
@Suite struct UnitFamilyTests {
    let folder = TemporaryFolder()

    /// Milk, by volume: one product in litres.
    func seeded() throws -> (ComparisonDatabase, String) {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        try store.save(Comparison(id: "milk", title: "Milk", products: [Product.fixture(id: "m-1", name: "Semi", price: 1, quantity: 1, unit: .liter)]))
        return (store, path)
    }

    func products(_ store: ComparisonDatabase) throws -> [String] {
        try #require(try store.load("milk")).products.map { "\($0.id) \($0.unit?.symbol ?? "-")" }
    }

    /// Each write that saves a unit refuses one of another family, with one line naming the product, the comparison and
    /// both families, and writes nothing; a unit of the same family, or a field other than the unit, is saved.
    @Test func everyWriteOfAUnitRefusesAnotherFamily() throws {
        let (store, _) = try seeded()
        let kilo = Product.fixture(id: "m-2", name: "Oats?", price: 2, quantity: 1, unit: .kilogram)
        let expected = DatabaseFailure.mixedFamilies(product: "m-2", name: "Oats?", unit: .kilogram, comparison: "milk", title: "Milk", family: .volume)
        #expect(expected.message == #""Oats?" of "Milk" was not saved: kg is a weight unit, but the comparison is by volume (one comparison, one family of units)"#)
        #expect(!expected.isRetryable && DatabaseFailure.locked(path: "x").isRetryable)
        let writes: [(String, () throws -> Void)] = [
            ("the unit", { try store.saveField(.unit, of: kilo, in: "milk") }),
            ("a new product's first field (its whole row)", { try store.saveField(.price, of: kilo, in: "milk") }),
            ("a product brought back", { try store.restoreProduct(kilo, in: "milk", position: 0) }),
            ("the comparison whole", { try store.save(Comparison(id: "milk", title: "Milk", products: [
                Product.fixture(id: "m-1", name: "Semi", price: 1, quantity: 1, unit: .liter), kilo])) }),
        ]
        for (what, write) in writes {
            do {
                try write()
                Issue.record("\(what): saved")
            } catch let failure as DatabaseFailure {
                #expect(failure == expected, "\(what): \(failure)")
            }
            #expect(try products(store) == ["m-1 L"], "\(what)")
        }
        // The same family, and a name, are saved; the only product may change family (no other to differ from).
        try store.saveField(.unit, of: Product.fixture(id: "m-3", name: "", price: 1, quantity: 500, unit: .milliliter), in: "milk")
        try store.saveField(.name, of: Product.fixture(id: "m-1", name: "Whole", unit: .kilogram), in: "milk")   // the unit is not written
        #expect(try products(store) == ["m-1 L", "m-3 mL"])
        try store.save(Comparison(id: "solo", title: "Solo", products: [Product.fixture(id: "s-1", unit: .liter)]))
        try store.saveField(.unit, of: Product.fixture(id: "s-1", unit: .kilogram), in: "solo")
        #expect(try store.load("solo")?.products.map(\.unit) == [.kilogram])
    }

    /// Two sessions (two connections) each save a product of another family into one empty comparison at once: SQLite
    /// takes one writer at a time and the check is inside the write, so exactly one of them is saved, every time.
    @Test func twoSessionsRacingCannotBothSaveAFamily() throws {
        let path = folder.file("race.sqlite")
        let a = try ComparisonDatabase(path: path), b = try ComparisonDatabase(path: path)
        for round in 0..<20 {
            let id = ComparisonID("c-\(round)")
            try a.save(Comparison(id: id, title: "Round \(round)"))
            let outcomes = Outcomes()
            let group = DispatchGroup()
            for (store, unit) in [(a, MeasureUnit.liter), (b, MeasureUnit.kilogram)] {
                DispatchQueue.global().async(group: group) {
                    do {
                        try store.saveField(.unit, of: Product.fixture(id: ProductID("\(round)-\(unit.symbol)"), price: 1, quantity: 1, unit: unit), in: id)
                        outcomes.add("saved")
                    } catch DatabaseFailure.mixedFamilies {
                        outcomes.add("refused")
                    } catch {
                        outcomes.add("\(error)")
                    }
                }
            }
            group.wait()
            #expect(outcomes.all.sorted() == ["refused", "saved"], "round \(round)")
            let families = Set(try #require(try a.load(id)).products.compactMap(\.unit?.family))
            #expect(families.count == 1, "round \(round)")
        }
    }

    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [String] = []
        func add(_ outcome: String) { lock.withLock { list.append(outcome) } }
        var all: [String] { lock.withLock { list } }
    }

    /// A comparison mixed by an older per is exported as it is; importing the file leaves that product out, says
    /// which, and imports everything else in the same transaction.
    @Test func anImportLeavesOutAProductOfAnotherFamilyAndTakesTheRest() throws {
        let (store, path) = try seeded()
        try store.save(Comparison(id: "rice", title: "Rice", products: [Product.fixture(id: "r-1", name: "Basmati", price: 2, quantity: 1, unit: .kilogram)]))
        try DatabaseQueue(path: path).write { db in   // an older per's mix, as the database can no longer make it
            try db.execute(sql: "INSERT INTO product (id, comparison_id, position, name, price, quantity, unit) VALUES ('m-2', 'milk', 1, 'Oats', '3', '1', 'kg')")
        }
        let exported = ComparisonExchange.encode(try store.loadAll(), as: .json)
        #expect(exported.contains(#""name": "Oats""#), "\(exported)")

        let other = try ComparisonDatabase(path: folder.file("other.sqlite"))
        let counts = try other.importing { writer in try ComparisonExchange.decode(from: Self.once(exported), into: &writer) }
        #expect(counts.comparisons == 2 && counts.products == 2, "\(counts)")
        #expect(counts.leftOut.count == 1)
        #expect(counts.leftOut.first?.contains(#""Milk", product 2 "Oats", unit: kg is a weight unit, but the comparison is by volume"#) == true,
                "\(counts.leftOut)")
        let titles = try other.loadAll().map { "\($0.title): \($0.products.map(\.name).joined(separator: ", "))" }
        #expect(titles.sorted() == ["Milk: Semi", "Rice: Basmati"])
        // In memory (`decode(_:)`, no database) the file is refused as before.
        #expect(throws: ExchangeError.self) { try ComparisonExchange.decode(exported) }
    }

    /// Issue 40: an earlier price of another family than its comparison's is left out and said, as a product is
    /// (decision 159): the price book never mixes families. JSON and CSV; the first unit read decides the family.
    @Test(arguments: ExchangeFormat.allCases)
    func anImportLeavesOutAnEarlierPriceOfAnotherFamilyAndTakesTheRest(format: ExchangeFormat) throws {
        let oats = Comparison(id: "oats", title: "Oats", products: [Product.fixture(id: "o-1", name: "Jumbo", price: 1, quantity: 500, unit: .gram)])
        let history = [
            PriceRecord(product: "o-1", name: "Jumbo", shop: "", seen: nil, price: 2, quantity: 1, unit: .milliliter),
            PriceRecord(product: "o-1", name: "Jumbo", shop: "", seen: nil, price: 3, quantity: 1, unit: .kilogram),
            PriceRecord(product: "o-2", name: "Rolls", shop: "", seen: nil, price: 4, quantity: 6, unit: MeasureUnit(parsing: "roll")!),
        ]
        let exported = ComparisonExchange.encode([oats], histories: ["oats": history], as: format)
        let store = try ComparisonDatabase(path: folder.file("history-\(format).sqlite"))
        let counts = try store.importing { writer in try ComparisonExchange.decode(from: Self.once(exported), into: &writer) }
        #expect(counts.comparisons == 1 && counts.products == 1 && counts.leftOut.isEmpty, "\(counts)")
        #expect(counts.leftOutHistory.count == 2, "\(counts.leftOutHistory)")
        #expect(counts.leftOutHistory.first?.contains(#"comparison 1 "Oats", history 1 "Jumbo", unit: mL is a volume unit, but the comparison is by weight"#) == true,
                "\(counts.leftOutHistory)")
        #expect(counts.leftOutHistory.last?.contains(#"history 3 "Rolls", unit: roll is a count unit of its own"#) == true, "\(counts.leftOutHistory)")
        let id = try #require(store.loadAll().first?.id)
        #expect(try store.history(of: id).map(\.unit) == [.kilogram])
    }

    static func once(_ text: String) -> () throws -> [UInt8] {
        var given = false
        return { defer { given = true }; return given ? [] : Array(text.utf8) }
    }
}
