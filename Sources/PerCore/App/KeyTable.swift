/// Where a key binding applies.
public enum KeyScope: String, Sendable, CaseIterable {
    case everywhere = "Everywhere"
    case comparison = "Comparison"
    case numeric = "Price and quantity"
    case unit = "Unit"
    case name = "Name"
    case lists = "Saved comparisons"
    case naming = "Typing a title"
    case finding = "Finding a title (/)"
    case adding = "Typing a list"
    case history = "Price history"

    /// The scopes whose keys act in this state, in the order they are tried.
    static func active(in state: AppState) -> [KeyScope] {
        switch state.screen {
        case .lists(let lists):
            switch lists.mode {
            case .browsing: return [.lists, .everywhere]
            case .naming: return [.naming, .everywhere]
            case .finding: return [.finding, .everywhere]
            case .adding: return [.adding, .naming, .everywhere]   // typing as for a title; Enter adds
            }
        case .history:
            return [.history, .everywhere]
        case .comparison:
            switch state.editing.editor {
            case .numeric: return [.everywhere, .comparison, .numeric]
            case .unit: return [.everywhere, .comparison, .unit]
            case .text: return [.everywhere, .name, .comparison]   // the name's Ctrl-A/Ctrl-E/Delete before the comparison's
            }
        }
    }
}

extension AppState.Screen {
    /// The scopes the help lists on this screen: every key that can act here.
    var helpScopes: [KeyScope] {
        switch self {
        case .comparison: [.everywhere, .comparison, .numeric, .unit, .name]
        case .lists: [.lists, .adding, .finding, .naming, .everywhere]
        case .history: [.history, .everywhere]
        }
    }
}

/// One row of the key table: what the help screen and legend say, and the action it dispatches.
public struct KeyBinding: Sendable {
    public let keys: String
    public let summary: String
    /// The short form shown in the one-line legend, if any.
    public let legend: String?
    /// The legend on a phone-sized screen, where F-keys are what the keyboard lacks: a form without them.
    public let narrowLegend: String?
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
        bind("/", "find a title", legend: "/ find", .lists) { $0 == .character("/") ? .lists(.find) : nil },
        bind("Ctrl-N", "new (title)", legend: "^N new", .lists) { $0 == .control("n") ? .lists(.new) : nil },
        bind("Ctrl-D", "delete (asks)", legend: "^D delete", .lists) { $0 == .control("d") ? .lists(.askDelete) : nil },
        bind("Ctrl-Y", "undo a delete", legend: "^Y undo", .lists) { $0 == .control("y") ? .lists(.undoDelete) : nil },
        bind("Ctrl-R", "rename", legend: "^R rename", .lists) { $0 == .control("r") ? .lists(.rename) : nil },
        bind("Esc, Ctrl-O", "back", legend: "Esc back", .lists) {
            $0 == .key(.escape) || $0 == .control("o") ? .lists(.close) : nil
        },
        bind("Tab, Shift-Tab", "next / previous", legend: nil, .lists) {
            $0 == .key(.tab) ? .lists(.moveSelection(1)) : $0 == .key(.backTab) ? .lists(.moveSelection(-1)) : nil
        },
        bind("PgDn/PgUp ^F/^B", "a page down / up", legend: nil, .lists) {
            $0 == .key(.pageDown) || $0 == .control("f") ? .lists(.movePage(1))
                : $0 == .key(.pageUp) || $0 == .control("b") ? .lists(.movePage(-1)) : nil
        },
        bind("Home/End ^A/^E", "the first / last", legend: nil, .lists) {
            $0 == .key(.home) || $0 == .control("a") ? .lists(.selectFirst)
                : $0 == .key(.end) || $0 == .control("e") ? .lists(.selectLast) : nil
        },
        bind("+ -", "count: one more / less (0: off the list)", legend: "+- count", .lists) {
            $0 == .character("+") || $0 == .character("=") ? .lists(.changeCount(1)) : $0 == .character("-") ? .lists(.changeCount(-1)) : nil
        },
        bind("Space", "check off (in the cart) / back", legend: "Space tick", .lists) { $0 == .character(" ") ? .lists(.toggleBought) : nil },
        bind("Ctrl-T", "next trip: clear check-offs (asks)", legend: nil, .lists) {
            $0 == .control("t") ? .lists(.askClearCheckOffs) : nil
        },
        bind("Ctrl-S", "group by store / as edited", legend: nil, .lists) { $0 == .control("s") ? .lists(.toggleOrder) : nil },
        bind("[ ]", "by store: item up / down (aisles)", legend: nil, .lists) {
            $0 == .character("[") ? .lists(.moveInAisle(-1)) : $0 == .character("]") ? .lists(.moveInAisle(1)) : nil
        },
        bind("a-z, 0-9", "type a list: an item a line", legend: nil, .lists) { event in
            if case .character(let c) = event, c.isLetter || c.isNumber { return .lists(.startItem(c)) } else { return nil }
        },
        // Typing a list: a title an item, Enter after each
        bind("Enter", "add it, type the next", legend: "Enter add", .adding) { $0 == .key(.enter) ? .lists(.acceptTitle) : nil },
        bind("Esc", "done (drops the unfinished)", legend: "Esc done", .adding) { $0 == .key(.escape) ? .lists(.cancelTitle) : nil },
        // Finding a title on the list screen
        bind("Enter", "open the one found", legend: "Enter open", .finding) { $0 == .key(.enter) ? .lists(.acceptTitle) : nil },
        bind("Down, Tab", "next match", legend: "Down next", .finding) {
            $0 == .key(.down) || $0 == .key(.tab) ? .lists(.findNext(1)) : nil
        },
        bind("Up, Shift-Tab", "previous match", legend: "Up prev", .finding) {
            $0 == .key(.up) || $0 == .key(.backTab) ? .lists(.findNext(-1)) : nil
        },
        bind("Esc", "stop finding", legend: "Esc done", .finding) {
            $0 == .key(.escape) ? .lists(.cancelTitle) : nil
        },
        bind("Backspace", "delete the last character", legend: nil, .finding) {
            $0 == .key(.backspace) || $0 == .key(.delete) ? .lists(.deleteBackward) : nil
        },
        bind("Ctrl-U", "clear the text", legend: nil, .finding) { $0 == .control("u") ? .lists(.clearTitle) : nil },
        bind("any text", "part of a title", legend: nil, .finding) { event in
            if case .character(let c) = event { return .lists(.type(c)) } else { return nil }
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
        // The price history
        bind("Up/Down", "scroll", legend: nil, .history) {
            $0 == .key(.up) ? .history(.scroll(-1)) : $0 == .key(.down) ? .history(.scroll(1)) : nil
        },
        bind("PgDn/PgUp ^F/^B", "a page down / up", legend: "PgDn more", narrow: "^F more", .history) {
            $0 == .key(.pageDown) || $0 == .control("f") ? .history(.scrollPage(1))
                : $0 == .key(.pageUp) || $0 == .control("b") ? .history(.scrollPage(-1)) : nil
        },
        bind("Home/End ^A/^E", "the newest / oldest", legend: nil, .history) {
            $0 == .key(.home) || $0 == .control("a") ? .history(.toFirst)
                : $0 == .key(.end) || $0 == .control("e") ? .history(.toLast) : nil
        },
        bind("Esc, Ctrl-V", "back", legend: "Esc back", .history) {
            $0 == .key(.escape) || $0 == .control("v") ? .history(.close) : nil
        },
        // Both screens
        bind("Ctrl-Q, Ctrl-C", "save and quit", legend: "^Q quit", .everywhere) {
            $0 == .control("q") || $0 == .control("c") ? .app(.quit) : nil
        },
        bind("F1, Ctrl-G", "this help", legend: "F1 help", narrow: "^G help", .everywhere) {
            $0 == .key(.function(1)) || $0 == .control("g") ? .app(.toggleHelp) : nil
        },
        // The comparison
        bind("Ctrl-O", "saved comparisons", legend: "^O lists", .comparison) { $0 == .control("o") ? .app(.showLists) : nil },
        bind("Ctrl-V", "price history (where, when)", legend: nil, .comparison) { $0 == .control("v") ? .app(.showHistory) : nil },
        bind("Tab, Enter, Down", "next field (Enter: finish)", legend: "Tab next", .comparison) {
            $0 == .key(.enter) ? .comparison(.finishProduct) : [.key(.tab), .key(.down)].contains($0) ? .comparison(.nextField) : nil
        },
        bind("Shift-Tab, Up", "previous field (commits it)", legend: "S-Tab prev", .comparison) {
            [.key(.backTab), .key(.up)].contains($0) ? .comparison(.previousField) : nil
        },
        bind("PgDn, Ctrl-F", "next product, same field", legend: nil, .comparison) {
            $0 == .key(.pageDown) || $0 == .control("f") ? .comparison(.nextProduct) : nil
        },
        bind("PgUp, Ctrl-B", "previous product, same field", legend: nil, .comparison) {
            $0 == .key(.pageUp) || $0 == .control("b") ? .comparison(.previousProduct) : nil
        },
        bind("Esc", "cancel this field's edit", legend: "Esc cancel", .comparison) { $0 == .key(.escape) ? .comparison(.cancelEdit) : nil },
        bind("Backspace", "delete last character (⌫)", legend: nil, .comparison) {
            $0 == .key(.backspace) || $0 == .key(.delete) ? .comparison(.deleteBackward) : nil
        },
        bind("Ctrl-U", "clear the field", legend: nil, .comparison) { $0 == .control("u") ? .comparison(.clearField) : nil },
        bind("F2, Ctrl-P", "the \"per\" unit: kg, 100 g…", legend: "F2 per", narrow: "^P per", .comparison) {
            $0 == .key(.function(2)) || $0 == .control("p") ? .comparison(.stepBasis(1)) : nil
        },
        bind("Shift-F2, Ctrl-T", "the \"per\" unit, backwards", legend: nil, .comparison) {
            $0 == .key(.function(14)) || $0 == .control("t") ? .comparison(.stepBasis(-1)) : nil
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
        bind("Ctrl-S", "order: best first / as typed", legend: nil, .comparison) {
            $0 == .control("s") ? .comparison(.toggleTableOrder) : nil
        },
        bind("Ctrl-W", "pin / unpin", legend: nil, .comparison) {
            $0 == .control("w") ? .comparison(.togglePin) : nil
        },
        bind("Ctrl-Y", "undo Ctrl-D / Ctrl-K", legend: nil, .comparison) {
            $0 == .control("y") ? .comparison(.undoDeletion) : nil
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
        bind("Left, Right", "cursor", legend: nil, .name) {
            $0 == .key(.left) ? .comparison(.moveCursor(.left)) : $0 == .key(.right) ? .comparison(.moveCursor(.right)) : nil
        },
        bind("Home, Ctrl-A", "to the start", legend: nil, .name) {
            $0 == .key(.home) || $0 == .control("a") ? .comparison(.moveCursor(.start)) : nil
        },
        bind("End, Ctrl-E", "to the end", legend: nil, .name) {
            $0 == .key(.end) || $0 == .control("e") ? .comparison(.moveCursor(.end)) : nil
        },
        bind("Delete", "delete ahead", legend: nil, .name) {
            $0 == .key(.delete) ? .comparison(.deleteForward) : nil
        },
        bind("any text", "the name or store (replaces an underlined one)", legend: nil, .name) { event in
            if case .character(let c) = event { return .comparison(.type(c)) } else { return nil }
        },
    ]

    private static func bind(_ keys: String, _ summary: String, legend: String?, narrow: String? = nil, _ scope: KeyScope,
                             _ action: @escaping @Sendable (InputEvent) -> Action?) -> KeyBinding {
        KeyBinding(keys: keys, summary: summary, legend: legend, narrowLegend: narrow ?? legend, scope: scope, action: action)
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
        if ScreenLayout.isTooSmall(state.session.size) {
            // Nothing on screen to act on: only leaving, suspending and redrawing act.
            if case .app(let app) = keyAction, [.quit, .suspend, .redraw].contains(app) { return keyAction }
            return nil
        }
        switch state.chrome.overlay {
        case .help:
            if case .app(let app) = keyAction, [.quit, .suspend, .redraw].contains(app) { return keyAction }
            return [.key(.tab), .key(.enter), .key(.down), .key(.pageDown), .control("f")].contains(event) ? .app(.nextHelpPage) : .app(.toggleHelp)
        case .confirm:
            // Only y says yes: Enter typed out of habit must not delete anything.
            switch event {
            case .character("y"), .character("Y"): return .app(.answer(yes: true))
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
        case (.scroll(let lines, _, _), .comparison):
            // The table is what scrolls on this screen: the wheel moves the focus through its products.
            return lines == 0 ? nil : .comparison(.scrollProducts(lines))
        case (.paste(let text), .comparison):
            return .comparison(.paste(text))
        case (.paste(let text), .lists(let lists)):
            switch lists.mode {
            case .naming, .finding, .adding: return .lists(.paste(text))
            case .browsing: return nil
            }
        case (.scroll(let lines, _, _), .history):
            return lines == 0 ? nil : .history(.scroll(lines))
        case (.scroll(let lines, _, _), .lists(let lists)):
            return ListsLayout(lists, size: state.session.size).action(scrolling: lines)
        default:
            break
        }
        for scope in KeyScope.active(in: state) {
            for binding in bindings where binding.scope == scope {
                if let action = binding.action(event) { return action }
            }
        }
        return nil
    }

    /// Below this width the legend shows the forms without F-keys (phone keyboards lack them).
    public static let narrowLegendWidth = 80

    /// The one-line legend for what is on screen: whole entries that fit `width` columns (the
    /// screen's width when not given), in the key table's order.
    public static func legend(for state: AppState, width: Int? = nil) -> String {
        let width = width ?? state.session.size.width
        let scopes = KeyScope.active(in: state)
        // The keys already listed: a few, so an array (a `Set<String>` costs the first frame a conformance scan).
        var seen: [Substring] = []
        let entries = scopes.flatMap { scope in bindings.filter { $0.scope == scope } }
            .compactMap { width < narrowLegendWidth ? $0.narrowLegend : $0.legend }
            .filter { entry in
                let key = entry.split(separator: " ").first ?? ""
                if seen.contains(key) { return false }
                seen.append(key)
                return true
            }
        var line = ""
        for entry in entries {
            let longer = line.isEmpty ? entry : line + "  " + entry
            if TextWidth.of(longer) <= width { line = longer }
        }
        return line
    }
}
