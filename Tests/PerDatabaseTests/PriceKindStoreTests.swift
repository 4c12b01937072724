import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// Decision 412 in the database: a price seen keeps the offer that stood beside its shelf price, through a price
/// replaced, a product deleted, a history entry deleted and brought back, and a comparison deleted and brought back.
@Suite struct PriceKindStoreTests {
    let folder = TemporaryFolder()
    func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }
    let twoForThree = Deal(.multibuy(count: 2, price: 3))
    let clubcard = Deal(.member(scheme: "Clubcard", price: Decimal(string: "1.50")!), until: CalendarDay(iso: "2026-12-31"))

    @Test func aPriceSeenKeepsItsOfferThroughEveryWayOutOfTheLiveTables() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        var tub = Product.fixture(id: "tub", name: "tub", price: Decimal(string: "1.79")!, quantity: 500, unit: .gram, shop: "Aldi", seen: day("2026-11-01"))
        tub.deal = twoForThree
        try store.save(Comparison(id: "c", title: "Yoghurt", products: [tub]))

        // The offer changed alone is no price seen.
        tub.deal = clubcard
        try store.saveField(.deal, of: tub, in: "c")
        #expect(try store.history(of: "c").isEmpty)
        #expect(try store.load("c")?.products.first?.deal == clubcard)

        // A new shelf price books the earlier one with the offer that stood beside it then.
        tub.price = Decimal(string: "1.99")!; tub.seen = day("2026-11-20"); tub.deal = nil
        try store.saveField(.price, of: tub, in: "c")
        try store.saveField(.deal, of: tub, in: "c")
        let first = PriceRecord(entry: PriceEntryID(1), product: "tub", name: "tub", shop: "Aldi", seen: day("2026-11-01"),
                                price: Decimal(string: "1.79")!, quantity: 500, unit: .gram, deal: clubcard)
        #expect(try store.history(of: "c") == [first])

        // A history entry deleted and brought back keeps its offer.
        let taken = try #require(try store.deleteHistoryEntry(PriceEntryID(1), of: "c"))
        #expect(taken == first)
        #expect(try store.history(of: "c").isEmpty)
        try store.restoreHistoryEntry(taken, in: "c")
        #expect(try store.history(of: "c") == [first])

        // A product deleted books its price now, with the offer beside it.
        tub.deal = twoForThree
        try store.saveField(.deal, of: tub, in: "c")
        try store.deleteProduct("tub")
        let second = PriceRecord(entry: PriceEntryID(2), product: "tub", name: "tub", shop: "Aldi", seen: day("2026-11-20"),
                                 price: Decimal(string: "1.99")!, quantity: 500, unit: .gram, deal: twoForThree)
        #expect(try store.history(of: "c") == [first, second])

        // The comparison deleted and brought back: every offer as it was (deleted_price_history's deal column).
        let deleted = try #require(try store.deleteComparison("c"))
        #expect(try store.history(of: "c").isEmpty)
        #expect(try store.restoreDeleted(deleted))
        #expect(try store.history(of: "c") == [first, second])

        // Read again on a connection of its own: the offer is in the file, not in a cache.
        let again = try ComparisonDatabase(path: folder.file("per.sqlite"))
        #expect(try again.history(of: "c").map(\.deal) == [clubcard, twoForThree])
        #expect(try again.history(of: "c").map(\.kind) == [.member, .deal])
    }
}
