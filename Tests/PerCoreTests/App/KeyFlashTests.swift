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
}
