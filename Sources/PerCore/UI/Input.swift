/// What an input does: clicks and the wheel resolved against the layout the screen is drawn with,
/// everything then decided by the key table (keys, overlays, a screen too small). The app's loop
/// sends every event here.
public enum Input {
    /// `drawn`: the state of the frame on screen, when the state changed since (a poll, an earlier key of a burst): a tap
    /// on the list acts on the row drawn where it landed.
    public static func action(for event: InputEvent, in state: AppState, drawn: AppState? = nil) -> Action? {
        // A tap on an entry of the legend is its key.
        if case .click(let x, let y) = event, let key = legendKey(atX: x, y: y, in: state) { return KeyTable.action(for: key, in: state) }
        // A tap on a message's line above the status line does nothing: what is drawn there is the message.
        if case .click(_, let y) = event, ScreenView.coveredByMessage(state, ScreenLayout(state)).contains(y) { return nil }
        return KeyTable.action(for: event, in: state, pointer: pointer(event, in: state, drawn: drawn ?? state))
    }

    /// The key of the legend's entry at (x, y), while the legend is on screen.
    static func legendKey(atX x: Int, y: Int, in state: AppState) -> InputEvent? {
        let layout = ScreenLayout(state)
        guard y == layout.legend.y, ScreenView.showsLegend(state, layout) else { return nil }
        return KeyTable.legendEntries(for: state, width: layout.legend.width).first { x >= $0.x && x < $0.x + $0.width }?.key
    }

    /// The keypad key at (x, y) when the comparison's keypad is on view with nothing over it.
    private static func keypadKeyOnView(atX x: Int, y: Int, in state: AppState) -> CalculatorKey? {
        guard case .comparison = state.screen, state.chrome.overlay == .none, !state.session.size.isTooSmall else { return nil }
        let layout = ScreenLayout(state)
        guard !ScreenView.coveredByMessage(state, layout).contains(y) else { return nil }
        return layout.keypadKey(atX: x, y: y)
    }

    /// What a click or the wheel points at on the screen on view; nil for other events.
    static func pointer(_ event: InputEvent, in state: AppState, drawn: AppState) -> Action? {
        if case .help(let page) = state.chrome.overlay, !state.session.size.isTooSmall {
            // The help turns its pages by tap and by the wheel; a tap elsewhere closes it.
            if case .click(let x, let y) = event { return HelpLayout(state, page: page).action(atX: x, y: y) }
            if case .scroll(let lines, _, _) = event { return lines == 0 ? nil : .app(lines < 0 ? .previousHelpPage : .nextHelpPage) }
        }
        switch event {
        case .click(let x, let y):
            switch state.screen {
            case .comparison:
                // On the keypad a press only shows the key: it fires on release (`keypadTouch`).
                let layout = ScreenLayout(state)
                if state.chrome.overlay == .none, let key = layout.keypadKey(atX: x, y: y) { return .comparison(.keypadTouch(.down(key))) }
                return layout.action(atX: x, y: y)
            case .shoppingList(let lists):
                let shown = drawn.shoppingList.map { (drawn.session, $0) } ?? (state.session, lists)
                return ShoppingListLayout(shown.1, size: shown.0.size, order: shown.0.listOrder, shop: shown.0.shop,
                                          money: MoneyFormat(currency: shown.0.currency, decimal: shown.0.decimal)).action(atX: x, y: y, now: lists)
            case .history(let history): return HistoryLayout(history, session: state.session).action(atX: x, y: y)
            case .whereToShop: return nil
            }
        case .scroll(let lines, _, _):
            switch state.screen {
            // The table is what scrolls on this screen: the wheel moves the focus through its products.
            case .comparison: return lines == 0 ? nil : .comparison(.scrollProducts(lines))
            case .shoppingList(let lists): return ShoppingListLayout(lists, size: state.session.size, order: state.session.listOrder, shop: state.session.shop).action(scrolling: lines)
            case .history: return lines == 0 ? nil : .history(.scroll(lines))
            case .whereToShop: return lines == 0 ? nil : .whereToShop(.scroll(lines))
            }
        case .drag(let x, let y), .release(let x, let y):
            // Only a keypad press in progress follows the pointer; off the keypad (or the keypad gone) it ends in nothing.
            guard state.chrome.keypadPress != nil else { return nil }
            let key = keypadKeyOnView(atX: x, y: y, in: state)
            if case .drag = event { return .comparison(.keypadTouch(.moved(key))) }
            return .comparison(.keypadTouch(.up(key)))
        case .character, .key, .control, .paste, .resize, .hangup:
            return nil
        }
    }
}
