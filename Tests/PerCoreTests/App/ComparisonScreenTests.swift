import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Reducer tests of the comparison screen: each states the exact state after the action.
@Suite struct ComparisonScreenTests {
    let emptyPrice = FieldEditor.numeric(CalculatorEngine())
    /// The day a committed price, quantity or unit is dated with (the session's today).
    let today = TestStore.today

    @Test func freshStartFocusesTheFirstPriceReadyForDigits() {
        let store = TestStore()
        #expect(store.state.editing.comparison.products == [Product.fixture(id: "s-1")])
        #expect(store.state.editing.focus == FieldFocus(product: 0, field: .price))
        #expect(store.state.editing.editor == emptyPrice)
        #expect(store.state.editing.enabledKeys == Set(CalculatorKey.digits + [.decimalPoint]))
        #expect(store.state.chrome == Chrome())
        #expect(store.state.screen == .comparison)
    }

    @Test func digitsEditAndNextCommitsAndSavesTheField() {
        var store = TestStore()
        store.send(.comparison(.type("1"))) {
            $0.editing.editor = .numeric(CalculatorEngine(expression: .first(Operand("1")!)))
        }
        store.type("2+3")
        let expected = Product.fixture(id: "s-1", price: 15, seen: today)
        store.send(.comparison(.nextField), effects: [.saveField(.price, product: expected)]) {
            $0.editing.committed(.price, at: 0, as: expected)
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: emptyPrice)
        }
    }

    @Test func danglingOperatorIsDroppedOnLeaving() {
        var store = TestStore()
        store.type("12+")
        store.send(.comparison(.nextField), effects: [.saveField(.price, product: Product.fixture(id: "s-1", price: 12, seen: today))]) {
            $0.editing.committed(.price, at: 0, as: Product.fixture(id: "s-1", price: 12, seen: today))
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: emptyPrice)
        }
    }

    @Test func divisionByZeroKeepsTheFirstOperandWithAMessage() {
        var store = TestStore()
        store.type("7/0")
        store.send(.comparison(.nextField), effects: [.saveField(.price, product: Product.fixture(id: "s-1", price: 7, seen: today))]) {
            $0.editing.committed(.price, at: 0, as: Product.fixture(id: "s-1", price: 7, seen: today))
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: emptyPrice)
            $0.chrome.status = StatusMessage("Cannot divide by zero: kept 7", isWarning: true)
        }
    }

    /// The one reducer test of the Tab order (every other test types with `enter`, by field): price, quantity, unit,
    /// name, shop, deposit, then the next product's price.
    @Test func tabWalksTheFieldsInOrder() {
        var store = TestStore()
        store.type("2")
        var walked = [store.state.editing.focus]
        for _ in 1...7 {
            store.type("\t")
            walked.append(store.state.editing.focus)
        }
        #expect(walked == [FieldFocus(product: 0, field: .price), FieldFocus(product: 0, field: .quantity), FieldFocus(product: 0, field: .unit),
                           FieldFocus(product: 0, field: .name), FieldFocus(product: 0, field: .shop), FieldFocus(product: 0, field: .deposit),
                           FieldFocus(product: 0, field: .deal), FieldFocus(product: 1, field: .price)])
    }

    @Test func nextFromTheLastFieldOfTheLastProductStartsANewProduct() {
        var store = TestStore()
        store.enter(price: "2", quantity: "3", unit: "kg", name: "oats", shop: "Aldi", then: .commit)
        store.type("0.25\t2 for 3")   // the deposit, then the deal, the last field
        var oats = Product.fixture(id: "s-1", name: "oats", price: 2, quantity: 3, unit: .kilogram, shop: "Aldi", seen: today, deposit: dec("0.25"))
        oats.deal = Deal(.multibuy(count: 2, price: 3))
        store.send(.comparison(.nextField), effects: [.saveField(.deal, product: oats)]) {
            $0.editing.overwritten = Overwrite(field: .deal, before: $0.editing.comparison.products[0], after: oats)   // Ctrl-Y takes it back
            $0.editing.comparison.replaceProduct(at: 0, with: oats)
            $0.editing.comparison.append(Product.fixture(id: "s-2"))   // kg and Aldi only suggested
            $0.editing.focus(FieldFocus(product: 1, field: .price), editing: emptyPrice)
            $0.madeIDs(2)
        }
    }

    @Test func theStoreIsEditedLikeTheNameAndChangesNoDay() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg", name: "oats")
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .shop))))
        #expect(store.state.editing.editor == .text(""))
        store.send(.comparison(.type("A"))) { $0.editing.editor = .text("A") }
        store.send(.comparison(.paste("ldi\nx"))) {
            $0.editing.editor = .text("Aldix")
            $0.chrome.status = StatusMessage("Pasted; 1 character this field doesn't take left out")
            $0.chrome.flash = nil
        }
        store.send(.comparison(.deleteBackward)) {
            $0.editing.editor = .text("Aldi")
            $0.chrome.status = nil
        }
        let oats = Product.fixture(id: "s-1", name: "oats", price: 2, quantity: 1, unit: .kilogram, shop: "Aldi", seen: today)
        store.send(.comparison(.focus(FieldFocus(product: 0, field: .price))), effects: [.saveField(.shop, product: oats)]) {
            $0.editing.overwritten = Overwrite(field: .shop, before: $0.editing.comparison.products[0], after: oats)
            $0.editing.comparison.replaceProduct(at: 0, with: oats)
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: 2)))
        }
        // Not edited, the name's cell shows the store after the name.
        #expect(ScreenView.render(store.state).lines[2].contains(" oats @ Aldi "))
    }

    /// A shop suggested from the product before is selected when its field is entered: typing the shop you
    /// are in replaces it (never `AldiLidl`), as a digit replaces a number; a motion or a deletion edits it instead.
    @Test func aSuggestedStoreIsReplacedByTypingAndEditedAfterAMotion() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg", name: "oats", shop: "Aldi", then: .nextProduct)
        store.enter(price: "3", quantity: "1", unit: "kg", name: "bran", then: .keepEditing)
        store.apply(.comparison(.focus(FieldFocus(product: 1, field: .shop))))
        #expect(store.state.editing.editor == .text(.entered("Aldi")))
        let screen = ScreenView.render(store.state)
        #expect(screen.styleLines[3].hasPrefix("BB.UUUUR"), "the carried store is underlined:\n\(screen.lines.joined(separator: "\n"))\n\(screen.styleLines.joined(separator: "\n"))")
        store.send(.comparison(.type("L"))) { $0.editing.editor = .text("L") }
        store.send(.comparison(.paste("idl"))) {
            $0.editing.editor = .text("Lidl")
            $0.chrome.flash = nil
        }
        #expect(ScreenView.render(store.state).styleLines[3].hasPrefix("BB.RRRRR"))
        let bran = Product.fixture(id: "s-2", name: "bran", price: 3, quantity: 1, unit: .kilogram, shop: "Lidl", seen: today)
        store.send(.comparison(.focus(FieldFocus(product: 1, field: .name))), effects: [.saveField(.shop, product: bran)]) {
            $0.editing.overwritten = Overwrite(field: .shop, before: $0.editing.comparison.products[1], after: bran)
            $0.editing.comparison.replaceProduct(at: 1, with: bran)   // Aldi was only suggested: Ctrl-Y takes Lidl back to none
            $0.editing.focus(FieldFocus(product: 1, field: .name), editing: .text(.entered("bran")))
        }
        // Backspace edits the selected text from its end; so does typing after a motion.
        store.send(.comparison(.deleteBackward)) { $0.editing.editor = .text("bra") }
        Self.leaveAndComeBack(&store, to: FieldFocus(product: 1, field: .name))
        #expect(store.state.editing.editor == .text(.entered("bra")))
        store.send(.comparison(.moveCursor(.end))) { $0.editing.editor = .text("bra") }
        store.send(.comparison(.type("n"))) { $0.editing.editor = .text("bran") }
        store.send(.comparison(.moveCursor(.start))) { $0.editing.editor = .text(TextField("bran", cursor: 0)) }
        store.send(.comparison(.type("o"))) { $0.editing.editor = .text(TextField("obran", cursor: 1)) }
        // Pasting into a selected name replaces it too.
        Self.leaveAndComeBack(&store, to: FieldFocus(product: 1, field: .name))
        store.send(.comparison(.paste("oat bran"))) {
            $0.editing.editor = .text("oat bran")
            $0.chrome.flash = nil
        }
    }

    @Test func aCommittedPriceIsDatedWithTheSessionsDayAsTheClockMoves() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg")
        let tomorrow = TestStore.today.adding(days: 1)!
        store.send(.terminal(.today(tomorrow))) { $0.session.today = tomorrow }
        store.send(.comparison(.focus(FieldFocus(product: 0, field: .quantity)))) {
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: .numeric(CalculatorEngine(value: 1)))
        }
        store.type("2")   // a digit replaces the value
        let changed = Product.fixture(id: "s-1", price: 2, quantity: 2, unit: .kilogram, seen: tomorrow)
        store.send(.comparison(.nextField), effects: [.saveField(.quantity, product: changed)]) {
            $0.editing.overwritten = Overwrite(field: .quantity, before: $0.editing.comparison.products[0], after: changed)
            $0.editing.comparison.replaceProduct(at: 0, with: changed)
            $0.editing.focus(FieldFocus(product: 0, field: .unit), editing: .unit(UnitPicker(selected: .kilogram, offered: MeasureUnit.standard)))
        }
        // The same value again changes nothing, so the day stays.
        store.send(.comparison(.previousField)) {
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: .numeric(CalculatorEngine(value: 2)))
        }
    }

    /// Issue 28: a shop typed in another session is not where the shopper is: the new product's shop is empty.
    @Test func aNewProductTakesNoShopFromAnotherSessionsProduct() {
        var store = TestStore(Comparison(id: "c", products: [Product.fixture(id: "x", price: 1, quantity: 1, unit: .kilogram, shop: "Costco")]))
        #expect(store.state.editing.comparison.products.map(\.shop) == ["Costco", ""])
        #expect(store.state.editing.suggestion(for: 1, session: store.state.session) == Suggestion(unit: .kilogram, shop: nil))
        store.send(.comparison(.askClearComparison)) { $0.chrome.overlay = .confirm(.clearComparison) }
        store.send(.app(.answer(yes: true)), effects: [.deleteAllProducts(["x", "s-1"]), .loadHistory("c")]) {
            $0.chrome.overlay = .none
            $0.editing.deletions = [Deletion(products: $0.editing.comparison.products.enumerated().map { PlacedProduct(position: $0, product: $1) })]
            $0.editing.comparison.removeAllProducts()
            $0.editing.comparison.append(Product.fixture(id: "s-2"))
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: emptyPrice)
            $0.madeIDs(2)
            $0.chrome.status = StatusMessage("Comparison cleared · Ctrl-Y brings it back")
        }
    }

    @Test func nextFromABlankLastProductDoesNotPileUpBlanks() {
        var store = TestStore()
        store.tab(to: store.state.editing.walkedFields.last!)
        store.send(.comparison(.nextField)) {
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: emptyPrice)
            $0.chrome.status = StatusMessage("Type a price to start the next product")
        }
    }

    @Test func previousFieldMovesBackAndReentersWithTheValue() {
        var store = TestStore()
        store.enter(price: "15")
        store.send(.comparison(.previousField)) {
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: 15)))
        }
        store.send(.comparison(.previousField))   // the first field of the first product: stays
    }

    @Test func escapeCancelsTheEditInProgressOnly() {
        var store = TestStore()
        store.enter(price: "15")
        store.send(.comparison(.previousField)) {
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: 15)))
        }
        store.type("+5")
        store.send(.comparison(.cancelEdit)) {
            $0.editing.editor = .numeric(CalculatorEngine(value: 15))
            $0.chrome.status = StatusMessage("Edit cancelled")
        }
    }

    @Test func unitFieldTakesSymbolsAndOnlyOffersTheComparisonsFamily() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "fl oz", then: .nextProduct)
        store.enter(price: "1", quantity: "1")
        #expect(store.state.editing.comparison.products[0].unit == .fluidOunce)
        let volume = UnitPicker(selected: .fluidOunce, offered: UnitFamily.volume.units)   // suggested
        #expect(store.state.editing.editor == .unit(volume))
        store.send(.comparison(.type("k"))) {
            var typed = volume
            _ = typed.type("k")
            $0.editing.editor = .unit(typed)
            $0.chrome.status = StatusMessage("k is a count unit of its own; this comparison is by volume", isWarning: true)
        }
        store.send(.comparison(.nextField)) {
            $0.editing.focus(FieldFocus(product: 1, field: .afterUnit), editing: .text(""))
            $0.chrome.status = StatusMessage("k is a count unit of its own; this comparison is by volume: no unit kept", isWarning: true)
        }
    }

    @Test func leftAndRightStepThroughUnits() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1")
        store.send(.comparison(.stepUnit(1))) { $0.editing.editor = .unit(UnitPicker(selected: .milligram, offered: MeasureUnit.standard)) }
        store.send(.comparison(.stepUnit(1))) { $0.editing.editor = .unit(UnitPicker(selected: .gram, offered: MeasureUnit.standard)) }
        store.send(.comparison(.stepUnit(-1))) { $0.editing.editor = .unit(UnitPicker(selected: .milligram, offered: MeasureUnit.standard)) }
        let product = Product.fixture(id: "s-1", price: 2, quantity: 1, unit: .milligram, seen: today)
        store.send(.comparison(.nextField), effects: [.saveField(.unit, product: product)]) {
            $0.editing.committed(.unit, at: 0, as: product)
            $0.editing.focus(FieldFocus(product: 0, field: .afterUnit), editing: .text(""))
        }
    }

    @Test func disabledKeyChangesNothingButSaysWhy() {
        var store = TestStore()
        store.send(.comparison(.keypad(.operation(.plus)))) {
            $0.chrome.status = StatusMessage("Type a number first", isWarning: true)
            $0.chrome.flash = .key(.operation(.plus))
        }
    }

    @Test func deleteAsksFirstThenDeletesTheProductAskedAbout() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg", name: "a", then: .nextProduct)
        store.enter(price: "3", quantity: "1", unit: "kg", name: "b", then: .nextProduct)
        store.send(.comparison(.focus(FieldFocus(product: 0, field: .name)))) {
            $0.editing.focus(FieldFocus(product: 0, field: .name), editing: .text(.entered("a")))
        }
        store.send(.comparison(.askDeleteProduct)) { $0.chrome.overlay = .confirm(.deleteProduct("s-1", label: "a")) }
        #expect(Confirmation.deleteProduct("s-1", label: "a").question == "Delete 'a'? y/n")
        #expect(KeyTable.action(for: .character("q"), in: store.state) == nil)   // anything else is ignored while asking
        store.send(.app(.answer(yes: true)), effects: [.deleteProduct("s-1"), .loadHistory("c")]) {
            $0.editing.overwritten = nil
            $0.chrome.overlay = .none
            $0.editing.deletions = [Deletion(products: [PlacedProduct(position: 0, product: $0.editing.comparison.products[0])])]
            $0.editing.comparison.removeProduct(at: 0)
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: 3)))
            $0.chrome.status = StatusMessage("Deleted 'a' · Ctrl-Y brings it back")
        }
    }

    @Test func clearingAskedAndRefusedKeepsEverything() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg", name: "a", then: .nextProduct)
        store.send(.comparison(.askClearComparison)) { $0.chrome.overlay = .confirm(.clearComparison) }
        store.send(.app(.answer(yes: false))) {
            $0.chrome.overlay = .none
            $0.chrome.status = StatusMessage("Nothing deleted")
        }
        store.send(.comparison(.askClearComparison)) {
            $0.chrome.overlay = .confirm(.clearComparison)
            $0.chrome.status = nil  // the next key clears a message
        }
        store.send(.app(.answer(yes: true)), effects: [.deleteAllProducts(["s-1", "s-2"]), .loadHistory("c")]) {
            $0.editing.overwritten = nil
            $0.chrome.overlay = .none
            $0.editing.deletions = [Deletion(products: [PlacedProduct(position: 0, product: $0.editing.comparison.products[0])])]
            $0.editing.comparison.removeAllProducts()
            $0.editing.comparison.append(Product.fixture(id: "s-3"))
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: emptyPrice)
            $0.madeIDs(3)
            $0.chrome.status = StatusMessage("Comparison cleared · Ctrl-Y brings it back")
        }
    }

    @Test func pasteIsFilteredAndNeverACommand() {
        var store = TestStore()
        store.send(.comparison(.paste("12\nq4"))) {
            $0.editing.editor = .numeric(CalculatorEngine(expression: .first(Operand("124")!)))
            $0.chrome.status = StatusMessage("Pasted; 2 characters this field doesn't take left out")
        }
    }

    @Test func quitAndHangupCommitTheFieldInProgress() {
        var store = TestStore()
        store.type("4.5")
        let saved = Product.fixture(id: "s-1", price: dec("4.5"), seen: today)
        let commit: (inout AppState) -> Void = {
            $0.editing.committed(.price, at: 0, as: saved)
        }
        var hangup = store
        hangup.send(.terminal(.hangup), effects: [.saveField(.price, product: saved), .quitNow], commit)
        store.send(.app(.quit), effects: [.saveField(.price, product: saved), .quit], commit)
    }

    @Test func stepBasisCyclesThroughTheFamilysUnits() {
        var store = TestStore()
        store.send(.comparison(.stepBasis(1))) {
            $0.chrome.status = StatusMessage("Pick a unit first: the comparison unit follows it", isWarning: true)
        }
        store.enter(price: "2", quantity: "500", unit: "g")
        store.send(.comparison(.stepBasis(1)), effects: [.saveHeader(ComparisonHeader(id: "c", chosenBasis: ComparisonBasis(amount: 100, unit: .gram)))]) {
            $0.editing.comparison.chosenBasis = ComparisonBasis(amount: 100, unit: .gram)
            $0.session.chosenBases[.mass] = ComparisonBasis(amount: 100, unit: .gram)
            $0.chrome.status = StatusMessage("Unit prices per 100 g")
        }
    }

    @Test func ukImperialIsASettingOfTheComparison() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "pt")
        guard case .ranked(_, let us, _) = store.state.editing.comparison.standing(at: 0) else { Issue.record("not ranked"); return }
        #expect(us.baseQuantity == dec("473.176473"))
        store.send(.comparison(.toggleVolumeSystem), effects: [.saveHeader(ComparisonHeader(id: "c", volumeSystem: .imperial))]) {
            $0.editing.comparison.volumeSystem = .imperial
            $0.chrome.status = StatusMessage("UK imperial volume units (pint, gallon, fl oz; metric spoons)")
        }
        guard case .ranked(_, let uk, _) = store.state.editing.comparison.standing(at: 0) else { Issue.record("not ranked"); return }
        #expect(uk.baseQuantity == dec("568.26125"))
        #expect(ScreenView.render(store.state).lines[0].hasSuffix("per fl oz (UK) ›"))
    }

    /// Leaves `field` for the product's price and taps it again, as a user re-enters a field after a motion.
    static func leaveAndComeBack(_ store: inout TestStore, to field: FieldFocus) {
        store.apply(.comparison(.focus(FieldFocus(product: field.product, field: .price))))
        store.apply(.comparison(.focus(field)))
    }

}
