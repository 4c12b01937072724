import Foundation
import Testing
@testable import PerCore
import TestSupport

/// What the price book records (issue 20): a correction is not a sighting, the shop you are in is where a price is
/// seen, Ctrl-Y brings back an overwritten value, a deletion reads the book again, an unknown clock dates nothing.
@Suite struct SightingsAppTests {
    static let today = TestStore.today
    static let earlier = CalendarDay(year: 2026, month: 9, day: 1)!
    static let header = ComparisonHeader(id: "c", title: "Butter")

    /// Butter at Aldi, typed today: 0.99 for 1 kg (a typo), with the new row after it.
    static func typo() -> TestStore {
        var store = TestStore(Comparison(id: "c", title: "Butter"), shop: "Aldi")
        store.apply(.comparison(.historyLoaded("c", [])))
        store.enter(price: "0.99", quantity: "1", unit: "kg", name: "Butter", then: .nextProduct)
        return store
    }

    // MARK: Corrections

    @Test func aPriceChangedTheSameDayAtTheSameShopCorrectsIt() {
        var store = Self.typo()
        let typo = Product.fixture(id: "s-1", name: "Butter", price: dec("0.99"), quantity: 1, unit: .kilogram, shop: "Aldi", seen: Self.today)
        #expect(store.state.editing.comparison.products[0] == typo)
        store.send(.comparison(.previousProduct)) {
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: dec("0.99"))))
        }
        store.type("9.99")
        let fixed = Product.fixture(id: "s-1", name: "Butter", price: dec("9.99"), quantity: 1, unit: .kilogram, shop: "Aldi", seen: Self.today)
        store.send(.comparison(.nextField), effects: [.saveField(.price, product: fixed, in: Self.header)]) {
            $0.editing.comparison.replaceProduct(at: 0, with: fixed)
            $0.editing.overwritten = Overwrite(field: .price, before: typo, after: fixed)
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: .numeric(CalculatorEngine(value: 1)))
            // Nothing else was seen: no "Lowest seen: 0.990", and the book holds nothing.
            $0.chrome.status = nil
        }
        #expect(store.state.editing.lowestSeen == .nothing)
    }

    @Test func aPriceChangedOnALaterDayWasSeenAndIsTheLowestIfSo() {
        let seenBefore = Product.fixture(id: "p", name: "Butter", price: dec("2.49"), quantity: 1, unit: .kilogram, shop: "Aldi", seen: Self.earlier)
        var store = TestStore(Comparison(id: "c", title: "Butter", products: [seenBefore]), shop: "Aldi")
        store.apply(.comparison(.historyLoaded("c", [])))
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .price))))
        store.type("2.99")
        let now = Product.fixture(id: "p", name: "Butter", price: dec("2.99"), quantity: 1, unit: .kilogram, shop: "Aldi", seen: Self.today)
        store.send(.comparison(.nextField), effects: [.saveField(.price, product: now, in: Self.header)]) {
            $0.editing.comparison.replaceProduct(at: 0, with: now)
            $0.editing.overwritten = Overwrite(field: .price, before: seenBefore, after: now)
            $0.editing.lowestSeen = .record(PriceRecord(seenBefore)!)   // what the database keeps in the history
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: .numeric(CalculatorEngine(value: 1)))
            $0.chrome.status = StatusMessage("Lowest seen: 2.49 per kg at Aldi, 1 Sep (this is +20%)")
        }
    }

    // MARK: Ctrl-Y brings back an overwritten value

    @Test func ctrlYBringsBackTheValueTheLastChangeOverwrote() {
        let seenBefore = Product.fixture(id: "p", name: "Butter", price: dec("2.49"), quantity: 1, unit: .kilogram, shop: "Aldi", seen: Self.earlier)
        var store = TestStore(Comparison(id: "c", title: "Butter", products: [seenBefore]), shop: "Aldi")
        store.apply(.comparison(.historyLoaded("c", [])))
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .price))))
        store.enter(price: "2.99")
        #expect(store.state.editing.lowestSeen == .record(PriceRecord(seenBefore)!))
        // Back as it was, day and all; neither 2.99 nor 2.49 is a new entry (the database takes the sighting out).
        store.send(.comparison(.undoDeletion), effects: [.saveField(.price, product: seenBefore, keepsEarlierPrice: false, in: Self.header),
                                                         .loadHistory("c")]) {
            $0.editing.comparison.replaceProduct(at: 0, with: seenBefore)
            $0.editing.overwritten = nil
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: dec("2.49"))))
            $0.chrome.status = StatusMessage("Brought back the earlier price of 'Butter'")
        }
        #expect(KeyTable.action(for: .control("y"), in: store.state) == .comparison(.undoDeletion))
        // Nothing more overwritten, nothing deleted.
        store.send(.comparison(.undoDeletion)) { $0.chrome.status = StatusMessage("Nothing deleted to bring back") }
    }

    // MARK: The shop you are in

    /// Quaker seen at Costco; at Lidl a new price typed on it is Lidl's: a new row at Lidl, Costco's price as it was.
    static func quakerAtCostco() -> Product {
        Product.fixture(id: "q", name: "Quaker", price: dec("8.99"), quantity: 2, unit: .kilogram, shop: "Costco", seen: Self.earlier)
    }

    @Test func aPriceTypedOnAnotherShopsProductIsThePriceAtTheShopYouAreIn() {
        let costco = Self.quakerAtCostco()
        var store = TestStore(Comparison(id: "c", title: "Quaker", products: [costco]), shop: "Lidl")
        let header = ComparisonHeader(id: "c", title: "Quaker")
        store.apply(.comparison(.historyLoaded("c", [])))
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .price))))
        store.type("9.49")
        let lidl = Product.fixture(id: "s-2", name: "Quaker", price: dec("9.49"), quantity: 2, unit: .kilogram, shop: "Lidl", seen: Self.today)
        store.send(.comparison(.nextField), effects: [.saveField(.price, product: lidl, in: header)]) {
            $0.editing.comparison.insert(lidl, at: 1)   // before the new row
            $0.madeIDs(2)
            $0.editing.seenHere = SeenHere(original: "q", field: .price, row: lidl, rowBefore: nil)
            $0.editing.focus(FieldFocus(product: 1, field: .quantity), editing: .numeric(CalculatorEngine(value: 2)))
            $0.chrome.status = StatusMessage("Lidl's price, a new row; Costco's kept (Ctrl-R: it was Costco's)")
        }
        #expect(store.state.editing.comparison.products.map(\.shop) == ["Costco", "Lidl", ""])   // the new row: Lidl suggested
        // Again at Lidl: Lidl's row of that name takes it (a correction: it was set today).
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .price))))
        store.type("9.29")
        var lidlAgain = lidl
        lidlAgain.price = dec("9.29")
        store.send(.comparison(.nextField), effects: [.saveField(.price, product: lidlAgain, in: header)]) {
            $0.editing.comparison.replaceProduct(at: 1, with: lidlAgain)
            $0.editing.overwritten = Overwrite(field: .price, before: lidl, after: lidlAgain)
            $0.editing.seenHere = SeenHere(original: "q", field: .price, row: lidlAgain, rowBefore: lidl)
            $0.editing.focus(FieldFocus(product: 1, field: .quantity), editing: .numeric(CalculatorEngine(value: 2)))
            $0.chrome.status = StatusMessage("Lidl's price; Costco's kept (Ctrl-R: it was Costco's)")
        }
    }

    @Test func ctrlRTakesItBackAsACorrectionOfTheOtherShopsPrice() {
        let costco = Self.quakerAtCostco()
        var store = TestStore(Comparison(id: "c", title: "Quaker", products: [costco]), shop: "Lidl")
        let header = ComparisonHeader(id: "c", title: "Quaker")
        store.apply(.comparison(.historyLoaded("c", [])))
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .price))))
        store.enter(price: "9.49")
        #expect(KeyTable.action(for: .control("r"), in: store.state) == .comparison(.itWasTheOtherShops))
        var corrected = costco
        corrected.price = dec("9.49")   // its day kept: the price it was then
        store.send(.comparison(.itWasTheOtherShops), effects: [.saveField(.price, product: corrected, keepsEarlierPrice: false, in: header),
                                                               .database(.edit(.withdrawProduct("s-2"), of: header)), .loadHistory("c")]) {
            $0.editing.comparison.replaceProduct(at: 0, with: corrected)
            $0.editing.comparison.removeProduct(at: 1)
            $0.editing.corrected = Correction(seen: $0.editing.seenHere!, before: costco, after: corrected, rowPosition: 1)
            $0.editing.seenHere = nil
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: dec("9.49"))))
            $0.chrome.status = StatusMessage("Corrected Costco's price; nothing kept at Lidl")
        }
        var undone = store
        store.send(.comparison(.itWasTheOtherShops)) {
            $0.chrome.status = StatusMessage("Ctrl-R takes back a price that went to the shop you are in: none to take back")
        }
        // Issue 39: Ctrl-Y undoes the Ctrl-R: the price back at Lidl's row, in its place, Costco's as it was; Ctrl-R may
        // take it back again.
        let seen = undone.state.editing.corrected!.seen
        undone.send(.comparison(.undoDeletion), effects: [.saveField(.price, product: costco, keepsEarlierPrice: false, in: header),
                                                          .database(.edit(.restoreProduct(seen.row, position: 1), of: header)), .loadHistory("c")]) {
            $0.editing.comparison.replaceProduct(at: 0, with: costco)
            $0.editing.comparison.insert(seen.row, at: 1)
            $0.editing.corrected = nil
            $0.editing.seenHere = seen
            $0.editing.focus(FieldFocus(product: 1, field: .price), editing: .numeric(CalculatorEngine(value: dec("9.49"))))
            $0.chrome.status = StatusMessage("Undid the correction of Costco's price: Lidl's again")
        }
        #expect(!undone.state.editing.canUndo)
    }

    @Test func withoutAShopOrAtTheProductsShopAChangeStaysOnTheProduct() {
        for shop in ["", "costco "] {
            var store = TestStore(Comparison(id: "c", title: "Quaker", products: [Self.quakerAtCostco()]), shop: shop)
            store.apply(.comparison(.focus(FieldFocus(product: 0, field: .price))))
            store.enter(price: "9.49")
            #expect(store.state.editing.comparison.products.map(\.price) == [dec("9.49"), nil], "\(shop)")
            #expect(store.state.editing.seenHere == nil)
        }
    }

    // MARK: Deletion and an unknown clock

    @Test func aDeletionReadsTheBookAgainForTheLowestSeen() {
        var store = TestStore(Comparison(id: "c", title: "Quaker", products: [Self.quakerAtCostco()]))
        store.apply(.comparison(.historyLoaded("c", [])))
        let header = ComparisonHeader(id: "c", title: "Quaker")
        #expect(store.apply(.comparison(.deleteProduct("q", label: "Quaker"))) == [.deleteProduct("q", in: header), .loadHistory("c")])
        // The book now holds Quaker's price (the database recorded it): what it answers is what the message quotes.
        let record = PriceRecord(Self.quakerAtCostco())!
        store.send(.comparison(.historyLoaded("c", [record]))) { $0.editing.lowestSeen = .record(record) }
        store.enter(price: "9.99", quantity: "2", unit: "kg")
        #expect(store.state.chrome.status == StatusMessage("Lowest seen: 4.50 per kg at Costco, 1 Sep (this is +11%)"))
    }

    @Test func anUnknownClockSavesThePriceWithoutADayAndSaysSo() {
        var store = TestStore()
        store.send(.terminal(.today(nil))) { $0.session.today = nil }
        store.type("3")
        let product = Product.fixture(id: "s-1", price: 3, seen: nil)
        store.send(.comparison(.nextField), effects: [.saveField(.price, product: product)]) {
            $0.editing.committed(.price, at: 0, as: product)
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: .numeric(CalculatorEngine()))
            $0.chrome.status = StatusMessage("The clock's date is not known: saved without a day", isWarning: true)
        }
        // Without a day, no change is a correction: the earlier price was seen.
        #expect(Product.fixture(id: "p", price: 1, seen: Self.today).changeIsCorrection(on: nil) == false)
        #expect(Product.fixture(id: "p", price: 1, seen: nil).changeIsCorrection(on: Self.today) == false)
        #expect(Product.fixture(id: "p", price: 1, seen: Self.today).changeIsCorrection(on: Self.today))
        #expect(Freshness(today: nil, staleDays: 90).text(Self.earlier) == "2026-09-01")
    }
}

/// Each row says its shop once the comparison holds two, at 80 and at 40 columns.
@Suite struct SightingsSnapshotTests {
    static func atLidl(_ size: TerminalSize) -> AppState {
        var store = TestStore(Comparison(id: "c", title: "Quaker", products: [SightingsAppTests.quakerAtCostco()]), size: size, shop: "Lidl")
        store.apply(.comparison(.historyLoaded("c", [])))
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .price))))
        store.enter(price: "9.49")
        return store.state
    }

    @Test func bothShopsRowsAt80() {
        let text = ScreenView.render(Self.atLidl(TerminalSize(width: 80, height: 24))).text
        #expect(text == """
         per │ Quaker                                                          per kg ›
         # Name            Price    Qty Unit  Seen  Per kg          Quantity of Quaker
         1 Qua… @ Costco    8.99      2 kg    2 mo    4.50 ★ Best
        ›2 Quaker @ Lidl    9.49 2▏     kg    today   4.75 +6% more ‹ prev next › clear
         - @ Lidl?         price    qty kg?                no price ┌───┬───┬───┐ ┌───┐
                                                                    │ 1 │ 2 │ 3 │ │ + │
                                                                    │   │   │   │ ├───┤
                                                                    ├───┼───┼───┤ │ − │
                                                                    │ 4 │ 5 │ 6 │ ├───┤
                                                                    │   │   │   │ │ × │
                                                                    ├───┼───┼───┤ ├───┤
                                                                    │ 7 │ 8 │ 9 │ │ ÷ │
                                                                    │   │   │   │ ├───┤
                                                                    ├───┼───┼───┤ │   │
                                                                    │ . │ 0 │ ⌫ │ │   │
                                                                    │   │   │   │ │   │
                                                                    └───┴───┴───┘ └───┘
                                                                     2 of 2 ranked
                                                                     Best: Quaker
                                                                     4.50 per kg
                                                                     To buy: Quaker @
                                                                     Lidl
         Lidl's price, a new row; Costco's kept (Ctrl-R: it was Costco's)
        ^Q quit  F1 help  ^O list  ^T title  ^N new  Tab next  S-Tab prev  Esc cancel
        """)
    }

    @Test func bothShopsRowsAt40() {
        let text = ScreenView.render(Self.atLidl(TerminalSize(width: 40, height: 20))).text
        #expect(text == """
         per │ Quaker                  per kg ›
                                 Per kg
         1 8.99 2 kg Qua… @ Costco 4.50 ★ Best
        ›2 Quaker @ Lidl           4.75 +6% more
           9.49       for 2▏         kg
         - @ Lidl?                      no price

        Quantity of Quaker:
         ‹ prev next › clear
         ┌───┬───┬───┐ ┌───┐  2 of 2 ranked
         │ 1 │ 2 │ 3 │ │ + │  Best: Quaker
         ├───┼───┼───┤ │ − │  4.50 per kg
         │ 4 │ 5 │ 6 │ │ × │  To buy: Quaker @
         ├───┼───┼───┤ │ ÷ │  Lidl
         │ 7 │ 8 │ 9 │ ├───┤
         ├───┼───┼───┤ │   │
         │ . │ 0 │ ⌫ │ │   │
         └───┴───┴───┘ └───┘
         Lidl's price; ^R: it was Costco's
        ^Q quit ^G help ^O list ^T title ^N new
        """)
    }
}
