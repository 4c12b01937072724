import Foundation
import Testing
@testable import PerCore

/// Quitting, or a signal that ends per, commits what is being typed on any screen, as Enter would: an item typed on
/// the shopping list, a rename, a new comparison's title. Nothing half typed is dropped.
@Suite struct QuitCommitsTypingTests {
    func onTheList() -> TestStore {
        var store = TestStore(Comparison(id: "c", title: "Oil"))
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.loaded([ListEntry(id: "c", title: "Oil", productCount: 0)])))
        return store
    }

    @Test func anItemBeingTypedIsAddedByCtrlQ() {
        var store = onTheList()
        store.type("mil")
        let effects = store.apply(.app(.quit))
        #expect(effects == [.addListItem(Comparison(id: "s-c2", title: "mil")), .loadShoppingList, .quit])
    }

    @Test func anItemBeingTypedIsAddedByASignal() {
        var store = onTheList()
        store.type("eggs")
        let effects = store.apply(.terminal(.hangup))
        #expect(effects == [.addListItem(Comparison(id: "s-c2", title: "eggs")), .loadShoppingList, .quitNow])
    }

    @Test func aRenameBeingTypedIsSavedByQuitting() {
        var store = onTheList()
        store.apply(.shoppingList(.rename))
        store.apply(.shoppingList(.type("s")))
        let effects = store.apply(.app(.quit))
        #expect(effects == [.renameComparison("c", "Oils"), .loadShoppingList, .quit])
        #expect(store.state.editing.comparison.title == "Oils")   // the open one, renamed
    }

    @Test func aNewComparisonsTitleIsSavedByQuitting() {
        var store = onTheList()
        store.apply(.shoppingList(.new))
        for c in "Rice" { store.apply(.shoppingList(.type(c))) }
        let effects = store.apply(.terminal(.hangup))
        #expect(effects == [.createComparison(Comparison(id: "s-c2", title: "Rice")), .quitNow])
        #expect(store.state.screen == .comparison)
    }

    @Test func findingTextIsNotAChangeAndQuitsAsItIs() {
        var store = onTheList()
        store.apply(.shoppingList(.find))
        store.apply(.shoppingList(.type("o")))
        #expect(store.apply(.app(.quit)) == [.quit])
    }
}
