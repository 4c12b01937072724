import Testing
@testable import PerCore

/// Issue 22: the whole keypad is tappable, and a key fires on release, as on a phone's calculator.
@Suite struct KeypadTouchTests {
    func layout(_ state: AppState) -> ScreenLayout { ScreenLayout(state) }

    func cap(_ key: CalculatorKey, _ state: AppState) -> KeyCap {
        let l = layout(state)
        return KeypadView.keyCaps(x: l.keypadOrigin.x, y: l.keypadOrigin.y, size: l.keypadSize).first { $0.key == key }!
    }

    @Test func aPressShowsTheKeyADragMovesItAndTheKeyFiresOnRelease() {
        var store = TestStore()
        store.send(.comparison(.keypadTouch(.down(.digit(5))))) { $0.chrome.keypadPress = .over(.digit(5)) }
        store.send(.comparison(.keypadTouch(.moved(.digit(6))))) { $0.chrome.keypadPress = .over(.digit(6)) }
        store.send(.comparison(.keypadTouch(.moved(nil)))) { $0.chrome.keypadPress = .away }
        store.send(.comparison(.keypadTouch(.moved(.digit(9))))) { $0.chrome.keypadPress = .over(.digit(9)) }
        store.send(.comparison(.keypadTouch(.up(.digit(9)))), effects: [.flashTimer]) {
            $0.chrome.keypadPress = nil
            $0.editing.editor = .numeric(CalculatorEngine(expression: .first(Operand("9")!)))
            $0.chrome.flash = .key(.digit(9))
        }
        // A disabled key fires as a typed one does: its reason on the status line.
        var reason: String?
        if case .numeric(let engine) = store.state.editing.editor { reason = engine.disabledReason(.equals) }
        #expect(reason != nil)
        store.send(.comparison(.keypadTouch(.down(.equals)))) { $0.chrome.keypadPress = .over(.equals) }
        store.send(.comparison(.keypadTouch(.up(.equals)))) {
            $0.chrome.keypadPress = nil
            $0.chrome.flash = .key(.equals)
            $0.chrome.status = StatusMessage(reason ?? "", isWarning: true)
        }
    }

    @Test func aReleaseOffTheKeypadCancels() {
        var store = TestStore()
        store.send(.comparison(.keypadTouch(.down(.digit(5))))) { $0.chrome.keypadPress = .over(.digit(5)) }
        store.send(.comparison(.keypadTouch(.moved(nil)))) { $0.chrome.keypadPress = .away }
        store.send(.comparison(.keypadTouch(.up(nil)))) { $0.chrome.keypadPress = nil }
        // A release or move without a press in progress does nothing.
        store.send(.comparison(.keypadTouch(.up(.digit(5)))))
        store.send(.comparison(.keypadTouch(.moved(.digit(5)))))
    }

    @Test func theHeldKeyIsDrawnPressed() {
        var store = TestStore()
        store.send(.comparison(.keypadTouch(.down(.digit(5))))) { $0.chrome.keypadPress = .over(.digit(5)) }
        let five = KeypadView.face(of: cap(.digit(5), store.state))
        let canvas = ScreenView.render(store.state)
        let styles = (five.x..<five.maxX).map { canvas[$0, five.y + (five.height - 1) / 2].style }
        #expect(styles.contains(.reverse))
    }

    /// Every cell of the keypad's rectangle, borders and lines between keys included, is the nearest key; a line
    /// exactly between two keys is the upper or left one's.
    @Test(arguments: [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 20), TerminalSize(width: 120, height: 40)])
    func everyCellOfTheKeypadIsAKey(size: TerminalSize) {
        let store = TestStore(size: size)
        let l = layout(store.state)
        let frame = l.keypadFrame
        for y in frame.y..<frame.maxY {
            for x in frame.x..<frame.maxX {
                #expect(l.keypadKey(atX: x, y: y) != nil, "(\(x), \(y)) at \(size)")
            }
        }
        #expect(l.keypadKey(atX: frame.x - 1, y: frame.y) == nil)
        #expect(l.keypadKey(atX: frame.x, y: frame.maxY) == nil)
        // Inside a face: that key. On the line between 9 and the decimal point's row: 9 (the upper).
        let nine = cap(.digit(9), store.state), five = cap(.digit(5), store.state)
        #expect(l.keypadKey(atX: five.frame.x + 1, y: five.frame.y + 1) == .digit(5))
        #expect(l.keypadKey(atX: nine.frame.x + 1, y: nine.frame.maxY - 1) == .digit(9))
        // On the border between 5 and 6: 5 (the left); on the keypad's outer border: the key inside it.
        #expect(l.keypadKey(atX: five.frame.maxX - 1, y: five.frame.y + 1) == .digit(5))
        #expect(l.keypadKey(atX: frame.x, y: five.frame.y + 1) == .digit(4))
        #expect(l.keypadKey(atX: frame.maxX - 1, y: frame.maxY - 1) == .equals)
    }

    @Test func pressDragAndReleaseGoThroughInput() {
        var store = TestStore(size: TerminalSize(width: 40, height: 20))
        let five = cap(.digit(5), store.state), six = cap(.digit(6), store.state)
        // A press on the line between 5 and 8: 5 (the upper) shows pressed, nothing typed yet.
        let press = Input.action(for: .click(x: five.frame.x + 2, y: five.frame.maxY - 1), in: store.state)
        #expect(press == .comparison(.keypadTouch(.down(.digit(5)))))
        store.send(press!) { $0.chrome.keypadPress = .over(.digit(5)) }
        #expect(Input.action(for: .drag(x: six.frame.x + 2, y: six.frame.y + 1), in: store.state) == .comparison(.keypadTouch(.moved(.digit(6)))))
        #expect(Input.action(for: .drag(x: 0, y: 0), in: store.state) == .comparison(.keypadTouch(.moved(nil))))
        #expect(Input.action(for: .release(x: 0, y: 0), in: store.state) == .comparison(.keypadTouch(.up(nil))))
        let release = Input.action(for: .release(x: six.frame.x + 2, y: six.frame.y + 1), in: store.state)
        #expect(release == .comparison(.keypadTouch(.up(.digit(6)))))
        store.send(release!) {
            $0.chrome.keypadPress = nil
            $0.editing.editor = .numeric(CalculatorEngine(expression: .first(Operand("6")!)))
            $0.chrome.flash = .key(.digit(6))
        }
        // Without a keypad press in progress, moves and releases mean nothing (a tap elsewhere acted on its press).
        #expect(Input.action(for: .release(x: six.frame.x + 2, y: six.frame.y + 1), in: store.state) == nil)
        #expect(Input.action(for: .drag(x: six.frame.x + 2, y: six.frame.y + 1), in: store.state) == nil)
        // Taps elsewhere still act on the press: the toolbar's next.
        let next = layout(store.state).toolbarButtons[1]
        #expect(Input.action(for: .click(x: next.frame.x, y: next.frame.y), in: store.state) == .comparison(.nextFieldTakingSuggestion))
    }

    @Test func theHelpOverTheKeypadTakesThePressAsBefore() {
        var store = TestStore()
        store.send(.app(.toggleHelp)) { $0.chrome.overlay = .help(page: 0) }
        let five = cap(.digit(5), store.state)
        #expect(Input.action(for: .click(x: five.frame.x + 1, y: five.frame.y + 1), in: store.state) == .app(.toggleHelp))
    }

    /// Issue 31: every cell of a product's lines in the table is a field, the gaps between cells too: the nearest
    /// field's, the left one of two as near (as the keypad's lines).
    @Test(arguments: [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 20)])
    func aTapOnTheGapBetweenTwoFieldsIsTheLeftOnes(size: TerminalSize) throws {
        let products = [Product.fixture(id: "a", name: "Oats", price: dec("2.49"), quantity: 1, unit: .kilogram),
                        Product.fixture(id: "b", name: "Jumbo", price: dec("3.99"), quantity: 500, unit: .gram)]
        let l = layout(AppState(comparison: Comparison(id: "c", products: products), session: Session(id: "s", size: size)))
        // The focused product's row: on the compact screen its price, quantity and unit are on a line of their own.
        let row = try #require(l.rows.first { $0.price.width > 0 })
        func focus(_ field: ProductField) -> Action { .comparison(.focus(FieldFocus(product: row.index, field: field))) }
        for y in Set([row.rank.y, row.price.y]) {
            for x in l.table.x..<l.table.maxX { #expect(l.action(atX: x, y: y) != nil, "(\(x), \(y)) at \(size)") }
        }
        #expect(l.action(atX: row.name.maxX, y: row.name.y) == focus(.name))
        #expect(l.action(atX: row.price.maxX, y: row.price.y) == focus(.price))
        #expect(l.action(atX: row.quantity.maxX, y: row.quantity.y) == focus(.quantity))
        #expect(l.action(atX: row.quantity.x - 1, y: row.quantity.y) == (row.quantity.x - 1 == row.price.maxX ? focus(.price) : focus(.quantity)))
    }
}
