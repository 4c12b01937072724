/// The whole app: the session, the screen on view, and what is drawn around it. Each screen has its
/// own state, actions and `update`; this root forwards to them and owns what is shared.
public struct AppState: Equatable, Sendable {
    public enum Screen: Equatable, Sendable {
        case comparison
        /// The list of saved comparisons, drawn over the comparison (which stays open behind it).
        case shoppingList(ShoppingListScreen)
        /// The open comparison's price history (Ctrl-V), drawn over the comparison.
        case history(HistoryScreen)
        /// Where to shop for the shopping list's items (Ctrl-W there), drawn over the list it was opened from.
        case whereToShop(WhereToShopScreen)
    }

    public internal(set) var session: Session
    /// The open comparison: always there, on screen or behind the list.
    public internal(set) var editing: ComparisonScreen
    public internal(set) var screen: Screen = .comparison
    public internal(set) var chrome = Chrome()
    /// What waits to be saved, as the database session last reported it (`DatabaseEvent.saveStatus`).
    public internal(set) var saving: SaveStatus = .upToDate
    /// How long a pressed key is shown pressed.
    public static let flashMilliseconds = 150

    /// Opens `comparison` with the focus on the price of a new, empty product at its end.
    public init(comparison: Comparison = Comparison(), session: Session = Session()) {
        var session = session
        editing = ComparisonScreen(comparison: comparison, session: &session)
        self.session = session
    }

    /// The state of the first frame: `comparison` open and how many of it are on the shopping list, both read before it is
    /// drawn, so that nothing pops in after it unless something changed.
    public init(opening comparison: Comparison, listCount: Int, session: Session) {
        self.init(comparison: comparison, session: session)
        update(.comparison(.listCounted(comparison.id, listCount)))
    }

    /// The shopping list, when it is on view.
    public var shoppingList: ShoppingListScreen? {
        if case .shoppingList(let lists) = screen { return lists }
        return nil
    }

    /// What the database session watches between polls.
    public var watch: DatabaseWatch {
        DatabaseWatch(open: editing.comparison, shoppingListOnView: shoppingList != nil, openUntouched: editing.isUntouched)
    }

    // MARK: Update

    /// Applies an action; returns what the edges must do (save, quit...). A screen's delegate actions are handled
    /// here before it returns; a key shown pressed gets the timer that ends its flash.
    @discardableResult
    public mutating func update(_ action: Action) -> [Effect] {
        let flashBefore = chrome.flash
        var effects: [Effect] = []
        for effect in reduce(action) {
            if case .send(let delegate) = effect { effects += update(delegate) } else { effects.append(effect) }
        }
        // Accessible: no key flashes (a screen reader would read each one and its end).
        if session.accessible { chrome.flash = nil }
        if chrome.flash != nil, chrome.flash != flashBefore || action.pressesAKey {
            effects.append(.after(milliseconds: Self.flashMilliseconds, .terminal(.flashEnded)))
        }
        return effects
    }

    private mutating func reduce(_ action: Action) -> [Effect] {
        // The one rule for messages: a message stays until the user's next action (`Action.isTheUsers`), which clears it
        // before any reducer runs; no reducer clears one. Accessible, it stays until the next message, to be read again.
        if action.isTheUsers, !session.accessible { chrome.status = nil }
        switch action {
        case .comparison(let action):
            var effects = updateEditing(action)
            if case .externalChanges = action, case .history = screen {
                // The history on view is read again: another session's change may have added to it.
                effects.append(.database(.loadHistory(editing.comparison.id, for: .historyScreen)))
            }
            return restoringIfDeleted(effects)
        case .shoppingList(.delegate(let delegate)):
            switch delegate {
            case .closed:
                screen = .comparison
            case .renamed(let id, let title):
                if id == editing.comparison.id { editing.rename(title) }
            }
            return []
        case .shoppingList(let action):
            guard case .shoppingList(let lists) = screen else { return [] }
            screen = .comparison   // lets go of the list: a title typed is edited in place, not copied at every key (issue 32)
            let (updated, effects) = run(consume lists, action)
            screen = .shoppingList(updated)
            return restoringIfDeleted(effects)
        case .history(.delegate(.closed)):
            screen = .comparison
            return []
        case .history(.loaded(let id, let history)):
            guard id == editing.comparison.id else { return [] }
            let book = PriceBook(history: history, comparison: editing.comparison)
            return reduce(.history(.show(book))) + reduce(.comparison(.historyLoaded(id, history)))
        case .history(let action):
            guard case .history(let history) = screen else { return [] }
            let (updated, effects) = run(history, action)
            screen = .history(updated)
            return effects
        case .whereToShop(.delegate(.closed)):
            guard case .whereToShop(let shops) = screen else { return [] }
            screen = .shoppingList(shops.list)
            // Read again: another session may have changed the list meanwhile.
            return [.database(.loadShoppingList)]
        case .whereToShop(let action):
            guard case .whereToShop(let shops) = screen else { return [] }
            let (updated, effects) = run(shops, action)
            screen = .whereToShop(updated)
            return effects
        case .app(let action):
            return update(action)
        case .terminal(let event):
            switch event {
            case .started:
                // The open comparison's history, for the lowest seen (not drawn until a commit), once the first frame is on screen.
                return [.database(.loadHistory(editing.comparison.id, for: .lowestSeen))]
            case .resize(let size):
                session.size = size
                editing.refreshTablePage(session)
                return []
            case .flashEnded:
                chrome.flash = nil
                return []
            case .today(let day):
                session.today = day
                // An offer may have ended: the ranking and the rows follow the day (decision 285).
                editing.refreshTablePage(session)
                return []
            case .hangup:
                return committingForQuit() + [.terminal(.quitNow)]
            case .suspendRefused:
                chrome.status = StatusMessage("Ctrl-Z can't suspend: per was not started from a shell with job control", isWarning: true)
                return []
            }
        case .database(let event):
            return update(event)
        }
    }

    /// What a screen's reducer is given: the session and the chrome, which the root keeps as the screen left them.
    private var environment: ScreenEnvironment { ScreenEnvironment(session: session, chrome: chrome, open: editing.comparison.id) }

    private mutating func adopt(_ env: ScreenEnvironment) {
        session = env.session
        chrome = env.chrome
    }

    /// The open comparison's reducer, in place (its products are not copied).
    private mutating func updateEditing(_ action: ComparisonAction) -> [Effect] {
        var env = environment
        let effects = editing.update(action, env: &env)
        adopt(env)
        return effects
    }

    /// The reducer of the screen on view (drawn over the comparison): returns it as the action left it.
    private mutating func run<Screen: ScreenReducer>(_ screen: consuming Screen, _ action: Screen.ScreenAction) -> (Screen, [Effect]) {
        var env = environment
        let effects = screen.update(action, env: &env)
        adopt(env)
        return (screen, effects)
    }

    private mutating func update(_ action: AppAction) -> [Effect] {
        switch action {
        case .toggleHelp:
            chrome.overlay = chrome.overlay == .none ? .help(page: 0) : .none
            return []
        case .nextHelpPage:
            guard case .help(let page) = chrome.overlay else { return [] }
            let pages = HelpPages.pageCount(screen.helpScopes, messages: chrome.messages, size: session.size, glyphs: session.glyphs)
            chrome.overlay = page + 1 < pages ? .help(page: page + 1) : .none
            return []
        case .previousHelpPage:
            guard case .help(let page) = chrome.overlay else { return [] }
            chrome.overlay = .help(page: max(0, page - 1))
            return []
        case .answer(let yes):
            guard case .confirm(let question) = chrome.overlay else { return [] }
            chrome.overlay = .none
            if let action = question.action(yes: yes) { return reduce(action) }
            chrome.status = StatusMessage(question.declined)
            return []
        case .giveUpSaving:
            guard chrome.overlay == .quitting else { return [] }
            return [.terminal(.quitNow)]
        case .showShoppingList:
            return showShoppingList(typing: nil)
        case .newComparison:
            return showShoppingList(typing: .naming("", isNew: true))
        case .renameComparison:
            // A comparison not saved yet gets its row first, so that the list shows it to rename.
            let row = editing.comparison.isBlank ? [editing.edit(.saveHeader)] : []
            return row + showShoppingList(typing: .naming(editing.comparison.title, isNew: false))
        case .showHistory:
            // The field in progress is committed first, so the history shows its price.
            let effects = commitField()
            screen = .history(HistoryScreen())
            return effects + [.database(.loadHistory(editing.comparison.id, for: .historyScreen))]
        case .showWhereToShop:
            guard case .shoppingList(let list) = screen else { return [] }
            screen = .whereToShop(WhereToShopScreen(list: list))
            return []
        case .redraw: return [.terminal(.repaint)]
        case .suspend: return [.terminal(.suspend)]
        case .quit: return committingForQuit() + [.terminal(.quit)]
        }
    }

    /// The list, the open comparison selected, typing a title when `mode` says so.
    private mutating func showShoppingList(typing mode: ShoppingListScreen.Mode?) -> [Effect] {
        let effects = commitField()
        var list = ShoppingListScreen(entries: [], selecting: editing.comparison.id)
        if let mode { list.mode = mode }
        screen = .shoppingList(list)
        return effects + [.database(.loadShoppingList)]
    }

    private mutating func commitField() -> [Effect] {
        restoringIfDeleted(updateEditing(.commitField))
    }

    /// Quitting (or a signal) commits what is being typed on any screen: a title or an item on the shopping list
    /// (as Enter would), the field in progress; and saves again a comparison another session deleted if a change
    /// made here waits for it: nothing typed is lost.
    private mutating func committingForQuit() -> [Effect] {
        var effects: [Effect] = []
        if case .shoppingList(let list) = screen, list.isTyping {
            effects += update(.shoppingList(.acceptTitle))
        }
        effects += commitField()
        if saving.openDeletedWithEdits, !effects.contains(where: { $0.restores(editing.comparison.id) }) {
            return [.database(.restoreComparison(editing.comparison.withoutBlankProducts))] + effects
        }
        return effects
    }

    /// A change to a comparison another session deleted saves it again, whole, first; so does leaving it while changes
    /// made here wait for it (opening another comparison lets it go only when nothing made here waits).
    private mutating func restoringIfDeleted(_ effects: [Effect]) -> [Effect] {
        guard saving.openDeletedElsewhere, !effects.contains(where: { $0.restores(editing.comparison.id) }) else { return effects }
        let id = editing.comparison.id
        let changes = effects.contains { $0.edits(id) }
        let leaves = saving.openDeletedWithEdits && effects.contains { $0.opensAnother(than: id) }
        guard changes || leaves else { return effects }
        return [.database(.restoreComparison(editing.comparison.withoutBlankProducts))] + effects
    }

    private mutating func update(_ event: DatabaseEvent) -> [Effect] {
        switch event {
        case .opened(let comparison):
            let left = editing.comparison
            editing = ComparisonScreen(comparison: comparison, session: &session)
            // The list stays when it is on view: the open comparison was deleted there, and another opened behind it.
            // Its history is read for the lowest seen.
            return (left.id != comparison.id && left.isBlank ? [.database(.discardIfBlank(left.id))] : [])
                + [.database(.loadHistory(comparison.id, for: .lowestSeen))]
        case .deletedComparison(let comparison):
            session.deletedComparisons.append(comparison)
            session.deletedComparisons.removeFirst(max(0, session.deletedComparisons.count - Session.undoDepth))
            return []
        case .saveStatus(let status):
            let before = saving
            saving = status
            guard status.isUpToDate, !before.isUpToDate else { return [] }
            if chrome.overlay == .quitting { return [.terminal(.quit)] }
            if before.reason != nil { chrome.status = StatusMessage("Saved: every change is in the database again") }
            return []
        case .savedIntoDeleted(let title):
            chrome.status = StatusMessage("Another session deleted \"\(TerminalText.singleLine(title))\": made it again with your change to it", isWarning: true)
            return []
        case .leftChangesSaved(let summary):
            chrome.status = StatusMessage("Saved what a per that ended had waiting: \(summary)", isWarning: true)
            return []
        case .onACopy(let taken):
            chrome.status = StatusMessage("A copy for the road, taken \(taken): per import it at home to merge what you change here")
            return []
        case .leftFileAlone(let line):
            chrome.status = StatusMessage(TerminalText.singleLine(line.prefix(1).uppercased() + line.dropFirst()), isWarning: true)
            return []
        case .databaseFileChanged(let path, let replaced):
            chrome.status = StatusMessage(replaced
                ? "The database file was replaced: saved this comparison into the new \(path)"
                : "The database file was deleted: made it again at \(path) with this comparison", isWarning: true)
            return []
        case .refused(let reason):
            chrome.status = StatusMessage("Not saved: \(reason)", isWarning: true)
            return []
        case .backAlready(let title):
            chrome.status = StatusMessage("\"\(TerminalText.singleLine(title))\" is back already: another session saved it again")
            return []
        case .quitWaits:
            chrome.overlay = .quitting
            return []
        case .restoredDeletedComparison:
            chrome.status = StatusMessage("Saved \"\(editing.comparison.displayTitle)\" again: another session had deleted it")
            return []
        }
    }
}

extension Effect {
    /// Whether this is a write into comparison `id`'s own data (it needs its row).
    func edits(_ id: ComparisonID) -> Bool {
        if case .database(.edit(_, let header)) = self { return header.id == id }
        return false
    }

    func restores(_ id: ComparisonID) -> Bool {
        if case .database(.restoreComparison(let comparison)) = self { return comparison.id == id }
        return false
    }

    /// Whether this opens a comparison other than `id` (leaving `id`).
    func opensAnother(than id: ComparisonID) -> Bool {
        switch self {
        case .database(.openComparison(let other)): other != id
        case .database(.createComparison(let made)), .database(.openNew(let made)): made.id != id
        case .database, .terminal, .after, .send: false
        }
    }
}

extension Action {
    /// Keypad presses flash their key even when the same key is pressed twice in a row.
    var pressesAKey: Bool {
        switch self {
        case .comparison(.keypad), .comparison(.type), .comparison(.selectUnit): true
        case .comparison, .shoppingList, .history, .whereToShop, .app, .terminal, .database: false
        }
    }
}
