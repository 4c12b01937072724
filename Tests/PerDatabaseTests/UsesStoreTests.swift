import Foundation
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// Per-use prices kept (decisions 304, 305, 308, 309): a comparison by use holds products of any unit in the database,
/// and comes back whole from it and from every export.
@Suite struct UsesStoreTests {
    let folder = TemporaryFolder()
    static let wash = CountWord("wash")!

    static var detergent: Comparison {
        func product(_ id: ProductID, _ price: Decimal, _ quantity: Decimal, _ unit: MeasureUnit, _ uses: Decimal) -> Product {
            Product(id: id, name: "D\(id)", price: price, quantity: quantity, unit: unit, pack: nil, shop: "", seen: nil, deposit: nil,
                    uses: Uses(count: uses, word: wash))
        }
        return Comparison(id: "det", title: "Detergent", products: [
            product("d-1", Decimal(string: "11.99")!, Decimal(string: "2.5")!, .liter, 50),
            product("d-2", Decimal(string: "7.49")!, Decimal(string: "1.5")!, .liter, 30),
            product("d-3", Decimal(string: "12.99")!, 40, .counted(CountWord("pod")!), 40),
        ], basis: .perUse(wash))
    }

    /// Saved whole and field by field: litres and pods in one comparison by use, its basis `use:wash`.
    @Test func aComparisonByUseKeepsProductsOfAnyUnit() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        try store.save(Self.detergent)
        let read = try #require(try store.load("det"))
        #expect(read == Self.detergent)
        #expect(read.basis == .perUse(Self.wash))
        #expect(read.ranked.map(\.index) == [0, 1, 2])
        // A pod saved by its unit alone into the comparison by use is no mix of families.
        var more = Self.detergent.products[2]
        more.id = "d-4"
        try store.saveField(.unit, of: more, in: "det")
        try store.saveField(.uses, of: more, in: "det")
        #expect(try store.load("det")?.products.count == 4)
        // By volume the same pod is refused, as ever.
        try store.save(Comparison(id: "milk", title: "Milk", products: [Product.fixture(id: "m-1", price: 1, quantity: 1, unit: .liter)]))
        more.id = "m-2"
        #expect(throws: DatabaseFailure.self) { try store.saveField(.unit, of: more, in: "milk") }
    }

    @Test(arguments: ExchangeFormat.allCases)
    func anExportOfAComparisonByUseImportsWhole(format: ExchangeFormat) throws {
        let text = ComparisonExchange.encode([Self.detergent], as: format)
        if format == .json { #expect(text.contains(#""uses": {"count": "50", "word": "wash"}"#), "\(text)") }
        #expect(text.contains("use:wash"))
        let read = try #require(try ComparisonExchange.decode(text).first)
        #expect(read.basis == .perUse(Self.wash))
        #expect(read.products.map(\.uses) == Self.detergent.products.map(\.uses))
        #expect(read.products.map(\.unit) == Self.detergent.products.map(\.unit))
        let store = try ComparisonDatabase(path: folder.file("in-\(format).sqlite"))
        let counts = try store.importing { writer in try ComparisonExchange.decode(from: UnitFamilyTests.once(text), into: &writer) }
        #expect(counts.products == 3 && counts.leftOut.isEmpty, "\(counts)")
    }

    /// Uses that are no uses are refused by import, naming the product: the file is not taken.
    @Test func anImportRefusesZeroUses() throws {
        let text = ComparisonExchange.encode([Self.detergent], as: .json).replacingOccurrences(of: #""count": "50""#, with: #""count": "0""#)
        #expect(throws: ExchangeError.self) { try ComparisonExchange.decode(text) }
    }
}
