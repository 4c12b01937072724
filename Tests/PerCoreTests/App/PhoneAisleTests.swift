import Foundation
import Testing
import TestSupport
@testable import PerCore

/// Issue 39, the phone in the aisle, part two: what a shopper reads and taps at 40×20.
@Suite struct PhoneAisleTests {
    static let phone = TerminalSize(width: 40, height: 20)

    /// The lines of the screen as drawn.
    static func lines(_ state: AppState) -> [String] { ScreenView.render(state).lines }

    // MARK: 1. The verdict of the product to buy

    /// The product to buy at the shop you are in says `+22% more` or `+22%, to buy`, never `+22% buy` (read as
    /// something else); the full form where it fits (decision 324).
    @Test func theProductToBuySaysMoreNeverBuyAlone() {
        for size in [Self.phone, TerminalSize(width: 80, height: 24)] {
            let s = PriceBookSnapshotTests.state(size.width, size.height)
            let text = ScreenView.render(s).text
            #expect(!text.contains("% buy"), "\(text)")
            #expect(s.editing.tablePage.row(0).verdict == "+22% more, to buy")
            #expect(s.editing.tablePage.row(0).shortVerdict == "+22%, to buy")
        }
        let wide = ScreenView.render(PriceBookSnapshotTests.state(100, 24)).text
        #expect(wide.contains("+22% more, to buy"), "\(wide)")
    }

    // MARK: 2. The age cue on every row at every focus

    /// Long names at two shops leave no room for the ages at 40 columns: the stale price keeps its `!` in a column of
    /// its own on every row at every focus, typing in it included, and no unfocused row changes as the focus moves
    /// (decision 325).
    @Test func aStalePriceIsMarkedOnEveryRowAtEveryFocus() {
        var s = PhoneSnapshotTests.state()
        var rowsSeen: [String: Set<String>] = [:]
        var ageColumns: Set<Int> = []
        func check(_ s: AppState, _ when: String) {
            let layout = ScreenLayout(s)
            let canvas = ScreenView.render(s)
            for row in layout.rows where row.index < 3 {
                let line = canvas.lines[row.age.y]
                let cue = String(Array(line)[row.age.x..<row.age.maxX])
                #expect(cue == (row.index == 0 ? "!" : " "), "\(when): row \(row.index): \(canvas.text)")
                ageColumns.insert(row.age.x)
                if row.index != s.editing.focus.product {
                    rowsSeen[String(row.index), default: []].insert(String(line.dropFirst(2)))
                }
            }
        }
        check(s, "at start")
        for _ in 0..<3 {
            s.update(.comparison(.previousProduct))
            check(s, "on product \(s.editing.focus.product)")
        }
        // Typing the stale product's price.
        s.update(.comparison(.keypad(.digit(9))))
        check(s, "typing")
        #expect(ageColumns.count == 1, "\(ageColumns)")
        #expect(rowsSeen.values.allSatisfy { $0.count == 1 }, "\(rowsSeen)")
    }

    // MARK: 3. Messages wrap and leave the legend

    /// A refusal of three lines at 40 columns keeps `Esc undoes it`, goes up over the keypad's last line rather than
    /// over the legend, and the legend's taps still work; a tap on the message's line does nothing (decision 141).
    @Test func aLongMessageKeepsItsInstructionAndLeavesTheLegendItsTaps() {
        var store = TestStore(size: Self.phone)
        store.enter(price: "2", quantity: "1", unit: "L", then: .nextProduct)
        store.enter(price: "1", quantity: "1", unit: "roll", then: .keepEditing)
        store.apply(.comparison(.finishProduct))
        let legend = KeyTable.legendEntries(for: store.state, width: 40)
        let status = try! #require(store.state.chrome.status)
        #expect(status.text.hasSuffix("fix it, or Esc undoes it"), "\(status.text)")
        let lines = Self.lines(store.state)
        let layout = ScreenLayout(store.state)
        let said = ScreenView.statusLines(store.state, layout)
        #expect(said.count >= 2, "\(said)")
        let shown = lines[(layout.status.y - said.count + 1)...layout.status.y].map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(shown.hasSuffix("fix it, or Esc undoes it"), "\(lines.joined(separator: "\n"))")
        #expect(!shown.contains("…"), "\(shown)")
        #expect(!legend.isEmpty && legend.allSatisfy { String(Array(lines[19]).dropFirst($0.x).prefix($0.width)) == $0.text }, "\(lines.joined(separator: "\n"))")
        // A tap on each entry of the legend is its key.
        for entry in legend {
            #expect(Input.action(for: .click(x: entry.x, y: 19), in: store.state) == KeyTable.action(for: entry.key, in: store.state), "\(entry.text)")
        }
        // The line the message took above the status line answers no tap.
        #expect(Input.action(for: .click(x: 3, y: layout.status.y - 1), in: store.state) == nil)
    }

    // MARK: 5. Undo of a price, quantity or unit typed into an empty field

    @Test func ctrlYUndoesAPriceTypedIntoAnEmptyField() {
        var store = TestStore()
        store.enter(price: "2.5", then: .commit)
        let priced = store.state.editing.comparison.products[0]
        var empty = priced
        empty.price = nil
        empty.seen = nil
        store.send(.comparison(.undoDeletion), effects: [.saveField(.price, product: empty, keepsEarlierPrice: false), .loadHistory("c")]) {
            $0.editing.comparison.replaceProduct(at: 0, with: empty)
            $0.editing.overwritten = nil
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine()))
            $0.chrome.status = StatusMessage("Undid the price \"2.50\"")
        }
        #expect(!store.state.editing.canUndo)
    }

    @Test func ctrlYUndoesAQuantityTypedIntoAnEmptyField() {
        var store = TestStore()
        store.enter(price: "2", quantity: "500", then: .commit)
        var before = store.state.editing.comparison.products[0]
        before.quantity = nil
        store.apply(.comparison(.undoDeletion))
        #expect(store.state.editing.comparison.products[0].quantity == nil)
        #expect(store.state.editing.comparison.products[0].price == dec("2"))
        #expect(store.state.editing.focus == FieldFocus(product: 0, field: .quantity))
        #expect(store.state.chrome.status == StatusMessage("Undid the quantity \"500\""))
    }

    @Test func ctrlYUndoesAUnitTypedIntoAnEmptyField() {
        var store = TestStore()
        store.enter(price: "2", quantity: "500", unit: "g", then: .commit)
        store.apply(.comparison(.undoDeletion))
        #expect(store.state.editing.comparison.products[0].unit == nil)
        #expect(store.state.editing.comparison.products[0].quantity == dec("500"))
        #expect(store.state.editing.focus == FieldFocus(product: 0, field: .unit))
        #expect(store.state.chrome.status == StatusMessage("Undid the unit \"g\""))
    }

    // MARK: 6. The picker's highlight is what Enter takes

    /// At every letter of `sheets` and `pods` the unit highlighted (`›`) is the one Enter takes; with none highlighted
    /// Enter takes the word typed.
    @Test func theHighlightIsWhatEnterTakesAtEveryLetter() {
        for word in ["sheets", "pods"] {
            for end in 1...word.count {
                let typed = String(word.prefix(end))
                var store = TestStore(size: Self.phone)
                store.enter(price: "2", quantity: "10", unit: typed, then: .keepEditing)
                guard case .unit(let picker) = store.state.editing.editor else { Issue.record("not on the unit"); return }
                let text = ScreenView.render(store.state).text
                // The highlighted cell (`›sq in`), if any, is the selected unit's.
                let highlighted = picker.offered.map(\.symbol).filter { text.contains("›" + $0 + " ") || text.contains("›" + $0 + "\n") }
                #expect(highlighted == (picker.selected.map { [$0.symbol] } ?? []), "\(typed): \(text)")
                let expected = picker.selected ?? MeasureUnit(parsing: typed)
                store.apply(.comparison(.finishProduct))
                #expect(store.state.editing.comparison.products[0].unit == expected, "\(typed)")
            }
        }
    }

    // MARK: 8. ACCESSIBLE=1

    /// Words for the glyph cues: the best value says `Best` without `★`, a stale age `6 mo old` (or `old` alone where
    /// ages have no room) rather than `!` (decision 254).
    @Test func accessibleSaysInWordsWhatTheMarksSay() {
        let products = [
            Product.fixture(id: "a", name: "alpha", price: dec("5.49"), quantity: 1, unit: .kilogram, seen: PhoneSnapshotTests.today.adding(days: -180)),
            Product.fixture(id: "b", name: "bravo", price: dec("2.29"), quantity: 500, unit: .gram, seen: PhoneSnapshotTests.today),
        ]
        let s = AppState(comparison: Comparison(id: "o", title: "Oats", products: products),
                         session: Session(id: "s", size: TerminalSize(width: 80, height: 24), today: PhoneSnapshotTests.today, accessible: true))
        let text = ScreenView.render(s).text
        #expect(text.contains("6 mo old") && !text.contains("6 mo!"), "\(text)")
        #expect(!text.contains("★") && text.contains("Best"), "\(text)")
        var narrow = PhoneSnapshotTests.state()
        narrow.session.accessible = true
        let phone = ScreenView.render(narrow).text
        #expect(phone.contains(" old ") && !phone.contains("!") && !phone.contains("★"), "\(phone)")
        // The word costs the verdict two columns (it has no star to show), not the rows their shops.
        #expect(phone.contains("24 roll @ Aldi") && phone.contains("12 roll @ Lidl"), "\(phone)")
    }

    // MARK: 10. A snapshot per screen at 40×20

    /// Long names, two shops and a stale price on every screen at 40×20 (the comparison, the list and the history are
    /// `PhoneSnapshotTests`).
    @Test func theHelpAt40x20() {
        var s = PhoneSnapshotTests.state()
        s.update(.app(.toggleHelp))
        expectSnapshot(ScreenView.render(s).text, named: "helpAt40x20")
    }

    @Test func theUnitPickerAt40x20() {
        var s = PhoneSnapshotTests.state()
        s.enter(price: "5.99", quantity: "30", unit: "ro", then: .keepEditing)
        expectSnapshot(ScreenView.render(s).text, named: "unitPickerAt40x20")
    }

    @Test func aRefusalAt40x20() {
        var s = PhoneSnapshotTests.state()
        s.enter(price: "5.99", quantity: "30", unit: "kg", then: .keepEditing)
        s.update(.comparison(.finishProduct))
        expectSnapshot(ScreenView.render(s).text, named: "aRefusalAt40x20")
    }

    @Test func theStaleRowTypedAt40x20() {
        var s = PhoneSnapshotTests.state()
        s.update(.comparison(.focus(FieldFocus(product: 0, field: .price))))
        s.update(.comparison(.keypad(.digit(8))))
        expectSnapshot(ScreenView.render(s).text, named: "theStaleRowTypedAt40x20")
    }

    /// The list's help at 40×20 says Ctrl-W whole (it stopped at `each shop's total, the cheapest`), and the
    /// comparison's says what no key says: any word is a unit, US measures unless --uk, Ctrl-E, what --shop does.
    @Test func theHelpAt40x20SaysItWhole() {
        func helpText(_ s: AppState) -> String {
            var s = s
            s.update(.app(.toggleHelp))
            var pages: [String] = []
            for _ in 0..<HelpPages.pageCount(s.screen.helpScopes, messages: s.chrome.messages, size: s.session.size) {
                pages.append(ScreenView.render(s).lines.dropFirst(2).dropLast().map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))
                s.update(.app(.nextHelpPage))
            }
            return pages.joined(separator: " ").split(separator: " ").joined(separator: " ")
        }
        var list = PhoneSnapshotTests.state()
        list.update(.app(.showShoppingList))
        #expect(helpText(list).contains("Ctrl-W where to shop: each shop's total, the cheapest shop and the best split across two"), "\(helpText(list))")
        let comparison = helpText(PhoneSnapshotTests.state())
        for said in ["Any word is a unit (sheets)", "are US unless per --uk or uk = yes (Ctrl-E: UK)", "per --shop NAME: you are there",
                     "F3, Ctrl-E US / UK volume units", "Deal field: 2 for 3.00, 3 pay 2, Clubcard 1.50 (ranked with member = Clubcard)"] {
            #expect(comparison.contains(said), "\(said): \(comparison)")
        }
    }

    @Test func theListsHelpAt40x20() {
        var s = PhoneSnapshotTests.state()
        s.update(.app(.showShoppingList))
        s.update(.app(.toggleHelp))
        s.update(.app(.nextHelpPage))
        expectSnapshot(ScreenView.render(s).text, named: "listHelpPage2At40x20")
    }

    @Test func whereToShopAt40x20() {
        expectSnapshot(ScreenView.render(WhereToShopScreenTests.whereToShop(WhereToShopScreenTests.milkEggsOats, 40, 20)).text, named: "whereToShopAt40x20")
    }

    /// The offer field (a text field after the deposit) says what it takes: its box and the status line said `Type the
    /// name` and `Name (optional); Tab for its shop` (found walking issue 39 at 40×20 with Shift-Tab).
    @Test func theOfferFieldSaysOfferNotName() {
        var s = PhoneSnapshotTests.state()
        s.update(.comparison(.focus(FieldFocus(product: 0, field: .deal))))
        let text = ScreenView.render(s).text
        #expect(text.contains("Deal of") && text.contains("Type the offer") && text.contains("An offer (2 for 3.00); Tab: next"), "\(text)")
        #expect(!text.contains("Type the name") && !text.contains("Name (optional)"), "\(text)")
    }

    @Test func accessibleComparisonAt40x20() {
        var s = PhoneSnapshotTests.state()
        s.session.accessible = true
        expectSnapshot(ScreenView.render(s).text, named: "accessibleComparisonAt40x20")
    }

    /// Decision 440: with ACCESSIBLE=1 no screen marks its selection with `›` or the lowest price with `★`: the list and
    /// the price history say `selected 2 of 2` on their title lines, the history's lowest reads `lowest` (`low` where
    /// the mark has no room), the unit picker's box `kg selected`; the comparison's focused row has no `›` (its field's label names it) and its
    /// best says `Best`; where to shop is words already.
    @Test func accessibleSaysSelectedAndLowestInWordsOnEveryScreen() {
        func accessible(_ s: AppState) -> AppState { var s = s; s.session.accessible = true; return s }
        func expectNoGlyphCues(_ text: String, _ screen: String) {
            // `›` stays only in buttons' labels (`next ›`, `per roll ›`), never before a row or a unit.
            let marks = text.split(separator: "\n").filter { line in
                line.contains("›") && !line.contains("next ›") && !line.contains("per roll ›") && !line.contains("per kg ›")
                    && !line.contains("or ›")
            }
            #expect(marks.isEmpty && !text.contains("★") && !text.contains("!"), "\(screen): \(text)")
        }
        let comparison = ScreenView.render(accessible(PhoneSnapshotTests.state())).text
        expectNoGlyphCues(comparison, "the comparison")
        #expect(comparison.contains("Best") && comparison.contains("Price (new product)"), "\(comparison)")

        var list = accessible(PhoneSnapshotTests.state())
        list.update(.app(.showShoppingList))
        list.update(.shoppingList(.loaded(PhoneSnapshotTests.twoItems())))
        list.update(.shoppingList(.moveSelection(1)))
        let listText = ScreenView.render(list).text
        expectSnapshot(listText, named: "accessibleShoppingListAt40x20")
        expectNoGlyphCues(listText, "the list")
        #expect(listText.split(separator: "\n")[0].hasSuffix("selected 2 of 2"), "\(listText)")

        list.update(KeyTable.action(for: .control("w"), in: list)!)
        let shops = ScreenView.render(list).text
        expectNoGlyphCues(shops, "where to shop")

        var history = accessible(PhoneSnapshotTests.state())
        history.update(.app(.showHistory))
        history.update(.history(.loaded("t", [PriceRecord(product: "a", name: "Toilet paper extra soft", shop: "Aldi", seen: PhoneSnapshotTests.today.adding(days: -400),
                                                          price: dec("8.99"), quantity: 24, unit: PhoneSnapshotTests.roll)])))
        let historyText = ScreenView.render(history).text
        expectSnapshot(historyText, named: "accessibleHistoryAt40x20")
        expectNoGlyphCues(historyText, "the history")
        #expect(historyText.contains(" low") && historyText.contains("@ Lidl") && historyText.split(separator: "\n")[0].hasSuffix("selected 1 of 4"), "\(historyText)")

        let oats = [
            Product.fixture(id: "a", name: "alpha", price: dec("5.49"), quantity: 1, unit: .kilogram, shop: "Aldi", seen: PhoneSnapshotTests.today),
            Product.fixture(id: "b", name: "bravo", price: dec("2.29"), quantity: 500, unit: .gram, shop: "Lidl", seen: PhoneSnapshotTests.today),
        ]
        var picker = AppState(comparison: Comparison(id: "o", title: "Oats", products: oats),
                              session: Session(id: "s", size: TerminalSize(width: 40, height: 20), today: PhoneSnapshotTests.today, accessible: true))
        picker.enter(price: "3", quantity: "2", unit: "kg", then: .keepEditing)
        let pickerText = ScreenView.render(picker).text
        expectSnapshot(pickerText, named: "accessibleUnitPickerAt40x20")
        expectNoGlyphCues(pickerText, "the unit picker")
        #expect(pickerText.contains("─ kg selected ─"), "\(pickerText)")
    }
}
