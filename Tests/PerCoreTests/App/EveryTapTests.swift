import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Issue 39: a tap does what its key does, and the picker's highlight is what Enter takes.
extension FewerKeysTests {
    /// 2.49 for 500 g, then 3.99 for 2 on the unit, `g` suggested (`g?`), at `size`.
    func storeAtASuggestedUnit(size: TerminalSize) -> TestStore {
        var store = TestStore(size: size)
        store.type("2.49\n500\ng\n3.99\n1000\n")
        #expect(store.state.editing.focus == FieldFocus(product: 1, field: .unit))
        #expect(store.state.editing.editor == .unit(UnitPicker(selected: .gram, offered: UnitFamily.mass.units)))
        return store
    }

    /// Where a tap lands on the picker's cell for `unit`.
    func tapOnUnit(_ unit: MeasureUnit, in state: AppState) -> Action? {
        guard case .unit(let picker) = state.editing.editor,
              let cell = ScreenLayout(state).unitCells(picker).first(where: { $0.unit == unit }) else { return nil }
        return Input.action(for: .click(x: cell.frame.x + 1, y: cell.frame.y), in: state)
    }

    /// Where a tap lands on the toolbar's `next ›`.
    func tapOnNext(in state: AppState) -> Action? {
        guard let next = ScreenLayout(state).toolbarButtons.first(where: { $0.shows == .next }) else { return nil }
        return Input.action(for: .click(x: next.frame.x, y: next.frame.y), in: state)
    }

    @Test(arguments: [TerminalSize(width: 40, height: 20), TerminalSize(width: 80, height: 24)])
    func aTapOnTheHighlightedSuggestionTakesItAsEnterDoes(size: TerminalSize) {
        var store = storeAtASuggestedUnit(size: size)
        let tap = tapOnUnit(.gram, in: store.state)
        #expect(tap == .comparison(.finishProduct))
        let inGrams = Product.fixture(id: "s-2", price: dec("3.99"), quantity: 1000, unit: .gram, seen: TestStore.today)
        store.send(tap ?? .comparison(.finishProduct), effects: [.saveField(.unit, product: inGrams)]) {
            $0.editing.committed(.unit, at: 1, as: inGrams)
            $0.editing.comparison.append(Product.fixture(id: "s-3"))
            $0.editing.focus(FieldFocus(product: 2, field: .price), editing: emptyPrice)
            $0.madeIDs(3)
        }
        #expect(store.state.editing.comparison.rankedCount == 2)
    }

    @Test(arguments: [TerminalSize(width: 40, height: 20), TerminalSize(width: 80, height: 24)])
    func nextOnASuggestedUnitTakesIt(size: TerminalSize) {
        var store = storeAtASuggestedUnit(size: size)
        let tap = tapOnNext(in: store.state)
        #expect(tap != nil)
        let inGrams = Product.fixture(id: "s-2", price: dec("3.99"), quantity: 1000, unit: .gram, seen: TestStore.today)
        store.send(tap ?? .comparison(.nextField), effects: [.saveField(.unit, product: inGrams)]) {
            $0.editing.committed(.unit, at: 1, as: inGrams)
            $0.editing.focus(FieldFocus(product: 1, field: .name), editing: .text(.entered("")))
        }
    }

    /// Stepped away from the suggestion and tapped back onto it: the tap still takes it.
    @Test func aTapOnTheSuggestedUnitAfterASelectionElsewhereTakesIt() {
        var store = storeAtASuggestedUnit(size: TerminalSize(width: 80, height: 24))
        store.apply(.comparison(.stepUnit(1)))
        let tap = tapOnUnit(.gram, in: store.state)
        #expect(tap == .comparison(.selectUnit(.gram)))
        let inGrams = Product.fixture(id: "s-2", price: dec("3.99"), quantity: 1000, unit: .gram, seen: TestStore.today)
        store.send(tap ?? .comparison(.selectUnit(.gram)), effects: [.saveField(.unit, product: inGrams)]) {
            $0.editing.committed(.unit, at: 1, as: inGrams)
            $0.editing.focus(FieldFocus(product: 1, field: .name), editing: .text(.entered("")))
            $0.chrome.flash = .unit(.gram)
        }
    }

    /// `next ›` checks a typed unit as Enter does: one of another family stays in the field to be put right.
    @Test func nextOnAUnitOfAnotherFamilyStaysAsEnterDoes() {
        var store = storeAtASuggestedUnit(size: TerminalSize(width: 80, height: 24))
        store.type("ml")
        let before = store.state.editing
        store.send(tapOnNext(in: store.state) ?? .comparison(.nextField)) {
            $0.chrome.status = StatusMessage("mL is a volume unit; this comparison is by weight: fix it, or Esc undoes it", isWarning: true,
                                             short: "'ml' does not fit this comparison: fix it, or Esc undoes it")
        }
        #expect(store.state.editing == before)
    }

    /// Typing a word that is no unit highlights nothing: Enter takes the word, not `sq in` (`sheets`) or `pt` (`pods`).
    @Test(arguments: [("sheets", "sheet"), ("pods", "pod")])
    func whileAWordIsTypedNothingElseIsHighlighted(word: String, unit: String) {
        var store = TestStore(size: TerminalSize(width: 40, height: 20))
        store.type("3\n10\n\(word)")
        guard case .unit(let picker) = store.state.editing.editor else { Issue.record("not on the unit"); return }
        #expect(picker.selected == nil)
        let canvas = ScreenView.render(store.state)
        let highlighted = picker.offered.filter { canvas.text.contains("›\($0.symbol)") }
        #expect(highlighted.isEmpty, "\(canvas.text)")
        store.apply(.comparison(.finishProduct))
        #expect(store.state.editing.comparison.products[0].unit == MeasureUnit(parsing: unit))
    }

    /// A unit begun is still highlighted, and Enter takes it.
    @Test func aUnitBegunIsHighlightedAndTaken() {
        var store = TestStore()
        store.type("3\n10\nfl")
        guard case .unit(let picker) = store.state.editing.editor else { Issue.record("not on the unit"); return }
        #expect(picker.selected == .fluidOunce)
        store.apply(.comparison(.finishProduct))
        #expect(store.state.editing.comparison.products[0].unit == .fluidOunce)
    }
}

/// Issue 39: Ctrl-Y undoes a name or shop typed into an empty field, saying what it took back.
extension FewerKeysTests {
    @Test func ctrlYUndoesANameTypedIntoAnEmptyField() {
        var store = TestStore()
        store.enter(price: "2", quantity: "500", unit: "g", name: "Oats", then: .nextProduct)
        let oats = store.state.editing.comparison.products[0]
        #expect(oats.name == "Oats")
        var unnamed = oats
        unnamed.name = ""
        store.send(.comparison(.undoDeletion), effects: [.saveField(.name, product: unnamed, keepsEarlierPrice: false)]) {
            $0.editing.comparison.replaceProduct(at: 0, with: unnamed)
            $0.editing.overwritten = nil
            $0.editing.focus(FieldFocus(product: 0, field: .name), editing: .text(.entered("")))
            $0.chrome.status = StatusMessage("Undid the name \"Oats\"")
        }
        #expect(!store.state.editing.canUndo)
    }

    @Test func ctrlYUndoesAShopTypedIntoAnEmptyField() {
        var store = TestStore()
        store.enter(price: "2", quantity: "500", unit: "g", shop: "Aldi", then: .nextProduct)
        var noShop = store.state.editing.comparison.products[0]
        noShop.shop = ""
        store.send(.comparison(.undoDeletion), effects: [.saveField(.shop, product: noShop, keepsEarlierPrice: false)]) {
            $0.editing.comparison.replaceProduct(at: 0, with: noShop)
            $0.editing.overwritten = nil
            $0.editing.focus(FieldFocus(product: 0, field: .shop), editing: .text(.entered("")))
            $0.chrome.status = StatusMessage("Undid the shop \"Aldi\"")
        }
    }
}

/// Issue 39: `ACCESSIBLE=1` / `accessible = yes` (`Session.accessible`): no key flash, a message stays until the next.
extension FewerKeysTests {
    @Test func accessibleNoKeyFlashesAndAMessageStaysUntilTheNext() {
        var store = TestStore(accessible: true)
        let effects = store.apply(.comparison(.type("3")))
        #expect(store.state.chrome.flash == nil)
        #expect(!effects.contains(.flashTimer))
        store.apply(.comparison(.type("a")))
        let warning = StatusMessage("'a' isn't a number: digits, . + - * / =", isWarning: true)
        #expect(store.state.chrome.status == warning)
        // The next keys leave it for a screen reader to read again, until another message replaces it.
        store.apply(.comparison(.type("4")))
        store.apply(.comparison(.nextField))
        #expect(store.state.chrome.status == warning)
        store.apply(.comparison(.cancelEdit))
        #expect(store.state.chrome.status == StatusMessage("Edit cancelled"))
        // Without the setting, as before: a key flashes (a typed digit flashes none: decision 420) and the next key
        // clears the message.
        var plain = TestStore()
        plain.apply(.comparison(.type("a")))
        plain.apply(.comparison(.keypad(.digit(3))))
        #expect(plain.state.chrome.flash == .key(.digit(3)))
        #expect(plain.state.chrome.status == nil)
    }
}

/// Issue 39: on the list, Ctrl-Y undoes the last count or tick before any deletion, naming the item.
extension ShoppingListTests {
    @Test func ctrlYUndoesTheLastCountOrTick() {
        var store = opened(Self.shopping)
        store.send(.shoppingList(.selectFirst)) { $0.screen = .shoppingList(self.lists(Self.shopping, selected: 0, mode: .browsing)) }
        store.apply(.shoppingList(.changeCount(1)))
        #expect(store.state.shoppingList?.entries[0].item.count == 2)
        // The same pack taken back off: 1 × 1 kg, the amount the count meant, now known (DECISIONS 347).
        var undone = Self.shopping
        undone[0].item.amount = ListAmount(quantity: 1, unit: .kilogram)
        store.send(.shoppingList(.undoDelete), effects: [.changeListCount("a", by: -1, pack: ListAmount(quantity: 1, unit: .kilogram))]) {
            $0.screen = .shoppingList(self.lists(undone, selected: 0, mode: .browsing))
            $0.chrome.status = StatusMessage("Undid the count of \"Oats\": 1× on the list")
        }
        store.apply(.shoppingList(.toggleTick))
        store.send(.shoppingList(.undoDelete), effects: [.setTicked("a", false)]) {
            $0.screen = .shoppingList(self.lists(undone, selected: 0, mode: .browsing))
            $0.chrome.status = StatusMessage("Undid the tick of \"Oats\"")
        }
        // Nothing more of this list to undo: Ctrl-Y goes on to the deletions, as before.
        store.send(.shoppingList(.undoDelete)) {
            $0.chrome.status = StatusMessage("Nothing to bring back: no comparison was deleted in this session")
        }
    }
}
