import Foundation
import Testing
import TestSupport
@testable import PerCore

/// Issue 28, advice a shopper can act on: a carried unit or shop is a suggestion, not a value; the shop is suggested
/// only where the shopper said where they are; messages name products as their rows show them, and say how to undo.
@Suite struct AdviceTests {
    let emptyPrice = FieldEditor.numeric(CalculatorEngine())
    let today = TestStore.today
    let mass = UnitPicker(selected: .gram, offered: UnitFamily.mass.units)

    /// 3.99 for 500 g, then `6.99⏎1⏎` with g suggested: no unit price, no verdict, nothing said of the lowest seen
    /// (it was `6990.00 +87494%`); Tab past the suggestion leaves it one; Enter on it takes it.
    @Test func aSuggestedUnitIsNoValueUntilEnterTakesIt() {
        var store = TestStore()
        store.apply(.comparison(.historyLoaded("c", [])))
        store.type("3.99\n500\ng\n6.99\n1")
        let typed = Product.fixture(id: "s-2", price: dec("6.99"), quantity: 1, seen: today)
        store.send(.comparison(.finishProduct), effects: [.saveField(.quantity, product: typed)]) {
            $0.editing.committed(.quantity, at: 1, as: typed)
            $0.editing.focus(FieldFocus(product: 1, field: .unit), editing: .unit(mass))
        }
        let row = store.state.editing.tablePage.row(1)
        #expect(row.unitPrice == "" && !row.isRanked && row.verdict == "no unit yet")
        #expect(store.state.editing.comparison.rankedCount == 1)
        #expect(store.state.editing.focusedSuggestion == "g")
        // Tab leaves it a suggestion: nothing saved, the row still without a unit.
        store.send(.comparison(.nextField)) {
            $0.editing.focus(FieldFocus(product: 1, field: .afterUnit), editing: .text(""))
        }
        store.send(.comparison(.previousField)) {
            $0.editing.focus(FieldFocus(product: 1, field: .unit), editing: .unit(mass))
        }
        // Enter takes it: now it ranks, and how it stands is said.
        var taken = typed
        taken.unit = .gram
        // 6.99 for 1 g is 876 times the other: asked first (decision 270), then kept.
        store.send(.comparison(.finishProduct)) {
            $0.chrome.overlay = .confirm(.unlikelyPrice(UnlikelyPrice(product: taken, typed: "6.99 for 1 g", field: .unit, then: .finishProduct)))
        }
        store.send(.app(.answer(yes: true)), effects: [.saveField(.unit, product: taken)]) {
            $0.chrome.overlay = .none
            $0.editing.committed(.unit, at: 1, as: taken)
            $0.editing.comparison.append(Product.fixture(id: "s-3"))
            $0.editing.focus(FieldFocus(product: 2, field: .price), editing: emptyPrice)
            $0.madeIDs(3)
            $0.chrome.status = StatusMessage("Lowest seen: 7.98 per kg today (this is +87494%)")
        }
    }

    /// The row of a suggested unit reads `g?` (a placeholder marked, not a value), with no unit price.
    @Test func aSuggestionIsDrawnAsAPlaceholderWithAQuestionMark() {
        var state = AppState(comparison: Comparison(id: "c"), session: Session(id: "s", today: today, shop: ShopName("Lidl")))
        state.enter(price: "3.99", quantity: "500", unit: "g", then: .keepEditing)
        state.update(.comparison(.finishProduct))
        state.enter(price: "6.99", quantity: "1", then: .keepEditing)
        state.update(.comparison(.focus(FieldFocus(product: 0, field: .price))))
        let lines = ScreenView.render(state).lines
        let row = lines.first { $0.contains("6.99") } ?? ""
        #expect(row.contains("1 g?") && row.contains("@ Lidl?") && !row.contains("6990"), "\(lines.joined(separator: "\n"))")
        #expect(lines.first { $0.contains("3.99") }?.contains("@ Lidl?") == false, "the first product took Lidl when Enter finished it")
    }

    /// Without `--shop` and without a shop typed here, the next row's shop is empty (it started `@ Lidl` after Lidl's
    /// milk, typed in another session).
    @Test func noShopIsCarriedWhereTheShopperDidNotSayWhereTheyAre() {
        let milk = Product.fixture(id: "p", name: "Milk", price: 1, quantity: 1, unit: .liter, shop: "Lidl", seen: today)
        var store = TestStore(Comparison(id: "c", products: [milk]))
        #expect(store.state.editing.suggestion(for: 1, session: store.state.session) == Suggestion(unit: .liter, shop: nil))
        store.type("2\n1\n\n")
        #expect(store.state.editing.comparison.products[1] == Product.fixture(id: "s-1", price: 2, quantity: 1, unit: .liter, seen: today))
    }

    /// `--shop Aldi`: every new row suggests Aldi, and Enter finishing the product takes it, saved with it.
    @Test func theShopYouAreInIsSuggestedAndTakenWhenTheProductIsFinished() {
        var store = TestStore(shop: "Aldi")
        #expect(store.state.editing.suggestion(for: 0, session: store.state.session) == Suggestion(unit: nil, shop: "Aldi"))
        store.type("2\n1\nkg")
        let priced = Product.fixture(id: "s-1", price: 2, quantity: 1, unit: .kilogram, seen: today)
        var atAldi = priced
        atAldi.shop = "Aldi"
        var suggested = Product.fixture(id: "s-1", price: 2, quantity: 1, shop: "Aldi", seen: today)
        suggested.shop = "Aldi"
        store.send(.comparison(.finishProduct), effects: [.saveField(.shop, product: suggested), .saveField(.unit, product: atAldi)]) {
            $0.editing.comparison.replaceProduct(at: 0, with: atAldi)
            $0.editing.overwritten = Overwrite(field: .unit, before: suggested, after: atAldi)
            $0.editing.comparison.append(Product.fixture(id: "s-2"))
            $0.editing.focus(FieldFocus(product: 1, field: .price), editing: emptyPrice)
            $0.madeIDs(2)
        }
    }

    /// A shop typed over the suggested one, the product then finished: the typed shop is the product's, and nothing is
    /// offered to bring back (the suggestion was never a value).
    /// A shop typed over a suggestion overwrote nothing of the product's, but it is an edit: Ctrl-Y takes it back (issue 39).
    @Test func aShopTypedOverASuggestionIsUndoneToNone() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg", shop: "Aldi", then: .nextProduct)
        store.enter(price: "3", quantity: "1", unit: "kg", shop: "Lidl", then: .nextProduct)
        #expect(store.state.editing.comparison.products[1].shop == "Lidl")
        #expect(store.state.editing.canUndo)
        store.apply(.comparison(.undoDeletion))
        #expect(store.state.editing.comparison.products[1].shop == "")
        #expect(store.state.chrome.status == StatusMessage("Undid the shop \"Lidl\""))
    }

    /// A shop typed into a row here is suggested for the next; its field shows it selected, moving within the row
    /// leaves it a suggestion, Enter takes it.
    @Test func aShopTypedHereIsSuggestedForTheNextRow() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg", shop: "Lidl", then: .nextProduct)
        store.enter(price: "3", quantity: "1", unit: "kg", then: .keepEditing)
        store.apply(.comparison(.focus(FieldFocus(product: 1, field: .shop))))
        #expect(store.state.editing.editor == .text(.entered("Lidl")))
        #expect(store.state.editing.focusedSuggestion == "Lidl")
        #expect(store.state.editing.focusedProduct.shop == "")
        var back = store
        back.apply(.comparison(.previousField))
        #expect(back.state.editing.comparison.products[1].shop == "")
        let taken = Product.fixture(id: "s-2", price: 3, quantity: 1, unit: .kilogram, shop: "Lidl", seen: today)
        store.send(.comparison(.finishProduct), effects: [.saveField(.shop, product: taken)]) {
            $0.editing.overwritten = Overwrite(field: .shop, before: $0.editing.comparison.products[1], after: taken)
            $0.editing.comparison.replaceProduct(at: 1, with: taken)
            $0.editing.comparison.append(Product.fixture(id: "s-3"))
            $0.editing.focus(FieldFocus(product: 2, field: .price), editing: emptyPrice)
            $0.madeIDs(3)
        }
    }

    /// Ctrl-Y after a change names the product as its row shows it (`'2.00'`), never `product #1`.
    @Test func ctrlYNamesTheProductAsItsRowShowsIt() {
        var store = TestStore()
        store.enter(price: "2")
        store.send(.comparison(.previousField)) {
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: 2)))
        }
        store.type("3\t")
        store.apply(.comparison(.undoDeletion))
        #expect(store.state.chrome.status == StatusMessage("Brought back the earlier price of '2.00'"))
    }

    /// A deletion and a clear say how to undo them, whole at 40 columns, and the legend offers `^Y undo` only while
    /// something can be undone (a value typed, decision 253, or a deletion).
    @Test func deletionsSayHowToUndoThemAndTheLegendOffersCtrlY() {
        var store = TestStore(size: TerminalSize(width: 40, height: 20))
        #expect(!KeyTable.legend(for: store.state).contains("^Y"))
        #expect(!KeyTable.legend(for: store.state, width: 80).contains("^Y"))
        store.enter(price: "6.99", quantity: "1", unit: "kg", then: .nextProduct)
        #expect(KeyTable.legend(for: store.state).hasSuffix("^Y undo"))
        store.apply(.comparison(.deleteProduct("s-1", label: "6.99 for 1 kg")))
        #expect(store.state.chrome.status == StatusMessage("Deleted '6.99 for 1 kg' · Ctrl-Y brings it back"))
        #expect(ScreenView.render(store.state).lines.suffix(3).dropLast().joined(separator: " ").split(separator: " ").joined(separator: " ").hasSuffix("Deleted '6.99 for 1 kg' · Ctrl-Y brings it back"))
        #expect(KeyTable.legend(for: store.state).hasSuffix("^Y undo"))
        #expect(KeyTable.legend(for: store.state, width: 80).hasSuffix("^Y undo"))
        store.apply(.comparison(.undoDeletion))
        store.apply(.comparison(.clearAll))
        #expect(store.state.chrome.status == StatusMessage("Comparison cleared · Ctrl-Y brings it back"))
    }
}
