import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// Every datum of a product (`ProductDatum.all`) comes back whole from every copy and every format: a datum added
/// without a sample here fails the first test (a text datum has one made of its key), one a codec or copy forgets fails
/// that codec's.
@Suite struct ProductSchemaTests {
    /// A value for each datum, as its text; none is a blank product's. A text datum not named here gets its own, of its
    /// key (`brand`: `a brand`), so no two text data hold the same.
    static let samples = ["price": "3.99", "quantity": "1980", "pack": "6*330", "unit": "g", "name": "Oats", "shop": "Aldi",
                          "seen": "2026-11-20", "deposit": "0.25", "deal": "Clubcard 1.50 until 2026-12-31", "uses": "50 washes"]
                         .merging(ProductDatum.all.filter { $0.kind == .text }.map { ($0.key, "a " + $0.key) }, uniquingKeysWith: { named, _ in named })

    /// A product with every datum set to its sample.
    static func full(id: ProductID = "p-1") -> Product {
        var product = Product.new(id: id)
        for datum in ProductDatum.all { datum.read(&product, samples[datum.key]) }
        return product
    }

    @Test func everyDatumHasASampleThatIsSet() {
        let blank = Product.new(id: "p-1"), full = Self.full()
        #expect(Set(ProductDatum.all.map(\.key)) == Set(Self.samples.keys))
        for datum in ProductDatum.all {
            #expect(datum.text(full) == Self.samples[datum.key], "\(datum.key) reads its sample back")
            #expect(!datum.same(blank, full), "\(datum.key)'s sample is not the blank product's")
        }
    }

    @Test func theRecoveryJournalKeepsEveryDatum() throws {
        let header = ComparisonHeader(id: "c", title: "Oats", chosenBasis: nil, volumeSystem: .us)
        let journal = RecoveryJournal(id: "r", changes: [.edit(.restoreProduct(Self.full(), position: 0), of: header, needsRow: false)])
        let read = try RecoveryJournal.decode(journal.encoded())
        #expect(read.changes == journal.changes)
    }

    @Test(arguments: ExchangeFormat.allCases)
    func anExportKeepsEveryDatum(format: ExchangeFormat) throws {
        let text = ComparisonExchange.encode([Comparison(title: "Oats", products: [Self.full()])], as: format)
        var read = try #require(try ComparisonExchange.decode(text).first?.products.first)
        read.id = Self.full().id   // an import gives new identities
        #expect(read == Self.full())
    }

    @Test func theDatabaseKeepsEveryDatumSavedWhole() throws {
        let folder = TemporaryFolder()
        let database = try ComparisonDatabase(path: folder.file("a.sqlite"))
        try database.save(Comparison(id: "c", title: "Oats", products: [Self.full()]))
        #expect(try database.load("c")?.products == [Self.full()])
    }

    /// Each field's save writes its data; the day goes with each pricing field.
    @Test func theDatabaseKeepsEveryDatumSavedFieldByField() throws {
        let folder = TemporaryFolder()
        let database = try ComparisonDatabase(path: folder.file("a.sqlite"))
        try database.save(Comparison(id: "c", title: "Oats", products: [.new(id: "p-1")]))
        for field in ProductField.allCases { try database.saveField(field, of: Self.full(), in: "c") }
        #expect(try database.load("c")?.products == [Self.full()])
    }

    /// Undo (Ctrl-Y) and a price seen at another shop copy a field's data; the day is no field's, the commit sets it.
    @Test func copyingEveryFieldCopiesEveryDatumButTheDay() {
        var copy = Product.new(id: "p-1")
        for field in ProductField.allCases { field.copy(from: Self.full(), into: &copy) }
        var expected = Self.full()
        expected.seen = nil
        #expect(copy == expected)
        #expect(ProductDatum.all.filter { $0.field == nil }.map(\.key) == ["seen"])
    }

    @Test func aProductSeenAtAnotherShopKeepsAllButItsIdShopAndDay() {
        let seen = Self.full().seen(at: ShopName("Lidl")!, as: "p-2")
        var expected = Self.full()
        expected.id = "p-2"
        expected.shop = "Lidl"
        expected.seen = nil
        #expect(seen == expected)
    }
}
