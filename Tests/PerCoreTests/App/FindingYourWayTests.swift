import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Issue 28: what a shopper can reach from where they are: a title and a new comparison from the comparison screen,
/// the help's pages both ways, the legend's entries and every kind of unit by tap.
@Suite struct FindingYourWayTests {
    let narrow = TerminalSize(width: 40, height: 20)

    @Test func ctrlTOnTheComparisonTypesItsTitleEvenBeforeItIsSaved() {
        var store = TestStore()
        #expect(KeyTable.action(for: .control("t"), in: store.state) == .app(.renameComparison))
        var list = ShoppingListScreen(entries: [], selecting: "c")
        list.mode = .naming("", isNew: false)
        // Not saved yet (nothing typed): its row first, so that the list shows it.
        store.send(.app(.renameComparison), effects: [.saveHeader, .loadShoppingList]) { $0.screen = .shoppingList(list) }
        store.type("Milk")
        list.mode = .browsing
        // Enter before the list is read renames the comparison it was begun on, never another.
        store.send(.shoppingList(.acceptTitle), effects: [.renameComparison("c", "Milk"), .loadShoppingList]) {
            $0.screen = .shoppingList(list)
            $0.editing.comparison.title = "Milk"
        }
    }

    @Test func ctrlTStartsFromTheTitleOfASavedComparison() {
        var store = TestStore(Comparison(id: "c", title: "Oil"))
        var list = ShoppingListScreen(entries: [], selecting: "c")
        list.mode = .naming("Oil", isNew: false)
        store.send(.app(.renameComparison), effects: [.loadShoppingList]) { $0.screen = .shoppingList(list) }
    }

    @Test func ctrlNOnTheComparisonTypesANewComparisonsTitle() {
        var store = TestStore()
        store.enter(price: "2")
        #expect(KeyTable.action(for: .control("n"), in: store.state) == .app(.newComparison))
        store.apply(.app(.newComparison))
        var list = ShoppingListScreen(entries: [], selecting: "c")
        list.mode = .naming("Eggs", isNew: true)
        store.type("Eggs")
        #expect(store.state.screen == .shoppingList(list))
        let effects = store.apply(.shoppingList(.acceptTitle))
        #expect(store.state.screen == .comparison)
        #expect(effects.contains { if case .database(.createComparison(let made)) = $0 { made.title == "Eggs" } else { false } }, "\(effects)")
    }

    /// At 40 columns the entries close up to one space apart so that `^N new` fits beside `^T title`.
    @Test func theComparisonsLegendOffersTheTitleAndANewComparisonAt40And80() {
        let store = TestStore(size: narrow)
        #expect(KeyTable.legend(for: store.state) == "^Q quit ^G help ^O list ^T title ^N new")
        #expect(KeyTable.legend(for: TestStore().state) == "^Q quit  F1 help  ^O list  ^T title  ^N new  Tab next  S-Tab prev  Esc cancel")
    }

    /// Scripts/bench and Scripts/startup-order wait for the first frame's last text (`LEGEND_END`, the end of the 80×24
    /// legend): once the legend ends otherwise, the bench's first paint times out and the start's order file can't be
    /// made (`^D del` ended it until Ctrl-T and Ctrl-N joined the legend).
    @Test func theBenchWaitsForTheTextThe80x24LegendEndsWith() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let legend = KeyTable.legend(for: TestStore().state)
        for script in ["Scripts/bench", "Scripts/startup-order"] {
            let text = try String(contentsOfFile: root + "/" + script, encoding: .utf8)
            let marker = try #require(text.firstMatch(of: /\nLEGEND_END = b"([^"]+)"/)?.1, "\(script) has no LEGEND_END")
            #expect(legend.hasSuffix(String(marker)), "\(script) waits for \(marker); the legend is \(legend)")
        }
    }

    @Test func helpPagesGoBackAndForthByKey() {
        var store = TestStore(size: narrow)
        store.send(.app(.toggleHelp)) { $0.chrome.overlay = .help(page: 0) }
        for key: InputEvent in [.key(.down), .key(.tab), .control("f"), .key(.pageDown), .key(.enter)] {
            #expect(KeyTable.action(for: key, in: store.state) == .app(.nextHelpPage), "\(key)")
        }
        for key: InputEvent in [.key(.up), .key(.backTab), .control("b"), .key(.pageUp)] {
            #expect(KeyTable.action(for: key, in: store.state) == .app(.previousHelpPage), "\(key)")
        }
        for key: InputEvent in [.key(.escape), .character("q"), .control("g"), .character("7")] {
            #expect(KeyTable.action(for: key, in: store.state) == .app(.toggleHelp), "\(key)")
        }
        store.send(.app(.previousHelpPage))   // none before the first
        store.send(.app(.nextHelpPage)) { $0.chrome.overlay = .help(page: 1) }
        store.send(.app(.nextHelpPage)) { $0.chrome.overlay = .help(page: 2) }
        store.send(.app(.previousHelpPage)) { $0.chrome.overlay = .help(page: 1) }
    }

    @Test func helpPagesTurnByTapAndByTheWheel() {
        var store = TestStore(size: narrow)
        store.send(.app(.toggleHelp)) { $0.chrome.overlay = .help(page: 0) }
        let first = HelpLayout(store.state, page: 0).buttons
        #expect(first.map(\.label) == ["next ›", "Esc close"])
        let next = first[0].frame
        #expect(Input.action(for: .click(x: next.x, y: next.y), in: store.state) == .app(.nextHelpPage))
        #expect(Input.action(for: .click(x: 20, y: 5), in: store.state) == .app(.toggleHelp))   // elsewhere: closes
        #expect(Input.action(for: .scroll(lines: 1, x: 5, y: 5), in: store.state) == .app(.nextHelpPage))
        store.send(.app(.nextHelpPage)) { $0.chrome.overlay = .help(page: 1) }
        let second = HelpLayout(store.state, page: 1).buttons
        #expect(second.map(\.label) == ["‹ prev", "next ›", "Esc close"])
        #expect(second[1].frame == next, "next › stays in its place")
        #expect(Input.action(for: .click(x: second[0].frame.x, y: second[0].frame.y), in: store.state) == .app(.previousHelpPage))
        #expect(Input.action(for: .click(x: second[2].frame.x, y: second[2].frame.y), in: store.state) == .app(.toggleHelp))
        #expect(Input.action(for: .scroll(lines: -1, x: 5, y: 5), in: store.state) == .app(.previousHelpPage))
    }

    /// A tap on a legend's entry is its key, with what that key does in this state.
    @Test func everyEntryOfTheLegendIsATapOnItsKey() {
        for size in [narrow, TerminalSize(width: 80, height: 24)] {
            var store = TestStore(size: size)
            let layout = ScreenLayout(store.state)
            let entries = KeyTable.legendEntries(for: store.state)
            #expect(entries.map(\.text).joined(separator: size == narrow ? " " : "  ") == KeyTable.legend(for: store.state))
            #expect(entries.count >= 5)
            for entry in entries {
                #expect(Input.action(for: .click(x: entry.x + entry.width - 1, y: layout.legend.y), in: store.state)
                        == KeyTable.action(for: entry.key, in: store.state), "\(entry.text)")
            }
            let help = entries.first { $0.text.hasSuffix(" help") }!
            #expect(Input.action(for: .click(x: help.x, y: layout.legend.y), in: store.state) == .app(.toggleHelp))
            // Between two entries: nothing.
            #expect(Input.action(for: .click(x: help.x + help.width, y: layout.legend.y), in: store.state) == nil)
            // A question's answers (at 40 columns this one takes the legend's line).
            guard size.width == 80 else { continue }
            store.apply(.comparison(.askClearComparison))
            #expect(Input.action(for: .click(x: 1, y: layout.legend.y), in: store.state) == .app(.answer(yes: true)))
            #expect(Input.action(for: .click(x: 8, y: layout.legend.y), in: store.state) == .app(.answer(yes: false)))
        }
    }

    /// A message of two lines goes up, over the line above the status line: the legend and its taps stay (decision 141).
    @Test func aMessageOfTwoLinesLeavesTheLegendItsTaps() {
        var store = TestStore(size: narrow)
        let y = ScreenLayout(store.state).legend.y
        #expect(Input.action(for: .click(x: 1, y: y), in: store.state) == .app(.quit))
        store.apply(.app(.toggleHelp))
        #expect(Input.action(for: .click(x: 1, y: y), in: store.state) != .app(.quit))
        store.apply(.app(.toggleHelp))
        store.apply(.comparison(.stepBasis(1)))   // a warning long enough for two lines at 40 columns
        #expect(ScreenView.statusLines(store.state, ScreenLayout(store.state)).count == 2)
        #expect(Input.action(for: .click(x: 1, y: y), in: store.state) == .app(.quit))
    }

    /// The first product's picker shows one kind at a time at 40 columns, and `volume ›` leads on to the next, round
    /// to mass: every unit is a tap away.
    @Test func theFirstProductsPickerReachesEveryKindByTap() {
        var store = TestStore(size: narrow)
        store.enter(price: "2", quantity: "1")
        var seen: [MeasureUnit] = []
        for (kind, next) in [("mass", "volume"), ("volume", "length"), ("length", "area"), ("area", "count"), ("count", "mass")] {
            guard case .unit(let picker) = store.state.editing.editor else { Issue.record("no picker"); return }
            let layout = ScreenLayout(store.state)
            let shown = layout.unitCells(picker).map(\.unit)
            #expect(Set(shown.map(\.family.name)) == [kind])
            seen += shown
            let button = layout.unitFamilyButton(picker)!
            #expect(button.label == "\(next) ›")
            let first = MeasureUnit.standard.first { $0.family.name == next }!
            #expect(Input.action(for: .click(x: button.frame.x, y: button.frame.y), in: store.state) == .comparison(.stepUnitFamily(1)))
            // Its first unit selected, the field not committed: Enter or a tap takes a unit.
            store.send(.comparison(.stepUnitFamily(1))) { $0.editing.editor = .unit(UnitPicker(selected: first, offered: MeasureUnit.standard)) }
        }
        #expect(seen == MeasureUnit.standard)
    }

    /// Once the first product has a kind its picker still offers the others; a second product's offers only the
    /// comparison's family, as before (a unit of another family is refused: `UnitsAndMoneyTests`).
    @Test func aKindSetStillLeadsToTheOthersOnItsOnlyProduct() {
        var store = TestStore(size: narrow)
        store.enter(price: "2", quantity: "1", unit: "kg", then: .nextProduct)
        store.enter(price: "3", quantity: "2")
        guard case .unit(let second) = store.state.editing.editor else { Issue.record("no picker"); return }
        #expect(ScreenLayout(store.state).unitFamilyButton(second) == nil)
        store.apply(.comparison(.focus(FieldFocus(product: 1, field: .price))))
        store.apply(.comparison(.deleteProduct(store.state.editing.comparison.products[1].id, label: "2")))
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .unit))))
        guard case .unit(let only) = store.state.editing.editor else { Issue.record("no picker"); return }
        #expect(ScreenLayout(store.state).unitFamilyButton(only)?.label == "volume ›")
    }
}
