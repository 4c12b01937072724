import Foundation
import Testing
@testable import PerCore
import TestSupport

/// What the store reports goes through `update` like a key does.
@Suite struct DatabaseEventTests {
    @Test func anotherSessionsChangesArriveWithoutLosingTheEditInProgress() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg", then: .nextProduct)
        store.enter(price: "7", then: .keepEditing)    // editing product 2's price: "7"
        var theirs = store.state.editing.comparison
        theirs.replaceProduct(at: 0, with: Product.fixture(id: "s-1", name: "theirs", price: 3, quantity: 1, unit: .kilogram))
        theirs.removeProduct(at: 1)      // they never saw our product 2
        store.send(.comparison(.externalChanges(theirs))) {
            $0.editing.comparison.replaceProduct(at: 0, with: Product.fixture(id: "s-1", name: "theirs", price: 3, quantity: 1, unit: .kilogram))
        }
        #expect(store.state.editing.focus == FieldFocus(product: 1, field: .price))
        #expect(store.state.editing.editor.text == "7")
    }

    /// Two sessions each on their blank new row: the product the other one adds goes above this session's new
    /// row, which stays last, as the store saves what it becomes after the comparison's last product.
    @Test func theNewRowStaysLastWhenAnotherSessionAddsAProduct() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg", then: .nextProduct)
        store.enter(price: "3", then: .keepEditing)    // product 1 done; typing product 2's price
        var theirs = store.state.editing.comparison
        theirs.removeProduct(at: 1)
        let added = Product.fixture(id: "t-1", price: 4, quantity: 1, unit: .kilogram)
        theirs.append(added)
        store.send(.comparison(.externalChanges(theirs))) {
            $0.editing.comparison.insert(added, at: 1)
            $0.editing.focus = FieldFocus(product: 2, field: .price)
        }
        #expect(store.state.editing.editor.text == "3")
        #expect(ScreenView.render(store.state).lines[3...4].map { $0.prefix(17) } == [" 2              4", "›-           3▏  "])
    }

    /// The app started on a copy for the road says so, and how it gets home (issue 43).
    @Test func aCopyForTheRoadIsSaid() {
        var store = TestStore()
        store.send(.database(.onACopy(takenAt: "2026-12-02 10:04"))) {
            $0.chrome.status = StatusMessage("A copy for the road, taken 2026-12-02 10:04: per import it at home to merge what you change here")
        }
    }

    @Test func leavingAnUntouchedFieldKeepsAnotherSessionsNewerValue() {
        var store = TestStore()
        store.enter(price: "3.99", quantity: "1", unit: "kg")
        store.send(.comparison(.focus(FieldFocus(product: 0, field: .price)))) {
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: dec("3.99"))))
        }
        var theirs = store.state.editing.comparison
        theirs.replaceProduct(at: 0, with: Product.fixture(id: "s-1", price: dec("4.49"), quantity: 1, unit: .kilogram))
        store.send(.comparison(.externalChanges(theirs))) {
            $0.editing.comparison = theirs
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: dec("4.49"))))
        }
        store.send(.comparison(.nextField)) {   // saves nothing
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: .numeric(CalculatorEngine(value: 1)))
        }
    }

    @Test func aFocusedProductDeletedElsewhereGoesWhenNotBeingEdited() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg", name: "a", then: .nextProduct)
        store.send(.comparison(.focus(FieldFocus(product: 0, field: .price)))) {
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: 2)))
        }
        store.send(.comparison(.externalChanges(Comparison(id: "c")))) {   // not editing it: it goes, blank s-2 stays
            $0.editing.comparison.removeProduct(at: 0)
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine()))
        }
        store.send(.comparison(.focus(FieldFocus(product: 0, field: .name)))) {
            $0.editing.focus(FieldFocus(product: 0, field: .name), editing: .text(""))
        }
    }

    @Test func deleteConfirmationFollowsTheProductNotItsPlace() {
        var store = TestStore()
        store.enter(price: "1", quantity: "1", unit: "kg", name: "a", then: .nextProduct)
        store.enter(price: "2", quantity: "1", unit: "kg", name: "b", then: .nextProduct)
        store.send(.comparison(.focus(FieldFocus(product: 1, field: .price)))) {
            $0.editing.focus(FieldFocus(product: 1, field: .price), editing: .numeric(CalculatorEngine(value: 2)))
        }
        store.send(.comparison(.askDeleteProduct)) { $0.chrome.overlay = .confirm(.deleteProduct("s-2", label: "b")) }
        var theirs = store.state.editing.comparison
        theirs.removeProduct(at: 0)      // another session deletes product 1 meanwhile
        store.send(.comparison(.externalChanges(theirs))) {
            $0.editing.comparison.removeProduct(at: 0)
            $0.editing.focus = FieldFocus(product: 0, field: .price)
        }
        store.send(.app(.answer(yes: true)), effects: [.deleteProduct("s-2"), .loadHistory("c")]) {
            $0.editing.overwritten = nil
            $0.chrome.overlay = .none
            $0.editing.deletions = [Deletion(products: [PlacedProduct(position: 0, product: $0.editing.comparison.products[0])])]
            $0.editing.comparison.removeProduct(at: 0)
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine()))
            $0.chrome.status = StatusMessage("Deleted 'b' · Ctrl-Y brings it back")
        }
    }

    /// The database session lays its waiting writes over what it reads: the state keeps what comes.
    @Test func whatWaitsIsSaidWithItsCountUntilItIsSaved() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg", name: "mine", then: .nextProduct)
        let locked = SaveStatus(waiting: 4, reason: "the database is locked by another program")
        store.send(.database(.saveStatus(locked))) { $0.saving = locked }
        #expect(ScreenView.render(store.state).lines[21].hasPrefix(" Saving waits (4 changes: the database is locked by another program)"))
        store.send(.database(.saveStatus(.upToDate))) {
            $0.saving = .upToDate
            $0.chrome.status = StatusMessage("Saved: every change is in the database again")
        }
    }

    /// A message of its own does not hide what waits: the notice's short form goes first, the message after it.
    @Test func whatWaitsStaysSaidBesideAnyMessage() {
        var store = TestStore(size: TerminalSize(width: 40, height: 20))
        store.enter(price: "2", quantity: "1", unit: "kg", name: "mine", then: .nextProduct)
        store.send(.database(.saveStatus(SaveStatus(waiting: 3, reason: "disk I/O error")))) { $0.saving = SaveStatus(waiting: 3, reason: "disk I/O error") }
        store.apply(.comparison(.previousProduct))
        store.apply(.comparison(.askDeleteProduct))
        #expect(ScreenView.render(store.state).lines[18].hasPrefix(" Delete 'mine'? y/n"))
        store.apply(.app(.answer(yes: false)))
        #expect(store.state.chrome.status == StatusMessage("Nothing deleted"))
        let footer = ScreenView.render(store.state).lines[17...18].map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(footer == ["Saving waits (3 changes) │ Nothing", "deleted"])
    }

    /// At 40 columns the notice takes the longest form that fits its two lines: never cut.
    @Test func theNoticeIsNeverCutOnAPhone() {
        var store = TestStore(size: TerminalSize(width: 40, height: 20))
        let locked = SaveStatus(waiting: 2, reason: "the database is locked by another program")
        store.send(.database(.saveStatus(locked))) { $0.saving = locked }
        let footer = ScreenView.render(store.state).lines[17...18].map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(footer == ["Saving waits (2 changes: the database", "is locked by another program)"])
    }

    @Test func aRefusalIsSaid() {
        var store = TestStore()
        store.send(.database(.refused("read-only"))) { $0.chrome.status = StatusMessage("Not saved: read-only", isWarning: true) }
    }

    @Test func quittingWaitsForEveryWriteAndEscGivesUp() {
        var store = TestStore()
        let locked = SaveStatus(waiting: 1, reason: "database is locked")
        store.send(.database(.saveStatus(locked))) { $0.saving = locked }
        store.send(.app(.quit), effects: [.quit])
        store.send(.database(.quitWaits)) { $0.chrome.overlay = .quitting }
        #expect(ScreenView.render(store.state).lines[22].hasPrefix(" Esc gives up (keeps a recovery file). Quitting once saved: database is locked"))
        #expect(KeyTable.action(for: .character("7"), in: store.state) == nil)
        #expect(KeyTable.action(for: .key(.escape), in: store.state) == .app(.giveUpSaving))
        #expect(KeyTable.action(for: .control("q"), in: store.state) == .app(.giveUpSaving))
        var givingUp = store
        givingUp.send(.app(.giveUpSaving), effects: [.quitNow])
        store.send(.database(.saveStatus(.upToDate)), effects: [.quit]) { $0.saving = .upToDate }
    }

    @Test func aHangupQuitsAtOnce() {
        var store = TestStore()
        store.send(.terminal(.hangup), effects: [.quitNow])
    }

    static let deletedElsewhere = SaveStatus(heldForDeletedOpen: 0)

    @Test func aComparisonDeletedElsewhereIsSaidAndTheNextChangeSavesItAgain() {
        var store = TestStore(Comparison(id: "c", title: "Oats"))
        store.send(.database(.saveStatus(Self.deletedElsewhere))) { $0.saving = Self.deletedElsewhere }
        #expect(ScreenView.render(store.state).lines[22]
                    .hasPrefix(" Another session deleted \"Oats\": a change here saves it again; Ctrl-O leaves it"))
        var quitting = store
        quitting.send(.app(.quit), effects: [.quit])          // nothing changed here: nothing to save
        store.type("7")
        let saved = Product.fixture(id: "s-1", price: 7, seen: TestStore.today)
        var restored = store.state.editing.comparison
        restored.replaceProduct(at: 0, with: saved)
        store.send(.comparison(.nextField), effects: [.restoreComparison(restored), .saveField(.price, product: saved, in: restored.header)]) {
            $0.editing.committed(.price, at: 0, as: saved)
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: .numeric(CalculatorEngine()))
        }
        store.send(.database(.saveStatus(.upToDate))) { $0.saving = .upToDate }
        store.send(.database(.restoredDeletedComparison)) {
            $0.chrome.status = StatusMessage("Saved \"Oats\" again: another session had deleted it")
        }
    }

    @Test func aFieldCommittedOnLeavingADeletedComparisonSavesItAgain() {
        var store = TestStore(Comparison(id: "c", title: "Oats"))
        store.send(.database(.saveStatus(Self.deletedElsewhere))) { $0.saving = Self.deletedElsewhere }
        store.type("4")
        let saved = Product.fixture(id: "s-1", price: 4, seen: TestStore.today)
        var restored = store.state.editing.comparison
        restored.replaceProduct(at: 0, with: saved)
        store.send(.app(.showShoppingList), effects: [.restoreComparison(restored), .saveField(.price, product: saved, in: restored.header), .loadShoppingList]) {
            $0.editing.committed(.price, at: 0, as: saved)
            $0.screen = .shoppingList(ShoppingListScreen(entries: [], selecting: "c"))
        }
    }

    @Test func aChangeWaitingForADeletedComparisonIsSavedWhenQuitting() {
        var store = TestStore(Comparison(id: "c", title: "Oats"))
        let held = SaveStatus(waiting: 1, heldForDeletedOpen: 1)
        store.send(.database(.saveStatus(held))) { $0.saving = held }
        store.send(.app(.quit), effects: [.restoreComparison(store.state.editing.comparison.withoutBlankProducts), .quit])
    }

    /// Leaving a comparison deleted elsewhere while a change made here waits for it saves it whole first: opening
    /// another lets it go only when nothing made here waits.
    @Test func openingAnotherWhileAChangeWaitsForTheDeletedComparisonSavesItFirst() {
        var store = TestStore(Comparison(id: "c", title: "Oats", products: [Product.fixture(id: "p", price: 2)]))
        let held = SaveStatus(waiting: 1, heldForDeletedOpen: 1)
        store.send(.database(.saveStatus(held))) { $0.saving = held }
        store.send(.app(.showShoppingList), effects: [.loadShoppingList]) {
            $0.screen = .shoppingList(ShoppingListScreen(entries: [], selecting: "c"))
        }
        let other = ListEntry(id: "d", title: "Rice", productCount: 0, item: ListItem(count: 1, ticked: false))
        store.apply(.shoppingList(.loaded([other])))
        store.apply(.shoppingList(.choose(0)))
        let whole = store.state.editing.comparison.withoutBlankProducts
        #expect(store.apply(.shoppingList(.open)) == [.database(.restoreComparison(whole)), .database(.openComparison("d"))])
    }

    @Test func openingAnotherComparisonKeepsTheSession() {
        var store = TestStore(size: TerminalSize(width: 40, height: 20))
        store.send(.terminal(.resize(TerminalSize(width: 100, height: 30)))) { $0.session.size = TerminalSize(width: 100, height: 30) }
        let other = Comparison(id: "d", title: "Rice", products: [Product.fixture(id: "x-1", price: 1)])
        // The comparison left was blank (no title, no product): it goes, unless the store finds it holds something.
        store.send(.database(.opened(other)), effects: [.discardIfBlank("c"), .loadHistory("d")]) {
            var session = $0.session
            $0.editing = ComparisonScreen(comparison: other, session: &session)
            $0.session = session
        }
        #expect(store.state.session == Session(id: "s", serial: 2, size: TerminalSize(width: 100, height: 30), today: TestStore.today))
    }
}
