/// Where a key binding applies.
public enum KeyScope: String, Sendable, CaseIterable {
    case everywhere = "Everywhere"
    case comparison = "Comparison"
    case numeric = "Price and quantity"
    case unit = "Unit"
    case name = "Name"
    case lists = "Saved comparisons"
    case naming = "Typing a title"

    /// The scopes whose keys act in this state, in the order they are tried.
    static func active(in state: AppState) -> [KeyScope] {
        switch state.screen {
        case .lists(let lists):
            switch lists.mode {
            case .browsing: return [.lists, .everywhere]
            case .naming: return [.naming, .everywhere]
            }
        case .comparison:
            switch state.editing.editor {
            case .numeric: return [.everywhere, .comparison, .numeric]
            case .unit: return [.everywhere, .comparison, .unit]
            case .text: return [.everywhere, .comparison, .name]
            }
        }
    }
}

extension AppState.Screen {
    /// The scopes the help lists on this screen: every key that can act here.
    var helpScopes: [KeyScope] {
        switch self {
        case .comparison: [.everywhere, .comparison, .numeric, .unit, .name]
        case .lists: [.lists, .naming, .everywhere]
        }
    }
}

/// One row of the key table: what the help screen and legend say, and the action it dispatches.
public struct KeyBinding: Sendable {
    public let keys: String
    public let summary: String
    /// The short form shown in the one-line legend, if any.
    public let legend: String?
    public let scope: KeyScope
    let action: @Sendable (InputEvent) -> Action?
}

/// The single key table: dispatch, the legend line and the help screen all read it.
public enum KeyTable {
    public static let bindings: [KeyBinding] = [
        // The list of saved comparisons
        bind("Up/Down, Enter", "select, open", legend: "Enter open", .lists) {
            $0 == .key(.enter) ? .lists(.open) : $0 == .key(.up) ? .lists(.moveSelection(-1)) : $0 == .key(.down) ? .lists(.moveSelection(1)) : nil
        },
        bind("Tab, Shift-Tab", "select the next / previous", legend: nil, .lists) {
            $0 == .key(.tab) ? .lists(.moveSelection(1)) : $0 == .key(.backTab) ? .lists(.moveSelection(-1)) : nil
        },
        bind("Ctrl-N", "new (title)", legend: "^N new", .lists) { $0 == .control("n") ? .lists(.new) : nil },
        bind("Ctrl-R", "rename", legend: "^R rename", .lists) { $0 == .control("r") ? .lists(.rename) : nil },
        bind("[ ]", "move up / down", legend: "[ ] move", .lists) {
            $0 == .character("[") ? .lists(.moveSelected(-1)) : $0 == .character("]") ? .lists(.moveSelected(1)) : nil
        },
        bind("Ctrl-D", "delete (asks)", legend: "^D delete", .lists) { $0 == .control("d") ? .lists(.askDelete) : nil },
        bind("Esc, Ctrl-O", "back", legend: "Esc back", .lists) {
            $0 == .key(.escape) || $0 == .control("o") ? .lists(.close) : nil
        },
        // Typing a title on the list screen
        bind("Enter, Tab", "save the title", legend: "Enter save", .naming) {
            $0 == .key(.enter) || $0 == .key(.tab) ? .lists(.acceptTitle) : nil
        },
        bind("Esc", "cancel the title", legend: "Esc cancel", .naming) { $0 == .key(.escape) ? .lists(.cancelTitle) : nil },
        bind("Backspace", "delete the last character", legend: nil, .naming) {
            $0 == .key(.backspace) || $0 == .key(.delete) ? .lists(.deleteBackward) : nil
        },
        bind("Ctrl-U", "clear the title", legend: nil, .naming) { $0 == .control("u") ? .lists(.clearTitle) : nil },
        bind("any text", "the title", legend: nil, .naming) { event in
            if case .character(let c) = event { return .lists(.type(c)) } else { return nil }
        },
        // Both screens
        bind("Ctrl-Q, Ctrl-C", "save and quit", legend: "^Q quit", .everywhere) {
            $0 == .control("q") || $0 == .control("c") ? .app(.quit) : nil
        },
        bind("F1", "this help", legend: "F1 help", .everywhere) { $0 == .key(.function(1)) ? .app(.toggleHelp) : nil },
        // The comparison
        bind("Ctrl-O", "saved comparisons", legend: "^O lists", .comparison) { $0 == .control("o") ? .app(.showLists) : nil },
        bind("Tab, Enter, Down", "next field (commits it)", legend: "Tab next", .comparison) {
            [.key(.tab), .key(.enter), .key(.down)].contains($0) ? .comparison(.nextField) : nil
        },
        bind("Shift-Tab, Up", "previous field (commits it)", legend: "S-Tab prev", .comparison) {
            [.key(.backTab), .key(.up)].contains($0) ? .comparison(.previousField) : nil
        },
        bind("PgDn, PgUp", "other product, same field", legend: nil, .comparison) {
            $0 == .key(.pageDown) ? .comparison(.nextProduct) : $0 == .key(.pageUp) ? .comparison(.previousProduct) : nil
        },
        bind("Esc", "cancel this field's edit", legend: "Esc cancel", .comparison) { $0 == .key(.escape) ? .comparison(.cancelEdit) : nil },
        bind("Backspace", "delete last character (⌫)", legend: nil, .comparison) {
            $0 == .key(.backspace) || $0 == .key(.delete) ? .comparison(.deleteBackward) : nil
        },
        bind("Ctrl-U", "clear the field", legend: nil, .comparison) { $0 == .control("u") ? .comparison(.clearField) : nil },
        bind("F2, Ctrl-P", "the \"per\" unit: kg, 100 g…", legend: "F2 per", .comparison) {
            $0 == .key(.function(2)) || $0 == .control("p") ? .comparison(.stepBasis(1)) : nil
        },
        bind("F3, Ctrl-E", "US / UK volume units", legend: nil, .comparison) {
            $0 == .key(.function(3)) || $0 == .control("e") ? .comparison(.toggleVolumeSystem) : nil
        },
        bind("Ctrl-D", "delete product (asks first)", legend: "^D del", .comparison) {
            $0 == .control("d") ? .comparison(.askDeleteProduct) : nil
        },
        bind("Ctrl-K", "delete all products (asks)", legend: nil, .comparison) {
            $0 == .control("k") ? .comparison(.askClearComparison) : nil
        },
        // Both screens
        bind("Ctrl-L", "redraw", legend: nil, .everywhere) { $0 == .control("l") ? .app(.redraw) : nil },
        bind("Ctrl-Z", "suspend (fg resumes)", legend: nil, .everywhere) { $0 == .control("z") ? .app(.suspend) : nil },
        // The focused field
        bind("0-9", "digit", legend: nil, .numeric) { event in
            if case .character(let c) = event, c.isASCII, c.isNumber { return .comparison(.type(c)) } else { return nil }
        },
        bind(". or ,", "decimal point", legend: nil, .numeric) {
            $0 == .character(".") || $0 == .character(",") ? .comparison(.keypad(.decimalPoint)) : nil
        },
        bind("+ -", "plus, minus", legend: nil, .numeric) { event in
            event == .character("+") ? .comparison(.keypad(.operation(.plus)))
                : event == .character("-") ? .comparison(.keypad(.operation(.minus))) : nil
        },
        bind("* x X", "times (×)", legend: nil, .numeric) {
            $0 == .character("*") || $0 == .character("x") || $0 == .character("X") ? .comparison(.keypad(.operation(.times))) : nil
        },
        bind("/", "divide (÷)", legend: nil, .numeric) { $0 == .character("/") ? .comparison(.keypad(.operation(.divide))) : nil },
        bind("=", "evaluate now", legend: nil, .numeric) { $0 == .character("=") ? .comparison(.keypad(.equals)) : nil },
        bind("letters", "warns, not typed", legend: nil, .numeric) { event in
            if case .character(let c) = event { return .comparison(.type(c)) } else { return nil }
        },
        bind("Left, Right", "step the unit", legend: nil, .unit) {
            $0 == .key(.left) ? .comparison(.stepUnit(-1)) : $0 == .key(.right) ? .comparison(.stepUnit(1)) : nil
        },
        bind("letters", "a unit symbol", legend: nil, .unit) { event in
            if case .character(let c) = event { return .comparison(.type(c)) } else { return nil }
        },
        bind("any text", "the name", legend: nil, .name) { event in
            if case .character(let c) = event { return .comparison(.type(c)) } else { return nil }
        },
    ]

    private static func bind(_ keys: String, _ summary: String, legend: String?, _ scope: KeyScope,
                             _ action: @escaping @Sendable (InputEvent) -> Action?) -> KeyBinding {
        KeyBinding(keys: keys, summary: summary, legend: legend, scope: scope, action: action)
    }

    /// The action an input stands for in this state; nil when it means nothing here. Clicks are
    /// resolved against the layout the screen was drawn with.
    public static func action(for event: InputEvent, in state: AppState) -> Action? {
        switch event {
        case .resize(let width, let height): return .terminal(.resize(TerminalSize(width: width, height: height)))
        case .hangup: return .terminal(.hangup)
        default: break
        }
        let keyAction = boundAction(for: event, in: state)
        switch state.chrome.overlay {
        case .help:
            if case .app(let app) = keyAction, [.quit, .suspend, .redraw].contains(app) { return keyAction }
            return [.key(.tab), .key(.enter), .key(.down), .key(.pageDown)].contains(event) ? .app(.nextHelpPage) : .app(.toggleHelp)
        case .confirm:
            switch event {
            case .key(.enter), .character("y"), .character("Y"): return .app(.answer(yes: true))
            case .key(.escape), .character("n"), .character("N"): return .app(.answer(yes: false))
            default:
                if case .app(let app) = keyAction, [.quit, .suspend, .redraw].contains(app) { return keyAction }
                return nil
            }
        case .quitting:
            if case .app(.quit) = keyAction { return .app(.giveUpSaving) }
            if event == .key(.escape) { return .app(.giveUpSaving) }
            if case .app(let app) = keyAction, [.suspend, .redraw].contains(app) { return keyAction }
            return nil
        case .none:
            return keyAction
        }
    }

    /// What the event does on the screen on view, without an overlay.
    private static func boundAction(for event: InputEvent, in state: AppState) -> Action? {
        switch (event, state.screen) {
        case (.click(let x, let y), .comparison):
            return ScreenLayout(state).action(atX: x, y: y)
        case (.click(let x, let y), .lists(let lists)):
            return ListsLayout(lists, size: state.session.size).action(atX: x, y: y)
        case (.paste(let text), .comparison):
            return .comparison(.paste(text))
        case (.paste(let text), .lists(let lists)):
            if case .naming = lists.mode { return .lists(.paste(text)) }
            return nil
        default:
            break
        }
        let scopes = KeyScope.active(in: state)
        for binding in bindings where scopes.contains(binding.scope) {
            if let action = binding.action(event) { return action }
        }
        return nil
    }

    /// The one-line legend for what is on screen.
    public static func legend(for state: AppState) -> String {
        let scopes = KeyScope.active(in: state)
        var seen = Set<String>()
        return scopes.flatMap { scope in bindings.filter { $0.scope == scope } }
            .compactMap(\.legend)
            .filter { seen.insert(String($0.split(separator: " ").first ?? "")).inserted }
            .joined(separator: "  ")
    }
}
