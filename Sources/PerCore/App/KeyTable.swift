/// Where a key binding applies.
public enum KeyScope: String, Sendable, CaseIterable {
    case everywhere = "Everywhere"
    case comparison = "Comparison"
    case numeric = "Price and quantity"
    case unit = "Unit"
    case name = "Name"
    case shoppingList = "Shopping list"
    case naming = "Typing a title"
    case finding = "Finding a title (/)"
    case adding = "Typing a list"
    case history = "Price history"
    case fixingEntry = "Fixing a price's shop or day"
    case whereToShop = "Where to shop"
    case help = "Help"

    /// The scopes whose keys act in this state, in the order they are tried.
    static func active(in state: AppState) -> [KeyScope] {
        switch state.screen {
        case .shoppingList(let lists):
            switch lists.mode {
            case .browsing: return [.shoppingList, .everywhere]
            case .naming: return [.naming, .everywhere]
            case .finding: return [.finding, .everywhere]
            case .adding: return [.adding, .naming, .everywhere]   // typing as for a title; Enter adds
            }
        case .history(let history):
            switch history.mode {
            // Quit and help first, as on the comparison: at 40 columns the history's own keys would push them off.
            case .browsing: return [.everywhere, .history]
            case .fixing: return [.fixingEntry, .everywhere]
            }
        case .whereToShop:
            return [.whereToShop, .everywhere]
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
        case .shoppingList: [.shoppingList, .adding, .finding, .naming, .everywhere]
        case .history: [.history, .fixingEntry, .everywhere]
        case .whereToShop: [.whereToShop, .everywhere]
        }
    }
}

/// One row of the key table: the keys it matches and the action each sends, what the help and
/// Docs/USAGE.md say of it, and its short form in the one-line legend. The labels are derived from
/// the keys, so they cannot disagree with what the keys do.
public struct KeyBinding: Sendable {
    /// Keys that send one action.
    public struct Keys: Sendable {
        public let events: [InputEvent]
        public let action: Action
    }

    /// What a binding matches.
    enum Match: Sendable {
        /// Groups of keys, each sending its action: Up one way and Down the other are two groups.
        case keys([Keys])
        /// A key that carries a value (a digit, any text): the rule reads it, and its label is written.
        case value(label: String, @Sendable (InputEvent) -> Action?)
    }

    public let summary: String
    public let scope: KeyScope
    let match: Match
    /// The word after the key in the legend (`quit` of `^Q quit`), if the binding is in the legend.
    let legendWord: String?
    /// The legend names only the first group's key (`PgDn more`), not each group's (`+/- count`).
    let legendNamesFirstGroup: Bool

    init(_ match: Match, summary: String, legend word: String?, legendNamesFirstGroup: Bool = false, scope: KeyScope) {
        self.match = match
        self.summary = summary
        self.scope = scope
        legendWord = word
        self.legendNamesFirstGroup = legendNamesFirstGroup
    }

    // The labels are derived when asked for (the help, the docs, the legend's entries on screen), not when the table is
    // built: the first frame builds the table and draws only the legend.

    /// The keys as the help and Docs/USAGE.md name them: `Esc, Ctrl-O`, `PgDn/PgUp, Ctrl-F/Ctrl-B`, `* x X`.
    public var keys: String {
        switch match {
        case .keys(let groups): Self.label(groups)
        case .value(let label, _): label
        }
    }

    /// The short form shown in the one-line legend, if any: `^Q quit`.
    public var legend: String? { legend(narrow: false) }
    /// The legend on a phone-sized screen, whose keyboard lacks F-keys and PgUp/PgDn: a form without them.
    public var narrowLegend: String? { legend(narrow: true) }

    /// The key a tap on its legend entry stands for: the first one the legend names.
    func legendKeyEvent(narrow: Bool) -> InputEvent? {
        guard case .keys(let groups) = match, let first = groups.first else { return nil }
        return narrow ? first.events.first { !$0.needsFullKeyboard } : first.events.first
    }

    func legend(narrow: Bool) -> String? {
        guard let legendWord, case .keys(let groups) = match else { return nil }
        let named = legendNamesFirstGroup ? Array(groups.prefix(1)) : groups
        return Self.legendKey(named, narrow: narrow).map { $0 + " " + legendWord }
    }

    /// The events it matches by name; none for a binding that takes a value.
    public var events: [InputEvent] {
        switch match {
        case .keys(let groups): groups.flatMap { $0.events }
        case .value: []
        }
    }

    /// The action it sends for this event; nil when it does not match.
    func action(for event: InputEvent) -> Action? {
        switch match {
        case .keys(let groups): groups.first { $0.events.contains(event) }?.action
        case .value(_, let rule): rule(event)
        }
    }

    /// One group's keys in a row; opposites side by side, their alternatives after a comma: `PgDn/PgUp, Ctrl-F/Ctrl-B`.
    static func label(_ groups: [Keys]) -> String {
        let depth = groups.map { $0.events.count }.max() ?? 0
        return list((0..<depth).map { i in
            groups.compactMap { i < $0.events.count ? $0.events[i].keyName : nil }.joined(separator: "/")
        })
    }

    /// Names in a row: single characters a space apart (`* x X`), others after a comma (`Esc, Ctrl-O`).
    static func list(_ names: [String]) -> String {
        var text = ""
        for (i, name) in names.enumerated() {
            if i > 0 { text += name.count == 1 && names[i - 1].count == 1 ? " " : ", " }
            text += name
        }
        return text
    }

    /// The legend's key: each group's first key (on a narrow screen its first a phone keyboard has), short.
    static func legendKey(_ groups: [Keys], narrow: Bool) -> String? {
        let firsts = groups.compactMap { group in narrow ? group.events.first { !$0.needsFullKeyboard } : group.events.first }
        guard !firsts.isEmpty, firsts.count == groups.count else { return nil }
        return firsts.map { $0.shortKeyName }.joined(separator: "/")
    }
}

/// The single key table: dispatch, the legend line and the help screen all read it.
public enum KeyTable {
    public static let bindings: [KeyBinding] = [
        // The list of saved comparisons
        bind([.key(.enter)], .shoppingList(.open), "open", legend: "open", .shoppingList),
        bind([on(.key(.up), sends: .shoppingList(.moveSelection(-1))), on(.key(.down), sends: .shoppingList(.moveSelection(1)))], "select", .shoppingList),
        bind([.character("/")], .shoppingList(.find), "find a title", legend: "find", .shoppingList),
        bind([.control("n")], .shoppingList(.new), "new (title)", legend: "new", .shoppingList),
        bind([.control("d")], .shoppingList(.askDelete), "delete (asks)", legend: "delete", .shoppingList),
        bind([.control("y")], .shoppingList(.undoDelete), "undo a delete", legend: "undo", .shoppingList),
        bind([.control("r")], .shoppingList(.rename), "rename", legend: "rename", .shoppingList),
        bind([.key(.escape), .control("o")], .shoppingList(.close), "back", legend: "back", .shoppingList),
        bind([on(.key(.tab), sends: .shoppingList(.moveSelection(1))), on(.key(.backTab), sends: .shoppingList(.moveSelection(-1)))], "next / previous", .shoppingList),
        bind([on(.key(.pageDown), .control("f"), sends: .shoppingList(.movePage(1))), on(.key(.pageUp), .control("b"), sends: .shoppingList(.movePage(-1)))],
             "a page down / up", .shoppingList),
        bind([on(.key(.home), .control("a"), sends: .shoppingList(.selectFirst)), on(.key(.end), .control("e"), sends: .shoppingList(.selectLast))],
             "the first / last", .shoppingList),
        bind([on(.character("+"), sends: .shoppingList(.changeCount(1))), on(.character("-"), sends: .shoppingList(.changeCount(-1)))],
             "count: one pack more / less (0: off the list)", legend: "count", .shoppingList),
        bind([.character("=")], .shoppingList(.changeCount(1)), "one more, as + (without Shift)", .shoppingList),
        bind([.character(" ")], .shoppingList(.toggleTick), "tick off (in the cart) / untick", legend: "tick", .shoppingList),
        bind([.control("w")], .app(.showWhereToShop), "where to shop: each shop's total, the cheapest shop and the best split across two", legend: "shops", .shoppingList),
        bind([.control("t")], .shoppingList(.askClearTicks), "next trip: clear the ticks (asks)", .shoppingList),
        bind([.control("s")], .shoppingList(.toggleOrder), "group by shop / as edited", .shoppingList),
        bind([.control("l")], .shoppingList(.reorder), "put in order again (and redraw)", .shoppingList),
        bind([on(.character("["), sends: .shoppingList(.moveInAisle(-1))), on(.character("]"), sends: .shoppingList(.moveInAisle(1)))],
             "by shop: item up / down (aisles)", .shoppingList),
        bind(value: "a-z, 0-9", "type a list: an item a line", .shoppingList) { event in
            if case .character(let c) = event, c.isLetter || c.isNumber { return .shoppingList(.startItem(c)) } else { return nil }
        },
        // Typing a list: a title an item, Enter after each
        bind([.key(.enter)], .shoppingList(.acceptTitle), "add it, type the next", legend: "add", .adding),
        bind([.key(.escape)], .shoppingList(.cancelTitle), "done (drops the unfinished)", legend: "done", .adding),
        bind([.key(.tab), .key(.right)], .shoppingList(.acceptCompletion), "take the saved title shown", .adding),
        // Finding a title on the list screen
        bind([.key(.enter)], .shoppingList(.acceptTitle), "open the one found", legend: "open", .finding),
        bind([.key(.down), .key(.tab)], .shoppingList(.findNext(1)), "next match", legend: "next", .finding),
        bind([.key(.up), .key(.backTab)], .shoppingList(.findNext(-1)), "previous match", legend: "prev", .finding),
        bind([.key(.escape)], .shoppingList(.cancelTitle), "stop finding", legend: "done", .finding),
        bind([.key(.backspace), .key(.delete)], .shoppingList(.deleteBackward), "delete the last character", .finding),
        bind([.control("u")], .shoppingList(.clearTitle), "clear the text", .finding),
        bind(value: "any text", "part of a title", .finding) { event in
            if case .character(let c) = event { return .shoppingList(.type(c)) } else { return nil }
        },
        // Typing a title on the list screen
        bind([.key(.enter), .key(.tab)], .shoppingList(.acceptTitle), "save the title", legend: "save", .naming),
        bind([.key(.escape)], .shoppingList(.cancelTitle), "cancel the title", legend: "cancel", .naming),
        bind([.key(.backspace), .key(.delete)], .shoppingList(.deleteBackward), "delete the last character", .naming),
        bind([.control("u")], .shoppingList(.clearTitle), "clear the title", .naming),
        bind(value: "any text", "the title", .naming) { event in
            if case .character(let c) = event { return .shoppingList(.type(c)) } else { return nil }
        },
        // The price history
        bind([on(.key(.up), sends: .history(.scroll(-1))), on(.key(.down), sends: .history(.scroll(1)))], "select a price", .history),
        bind([on(.key(.pageDown), .control("f"), sends: .history(.scrollPage(1))), on(.key(.pageUp), .control("b"), sends: .history(.scrollPage(-1)))],
             "a page down / up", legend: "more", legendNamesFirstGroup: true, .history),
        bind([on(.key(.home), .control("a"), sends: .history(.toFirst)), on(.key(.end), .control("e"), sends: .history(.toLast))],
             "the newest / oldest", .history),
        bind([.key(.escape), .control("v")], .history(.close), "back", legend: "back", .history),
        bind([.control("d")], .history(.askDelete), "delete the selected price (asks)", legend: "del", .history),
        bind([.control("y")], .history(.undoDelete), "undo a delete", .history),
        bind([.character("s")], .history(.startFix(.shop)), "fix the selected price's shop", legend: "shop", .history),
        bind([.character("d")], .history(.startFix(.day)), "fix the selected price's day", legend: "day", .history),
        bind([.character("l")], .history(.toggleLowest), "lowest at each shop / every price", legend: "lowest", .history),
        // Fixing a price's shop or day on the history screen
        bind([.key(.enter)], .history(.acceptFix), "save the fix", legend: "save", .fixingEntry),
        bind([.key(.escape)], .history(.cancelFix), "cancel the fix", legend: "cancel", .fixingEntry),
        bind([.key(.backspace), .key(.delete)], .history(.deleteBackwardInFix), "delete the last character", .fixingEntry),
        bind([.control("u")], .history(.clearFix), "clear it (a day: not known)", .fixingEntry),
        bind(value: "any text", "the shop, or the day as 2026-11-20", .fixingEntry) { event in
            if case .character(let c) = event { return .history(.typeFix(c)) } else { return nil }
        },
        // Where to shop
        bind([on(.key(.up), sends: .whereToShop(.scroll(-1))), on(.key(.down), sends: .whereToShop(.scroll(1)))], "scroll", .whereToShop),
        bind([on(.key(.pageDown), .control("f"), sends: .whereToShop(.scrollPage(1))), on(.key(.pageUp), .control("b"), sends: .whereToShop(.scrollPage(-1)))],
             "a page down / up", legend: "more", legendNamesFirstGroup: true, .whereToShop),
        bind([on(.key(.home), .control("a"), sends: .whereToShop(.toFirst)), on(.key(.end), .control("e"), sends: .whereToShop(.toLast))],
             "the top / the end", .whereToShop),
        bind([.key(.escape), .control("w")], .whereToShop(.close), "back to the list", legend: "back", .whereToShop),
        // Every screen
        bind([.control("q"), .control("c")], .app(.quit), "save and quit", legend: "quit", .everywhere),
        bind([.key(.function(1)), .control("g")], .app(.toggleHelp), "this help", legend: "help", .everywhere),
        // The help (over any screen; any other key closes it)
        bind([on(.key(.down), .key(.tab), .key(.pageDown), .control("f"), .key(.enter), sends: .app(.nextHelpPage)),
              on(.key(.up), .key(.backTab), .key(.pageUp), .control("b"), sends: .app(.previousHelpPage))], "next / previous page", .help),
        bind([.key(.escape), .character("q")], .app(.toggleHelp), "close the help", .help),
        // The comparison
        bind([.control("o")], .app(.showShoppingList), "the shopping list", legend: "list", .comparison),
        bind([.control("t")], .app(.renameComparison), "rename (title)", legend: "title", .comparison),
        bind([.control("n")], .app(.newComparison), "new comparison", legend: "new", .comparison),
        bind([.control("v")], .app(.showHistory), "price history (where, when)", .comparison),
        bind([.key(.tab), .key(.down)], .comparison(.nextField), "next field", legend: "next", .comparison),
        bind([.key(.enter)], .comparison(.finishProduct), "next field, or next product", .comparison),
        bind([.key(.backTab), .key(.up)], .comparison(.previousField), "previous field (commits it)", legend: "prev", .comparison),
        bind([.key(.pageDown), .control("f")], .comparison(.nextProduct), "next product, same field", .comparison),
        bind([.key(.pageUp), .control("b")], .comparison(.previousProduct), "previous product, same field", .comparison),
        bind([.key(.escape)], .comparison(.cancelEdit), "cancel this field's edit", legend: "cancel", .comparison),
        bind([.key(.backspace), .key(.delete)], .comparison(.deleteBackward), "delete last character (⌫)", .comparison),
        bind([.control("u")], .comparison(.clearField), "clear the field", .comparison),
        bind([.key(.function(2)), .control("p")], .comparison(.stepBasis(1)), "the \"per\" unit: kg, 100 g…", legend: "per", .comparison),
        bind([.key(.function(3)), .control("e")], .comparison(.toggleVolumeSystem), "US / UK volume units", .comparison),
        bind([.control("d")], .comparison(.askDeleteProduct), "delete product (asks first)", legend: "del", .comparison),
        bind([.control("k")], .comparison(.askClearComparison), "delete all products (asks)", .comparison),
        bind([.control("s")], .comparison(.toggleTableOrder), "order: best first / as typed", .comparison),
        bind([.control("w")], .comparison(.togglePin), "pin / unpin", .comparison),
        bind([.control("x")], .comparison(.addToList), "one more on the list", .comparison),
        bind([.control("y")], .comparison(.undoDeletion), "undo a change or delete", legend: "undo", .comparison),
        bind([.control("r")], .comparison(.itWasTheOtherShops), "the other shop's price", .comparison),
        // Every screen
        bind([.control("l")], .app(.redraw), "redraw", .everywhere),
        bind([.control("z")], .app(.suspend), "suspend (fg resumes)", .everywhere),
        // The focused field
        bind(value: "0-9", "digit", .numeric) { event in
            if case .character(let c) = event, c.isASCII, c.isNumber { return .comparison(.type(c)) } else { return nil }
        },
        bind([.character("."), .character(",")], .comparison(.keypad(.decimalPoint)), "decimal point", .numeric),
        bind([on(.character("+"), sends: .comparison(.keypad(.operation(.plus)))), on(.character("-"), sends: .comparison(.keypad(.operation(.minus))))],
             "plus, minus", .numeric),
        bind([.character("*"), .character("x"), .character("X")], .comparison(.keypad(.operation(.times))), "times (×)", .numeric),
        bind([.character("/")], .comparison(.keypad(.operation(.divide))), "divide (÷)", .numeric),
        bind([.character("=")], .comparison(.keypad(.equals)), "evaluate now", .numeric),
        bind(value: "letters", "warns, not typed", .numeric) { event in
            if case .character(let c) = event { return .comparison(.type(c)) } else { return nil }
        },
        bind([on(.key(.left), sends: .comparison(.stepUnit(-1))), on(.key(.right), sends: .comparison(.stepUnit(1)))], "step the unit", .unit),
        bind(value: "letters", "a unit symbol", .unit) { event in
            if case .character(let c) = event { return .comparison(.type(c)) } else { return nil }
        },
        bind([on(.key(.left), sends: .comparison(.moveCursor(.left))), on(.key(.right), sends: .comparison(.moveCursor(.right)))], "cursor", .name),
        bind([.key(.home), .control("a")], .comparison(.moveCursor(.start)), "to the start", .name),
        bind([.key(.end), .control("e")], .comparison(.moveCursor(.end)), "to the end", .name),
        bind([.key(.delete)], .comparison(.deleteForward), "delete ahead", .name),
        bind(value: "any text", "the name or shop (replaces an underlined one)", .name) { event in
            if case .character(let c) = event { return .comparison(.type(c)) } else { return nil }
        },
    ]

    /// Keys that send one action, for a binding of several: `on(.key(.up), sends: .shoppingList(.moveSelection(-1)))`.
    private static func on(_ events: InputEvent..., sends action: Action) -> KeyBinding.Keys {
        KeyBinding.Keys(events: events, action: action)
    }

    private static func bind(_ events: [InputEvent], _ action: Action, _ summary: String, legend: String? = nil,
                             _ scope: KeyScope) -> KeyBinding {
        bind([KeyBinding.Keys(events: events, action: action)], summary, legend: legend, scope)
    }

    private static func bind(_ groups: [KeyBinding.Keys], _ summary: String, legend: String? = nil, legendNamesFirstGroup: Bool = false,
                             _ scope: KeyScope) -> KeyBinding {
        KeyBinding(.keys(groups), summary: summary, legend: legend, legendNamesFirstGroup: legendNamesFirstGroup, scope: scope)
    }

    /// A binding for a key that carries a value: its rule reads the value, its label is written.
    private static func bind(value label: String, _ summary: String, _ scope: KeyScope,
                             _ rule: @escaping @Sendable (InputEvent) -> Action?) -> KeyBinding {
        KeyBinding(.value(label: label, rule), summary: summary, legend: nil, scope: scope)
    }

    /// A confirmation's answers: only y says yes, so an Enter typed out of habit deletes nothing.
    public static let yesKeys: [InputEvent] = [.character("y"), .character("Y")]
    public static let noKeys: [InputEvent] = [.key(.escape), .character("n"), .character("N")]

    /// The action an input stands for in this state; nil when it means nothing here. `pointer` is what
    /// a click or the wheel points at, resolved by `Input` against the layout the screen was drawn
    /// with (App reads no layout); keys ignore it.
    public static func action(for event: InputEvent, in state: AppState, pointer: Action? = nil) -> Action? {
        switch event {
        case .resize(let width, let height): return .terminal(.resize(TerminalSize(width: width, height: height)))
        case .hangup: return .terminal(.hangup)
        // Only a keypad press in progress follows the pointer (Input gives its move or its end, which cancels when
        // the keypad is not there to act on); a press elsewhere acted already.
        case .drag, .release: return pointer
        case .character, .key, .control, .click, .scroll, .paste: break
        }
        let bound = boundAction(for: event, in: state, pointer: pointer)
        if state.session.size.isTooSmall {
            // Nothing on screen to act on.
            return actingOverAnything(bound)
        }
        switch state.chrome.overlay {
        case .help:
            if let action = actingOverAnything(bound) { return action }
            // A tap or the wheel: what `Input` resolved on the help screen.
            if case .click = event { return pointer }
            if case .scroll = event { return pointer }
            return bindings.lazy.filter { $0.scope == .help }.compactMap { $0.action(for: event) }.first ?? .app(.toggleHelp)
        case .confirm(let question):
            if question.answers.yes.contains(event) { return .app(.answer(yes: true)) }
            if question.answers.no.contains(event) { return .app(.answer(yes: false)) }
            return actingOverAnything(bound)
        case .quitting:
            if case .app(.quit) = bound { return .app(.giveUpSaving) }
            if event == .key(.escape) { return .app(.giveUpSaving) }
            if case .app(let app) = bound, [.suspend, .redraw].contains(app) { return bound }
            return nil
        case .none:
            return bound
        }
    }

    /// Quitting, suspending and redrawing: what acts over a question, the help or a screen too small.
    private static func actingOverAnything(_ action: Action?) -> Action? {
        if case .app(let app) = action, [.quit, .suspend, .redraw].contains(app) { return action }
        return nil
    }

    /// What the event does on the screen on view, without an overlay.
    private static func boundAction(for event: InputEvent, in state: AppState, pointer: Action?) -> Action? {
        switch event {
        case .click, .scroll:
            return pointer
        case .paste(let text):
            switch state.screen {
            case .comparison: return .comparison(.paste(text))
            case .shoppingList(let lists):
                switch lists.mode {
                case .naming, .finding, .adding: return .shoppingList(.paste(text))
                case .browsing: return nil
                }
            case .history, .whereToShop: return nil
            }
        case .resize, .hangup, .drag, .release:
            return nil   // not keys: `action(for:in:)` answered them
        case .character, .key, .control:
            for scope in KeyScope.active(in: state) {
                for binding in bindings where binding.scope == scope {
                    if let action = binding.action(for: event) { return action }
                }
            }
            return nil
        }
    }

    /// Below this width the legend shows the forms without F-keys (phone keyboards lack them).
    public static let narrowLegendWidth = 80

    /// One entry of the legend: its text, where it starts on the legend's line, and the key it names (a tap on it is
    /// that key).
    public struct LegendEntry: Equatable, Sendable {
        public let text: String
        public let x: Int
        public let key: InputEvent
        public var width: Int { TextWidth.of(text) }
    }

    /// The one-line legend for what is on screen: whole entries that fit `width` columns (the
    /// screen's width when not given), in the key table's order.
    public static func legend(for state: AppState, width: Int? = nil) -> String {
        legendEntries(for: state, width: width).reduce(into: "") { line, entry in
            line += String(repeating: " ", count: entry.x - TextWidth.of(line)) + entry.text
        }
    }

    /// The legend's entries, laid out on its line two columns apart (one on a narrow screen, where that shows more).
    public static func legendEntries(for state: AppState, width: Int? = nil) -> [LegendEntry] {
        let width = width ?? state.session.size.width
        // A question takes only its answers (quit and suspend still act, as anywhere, but are not offered there).
        if case .confirm(let question) = state.chrome.overlay { return placed(question.answers.legend, gap: 2, width: width) }
        let narrow = width < narrowLegendWidth
        // The keys already listed: a few, so an array (a `Set<String>` costs the first frame a conformance scan).
        var seen: [Substring] = []
        // The comparison's Ctrl-Y only where something can be undone, and then always shown: last, in the place of the
        // entries it leaves no room for (decision 218), so the legend's other entries stay where they were and only its
        // end is drawn again when it comes (441: it came first, and the whole line was redrawn).
        let undoes: (KeyBinding) -> Bool = { if case .keys(let groups) = $0.match { groups.first?.action == .comparison(.undoDeletion) } else { false } }
        let shown = KeyScope.active(in: state).flatMap { scope in bindings.filter { $0.scope == scope && (!undoes($0) || state.editing.canUndo) } }
        var offered: [(text: String, key: InputEvent)] = []
        var undo: [(text: String, key: InputEvent)] = []
        for binding in shown {
            guard let text = narrow ? binding.narrowLegend : binding.legend, let key = binding.legendKeyEvent(narrow: narrow) else { continue }
            let name = text.split(separator: " ").first ?? ""
            if seen.contains(name) { continue }
            seen.append(name)
            if undoes(binding) { undo.append((text, key)) } else { offered.append((text, key)) }
        }
        func placedWithUndo(gap: Int) -> [LegendEntry] {
            var others = offered
            while true {
                let entries = placed(others + undo, gap: gap, width: width)
                if undo.isEmpty || others.isEmpty || entries.last?.text == undo[0].text { return entries }
                others.removeLast()
            }
        }
        // Two columns apart; on a narrow screen one, where that shows more (`^T title ^N new` at 40 columns).
        let apart = placedWithUndo(gap: 2)
        guard narrow else { return apart }
        let close = placedWithUndo(gap: 1)
        return close.count > apart.count ? close : apart
    }

    /// The entries that fit `width` columns `gap` apart, in order; one that does not fit is skipped.
    private static func placed(_ offered: [(text: String, key: InputEvent)], gap: Int, width: Int) -> [LegendEntry] {
        var entries: [LegendEntry] = []
        var x = 0
        for (text, key) in offered {
            let start = entries.isEmpty ? 0 : x + gap
            guard start + TextWidth.of(text) <= width else { continue }
            entries.append(LegendEntry(text: text, x: start, key: key))
            x = start + TextWidth.of(text)
        }
        return entries
    }
}
