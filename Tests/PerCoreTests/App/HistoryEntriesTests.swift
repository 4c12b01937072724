import Foundation
import Testing
@testable import PerCore

/// The history screen one entry at a time (issue 20): Ctrl-D deletes the selected entry after a y/n, Ctrl-Y brings it
/// back, `s` and `d` fix its shop and day on the status line, `l` shows the lowest seen at each shop.
@Suite struct HistoryEntriesTests {
    static let september1 = CalendarDay(year: 2026, month: 9, day: 1)!
    static let september20 = CalendarDay(year: 2026, month: 9, day: 20)!

    /// Oats at Aldi for 4.00 (entry 1), then a typo: 0.50 at Lidl (entry 2). The comparison's Oats now: 5.49 at Costco.
    static let aldi = PriceRecord(entry: PriceEntryID(1), product: "p", name: "Oats", shop: "Aldi", seen: september1, price: 4, quantity: 1,
                                  unit: .kilogram)
    static let typo = PriceRecord(entry: PriceEntryID(2), product: "p", name: "Oats", shop: "Lidl", seen: september20, price: dec("0.5"), quantity: 1,
                                  unit: .kilogram)
    static let history = [aldi, typo]

    /// The price book the screen makes of `history`: ranked in the open comparison (with its new, blank row).
    static func book(_ history: [PriceRecord]) -> PriceBook { PriceBook(history: history, comparison: TestStore(PriceBookAppTests.oats()).state.editing.comparison) }

    /// The history on view: Oats now (0), the typo (1), Aldi (2); nothing selected but the first.
    static func onHistory() -> TestStore {
        var store = TestStore(PriceBookAppTests.oats())
        store.send(.app(.showHistory), effects: [.loadHistory("c", for: .historyScreen)]) { $0.screen = .history(HistoryScreen()) }
        store.send(.history(.loaded("c", history))) {
            $0.screen = .history(HistoryScreen(content: .loaded(book(history))))
            $0.editing.lowestSeen = .record(typo)
        }
        return store
    }

    /// The write, then the history screen's and the comparison's reads.
    static func writing(_ change: HistoryEntryChange) -> [Effect] {
        [.database(.changeHistoryEntry(change)), .loadHistory("c", for: .historyScreen), .loadHistory("c", for: .lowestSeen)]
    }

    @Test func ctrlDAsksNKeepsYDeletesAndCtrlYBringsItBack() {
        var store = Self.onHistory()
        let key = { (store: TestStore, event: InputEvent) in KeyTable.action(for: event, in: store.state)! }
        store.send(key(store, .key(.down))) { $0.screen = .history(HistoryScreen(content: .loaded(Self.book(Self.history)), selected: 1)) }
        store.send(key(store, .control("d"))) { $0.chrome.overlay = .confirm(.deleteHistoryEntry(Self.typo)) }
        #expect(Confirmation.deleteHistoryEntry(Self.typo).question == "Delete the price 0.5 for 1 kg at Lidl, 2026-09-20? y/n")
        // n: nothing deleted, nothing written.
        store.send(key(store, .character("n"))) {
            $0.chrome.overlay = .none
            $0.chrome.status = StatusMessage("Nothing deleted")
        }
        store.send(key(store, .control("d"))) {
            $0.chrome.overlay = .confirm(.deleteHistoryEntry(Self.typo))
            $0.chrome.status = nil
        }
        // Enter is no yes.
        #expect(KeyTable.action(for: .key(.enter), in: store.state) == nil)
        // y: written, then the history and the comparison's lowest seen read again.
        store.send(key(store, .character("y")), effects: Self.writing(.delete(PriceEntryID(2), of: "c"))) {
            $0.chrome.overlay = .none
            $0.chrome.status = StatusMessage("Deleted that price · Ctrl-Y brings it back")
            $0.screen = .history(HistoryScreen(content: .loaded(Self.book(Self.history)), selected: 1, deleted: [Self.typo]))
        }
        // The reads answer: the typo is gone, the selection stays at its place (now Aldi), the lowest seen is Aldi's.
        store.send(.history(.loaded("c", [Self.aldi]))) {
            $0.screen = .history(HistoryScreen(content: .loaded(Self.book([Self.aldi])), selected: 1, deleted: [Self.typo]))
            $0.editing.lowestSeen = .record(Self.aldi)
        }
        store.send(key(store, .control("y")), effects: Self.writing(.restore(Self.typo, in: "c"))) {
            $0.chrome.status = StatusMessage("Brought back the price of 0.5 seen 2026-09-20")
            $0.screen = .history(HistoryScreen(content: .loaded(Self.book([Self.aldi])), selected: 1))
        }
        // The selection stays on Aldi's entry, now below the typo again.
        store.send(.history(.loaded("c", Self.history))) {
            $0.screen = .history(HistoryScreen(content: .loaded(Self.book(Self.history)), selected: 2))
            $0.editing.lowestSeen = .record(Self.typo)
        }
        // Nothing more to bring back.
        store.send(key(store, .control("y"))) { $0.chrome.status = StatusMessage("Nothing to bring back: no price was deleted here") }
    }

    @Test func aPriceNowIsNoEntryTheKeysSayToChangeItOnTheComparison() {
        var store = Self.onHistory()
        let said = StatusMessage("That is the price now of \"Oats\", not an earlier one: change it on the comparison (Esc)", isWarning: true)
        for event: InputEvent in [.control("d"), .character("s"), .character("d")] {
            store.send(KeyTable.action(for: event, in: store.state)!) { $0.chrome.status = said }
        }
        #expect(store.state.chrome.overlay == .none)
    }

    @Test func sFixesTheShop() {
        var store = Self.onHistory()
        store.apply(.history(.scroll(1)))
        let selected = { (mode: HistoryScreen.Mode) in AppState.Screen.history(HistoryScreen(content: .loaded(Self.book(Self.history)), selected: 1, mode: mode)) }
        store.send(KeyTable.action(for: .character("s"), in: store.state)!) {
            $0.screen = selected(.fixing(EntryFix(record: Self.typo, field: .shop, text: "Lidl")))
        }
        #expect(KeyScope.active(in: store.state) == [.fixingEntry, .everywhere])
        store.send(KeyTable.action(for: .control("u"), in: store.state)!) { $0.screen = selected(.fixing(EntryFix(record: Self.typo, field: .shop, text: ""))) }
        store.type("Aldo\u{8}i")
        #expect(store.state.screen == selected(.fixing(EntryFix(record: Self.typo, field: .shop, text: "Aldi"))))
        store.send(KeyTable.action(for: .key(.enter), in: store.state)!,
                   effects: Self.writing(.fix(PriceEntryID(2), of: "c", shop: "Aldi", seen: Self.september20))) {
            $0.screen = selected(.browsing)
            $0.chrome.status = StatusMessage("Shop fixed")
        }
        // The same shop again changes nothing; Esc leaves it as it was.
        store.type("s")
        store.send(KeyTable.action(for: .key(.enter), in: store.state)!) {
            $0.screen = selected(.browsing)
            $0.chrome.status = StatusMessage("Nothing changed")
        }
        store.type("sx")
        store.send(KeyTable.action(for: .key(.escape), in: store.state)!) {
            $0.screen = selected(.browsing)
            $0.chrome.status = StatusMessage("Nothing changed")
        }
    }

    @Test func dFixesTheDayAndRefusesANonDayOrAFutureOne() {
        var store = Self.onHistory()
        store.apply(.history(.scroll(1)))
        let selected = { (mode: HistoryScreen.Mode) in AppState.Screen.history(HistoryScreen(content: .loaded(Self.book(Self.history)), selected: 1, mode: mode)) }
        store.send(KeyTable.action(for: .character("d"), in: store.state)!) {
            $0.screen = selected(.fixing(EntryFix(record: Self.typo, field: .day, text: "2026-09-20")))
        }
        store.type("\u{8}\u{8}31")
        // No 31 September: refused, the text kept to be corrected.
        store.send(KeyTable.action(for: .key(.enter), in: store.state)!) {
            $0.screen = selected(.fixing(EntryFix(record: Self.typo, field: .day, text: "2026-09-31")))
            $0.chrome.status = StatusMessage("\"2026-09-31\" is not a day: type it as 2026-11-22", isWarning: true)
        }
        // The day after tomorrow (today is 22 Nov) is refused; tomorrow (another clock) is taken.
        store.apply(.history(.clearFix))
        store.type("2026-11-24")
        store.send(KeyTable.action(for: .key(.enter), in: store.state)!) {
            $0.screen = selected(.fixing(EntryFix(record: Self.typo, field: .day, text: "2026-11-24")))
            $0.chrome.status = StatusMessage("2026-11-24 is in the future: a price is seen by today", isWarning: true)
        }
        store.type("\u{8}3")
        store.send(KeyTable.action(for: .key(.enter), in: store.state)!,
                   effects: Self.writing(.fix(PriceEntryID(2), of: "c", shop: "Lidl", seen: CalendarDay(year: 2026, month: 11, day: 23)))) {
            $0.screen = selected(.browsing)
            $0.chrome.status = StatusMessage("Day fixed")
        }
        // Empty: a day not known.
        store.type("d")
        store.apply(.history(.clearFix))
        store.send(KeyTable.action(for: .key(.enter), in: store.state)!, effects: Self.writing(.fix(PriceEntryID(2), of: "c", shop: "Lidl", seen: nil))) {
            $0.screen = selected(.browsing)
            $0.chrome.status = StatusMessage("Day fixed")
        }
        // A day is ten characters at most.
        store.type("d")
        store.type("2026-09-2000")
        #expect(store.state.screen == selected(.fixing(EntryFix(record: Self.typo, field: .day, text: "2026-09-20"))))
    }

    @Test func lTogglesTheLowestAtEachShop() {
        var store = Self.onHistory()
        store.apply(.history(.toLast))
        store.send(KeyTable.action(for: .character("l"), in: store.state)!) {
            $0.screen = .history(HistoryScreen(content: .loaded(Self.book(Self.history)), view: .lowestPerShop))
        }
        // Cheapest first: the typo at Lidl, Aldi, Costco now.
        guard case .history(let history) = store.state.screen else { Issue.record("not on the history"); return }
        #expect(history.shown.map(\.record) == [Self.typo, Self.aldi, PriceRecord(PriceBookAppTests.oats().products[0])!])
        #expect(history.lowestShown == 0)
        // Deleting works on it too.
        store.send(KeyTable.action(for: .control("d"), in: store.state)!) { $0.chrome.overlay = .confirm(.deleteHistoryEntry(Self.typo)) }
        store.apply(.app(.answer(yes: false)))
        store.send(KeyTable.action(for: .character("l"), in: store.state)!) {
            $0.screen = .history(HistoryScreen(content: .loaded(Self.book(Self.history))))
            $0.chrome.status = nil
        }
    }
}
