import Foundation
import Testing
@testable import PerCore
import TestSupport

/// The price book's pure parts: days, their ages, the history's order and its lowest price, `@STORE`.
@Suite struct PriceBookTests {
    func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }

    @Test func daysReadAndWriteISOAndRefuseWhatDoesNotExist() {
        #expect(CalendarDay(iso: "2026-11-22") == CalendarDay(year: 2026, month: 11, day: 22))
        #expect(CalendarDay(iso: "2024-02-29")?.iso == "2024-02-29")          // a leap day
        #expect(CalendarDay(iso: "0001-01-01")?.iso == "0001-01-01")
        for bad in ["2026-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-11-00", "0000-01-01",
                    "2026-1-22", "26-11-22", "2026/11/22", "2026-11-22T00:00", " 2026-11-22", "２０２６-11-22", "", "yesterday"] {
            #expect(CalendarDay(iso: bad) == nil, "\(bad)")
        }
        #expect(CalendarDay(year: 2026, month: 2, day: 29) == nil)
        #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil)
        #expect(day("2026-01-31") < day("2026-02-01"))
        #expect(day("2026-10-03").shortText == "3 Oct")
    }

    /// Any valid day written and read again is the same day; the day after any day is one day number later.
    @Test(arguments: 0..<8)
    func anyDayRoundTripsThroughItsText(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        for _ in 0..<500 {
            let y = Int.random(in: 1...9999, using: &rng), m = Int.random(in: 1...12, using: &rng), d = Int.random(in: 1...31, using: &rng)
            guard let original = CalendarDay(year: y, month: m, day: d) else {
                #expect(d > CalendarDay.days(inMonth: m, of: y))
                continue
            }
            #expect(CalendarDay(iso: original.iso) == original)
            #expect(original.adding(days: 0) == original)
            if let next = original.adding(days: 1) {
                #expect(next.dayNumber == original.dayNumber + 1)
                #expect(next > original)
            }
        }
    }

    @Test func theClocksMomentIsTheDayInTheLocalZone() {
        let moment = Date(timeIntervalSince1970: 1_795_305_600)   // 2026-11-22 00:00 UTC
        #expect(CalendarDay(moment, in: TimeZone(identifier: "UTC")!) == day("2026-11-22"))
        #expect(CalendarDay(moment, in: TimeZone(identifier: "America/New_York")!) == day("2026-11-21"))
        #expect(day("1970-01-01").dayNumber == 0)
    }

    @Test func agesAreShortAndTrue() {
        let today = day("2026-11-22")
        #expect(today.age(on: today) == "today")
        #expect(day("2026-11-19").age(on: today) == "3 d")
        #expect(day("2026-11-09").age(on: today) == "13 d")
        #expect(day("2026-11-08").age(on: today) == "2 wk")
        #expect(day("2026-06-22").age(on: today) == "5 mo")
        #expect(day("2023-11-22").age(on: today) == "3 yr")
        #expect(day("2026-11-23").age(on: today) == "today")    // today in another time zone (decision 233)
        #expect(day("2026-11-24").age(on: today) == "future")   // another machine's clock: `future`, never a width that hides the Seen column
        #expect(day("2026-08-23").isOlder(than: 90, on: today))
        #expect(!day("2026-08-24").isOlder(than: 90, on: today))
    }

    @Test func theBookIsNewestFirstWithTheLowestMarkedOnce() {
        let oats = Comparison(id: "c", title: "Oats", products: [
            Product.fixture(id: "a", name: "Jumbo", price: 6.99, quantity: 1, unit: .kilogram, shop: "Costco", seen: day("2026-11-20")),
            Product.fixture(id: "b", name: "Small", price: 3, quantity: 500, unit: .gram, seen: day("2026-11-01")),
            Product.fixture(id: "blank"),
        ])
        let history = [
            PriceRecord(product: "a", name: "Jumbo", shop: "Aldi", seen: day("2026-10-03"), price: 5.49, quantity: 1, unit: .kilogram),
            PriceRecord(product: "a", name: "Jumbo", shop: "Lidl", seen: day("2026-11-01"), price: 5.49, quantity: 1, unit: .kilogram),
            PriceRecord(product: "gone", name: "Old", shop: "", seen: nil, price: 1, quantity: 1, unit: .kilogram),
        ]
        let book = PriceBook(history: history, comparison: oats)
        #expect(book.entries.map(\.record.shop) == ["Costco", "", "Lidl", "Aldi", ""])
        #expect(book.entries.map(\.isCurrent) == [true, true, false, false, false])
        // 1.00 per kg undated is the lowest: unknown days come last but still count.
        #expect(book.lowest?.record.name == "Old")
        #expect(book.perLabel == "kg")

        // Ties: the most recent of equal unit prices. 5.49/kg twice (Lidl later), 5.49/kg now: the current one.
        let tied = Comparison(id: "c", products: [Product.fixture(id: "a", price: 5.49, quantity: 1, unit: .kilogram, shop: "Costco", seen: day("2026-11-20"))])
        let tiedBook = PriceBook(history: Array(history.prefix(2)), comparison: tied)
        #expect(tiedBook.lowestIndex == 0)
        #expect(tiedBook.entries.filter { $0.unitPrice == tiedBook.lowest?.unitPrice }.count == 3)
        #expect(PriceBook.lowest(of: history.prefix(2).reversed(), in: tied)?.record.shop == "Lidl")
    }

    /// Where it was seen cheapest (`l`, `per history --lowest`): each shop's lowest entry, no shop being one shop,
    /// cheapest first; among a shop's ties the most recent; shops at one price in the order of their entries (newest
    /// first, unknown days last); entries that can't be ranked are left out.
    @Test func theLowestAtEachShopIsEachShopsCheapestEntryCheapestFirst() {
        func entry(_ id: Int64, _ shop: String, _ seen: String?, _ price: Decimal, _ quantity: Decimal, _ unit: MeasureUnit) -> PriceRecord {
            PriceRecord(entry: PriceEntryID(id), product: "a", name: "Oats", shop: shop, seen: seen.map(day), price: price, quantity: quantity, unit: unit)
        }
        let history = [
            entry(1, "Aldi", "2026-09-01", 4, 1, .kilogram),
            entry(2, "Aldi", "2026-10-01", 2, 500, .gram),      // 4.00 per kg again, later: Aldi's
            entry(3, "", nil, 4, 1, .kilogram),                  // no shop, no day: 4.00 per kg, after Aldi's among the ties
            entry(4, "Lidl", nil, 3, 1, .kilogram),              // a day not known still counts: the cheapest
            entry(5, "Lidl", "2026-11-01", dec("3.5"), 1, .kilogram),
            entry(6, "Spar", "2026-11-02", 1, 1, .liter),        // a volume: not ranked per kg, so Spar is left out
            entry(7, "Costco", "2026-11-03", 6, 1, .kilogram),
        ]
        let now = Product.fixture(id: "a", name: "Oats", price: 5, quantity: 1, unit: .kilogram, shop: "Costco", seen: day("2026-11-20"))
        let book = PriceBook(history: history, comparison: Comparison(id: "c", products: [now, Product.fixture(id: "blank")]))
        let lowest = book.lowestPerShop
        #expect(lowest.map(\.record) == [history[3], history[1], history[2], PriceRecord(now)!])
        #expect(lowest.map(\.isCurrent) == [false, false, false, true])
        #expect(lowest.map { book.pricePerBasis($0) } == [3, 4, 4, 5])
        // The book's lowest is the first.
        #expect(lowest.first == book.lowest)
        // Nothing ranked, nothing listed.
        #expect(PriceBook(history: [history[5]], comparison: Comparison(id: "c", products: [Product.fixture(id: "x", unit: .kilogram)])).lowestPerShop.isEmpty)
        #expect(PriceBook(history: [], comparison: Comparison(id: "c")).lowestPerShop.isEmpty)
    }

    /// The readers are given today (the command reads the clock): a `seen` day after tomorrow is refused naming the
    /// field; tomorrow is taken; without a today nothing is checked.
    @Test func theExchangeReadersRefuseADayAfterTomorrow() throws {
        let today = day("2026-11-22")
        func json(_ seen: String) -> String {
            #"[{"title": "X", "products": [], "history": [{"price": "1", "quantity": "1", "unit": "kg", "seen": "\#(seen)"}]}]"#
        }
        func csv(_ seen: String) -> String { "comparison,name,price,quantity,unit,seen\r\nX,a,1,1,kg,\(seen)\r\n" }
        let refusedJSON = try #require(throws: ExchangeError.self) { try ComparisonExchange.collect(json("2026-11-24"), today: today) }
        #expect(refusedJSON.message == #"line 1, comparison "X", history 1, seen: "2026-11-24" is in the future (today is 2026-11-22): a price is seen by today"#)
        let refusedCSV = try #require(throws: ExchangeError.self) { try ComparisonExchange.decode(csv("2026-11-24"), today: today) }
        #expect(refusedCSV.message == #"line 2, comparison "X", product 1, seen: "2026-11-24" is in the future (today is 2026-11-22): a price is seen by today"#)
        #expect(try ComparisonExchange.collect(json("2026-11-23"), today: today).histories.values.first?.first?.seen == day("2026-11-23"))
        #expect(try ComparisonExchange.decode(csv("2026-11-23"), today: today).first?.products.first?.seen == day("2026-11-23"))
        #expect(try ComparisonExchange.decode(csv("9999-12-31")).first?.products.first?.seen == day("9999-12-31"))
    }

    @Test func aBookWithoutUnitsNowStillRanksItsHistory() {
        let empty = Comparison(id: "c", products: [Product.fixture(id: "x")])
        let book = PriceBook(history: [PriceRecord(product: "x", name: "", shop: "", seen: nil, price: 2, quantity: 500, unit: .gram)], comparison: empty)
        #expect(book.lowestIndex == 0)
        #expect(book.pricePerBasis(book.entries[0]) == 4)
        #expect(PriceBook(history: [], comparison: empty).lowestIndex == nil)
    }

    @Test func historyReadsWhereverTheFileGivesItAndRoundTrips() throws {
        let late = #"[{"history": [{"price": "2", "quantity": "1", "unit": "kg", "seen": "2026-01-05", "store": "A"}], "title": "Late", "products": [{"name": "x", "price": "3", "quantity": "1", "unit": "kg"}]}]"#
        let read = try ComparisonExchange.collect(late)
        let id = try #require(read.comparisons.first?.id)
        #expect(read.histories[id] == [PriceRecord(product: read.histories[id]![0].product, name: "", shop: "A", seen: day("2026-01-05"), price: 2, quantity: 1, unit: .kilogram)])
        let again = try ComparisonExchange.collect(ComparisonExchange.encode(read.comparisons, histories: read.histories, as: .json))
        let againID = try #require(again.comparisons.first?.id)
        #expect(again.histories[againID]?.map(\.shop) == ["A"])
        #expect(again.histories[againID]?.map(\.seen) == [day("2026-01-05")])
        #expect(again.comparisons.first?.products.map(\.name) == ["x"])
        // Without a history, the file is as before but for each product's store and day.
        #expect(!ComparisonExchange.encode(read.comparisons, as: .json).contains("history"))
    }

    @Test func compareItemsTakeAStore() throws {
        let item = try ProductSpec.parse("oats=6.99/1kg@Costco").get()
        #expect(item.name == "oats" && item.shop == "Costco" && item.unit == .kilogram && item.quantity == 1)
        #expect(try ProductSpec.parse("4.49/6x330 ml @ Aldi Süd").get().shop == "Aldi Süd")
        #expect(try ProductSpec.parse("3/500g").get().shop == "")
        let odd = try ProductSpec.parse("a@b=1/1kg@x=y").get()
        #expect(odd.name == "a@b" && odd.shop == "x=y")
        #expect(try ProductSpec.parse("me@home=2/1kg").get().name == "me@home")
        if case .failure(let error) = ProductSpec.parse("3/500g@") { #expect(error.reason.contains("missing shop")) } else { Issue.record("took an empty store") }
        if case .failure(let error) = ProductSpec.parse("3/500g@a\u{1B}b") { #expect(error.reason.contains("U+001B")) } else { Issue.record("took a control character") }
    }
}
