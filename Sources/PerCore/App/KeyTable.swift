/// Where a key binding applies.
public enum KeyScope: String, Sendable, CaseIterable {
    case everywhere = "Everywhere"
    case numeric = "Price and quantity"
    case unit = "Unit"
    case name = "Name"
    case lists = "Saved comparisons"

    func includes(_ state: AppState) -> Bool {
        if state.lists != nil { return self == .lists || self == .everywhere }
        switch (self, state.editor) {
        case (.everywhere, _), (.numeric, .numeric), (.unit, .unit), (.name, .text): return true
        default: return false
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
        bind("Up/Down, Enter", "select, open", legend: "Enter open", .lists) {
            $0 == .key(.enter) ? .openSelected : $0 == .key(.up) ? .moveSelection(-1) : $0 == .key(.down) ? .moveSelection(1) : nil
        },
        bind("Ctrl-N", "new (title)", legend: "^N new", .lists) { $0 == .control("n") ? .newComparison : nil },
        bind("Ctrl-R", "rename", legend: "^R rename", .lists) { $0 == .control("r") ? .renameSelected : nil },
        bind("[ ]", "move up / down", legend: "[ ] move", .lists) {
            $0 == .character("[") ? .moveSelected(-1) : $0 == .character("]") ? .moveSelected(1) : nil
        },
        bind("Ctrl-D", "delete (asks)", legend: "^D delete", .lists) { $0 == .control("d") ? .askDeleteSelected : nil },
        bind("Esc, Ctrl-O", "back", legend: "Esc back", .lists) {
            $0 == .key(.escape) || $0 == .control("o") ? .cancelEdit : nil
        },
        bind("Ctrl-Q, Ctrl-C", "save and quit", legend: "^Q quit", .everywhere) { $0 == .control("q") || $0 == .control("c") ? .quit : nil },
        bind("F1", "this help", legend: "F1 help", .everywhere) { $0 == .key(.function(1)) ? .toggleHelp : nil },
        bind("Ctrl-O", "saved comparisons", legend: "^O lists", .everywhere) { $0 == .control("o") ? .showLists : nil },
        bind("Tab, Enter, Down", "next field (commits it)", legend: "Tab next", .everywhere) {
            [.key(.tab), .key(.enter), .key(.down)].contains($0) ? .nextField : nil
        },
        bind("Shift-Tab, Up", "previous field (commits it)", legend: "S-Tab prev", .everywhere) {
            [.key(.backTab), .key(.up)].contains($0) ? .previousField : nil
        },
        bind("PgDn, PgUp", "other product, same field", legend: nil, .everywhere) {
            $0 == .key(.pageDown) ? .nextProduct : $0 == .key(.pageUp) ? .previousProduct : nil
        },
        bind("Esc", "cancel this field's edit", legend: "Esc cancel", .everywhere) { $0 == .key(.escape) ? .cancelEdit : nil },
        bind("Backspace", "delete last character (⌫)", legend: nil, .everywhere) {
            $0 == .key(.backspace) || $0 == .key(.delete) ? .deleteBackward : nil
        },
        bind("Ctrl-U", "clear the field", legend: nil, .everywhere) { $0 == .control("u") ? .clearField : nil },
        bind("F2, Ctrl-P", "the \"per\" unit: kg, 100 g…", legend: "F2 per", .everywhere) {
            $0 == .key(.function(2)) || $0 == .control("p") ? .stepBasis(1) : nil
        },
        bind("F3, Ctrl-E", "US / UK volume units", legend: nil, .everywhere) {
            $0 == .key(.function(3)) || $0 == .control("e") ? .toggleVolumeSystem : nil
        },
        bind("Ctrl-D", "delete product (asks first)", legend: "^D del", .everywhere) { $0 == .control("d") ? .askDeleteProduct : nil },
        bind("Ctrl-K", "delete all products (asks)", legend: nil, .everywhere) { $0 == .control("k") ? .askClearComparison : nil },
        bind("Ctrl-L", "redraw", legend: nil, .everywhere) { $0 == .control("l") ? .redraw : nil },
        bind("Ctrl-Z", "suspend (fg resumes)", legend: nil, .everywhere) { $0 == .control("z") ? .suspend : nil },
        bind("0-9", "digit", legend: nil, .numeric) { event in
            if case .character(let c) = event, c.isASCII, c.isNumber { return .type(c) } else { return nil }
        },
        bind(". or ,", "decimal point", legend: nil, .numeric) { $0 == .character(".") || $0 == .character(",") ? .keypad(.decimalPoint) : nil },
        bind("+ -", "plus, minus", legend: nil, .numeric) { event in
            event == .character("+") ? .keypad(.operation(.plus)) : event == .character("-") ? .keypad(.operation(.minus)) : nil
        },
        bind("* or x", "times (×)", legend: nil, .numeric) {
            $0 == .character("*") || $0 == .character("x") ? .keypad(.operation(.times)) : nil
        },
        bind("/", "divide (÷)", legend: nil, .numeric) { $0 == .character("/") ? .keypad(.operation(.divide)) : nil },
        bind("=", "evaluate now", legend: nil, .numeric) { $0 == .character("=") ? .keypad(.equals) : nil },
        bind("Left, Right", "step the unit", legend: nil, .unit) {
            $0 == .key(.left) ? .stepUnit(-1) : $0 == .key(.right) ? .stepUnit(1) : nil
        },
        bind("letters", "a unit symbol", legend: nil, .unit) { event in
            if case .character(let c) = event { return .type(c) } else { return nil }
        },
        bind("any text", "the name", legend: nil, .name) { event in
            if case .character(let c) = event { return .type(c) } else { return nil }
        },
    ]

    private static func bind(_ keys: String, _ summary: String, legend: String?, _ scope: KeyScope,
                             _ action: @escaping @Sendable (InputEvent) -> Action?) -> KeyBinding {
        KeyBinding(keys: keys, summary: summary, legend: legend, scope: scope, action: action)
    }

    /// The action an input stands for in this state; nil when it means nothing here.
    public static func action(for event: InputEvent, in state: AppState) -> Action? {
        switch event {
        case .click(let x, let y): return .click(x: x, y: y)
        case .paste(let text): return .paste(text)
        case .resize(let width, let height): return .resize(width: width, height: height)
        case .hangup: return .hangup
        default: break
        }
        if case .confirm = state.overlay {
            switch event {
            case .key(.enter): return .confirm
            case .key(.escape): return .dismiss
            case .character(let c): return .type(c)
            default: break
            }
        }
        if case .naming = state.lists?.mode, case .character(let c) = event { return .type(c) }
        for binding in bindings where binding.scope.includes(state) {
            if let action = binding.action(event) { return action }
        }
        return nil
    }

    /// The one-line legend for what is on screen.
    public static func legend(for state: AppState) -> String {
        state.lists != nil ? listsLegend : comparisonLegend
    }

    private static let comparisonLegend = legend(of: [.everywhere])
    private static let listsLegend = legend(of: [.lists, .everywhere])

    private static func legend(of scopes: [KeyScope]) -> String {
        var seen = Set<String>()
        return scopes.flatMap { scope in bindings.filter { $0.scope == scope } }
            .compactMap(\.legend)
            .filter { seen.insert(String($0.split(separator: " ").first ?? "")).inserted }
            .joined(separator: "  ")
    }
}
