/// What an input does: clicks and the wheel resolved against the layout the screen is drawn with,
/// everything then decided by the key table (keys, overlays, a screen too small). The app's loop
/// sends every event here.
public enum Input {
    public static func action(for event: InputEvent, in state: AppState) -> Action? {
        KeyTable.action(for: event, in: state, pointer: pointer(event, in: state))
    }

    /// What a click or the wheel points at on the screen on view; nil for other events.
    static func pointer(_ event: InputEvent, in state: AppState) -> Action? {
        switch event {
        case .click(let x, let y):
            switch state.screen {
            case .comparison: return ScreenLayout(state).action(atX: x, y: y)
            case .shoppingList(let lists): return ShoppingListLayout(lists, size: state.session.size, order: state.session.listOrder, shop: state.session.shop).action(atX: x, y: y)
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
        case .character, .key, .control, .paste, .resize, .hangup:
            return nil
        }
    }
}
