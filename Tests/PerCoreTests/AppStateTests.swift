import Foundation
import Testing
@testable import PerCore

/// Reducer tests: send actions, then state the exact resulting comparison, focus, editor and status.
@Suite struct AppStateTests {
    func fresh(_ comparison: Comparison = Comparison(id: "c")) -> AppState {
        AppState(comparison: comparison, sessionID: "s")
    }

    func send(_ state: inout AppState, _ text: String) {
        for c in text {
            let action: Action = switch c {
            case "\t": .nextField
            case "\u{8}": .deleteBackward
            default: .type(c)
            }
            state.update(action)
        }
    }

    @Test func freshStartFocusesTheFirstPriceReadyForDigits() {
        let state = fresh()
        #expect(state.comparison.products == [Product(id: "s-1")])
        #expect(state.focus == FieldFocus(product: 0, field: .price))
        #expect(state.editor == .numeric(CalculatorEngine()))
        #expect(state.enabledKeys == Set(CalculatorKey.digits + [.decimalPoint]))
        #expect(state.status == nil)
    }

    @Test func nextCommitsAndSavesTheField() {
        var state = fresh()
        send(&state, "12+3")
        let effects = state.update(.nextField)
        let expected = Product(id: "s-1", price: 15)
        #expect(state.comparison.products == [expected])
        #expect(effects == [.saveField(.price, product: expected, position: 0)])
        #expect(state.focus == FieldFocus(product: 0, field: .quantity))
        #expect(state.editor == .numeric(CalculatorEngine()))
    }

    @Test func danglingOperatorIsDroppedOnLeaving() {
        var state = fresh()
        send(&state, "12+\t")
        #expect(state.comparison.products == [Product(id: "s-1", price: 12)])
    }

    @Test func divisionByZeroKeepsTheFirstOperandWithAMessage() {
        var state = fresh()
        send(&state, "7/0\t")
        #expect(state.comparison.products == [Product(id: "s-1", price: 7)])
        #expect(state.status == StatusMessage("Cannot divide by zero: kept 7", isWarning: true))
    }

    @Test func nextFromTheLastFieldOfTheLastProductStartsANewProduct() {
        var state = fresh()
        send(&state, "2\t3\tkg\toats\t")
        #expect(state.comparison.products == [
            Product(id: "s-1", name: "oats", price: 2, quantity: 3, unit: .kilogram),
            Product(id: "s-2"),
        ])
        #expect(state.focus == FieldFocus(product: 1, field: .price))
        #expect(state.editor == .numeric(CalculatorEngine()))
    }

    @Test func nextFromABlankLastProductDoesNotPileUpBlanks() {
        var state = fresh()
        send(&state, "\t\t\t\t")
        #expect(state.comparison.products == [Product(id: "s-1")])
        #expect(state.focus == FieldFocus(product: 0, field: .price))
        #expect(state.status == StatusMessage("Type a price to start the next product"))
    }

    @Test func previousFieldMovesBackAndReentersWithTheValue() {
        var state = fresh()
        send(&state, "15\t")
        state.update(.previousField)
        #expect(state.focus == FieldFocus(product: 0, field: .price))
        #expect(state.editor == .numeric(CalculatorEngine(value: 15)))
        state.update(.previousField)   // first field of the first product: stays
        #expect(state.focus == FieldFocus(product: 0, field: .price))
    }

    @Test func escapeCancelsTheEditInProgressOnly() {
        var state = fresh()
        send(&state, "15\t")
        state.update(.previousField)
        send(&state, "+5")
        let effects = state.update(.cancelEdit)
        #expect(effects.isEmpty)
        #expect(state.editor == .numeric(CalculatorEngine(value: 15)))
        #expect(state.comparison.products == [Product(id: "s-1", price: 15)])
    }

    @Test func unitFieldTakesSymbolsAndOnlyOffersTheComparisonsFamily() {
        var state = fresh()
        send(&state, "2\t1\tfl oz\t\t")
        #expect(state.comparison.products[0].unit == .fluidOunce)
        send(&state, "1\t1\t")
        guard case .unit(let picker) = state.editor else { Issue.record("expected the unit picker"); return }
        #expect(picker.offered == UnitFamily.volume.units)
        send(&state, "kg")
        #expect(state.status == StatusMessage("No unit starts with 'kg'", isWarning: true))
        state.update(.nextField)
        #expect(state.comparison.products[1].unit == nil)
        #expect(state.status == StatusMessage("Unknown unit 'kg': kept none", isWarning: true))
    }

    @Test func leftAndRightStepThroughUnits() {
        var state = fresh()
        send(&state, "2\t1\t")
        state.update(.stepUnit(1))
        state.update(.stepUnit(1))
        #expect(state.editor == .unit(UnitPicker(selected: .gram, offered: MeasureUnit.allCases)))
        state.update(.stepUnit(-1))
        state.update(.nextField)
        #expect(state.comparison.products[0].unit == .milligram)
    }

    @Test func disabledKeyChangesNothingButSaysWhy() {
        var state = fresh()
        state.update(.keypad(.operation(.plus)))
        #expect(state.editor == .numeric(CalculatorEngine()))
        #expect(state.status == StatusMessage("Type a number first", isWarning: true))
        #expect(state.flash == .key(.operation(.plus)))
    }

    @Test func deleteAsksFirstThenDeletes() {
        var state = fresh()
        send(&state, "2\t1\tkg\ta\t3\t1\tkg\tb\t")
        state.update(.focus(FieldFocus(product: 0, field: .name)))
        #expect(state.update(.askDeleteProduct).isEmpty)
        #expect(state.overlay == .confirm(.deleteProduct("s-1", number: 1)))
        state.update(.type("q"))     // anything else is ignored while asking
        #expect(state.comparison.products.count == 3)
        let effects = state.update(.type("y"))
        #expect(effects == [.deleteProduct("s-1")])
        #expect(state.comparison.products.map(\.name) == ["b", ""])
        #expect(state.focus == FieldFocus(product: 0, field: .price))
        #expect(state.overlay == .none)
    }

    @Test func clearingAskedAndRefusedKeepsEverything() {
        var state = fresh()
        send(&state, "2\t1\tkg\ta\t")
        state.update(.askClearComparison)
        state.update(.dismiss)
        #expect(state.comparison.products.count == 2)
        #expect(state.status == StatusMessage("Nothing deleted"))
        state.update(.askClearComparison)
        let effects = state.update(.confirm)
        #expect(effects == [.deleteAllProducts(["s-1", "s-2"])])
        #expect(state.comparison.products == [Product(id: "s-3")])
    }

    @Test func pasteIsFilteredAndNeverACommand() {
        var state = fresh()
        state.update(.paste("12\nq4"))
        #expect(state.editor == .numeric(CalculatorEngine(expression: .first(Operand("124")!))))
        #expect(state.focus == FieldFocus(product: 0, field: .price))
        #expect(state.status == StatusMessage("Pasted; 2 characters this field doesn't take left out"))
    }

    @Test func quitCommitsTheFieldInProgress() {
        var state = fresh()
        send(&state, "4.5")
        let effects = state.update(.hangup)
        #expect(effects == [.saveField(.price, product: Product(id: "s-1", price: dec("4.5")), position: 0), .quit])
    }

    @Test func stepBasisCyclesThroughTheFamilysUnits() {
        var state = fresh()
        #expect(state.update(.stepBasis(1)).isEmpty)
        send(&state, "2\t500\tg\t")
        #expect(state.update(.stepBasis(1)) == [.saveHeader])
        #expect(state.comparison.basis == ComparisonBasis(amount: 100, unit: .gram))
    }

    @Test func clicksBecomeTheSameActionsAsKeys() {
        var state = fresh()
        let layout = ScreenLayout(state)
        let five = KeypadView.keyCaps(x: layout.keypadOrigin.x, y: layout.keypadOrigin.y, size: layout.keypadSize).first { $0.key == .digit(5) }!
        state.update(.click(x: five.frame.x + 1, y: five.frame.y + 1))
        #expect(state.editor.text == "5")
        #expect(state.flash == .key(.digit(5)))
        let next = layout.toolbarButtons(glyphs: state.glyphs)[1]
        state.update(.click(x: next.frame.x, y: next.frame.y))
        #expect(state.focus == FieldFocus(product: 0, field: .quantity))
        let priceCell = ScreenLayout(state).rows[0].price
        state.update(.click(x: priceCell.x, y: priceCell.y))
        #expect(state.focus == FieldFocus(product: 0, field: .price))
    }

    @Test func anotherSessionsChangesArriveWithoutLosingTheEditInProgress() {
        var state = fresh()
        send(&state, "2\t1\tkg\t\t7")    // editing product 2's price: "7"
        var theirs = state.comparison
        theirs.replaceProduct(at: 0, with: Product(id: "s-1", name: "theirs", price: 3, quantity: 1, unit: .kilogram))
        theirs.removeProduct(at: 1)      // they never saw our product 2
        state.adoptExternalChanges(theirs)
        #expect(state.comparison.products[0].name == "theirs")
        #expect(state.comparison.products.count == 2)
        #expect(state.focus == FieldFocus(product: 1, field: .price))
        #expect(state.editor.text == "7")
    }

    @Test func leavingAnUntouchedFieldKeepsAnotherSessionsNewerValue() {
        var state = fresh()
        send(&state, "3.99\t1\tkg\t")
        state.update(.focus(FieldFocus(product: 0, field: .price)))
        var theirs = state.comparison
        theirs.replaceProduct(at: 0, with: Product(id: "s-1", price: dec("4.49"), quantity: 1, unit: .kilogram))
        state.adoptExternalChanges(theirs)
        #expect(state.editor == .numeric(CalculatorEngine(value: dec("4.49"))))   // shows their value
        #expect(state.update(.nextField).isEmpty)                                 // and saves nothing
        #expect(state.comparison.products[0].price == dec("4.49"))
    }

    @Test func deleteConfirmationFollowsTheProductNotItsPlace() {
        var state = fresh()
        send(&state, "1\t1\tkg\ta\t2\t1\tkg\tb\t")
        state.update(.focus(FieldFocus(product: 1, field: .price)))
        state.update(.askDeleteProduct)
        var theirs = state.comparison
        theirs.removeProduct(at: 0)      // another session deletes product 1 meanwhile
        state.adoptExternalChanges(theirs)
        #expect(state.update(.type("y")) == [.deleteProduct("s-2")])
        #expect(state.comparison.products.map(\.name) == [""])
    }

    @Test func keyTableDispatchesByField() {
        var state = fresh()
        #expect(KeyTable.action(for: .character("x"), in: state) == .keypad(.operation(.times)))
        #expect(KeyTable.action(for: .control("q"), in: state) == .quit)
        #expect(KeyTable.action(for: .key(.down), in: state) == .nextField)
        send(&state, "1\t1\t1\t")
        #expect(KeyTable.action(for: .character("x"), in: state) == .type("x"))   // a name takes letters
        #expect(KeyTable.action(for: .key(.escape), in: state) == .cancelEdit)
        state.update(.askDeleteProduct)
        #expect(KeyTable.action(for: .key(.enter), in: state) == .confirm)
        #expect(KeyTable.legend(for: state).contains("^Q quit"))
    }
}

@Suite struct ListsScreenTests {
    let entries = [ListEntry(id: "a", title: "Oats", productCount: 2), ListEntry(id: "c", title: "Oil", productCount: 1)]

    func opened() -> AppState {
        var state = AppState(comparison: Comparison(id: "c", title: "Oil"), sessionID: "s")
        #expect(state.update(.showLists) == [.loadLists])
        state.update(.listsLoaded(entries))
        return state
    }

    @Test func opensOnTheCurrentComparison() {
        let state = opened()
        #expect(state.lists?.selected == 1)
        #expect(state.lists?.entries == entries)
    }

    @Test func renameTypesATitleAndSavesIt() {
        var state = opened()
        state.update(.renameSelected)
        state.update(.clearField)
        for c in "Olive, virgin" { state.update(.type(c)) }
        #expect(state.update(.openSelected) == [.renameComparison("c", "Olive, virgin"), .loadLists])
        #expect(state.comparison.title == "Olive, virgin")
        #expect(state.lists?.mode == .browsing)
    }

    @Test func newComparisonIsCreatedAndOpened() {
        var state = opened()
        state.update(.newComparison)
        for c in "Rice" { state.update(.type(c)) }
        let effects = state.update(.confirm)
        let created = Comparison(id: "s-c2", title: "Rice")
        #expect(effects == [.createComparison(created)])
        #expect(state.lists == nil)
        #expect(state.comparison.title == "Rice")
        #expect(state.focus == FieldFocus(product: 0, field: .price))
    }

    @Test func moveAndDeleteAskFirst() {
        var state = opened()
        #expect(state.update(.moveSelected(-1)) == [.moveComparison("c", to: 0)])
        #expect(state.lists?.entries.map(\.id) == ["c", "a"])
        state.update(.askDeleteSelected)
        #expect(state.overlay == .confirm(.deleteComparison(ListEntry(id: "c", title: "Oil", productCount: 1))))
        #expect(state.update(.type("y")) == [.deleteComparison("c"), .openComparison("a"), .loadLists])
    }

    @Test func escapeGoesBackToTheComparison() {
        var state = opened()
        #expect(state.update(.cancelEdit).isEmpty)
        #expect(state.lists == nil)
    }
}

@Suite struct VolumeSystemTests {
    @Test func ukImperialIsASettingOfTheComparison() {
        var state = AppState(comparison: Comparison(id: "c"), sessionID: "s")
        for c in "2" { state.update(.type(c)) }
        state.update(.nextField)
        state.update(.type("1")); state.update(.nextField)
        for c in "pt" { state.update(.type(c)) }
        state.update(.nextField)
        guard case .ranked(_, let us, _) = state.comparison.standing(at: 0) else { Issue.record("not ranked"); return }
        #expect(us.baseQuantity == dec("473.176473"))
        #expect(state.update(.toggleVolumeSystem) == [.saveHeader])
        #expect(state.comparison.volumeSystem == .imperial)
        guard case .ranked(_, let uk, _) = state.comparison.standing(at: 0) else { Issue.record("not ranked"); return }
        #expect(uk.baseQuantity == dec("568.26125"))
        #expect(ScreenView.render(state).lines[0].hasSuffix("per L (UK) ›"))
    }
}

@Suite struct HelpTests {
    @Test func narrowHelpTurnsPagesThenCloses() {
        var state = AppState(comparison: Comparison(id: "c"), size: TerminalSize(width: 40, height: 20), sessionID: "s")
        state.update(.toggleHelp)
        #expect(state.overlay == .help(page: 0))
        let pages = HelpView.pageCount(width: 40, height: 20)
        #expect(pages > 1)
        #expect(ScreenView.render(state).lines[0].hasSuffix("keys 1/\(pages)"))
        state.update(.nextField)
        #expect(state.overlay == .help(page: 1))
        state.update(.type("7"))       // any other key closes, and does nothing else
        #expect(state.overlay == .none)
        #expect(state.editor.text == "")
    }

    @Test func wideHelpFitsOnOnePage() {
        #expect(HelpView.pageCount(width: 80, height: 24) == 1)
    }
}

@Suite struct ListsPagingTests {
    @Test func aNewTitleIsTypedOnTheVisiblePageAndClicksStayOnTheList() {
        var state = AppState(comparison: Comparison(id: "c0"), size: TerminalSize(width: 80, height: 24), sessionID: "s")
        state.update(.showLists)
        state.update(.listsLoaded((0..<50).map { ListEntry(id: EntityID("c\($0)"), title: "T\($0)", productCount: 0) }))
        state.update(.newComparison)
        for c in "New" { state.update(.type(c)) }
        let screen = ScreenView.render(state).text
        #expect(screen.contains("New▏"), "\(screen)")
        state.update(.cancelEdit)
        state.update(.click(x: 5, y: 23))      // the legend line: not a list row
        #expect(state.lists?.selected == 0)
    }
}

@Suite struct UnsavedProductsTests {
    @Test func aProductWhoseSaveFailedSurvivesAMergeFromAnotherSession() {
        var state = AppState(comparison: Comparison(id: "c"), sessionID: "s")
        for c in "2\t1\tkg\tmine\t" { state.update(c == "\t" ? .nextField : .type(c)) }
        // The other session's copy has never seen product s-1 (its save failed here).
        let theirs = Comparison(id: "c", products: [Product(id: "t-1", name: "theirs", price: 3, quantity: 1, unit: .kilogram)])
        state.adoptExternalChanges(theirs, unsaved: ["s-1"])
        #expect(state.comparison.products.map(\.name) == ["theirs", "mine", ""])
        #expect(state.focusedProduct.id == "s-2")
    }
}
