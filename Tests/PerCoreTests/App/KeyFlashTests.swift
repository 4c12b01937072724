import Testing
@testable import PerCore

/// A pressed key shows pressed until its timer ends it: the reducer asks for the timer, the loop only keeps time.
@Suite struct KeyFlashTests {
    @Test func aKeypadPressAsksForTheTimerThatEndsItsFlash() {
        var store = TestStore()
        store.send(.comparison(.keypad(.digit(1))), effects: [.flashTimer]) {
            $0.editing.editor = .numeric(CalculatorEngine(expression: .first(Operand("1")!)))
            $0.chrome.flash = .key(.digit(1))
        }
        // The same key again flashes again (a new timer replaces the first).
        var again = store.state
        #expect(again.update(.comparison(.keypad(.digit(1)))) == [.flashTimer])
        store.send(.terminal(.flashEnded)) { $0.chrome.flash = nil }
    }

    @Test func whatFlashesNothingAsksForNoTimer() {
        var store = TestStore()
        store.send(.comparison(.nextField), effects: []) {   // nothing typed: nothing saved, nothing pressed
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: .numeric(CalculatorEngine()))
        }
        var state = store.state
        #expect(!state.update(.app(.toggleHelp)).contains(.flashTimer))
    }

    /// Decision 420: a digit typed at the keyboard shows at the caret and flashes no key (no timer); the point, an
    /// operator typed and a tap on a digit still flash theirs.
    @Test func aDigitTypedFlashesNoKeyButATapAndAnOperatorDo() {
        var store = TestStore()
        store.send(KeyTable.action(for: .character("1"), in: store.state)!, effects: []) {
            $0.editing.editor = .numeric(CalculatorEngine(expression: .first(Operand("1")!)))
        }
        store.send(KeyTable.action(for: .character("."), in: store.state)!, effects: [.flashTimer]) {
            $0.editing.editor = .numeric(CalculatorEngine(expression: .first(Operand("1.")!)))
            $0.chrome.flash = .key(.decimalPoint)
        }
        store.send(.terminal(.flashEnded)) { $0.chrome.flash = nil }
        store.send(.comparison(.keypadTouch(.down(.digit(5))))) { $0.chrome.keypadPress = .over(.digit(5)) }
        store.send(.comparison(.keypadTouch(.up(.digit(5)))), effects: [.flashTimer]) {
            $0.chrome.keypadPress = nil
            $0.chrome.flash = .key(.digit(5))
            $0.editing.editor = .numeric(CalculatorEngine(expression: .first(Operand("1.5")!)))
        }
        store.send(.terminal(.flashEnded)) { $0.chrome.flash = nil }
        store.send(KeyTable.action(for: .character("*"), in: store.state)!, effects: [.flashTimer]) {
            $0.chrome.flash = .key(.operation(.times))
            $0.editing.editor = .numeric(CalculatorEngine(expression: .pending(Operand(dec("1.5")), .times)))
        }
    }
}
