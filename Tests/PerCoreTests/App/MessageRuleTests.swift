import Testing
@testable import PerCore

/// The one rule for the status line's message: it stays until the user's next action (a key, a click, a paste), which
/// clears it before its screen's reducer runs; what the terminal, the timers and the database report leaves it.
@Suite struct MessageRuleTests {
    static let refusal = StatusMessage("'q' isn't a number: digits, . + - * / =", isWarning: true)

    /// A store whose status line holds `refusal` (a letter typed into the price).
    static func storeWithMessage() -> TestStore {
        var store = TestStore()
        store.send(.comparison(.type("q"))) { $0.chrome.status = refusal }
        return store
    }

    @Test func aMessageStaysThroughWhatIsNotTheUsers() {
        var store = Self.storeWithMessage()
        store.send(.terminal(.flashEnded))
        store.send(.terminal(.resize(TerminalSize(width: 100, height: 30)))) { $0.session.size = TerminalSize(width: 100, height: 30) }
        store.send(.terminal(.today(CalendarDay(year: 2026, month: 11, day: 23)))) { $0.session.today = CalendarDay(year: 2026, month: 11, day: 23) }
        store.send(.app(.redraw), effects: [.terminal(.repaint)])
        store.send(.app(.suspend), effects: [.terminal(.suspend)])
        store.send(.comparison(.listCounted("c", 2))) { $0.editing.onTheList = .known(2) }
        store.send(.comparison(.historyLoaded("c", []))) { $0.editing.lowestSeen = .nothing }
        store.send(.comparison(.externalChanges(Comparison(id: "c"))))
        store.send(.database(.saveStatus(SaveStatus(waiting: 1, reason: "the database is locked by another program")))) {
            $0.saving = SaveStatus(waiting: 1, reason: "the database is locked by another program")
        }
        store.send(.shoppingList(.loaded([])))   // the list is not on view
        store.send(.history(.loaded("c", [])))   // nor the history: the lowest seen is read again
        #expect(store.state.chrome.status == Self.refusal)
    }

    /// Each of these is the user's: the message goes, whatever the action itself does (here: nothing else).
    @Test(arguments: [
        Action.comparison(.keypad(.digit(5))), .comparison(.focus(FieldFocus(product: 0, field: .name))), .shoppingList(.selectFirst), .comparison(.moveCursor(.left)),
        .comparison(.keypadTouch(.down(.digit(1)))), .comparison(.scrollProducts(1)), .comparison(.commitField),
        .shoppingList(.moveSelection(1)), .history(.scroll(1)), .app(.toggleHelp), .app(.answer(yes: false)),
    ])
    func theUsersNextActionClearsIt(_ action: Action) {
        var store = Self.storeWithMessage()
        store.apply(action)
        #expect(store.state.chrome.status == nil)
        #expect(store.state.chrome.messages.first == Self.refusal)   // kept for the help's page of messages
    }

    /// The message an action gives is the one shown after it, whatever its reducer did before giving it.
    @Test func theUsersActionMayGiveItsOwnMessage() {
        var store = Self.storeWithMessage()
        store.send(.comparison(.type("y"))) { $0.chrome.status = StatusMessage("'y' isn't a number: digits, . + - * / =", isWarning: true) }
        store.send(.comparison(.keypad(.digit(2)))) {
            $0.chrome.status = nil
            $0.chrome.flash = .key(.digit(2))
            $0.editing.editor = .numeric(CalculatorEngine(expression: .first(Operand("2")!)))
        }
    }
}
