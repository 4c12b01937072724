import Foundation
import Testing
@testable import PerCore

/// The list screen as a shopping list: typing items, counts, check-off, totals and the product to buy.
@Suite struct ShoppingListTests {
    let entries = [ListEntry(id: "a", title: "Oats", productCount: 2), ListEntry(id: "c", title: "Oil", productCount: 1)]

    func opened(_ entries: [ListEntry]? = nil) -> TestStore {
        var store = TestStore(Comparison(id: "c", title: "Oil"))
        store.apply(.app(.showLists))
        store.apply(.store(.listsLoaded(entries ?? self.entries)))
        return store
    }

    func lists(_ entries: [ListEntry], selected: Int, mode: ListsScreen.Mode, wanted: ComparisonID? = nil) -> ListsScreen {
        var lists = ListsScreen(entries: entries, selecting: nil)
        lists.selected = selected
        lists.mode = mode
        lists.wanted = wanted
        return lists
    }

    @Test func aLetterStartsAnItemAndEnterAddsItAndStartsTheNext() {
        var store = opened()
        #expect(KeyTable.action(for: .character("m"), in: store.state) == .lists(.startItem("m")))
        #expect(KeyTable.action(for: .character("2"), in: store.state) == .lists(.startItem("2")))
        store.send(.lists(.startItem("m"))) { $0.screen = .lists(self.lists(self.entries, selected: 1, mode: .adding("m"))) }
        // While a title is typed every character belongs to it: `/`, `+`, space, digits.
        #expect(KeyTable.action(for: .character("/"), in: store.state) == .lists(.type("/")))
        #expect(KeyTable.action(for: .character(" "), in: store.state) == .lists(.type(" ")))
        store.type("ilk")
        #expect(store.state.lists?.mode == .adding("milk"))
        #expect(store.state.lists?.selectedRow == 0)   // the row being typed is drawn first, where the item lands
        let milk = Comparison(id: "s-c2", title: "milk")
        let added = [ListEntry(id: "s-c2", title: "milk", productCount: 0)] + entries
        store.send(.lists(.acceptTitle), effects: [.addListItem(milk), .loadLists]) {
            $0.screen = .lists(self.lists(added, selected: 0, mode: .adding(""), wanted: "s-c2"))
            $0.chrome.status = StatusMessage("Added \"milk\": type the next, Esc ends")
            $0.madeIDs(2)
        }
        // `eggs⏎oats⏎`: each Enter adds one; the screen stays.
        let effects = store.type("eggs\noats\n")
        #expect(effects == [.addListItem(Comparison(id: "s-c3", title: "eggs")), .loadLists,
                            .addListItem(Comparison(id: "s-c4", title: "oats")), .loadLists])
        #expect(store.state.lists?.entries.map(\.title) == ["oats", "eggs", "milk", "Oats", "Oil"])
        #expect(store.state.lists?.mode == .adding(""))
        // The store's list replaces the one kept here; the last added stays selected.
        let fresh = [ListEntry(id: "s-c4", title: "oats", productCount: 0), ListEntry(id: "s-c3", title: "eggs", productCount: 0),
                     ListEntry(id: "s-c2", title: "milk", productCount: 0)] + entries
        store.send(.store(.listsLoaded(fresh))) { $0.screen = .lists(self.lists(fresh, selected: 0, mode: .adding(""))) }
        // Esc ends (Enter on an empty title too); the item typed half is dropped.
        store.type("bre")
        store.send(.lists(.cancelTitle)) { $0.screen = .lists(self.lists(fresh, selected: 0, mode: .browsing)) }
        #expect(store.state.screen != .comparison)
        store.send(.lists(.startItem("x"))) { $0.screen = .lists(self.lists(fresh, selected: 0, mode: .adding("x"))) }
        store.send(.lists(.clearTitle)) { $0.screen = .lists(self.lists(fresh, selected: 0, mode: .adding(""))) }
        store.send(.lists(.acceptTitle)) { $0.screen = .lists(self.lists(fresh, selected: 0, mode: .browsing)) }
        // A title of spaces adds nothing.
        store.type("a\u{8}  \n")
        #expect(store.state.lists?.mode == .browsing)
        #expect(store.state.lists?.entries == fresh)
    }

    @Test func typingAListDrawsTheNewRowFirstAndTakesNoClicks() {
        var store = opened()
        store.type("bread")
        let screen = ScreenView.render(store.state).text.split(separator: "\n").map(String.init)
        #expect(screen[2].contains("bread▏"), "\(screen)")
        #expect(screen[3].contains("Oats"), "\(screen)")
        #expect(screen.contains { $0.contains("Enter adds it and starts the next, Esc ends") }, "\(screen)")
        #expect(KeyTable.action(for: .click(x: 5, y: 3), in: store.state) == nil)
        #expect(KeyTable.action(for: .paste("rye\nflour"), in: store.state) == .lists(.paste("rye\nflour")))
        store.apply(.lists(.paste("rye\nflour")))
        #expect(store.state.lists?.mode == .adding("breadryeflour"))
    }
}
