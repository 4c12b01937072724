import Foundation
import Testing
@testable import PerCore

@Suite struct KeyTableTests {
    @Test func keysDispatchByScreenAndField() {
        var store = TestStore()
        let state = { store.state }
        #expect(KeyTable.action(for: .character("x"), in: state()) == .comparison(.keypad(.operation(.times))))
        #expect(KeyTable.action(for: .control("q"), in: state()) == .app(.quit))
        #expect(KeyTable.action(for: .key(.down), in: state()) == .comparison(.nextField))
        #expect(KeyTable.action(for: .resize(width: 50, height: 30), in: state()) == .terminal(.resize(TerminalSize(width: 50, height: 30))))
        store.enter(price: "1", quantity: "1", unit: "1")
        #expect(KeyTable.action(for: .character("x"), in: state()) == .comparison(.type("x")))   // a name takes letters
        #expect(KeyTable.action(for: .key(.escape), in: state()) == .comparison(.cancelEdit))
        store.send(.comparison(.askDeleteProduct)) { $0.chrome.overlay = .confirm(.deleteProduct("s-1", label: "1.00 for 1")) }
        #expect(KeyTable.action(for: .key(.enter), in: state()) == nil)   // only y says yes
        #expect(KeyTable.action(for: .character("y"), in: state()) == .app(.answer(yes: true)))
        #expect(KeyTable.action(for: .character("n"), in: state()) == .app(.answer(yes: false)))
        #expect(KeyTable.action(for: .control("q"), in: state()) == .app(.quit))
        #expect(KeyTable.legend(for: state()) == "y yes  n no")
    }

    /// Issue 32: under a y/n question the legend offered F1, which does nothing there; it shows only the answers.
    @Test func aQuestionsLegendShowsOnlyItsAnswers() {
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 20)] {
            var store = TestStore(size: size)
            store.enter(price: "1", quantity: "1", unit: "1")
            store.apply(.comparison(.askDeleteProduct))
            let lines = ScreenView.render(store.state).lines
            #expect(lines.last == "y yes  n no", "\(size)")
            #expect(!lines.suffix(2).contains { $0.contains("help") || $0.contains("F1") || $0.contains("^G") }, "\(size)")
        }
    }

    @Test func clicksBecomeTheSameActionsAsKeys() {
        var store = TestStore()
        let layout = ScreenLayout(store.state)
        let five = KeypadView.keyCaps(x: layout.keypadOrigin.x, y: layout.keypadOrigin.y, size: layout.keypadSize).first { $0.key == .digit(5) }!
        // On the keypad a press shows the key and its release fires it (KeypadTouchTests).
        #expect(Input.action(for: .click(x: five.frame.x + 1, y: five.frame.y + 1), in: store.state) == .comparison(.keypadTouch(.down(.digit(5)))))
        let next = layout.toolbarButtons[1]
        // `next ›` is Tab that also takes a suggestion shown, as Enter does (FewerKeysTests.nextOnASuggestedUnitTakesIt).
        #expect(Input.action(for: .click(x: next.frame.x, y: next.frame.y), in: store.state) == .comparison(.nextFieldTakingSuggestion))
        store.enter(price: "5")
        let priceCell = ScreenLayout(store.state).rows[0].price
        #expect(Input.action(for: .click(x: priceCell.x, y: priceCell.y), in: store.state)
                == .comparison(.focus(FieldFocus(product: 0, field: .price))))
        #expect(Input.action(for: .click(x: 2, y: 0), in: store.state) == .app(.showShoppingList))
    }

    /// Issue 39: the help at 40×20 (one column a page, read in order) says what no key says: any word can be a unit,
    /// which measures are the default (US; `--uk`, `uk = yes`, Ctrl-E), and what `--shop` does.
    @Test func theHelpSaysAnyWordIsAUnitUSIsTheDefaultAndWhatShopDoes() {
        for size in [TerminalSize(width: 40, height: 20)] {
            var store = TestStore(size: size)
            store.apply(.app(.toggleHelp))
            var text = ""
            for _ in 0..<HelpPages.pageCount(AppState.Screen.comparison.helpScopes, size: size) {
                text += ScreenView.render(store.state).lines.dropFirst().joined(separator: " ") + " "
                store.apply(.app(.nextHelpPage))
            }
            let words = text.split(separator: " ").joined(separator: " ")
            for said in ["Any word is a unit", "US unless per --uk or uk = yes", "Ctrl-E", "per --shop NAME: you are there; new products take it"] {
                #expect(words.contains(said), "\(size): \(said)")
            }
        }
    }

    @Test func narrowHelpTurnsPagesThenAnyOtherKeyClosesIt() {
        var store = TestStore(size: TerminalSize(width: 40, height: 20))
        store.send(.app(.toggleHelp)) { $0.chrome.overlay = .help(page: 0) }
        let pages = HelpPages.pageCount(AppState.Screen.comparison.helpScopes, size: TerminalSize(width: 40, height: 20))
        #expect(pages > 1)
        #expect(ScreenView.render(store.state).lines[0].hasSuffix("keys 1/\(pages)"))
        #expect(ScreenView.render(store.state).lines[19] == "         next ›  Esc close")
        #expect(KeyTable.action(for: .key(.tab), in: store.state) == .app(.nextHelpPage))
        store.send(.app(.nextHelpPage)) { $0.chrome.overlay = .help(page: 1) }
        #expect(KeyTable.action(for: .character("7"), in: store.state) == .app(.toggleHelp))   // closes, and does nothing else
        store.send(.app(.toggleHelp)) { $0.chrome.overlay = .none }
    }

    @Test func wideHelpFitsOnOnePage() {
        // The keys on at most two pages, the last messages on a page of their own.
        #expect(HelpPages.pageCount(AppState.Screen.comparison.helpScopes, size: TerminalSize(width: 80, height: 24)) <= 3)
        #expect(HelpPages.pageCount(AppState.Screen.shoppingList(ShoppingListScreen(entries: [], selecting: nil)).helpScopes, size: TerminalSize(width: 80, height: 24)) <= 3)   // the shopping list's keys
    }

    @Test func everyCommandHasAFormWithoutFKeys() {
        var store = TestStore()
        #expect(KeyTable.action(for: .control("g"), in: store.state) == .app(.toggleHelp))
        #expect(KeyTable.action(for: .control("f"), in: store.state) == .comparison(.nextProduct))
        #expect(KeyTable.action(for: .control("b"), in: store.state) == .comparison(.previousProduct))
        #expect(KeyTable.action(for: .control("p"), in: store.state) == .comparison(.stepBasis(1)))
        store.send(.terminal(.resize(TerminalSize(width: 40, height: 20)))) { $0.session.size = TerminalSize(width: 40, height: 20) }
        let legend = KeyTable.legend(for: store.state)
        #expect(legend == "^Q quit ^G help ^O list ^T title ^N new")
        #expect(!legend.contains("F1") && !legend.contains("F2"))
        // A key phone keyboards lack (F-keys, PgUp/PgDn, Home/End) always has a companion they have.
        for binding in KeyTable.bindings {
            guard case .keys(let groups) = binding.match else { continue }
            for group in groups where group.events.contains(where: \.needsFullKeyboard) {
                #expect(group.events.contains { !$0.needsFullKeyboard }, "\(binding.keys) has no form without an F-key")
            }
        }
    }

    @Test func theLegendShowsWholeEntriesOnly() {
        for width in 40...120 {
            var store = TestStore(size: TerminalSize(width: width, height: 24))
            for state in [store.state, { store.enter(price: "1", quantity: "1"); return store.state }()] {
                let entries = KeyTable.legendEntries(for: state)
                #expect(TextWidth.of(KeyTable.legend(for: state)) <= width)
                // A space at least between two entries: two, or below 80 columns one where one more entry fits so.
                for (a, b) in zip(entries, entries.dropFirst()) { #expect(b.x > a.x + a.width, "\(b.text) at \(width)") }
                for entry in entries.map(\.text) { #expect(KeyTable.bindings.contains { $0.legend == entry || $0.narrowLegend == entry }, "\(entry) at \(width)") }
            }
        }
    }

    @Test func whileTooSmallOnlyQuitSuspendAndRedrawAct() {
        var store = TestStore()
        store.type("1")
        store.send(.terminal(.resize(TerminalSize(width: 80, height: 19)))) { $0.session.size = TerminalSize(width: 80, height: 19) }
        for event: InputEvent in [.character("5"), .control("k"), .control("d"), .character("y"), .key(.enter), .key(.tab),
                                  .control("o"), .key(.function(1)), .control("g"), .key(.escape), .paste("12"), .click(x: 3, y: 3),
                                  .scroll(lines: 1, x: 3, y: 3), .control("u"), .key(.backspace)] {
            #expect(Input.action(for: event, in: store.state) == nil, "\(event)")
        }
        #expect(KeyTable.action(for: .control("q"), in: store.state) == .app(.quit))
        #expect(KeyTable.action(for: .control("z"), in: store.state) == .app(.suspend))
        #expect(KeyTable.action(for: .control("l"), in: store.state) == .app(.redraw))
        #expect(KeyTable.action(for: .resize(width: 80, height: 24), in: store.state) == .terminal(.resize(TerminalSize(width: 80, height: 24))))
    }

    @Test func aMessageLastsUntilTheNextKey() {
        var store = TestStore()
        store.type("1")
        store.send(.comparison(.cancelEdit)) {
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine()))
            $0.chrome.status = StatusMessage("Edit cancelled")
        }
        store.send(.terminal(.flashEnded)) { $0.chrome.flash = nil }   // not the user's: the message stays
        store.send(.app(.redraw), effects: [.repaint])
        store.send(.comparison(.nextField)) {
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: .numeric(CalculatorEngine()))
            $0.chrome.status = nil
        }
    }

    /// Every key and every word of its description is on some page of the help, whole, at 40×20
    /// and 80×24, on both screens; so is the mouse.
    @Test func theHelpShowsEveryKeyWhole() {
        for size in [TerminalSize(width: 40, height: 20), TerminalSize(width: 80, height: 24), TerminalSize(width: 50, height: 20)] {
            for screen in [AppState.Screen.comparison, .shoppingList(ShoppingListScreen(entries: [], selecting: nil))] {
                let pages = HelpPages.pageCount(screen.helpScopes, size: size)
                var text = ""
                for page in 0..<pages {
                    var canvas = Canvas(width: size.width, height: size.height)
                    HelpView.draw(screen.helpScopes, into: &canvas, page: page, glyphs: .utf8)
                    text += canvas.lines.joined(separator: " ") + " "
                }
                let words = Set(text.split(separator: " ").map(String.init))
                for binding in KeyTable.bindings where screen.helpScopes.contains(binding.scope) {
                    for word in (binding.keys + " " + binding.summary).split(separator: " ") {
                        #expect(words.contains(String(word)), "\(word) of \(binding.keys) at \(size.width)x\(size.height)")
                    }
                }
                #expect(words.contains("Mouse") && words.contains("wheel"))
            }
        }
    }

    @Test func eventsHaveOneNameEach() {
        let names: [(InputEvent, String, String)] = [
            (.control("q"), "Ctrl-Q", "^Q"), (.key(.function(1)), "F1", "F1"), (.key(.function(14)), "Shift-F2", "S-F2"),
            (.key(.backTab), "Shift-Tab", "S-Tab"), (.key(.pageDown), "PgDn", "PgDn"), (.key(.up), "Up", "Up"),
            (.key(.escape), "Esc", "Esc"), (.character("+"), "+", "+"), (.character(" "), "Space", "Space"),
        ]
        for (event, name, short) in names {
            #expect(event.keyName == name)
            #expect(event.shortKeyName == short)
        }
    }

    /// Labels come from the events: one action's keys in a row, opposites side by side.
    @Test func labelsAreDerivedFromTheKeys() {
        func row(_ scope: KeyScope, _ summary: String) -> KeyBinding? {
            KeyTable.bindings.first { $0.scope == scope && $0.summary == summary }
        }
        #expect(row(.everywhere, "save and quit")?.keys == "Ctrl-Q, Ctrl-C")
        #expect(row(.shoppingList, "a page down / up")?.keys == "PgDn/PgUp, Ctrl-F/Ctrl-B")
        #expect(row(.shoppingList, "select")?.keys == "Up/Down")
        #expect(row(.numeric, "times (×)")?.keys == "* x X")
        #expect(row(.numeric, "decimal point")?.keys == ". ,")
        #expect(row(.comparison, "delete last character (⌫)")?.keys == "Backspace, Delete")
        #expect(row(.shoppingList, "count: one pack more / less (0: off the list)")?.legend == "+/- count")
        #expect(row(.history, "a page down / up")?.legend == "PgDn more")
        #expect(row(.history, "a page down / up")?.narrowLegend == "^F more")
        #expect(row(.everywhere, "this help")?.narrowLegend == "^G help")
        // What a label lists is what the binding matches, and each key sends its group's action.
        for binding in KeyTable.bindings {
            guard case .keys(let groups) = binding.match else { continue }
            for group in groups {
                for event in group.events {
                    #expect(binding.keys.contains(event.keyName), "\(event.keyName) not in \(binding.keys)")
                    #expect(binding.action(for: event) == group.action)
                }
            }
        }
        #expect(KeyTable.bindings.first { $0.scope == .shoppingList && $0.keys == "=" }?.action(for: .character("=")) == .shoppingList(.changeCount(1)))
    }
}
