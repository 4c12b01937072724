import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Nothing moves under a thumb (issue 28): while the list is open, and when it shows again after one of its items was
/// opened, every row keeps its place; Ctrl-L (or Ctrl-S) puts it in order again, and so does opening it afresh.
@Suite struct ListPlacesTests {
    static let eggs = ListEntry(id: "e", title: "eggs", productCount: 0), milk = ListEntry(id: "m", title: "milk", productCount: 0)
    static let bread = ListEntry(id: "b", title: "bread", productCount: 0)

    /// The list as drawn: its rows in this order, the selection on `selected`.
    func list(_ rows: [ListEntry], selected: Int) -> ShoppingListScreen {
        var list = ShoppingListScreen(entries: rows, selecting: nil)
        list.selected = selected
        return list
    }

    /// The list opened on `eggs, milk`, the open comparison `c` not on it.
    func opened() -> TestStore {
        var store = TestStore(Comparison(id: "c", title: "Oil"))
        store.send(.app(.showShoppingList), effects: [.loadShoppingList]) { $0.screen = .shoppingList(ShoppingListScreen(entries: [], selecting: "c")) }
        store.send(.shoppingList(.loaded([Self.eggs, Self.milk]))) { $0.screen = .shoppingList(self.list([Self.eggs, Self.milk], selected: 0)) }
        return store
    }

    /// Opening `milk`, typing its price (an edit: the database now lists it first) and coming back: `milk` is where it
    /// was, and a tap on the first row opens `eggs`.
    @Test func anItemOpenedAndPricedKeepsItsPlaceWhenTheListShowsAgain() {
        var store = opened()
        store.send(.shoppingList(.openRow(1)), effects: [.openComparison("m")]) {
            $0.screen = .comparison
            $0.session.listPlaces = ["e", "m"]
        }
        store.send(.app(.showShoppingList), effects: [.loadShoppingList]) { $0.screen = .shoppingList(ShoppingListScreen(entries: [], selecting: "c")) }
        store.send(.shoppingList(.loaded([Self.milk, Self.eggs]))) {
            $0.screen = .shoppingList(self.list([Self.eggs, Self.milk], selected: 0))
            $0.session.listPlaces = []
        }
        let layout = ShoppingListLayout(store.state.shoppingList!, size: store.state.session.size)
        #expect(Input.action(for: .click(x: ShoppingListLayout.titleX, y: layout.visibleRows[0].y), in: store.state) == .shoppingList(.openRow(0)))
        store.send(.shoppingList(.openRow(0)), effects: [.openComparison("e")]) {
            $0.screen = .comparison
            $0.session.listPlaces = ["e", "m"]
        }
    }

    /// Another session's changes arriving while the list is open move no row: its new item comes last.
    @Test func anotherSessionsChangesMoveNoRow() {
        var store = opened()
        store.send(.shoppingList(.loaded([Self.bread, Self.milk, Self.eggs]))) {
            $0.screen = .shoppingList(self.list([Self.eggs, Self.milk, Self.bread], selected: 0))
        }
    }

    /// Ctrl-L puts the list in order again (and redraws); Esc then Ctrl-O opens it afresh, in order.
    @Test func ctrlLOrOpeningAfreshPutsTheListInOrder() {
        var store = opened()
        #expect(KeyTable.action(for: .control("l"), in: store.state) == .shoppingList(.reorder))
        store.send(.shoppingList(.reorder), effects: [.terminal(.repaint), .loadShoppingList]) {
            var list = self.list([Self.eggs, Self.milk], selected: 0)
            list.reorders = true
            $0.screen = .shoppingList(list)
        }
        store.send(.shoppingList(.loaded([Self.milk, Self.eggs]))) { $0.screen = .shoppingList(self.list([Self.milk, Self.eggs], selected: 1)) }
        store.send(.shoppingList(.openRow(0)), effects: [.openComparison("m")]) {
            $0.screen = .comparison
            $0.session.listPlaces = ["m", "e"]
        }
        store.send(.app(.showShoppingList), effects: [.loadShoppingList]) { $0.screen = .shoppingList(ShoppingListScreen(entries: [], selecting: "c")) }
        store.send(.shoppingList(.close)) {
            $0.screen = .comparison
            $0.session.listPlaces = []
        }
        store.send(.app(.showShoppingList), effects: [.loadShoppingList]) { $0.screen = .shoppingList(ShoppingListScreen(entries: [], selecting: "c")) }
        store.send(.shoppingList(.loaded([Self.eggs, Self.milk]))) { $0.screen = .shoppingList(self.list([Self.eggs, Self.milk], selected: 0)) }
    }

    /// A tap is read against the frame drawn: when the list changed after it (a key earlier in the same burst put it in
    /// order), the tap acts on the item that was drawn where it landed.
    @Test func aTapActsOnTheRowDrawnWhereItLanded() {
        var store = opened()
        let drawn = store.state
        store.send(.shoppingList(.reorder), effects: [.terminal(.repaint), .loadShoppingList]) {
            var list = self.list([Self.eggs, Self.milk], selected: 0)
            list.reorders = true
            $0.screen = .shoppingList(list)
        }
        store.send(.shoppingList(.loaded([Self.milk, Self.eggs]))) { $0.screen = .shoppingList(self.list([Self.milk, Self.eggs], selected: 1)) }
        let y = ShoppingListLayout(drawn.shoppingList!, size: drawn.session.size).visibleRows[0].y
        // `eggs` was drawn on the first row; it is the second now.
        #expect(Input.action(for: .click(x: ShoppingListLayout.titleX, y: y), in: store.state, drawn: drawn) == .shoppingList(.openRow(1)))
        #expect(Input.action(for: .click(x: ShoppingListLayout.titleX, y: y), in: store.state) == .shoppingList(.openRow(0)))
        // Gone since it was drawn: the tap does nothing.
        store.send(.shoppingList(.loaded([Self.milk]))) { $0.screen = .shoppingList(self.list([Self.milk], selected: 0)) }
        #expect(Input.action(for: .click(x: ShoppingListLayout.titleX, y: y), in: store.state, drawn: drawn) == nil)
    }
}

extension AppState {
    /// The expected state after a key that puts the list in order at its next read (Ctrl-S, Ctrl-L, Ctrl-Y).
    mutating func listReordersAtNextRead() {
        guard case .shoppingList(var list) = screen else { return }
        list.reorders = true
        screen = .shoppingList(list)
    }
}
