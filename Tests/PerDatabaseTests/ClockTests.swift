import Foundation
import GRDB
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// Clocks that differ between sessions (a machine a day behind, another time zone) never drop the latest edit, never
/// turn a correction into a sighting and never show a price typed now as `future` (issue 40; decision 233).
@Suite struct ClockTests {
    let folder = TemporaryFolder()

    /// Another session, its clock a day ahead, saved Oats' price; this one sees it, then types a price behind a lock and
    /// is killed. Replayed, its price is the later edit (it was typed after seeing the other), whatever the clocks say.
    @Test func aChangeMadeAfterSeeingAnotherSessionsEditIsLaterWhateverTheClocks() throws {
        let path = folder.file("per.sqlite")
        let oats = Comparison(id: "oats", title: "Oats", products: [Product.fixture(id: "o-1", name: "big", price: 3, quantity: 1, unit: .kilogram)])
        let setup = try ComparisonDatabase(path: path)
        try setup.save(oats)
        let dayAhead = ComparisonDatabase.nowMilliseconds() + 86_400_000
        try setup.queue.write { db in
            try db.execute(sql: "UPDATE product SET price = '2.39', price_at = ? WHERE id = 'o-1'", arguments: [dayAhead])
            try db.execute(sql: "UPDATE comparison SET updated_at = ?, edited_at = ? WHERE id = 'oats'", arguments: [dayAhead, dayAhead])
        }
        var seen = oats
        seen.replaceProduct(at: 0, with: Product.fixture(id: "o-1", name: "big", price: Decimal(string: "2.39"), quantity: 1, unit: .kilogram))
        var session = DatabaseSession(database: try ComparisonDatabase(path: path, busyTimeout: 0.05), opened: seen)
        let lock = try HeldLock(path)
        let typed = Product.fixture(id: "o-1", name: "big", price: Decimal(string: "2.49"), quantity: 1, unit: .kilogram)
        _ = session.perform(.edit(.saveField(.price, product: typed), of: ComparisonHeader(id: "oats", title: "Oats")),
                            watch: DatabaseWatch(open: seen, shoppingListOnView: false))
        let journal = session.recoveryJournal
        try lock.release()
        let store = try ComparisonDatabase(path: path)
        #expect(try store.importRecovery(journal) == .applied)
        #expect(try store.load("oats")?.products.first?.price == Decimal(string: "2.49"))
    }

    /// A price saved with a day after the new value's (another session's time zone, or this clock gone back) was not seen
    /// before it: changing it is a correction, not a sighting, as on the same day.
    @Test func aChangeDatedBeforeTheStoredDayIsACorrection() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        try store.save(Comparison(id: "c", title: "Butter"))
        func butter(_ price: String, seen: String) -> Product {
            Product.fixture(id: "p", name: "Butter", price: Decimal(string: price), quantity: 1, unit: .kilogram, shop: "Aldi", seen: CalendarDay(iso: seen))
        }
        try store.saveField(.price, of: butter("9.99", seen: "2026-11-23"), in: "c")
        try store.saveField(.price, of: butter("0.99", seen: "2026-11-22"), in: "c")   // the typo fixed, by a clock a day behind
        #expect(try store.history(of: "c").isEmpty)
    }

    /// The day after today is today in some time zone: a price another session typed a minute ago there is `today`.
    @Test func theDayAfterTodayIsTodayNotTheFuture() throws {
        let today = try #require(CalendarDay(iso: "2026-12-02"))
        #expect(try #require(CalendarDay(iso: "2026-12-03")).age(on: today) == "today")
        #expect(try #require(CalendarDay(iso: "2026-12-04")).age(on: today) == "future")
        #expect(today.age(on: today) == "today")
    }

    /// A product's price now, typed by a clock a day behind the one that saw its earlier price, is listed above it: the
    /// price book lists a product's prices in the order they were typed whatever days they carry.
    @Test func aPriceNowIsNeverListedBelowItsOwnEarlierPrice() throws {
        let now = Product.fixture(id: "p", name: "Butter", price: 2, quantity: 1, unit: .kilogram, shop: "Aldi", seen: CalendarDay(iso: "2026-12-01"))
        var earlier = try #require(PriceRecord(Product.fixture(id: "p", name: "Butter", price: 3, quantity: 1, unit: .kilogram, shop: "Aldi",
                                                               seen: CalendarDay(iso: "2026-12-02"))))
        earlier.entry = PriceEntryID(1)
        let other = try #require(PriceRecord(Product.fixture(id: "q", name: "Tub", price: 4, quantity: 1, unit: .kilogram, shop: "Lidl",
                                                             seen: CalendarDay(iso: "2026-12-03"))))
        let book = PriceBook(history: [earlier, other], comparison: Comparison(id: "c", title: "Butter", products: [now]))
        #expect(book.entries.map(\.record.price) == [4, 2, 3])
        #expect(book.entries.map(\.isCurrent) == [false, true, false])
    }
}
