import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Reducer tests of units (count words, other families explained) and money (currency, grouped pastes).
@Suite struct UnitsAndMoneyTests {
    let emptyPrice = FieldEditor.numeric(CalculatorEngine())
    let sheet = MeasureUnit.counted(CountWord("sheet")!)

    @Test func mlInAWeightComparisonIsExplainedNotIgnored() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg", then: .nextProduct)
        store.enter(price: "1", quantity: "1")
        let mass = UnitPicker(selected: .kilogram, offered: UnitFamily.mass.units)   // the unit suggested
        #expect(store.state.editing.editor == .unit(mass))
        var typed = mass
        _ = typed.type("m")
        store.send(.comparison(.type("m"))) { $0.editing.editor = .unit(typed) }  // the metre, or mg begun: said if left so
        _ = typed.type("l")
        store.send(.comparison(.type("l"))) {
            $0.editing.editor = .unit(typed)
            $0.chrome.status = StatusMessage("mL is a volume unit; this comparison is by weight", isWarning: true)
        }
        store.send(.comparison(.nextField)) {
            $0.editing.focus(FieldFocus(product: 1, field: .afterUnit), editing: .text(""))
            $0.chrome.status = StatusMessage("mL is a volume unit; this comparison is by weight: no unit kept", isWarning: true)
        }
        #expect(store.state.editing.comparison.products[1].unit == nil)   // kg was only suggested
    }

    /// Enter on a refused unit stays on it with the text kept, to be put right (it went on to the name, the unit
    /// dropped); Esc undoes it to the suggested unit, and Enter then takes it and finishes the product.
    @Test func enterOnARefusedUnitStaysOnItToBePutRight() {
        var store = TestStore()
        store.enter(price: "2", quantity: "1", unit: "kg", then: .nextProduct)
        store.enter(price: "1", quantity: "1")
        let mass = UnitPicker(selected: .kilogram, offered: UnitFamily.mass.units)   // the unit suggested
        var typed = mass
        for c in "mL" { _ = typed.type(c) }
        store.type("mL")
        store.send(.comparison(.finishProduct)) {
            $0.chrome.status = StatusMessage("mL is a volume unit; this comparison is by weight: fix it, or Esc undoes it", isWarning: true,
                                             short: "'mL' does not fit this comparison: fix it, or Esc undoes it")
        }
        #expect(store.state.editing.editor == .unit(typed))
        store.send(.comparison(.cancelEdit)) {
            $0.editing.editor = .unit(mass)
            $0.chrome.status = StatusMessage("Edit cancelled")
        }
        store.apply(.comparison(.finishProduct))
        #expect(store.state.editing.comparison.products[1].unit == .kilogram)
        #expect(store.state.editing.focus == FieldFocus(product: 2, field: .price))   // the product finished
    }

    /// Issue 32: `l` in a comparison by weight saved lb, `m` saved mg (the first offered unit each begins). Text that is
    /// exactly another family's unit is that unit, refused; while it may still become an offered one (`l` of `lb`), the
    /// refusal waits for the commit.
    @Test func aUnitOfAnotherFamilyTypedExactlyIsRefusedNeverCompleted() {
        for typed in ["l", "L", "ml", "m", "ft", "pcs", "in", "g"] {
            var store = TestStore()
            store.enter(price: "2", quantity: "1", unit: typed == "g" ? "L" : "kg", then: .nextProduct)
            store.enter(price: "1", quantity: "1")
            let family = typed == "g" ? "by volume" : "by weight"
            let unit = MeasureUnit.standard(named: typed)!
            store.type(typed)
            let begins = ["l", "L", "m", "g"].contains(typed)
            #expect(store.state.chrome.status == (begins ? nil : StatusMessage("\(unit.kindDescription); this comparison is \(family)", isWarning: true)),
                    "\(typed)")
            store.type("\t")
            #expect(store.state.editing.comparison.products[1].unit == nil, "\(typed)")   // the unit before was only suggested
            #expect(store.state.chrome.status == StatusMessage("\(unit.kindDescription); this comparison is \(family): no unit kept", isWarning: true), "\(typed)")
        }
    }

    @Test func aBeginningThatIsNoUnitStillCompletes() {
        for (typed, unit) in [("k", MeasureUnit.kilogram), ("o", .ounce), ("ga", .gallon), ("f", .fluidOunce), ("tb", .tablespoon)] {
            var store = TestStore()
            store.enter(price: "2", quantity: "1", unit: unit.family == .mass ? "kg" : "L", then: .nextProduct)
            store.enter(price: "1", quantity: "1")
            store.type(typed + "\t")
            #expect(store.state.editing.comparison.products[1].unit == unit, "\(typed)")
        }
    }

    @Test func aWordThatIsNoUnitIsKeptAsACountUnitOfItsOwn() {
        var store = TestStore()
        store.enter(price: "5.49", quantity: "12x200", unit: "sheet", then: .keepEditing)
        var typed = UnitPicker(selected: nil, offered: MeasureUnit.standard)
        for c in "sheet" { _ = typed.type(c) }
        #expect(store.state.editing.editor == .unit(typed))
        #expect(store.state.chrome.status == StatusMessage("Enter keeps 'sheet' as a count unit"))
        store.send(.comparison(.type("s"))) {
            _ = typed.type("s")
            $0.editing.editor = .unit(typed)
        }
        let product = Product.fixture(id: "s-1", price: dec("5.49"), quantity: 2400, unit: sheet, pack: Multipack(count: 12, size: 200), seen: TestStore.today)
        store.send(.comparison(.nextField), effects: [.saveField(.unit, product: product)]) {
            $0.editing.committed(.unit, at: 0, as: product)
            $0.editing.focus(FieldFocus(product: 0, field: .afterUnit), editing: .text(""))
            $0.chrome.status = StatusMessage("sheet: a count unit, compared only with sheets")
        }
        #expect(store.state.editing.comparison.basis?.label == "sheet")
        // F2 steps to per 100 sheets.
        store.send(.comparison(.stepBasis(1)), effects: [.saveHeader(ComparisonHeader(id: "c", chosenBasis: ComparisonBasis(amount: 100, unit: self.sheet)))]) {
            $0.editing.comparison.chosenBasis = ComparisonBasis(amount: 100, unit: self.sheet)
            $0.session.chosenBases[.counted(CountWord("sheet")!)] = ComparisonBasis(amount: 100, unit: self.sheet)
            $0.chrome.status = StatusMessage("Unit prices per 100 sheets")
        }
    }

    @Test func rollsAgainstSheetsAreRefusedNamingBoth() {
        var store = TestStore()
        store.enter(price: "5.49", quantity: "2400", unit: "sheets", then: .nextProduct)
        store.enter(price: "4", quantity: "6")
        #expect(store.state.editing.editor == .unit(UnitPicker(selected: sheet, offered: [sheet])))
        store.type("rolls")
        #expect(store.state.chrome.status == StatusMessage("roll is a count unit of its own; this comparison is in sheets", isWarning: true))
        store.send(.comparison(.nextField)) {
            $0.editing.focus(FieldFocus(product: 1, field: .afterUnit), editing: .text(""))
            $0.chrome.status = StatusMessage("roll is a count unit of its own; this comparison is in sheets: no unit kept", isWarning: true)
        }
        // Another product in the same word's plural form is the same unit.
        var comparison = Comparison(products: [Product.fixture(price: 1, quantity: 1, unit: sheet), Product.fixture(price: 1, quantity: 1, unit: .counted(CountWord("roll")!))])
        #expect(comparison.problem(of: comparison.products[1]) == .otherFamily(.counted(CountWord("roll")!), comparison: .counted(CountWord("sheet")!)))
        #expect(comparison.problem(of: comparison.products[1])?.message == "rolls can't be compared with sheets")
        comparison.replaceProduct(at: 1, with: Product.fixture(price: 1, quantity: 1, unit: MeasureUnit(parsing: "Sheets")))
        #expect(comparison.rankedCount == 2)
    }

    @Test func lettersInANumericFieldAreExplained() {
        var store = TestStore()
        let action = KeyTable.action(for: .character("a"), in: store.state)
        #expect(action == .comparison(.type("a")))
        store.send(action!) {
            $0.chrome.status = StatusMessage("'a' isn't a number: digits, . + - * / =", isWarning: true)
        }
    }

    @Test func capitalXIsTimes() {
        var store = TestStore()
        store.type("6")
        #expect(KeyTable.action(for: .character("X"), in: store.state) == .comparison(.keypad(.operation(.times))))
        store.type("X330")
        store.apply(.comparison(.nextField))
        #expect(store.state.editing.comparison.products[0].price == 1980)
    }

    @Test(arguments: [("1,234.56", "1234.56"), ("1.234,56", "1234.56"), ("12,345,678", "12345678"), ("2,5", "2.5"), ("1,234", "1.234")])
    func pastedThousandsAreGroupedNeverAFraction(pasted: String, typed: String) {
        var store = TestStore()
        store.send(.comparison(.paste(pasted))) {
            $0.editing.editor = .numeric(CalculatorEngine(expression: .first(Operand(typed)!)))
        }
    }

    @Test(arguments: ["1,23.4", "1.2.3", "1,234,56.7", "1,2345.6"])
    func pastedMarksThatGroupNothingAreRefused(pasted: String) {
        var store = TestStore()
        store.send(.comparison(.paste(pasted))) {
            $0.chrome.status = StatusMessage("Not pasted: '\(pasted)' mixes commas and points in a way that is not thousands grouping", isWarning: true)
        }
    }

    @Test func aPriceTypedOrPastedWithTheCurrencyReadsWithoutIt() throws {
        let dollar = try Currency(validating: "$")
        var store = TestStore(currency: dollar)
        store.send(.comparison(.type("$")))
        #expect(store.state.editing.editor == emptyPrice)
        #expect(store.state.chrome.status == nil)
        store.enter(price: "3.99")
        #expect(store.state.editing.comparison.products[0].price == dec("3.99"))
        var pasting = TestStore(currency: dollar)
        pasting.send(.comparison(.paste("$1,234.56"))) {
            $0.editing.editor = .numeric(CalculatorEngine(expression: .first(Operand("1234.56")!)))
        }
        // Without a currency, `$` is a character the price doesn't take.
        var plain = TestStore()
        plain.send(.comparison(.type("$"))) {
            $0.chrome.status = StatusMessage("'$' isn't a number: digits, . + - * / =", isWarning: true)
        }
    }
}
