/// The whole app: the session, the screen on view, and what is drawn around it. Each screen has its
/// own state, actions and `update`; this root forwards to them and owns what is shared.
public struct AppState: Equatable, Sendable {
    public enum Screen: Equatable, Sendable {
        case comparison
        /// The list of saved comparisons, drawn over the comparison (which stays open behind it).
        case lists(ListsScreen)
        /// The open comparison's price history (Ctrl-V), drawn over the comparison.
        case history(HistoryScreen)
    }

    public internal(set) var session: Session
    /// The open comparison: always there, on screen or behind the list.
    public internal(set) var editing: ComparisonScreen
    public internal(set) var screen: Screen = .comparison
    public internal(set) var chrome = Chrome()
    /// Whether every write reached the database.
    public internal(set) var saving: Saving = .upToDate
    /// Comparisons deleted in this session (the last deleted last), for Ctrl-Y on the list.
    public internal(set) var deletedComparisons: [Comparison] = []

    public enum Saving: Equatable, Sendable {
        case upToDate
        /// Some writes failed (a lock held by another program, a full disk): kept, tried again at each poll.
        case waiting(reason: String)
        /// Another session deleted the open comparison: the next change made here saves it again
        /// whole; leaving it (Ctrl-O) lets it go. `withEdits`: a change is already waiting.
        case deletedElsewhere(withEdits: Bool)
    }

    /// Opens `comparison` with the focus on the price of a new, empty product at its end.
    public init(comparison: Comparison = Comparison(), session: Session = Session()) {
        var session = session
        editing = ComparisonScreen(comparison: comparison, session: &session)
        self.session = session
    }

    /// The list screen, when it is on view.
    public var lists: ListsScreen? {
        if case .lists(let lists) = screen { return lists }
        return nil
    }

    // MARK: Update

    /// Applies an action; returns what the edges must do (save, quit...).
    @discardableResult
    public mutating func update(_ action: Action) -> [Effect] {
        if action.isTheUsers { chrome.status = nil }  // a message answers the last thing the user did
        switch action {
        case .comparison(let action):
            return restoringIfDeleted(editing.update(action, session: &session, chrome: &chrome))
        case .lists(let action):
            guard case .lists(var lists) = screen else { return [] }
            let outcome = lists.update(action, open: editing.comparison.id, deleted: &deletedComparisons, session: &session, chrome: &chrome)
            screen = outcome.closes ? .comparison : .lists(lists)
            for case .renameComparison(let id, let title) in outcome.effects where id == editing.comparison.id {
                editing.rename(title)
            }
            return outcome.effects
        case .history(let action):
            guard case .history(var history) = screen else { return [] }
            screen = history.update(action, session: session) ? .comparison : .history(history)
            return []
        case .app(let action):
            return update(action)
        case .terminal(let event):
            switch event {
            case .resize(let size):
                session.size = size
                editing.refreshTablePage(session)
                return []
            case .flashEnded:
                chrome.flash = nil
                return []
            case .today(let day):
                session.today = day
                return []
            case .hangup:
                return committingForQuit() + [.quitNow]
            }
        case .store(let event):
            return update(event)
        }
    }

    private mutating func update(_ action: AppAction) -> [Effect] {
        switch action {
        case .toggleHelp:
            chrome.overlay = chrome.overlay == .none ? .help(page: 0) : .none
            return []
        case .nextHelpPage:
            guard case .help(let page) = chrome.overlay else { return [] }
            let pages = HelpPages.pageCount(screen.helpScopes, size: session.size, glyphs: session.glyphs)
            chrome.overlay = page + 1 < pages ? .help(page: page + 1) : .none
            return []
        case .answer(let yes):
            guard case .confirm(let question) = chrome.overlay else { return [] }
            chrome.overlay = .none
            if let action = question.action(yes: yes) { return update(action) }
            chrome.status = StatusMessage(question.declined)
            return []
        case .giveUpSaving:
            guard chrome.overlay == .quitting else { return [] }
            return [.quitNow]
        case .showLists:
            let effects = restoringIfDeleted(editing.update(.commitField, session: &session, chrome: &chrome))
            screen = .lists(ListsScreen(entries: [], selecting: editing.comparison.id))
            return effects + [.loadLists]
        case .showHistory:
            // The field in progress is committed first, so the history shows its price.
            let effects = restoringIfDeleted(editing.update(.commitField, session: &session, chrome: &chrome))
            screen = .history(HistoryScreen())
            return effects + [.loadHistory(editing.comparison.id)]
        case .redraw: return [.repaint]
        case .suspend: return [.suspend]
        case .quit: return quit()
        }
    }

    private mutating func quit() -> [Effect] {
        committingForQuit() + [.quit]
    }

    /// Quitting commits the field in progress, and saves again a comparison another session
    /// deleted if a change made here waits for it: nothing typed is lost.
    private mutating func committingForQuit() -> [Effect] {
        let effects = restoringIfDeleted(editing.update(.commitField, session: &session, chrome: &chrome))
        if case .deletedElsewhere(withEdits: true) = saving {
            saving = .upToDate
            return [.restoreComparison] + effects
        }
        return effects
    }

    /// A change to a comparison another session deleted saves it again, whole, first.
    private mutating func restoringIfDeleted(_ effects: [Effect]) -> [Effect] {
        guard case .deletedElsewhere = saving, effects.contains(where: \.writesTheOpenComparison) else { return effects }
        saving = .upToDate
        return [.restoreComparison] + effects
    }

    private mutating func update(_ event: StoreEvent) -> [Effect] {
        switch event {
        case .listsLoaded(let entries):
            guard case .lists(var lists) = screen else { return [] }
            lists.refresh(session.listOrder.arranged(entries, at: session.shop))
            screen = .lists(lists)
            return []
        case .historyLoaded(let id, let history):
            guard id == editing.comparison.id else { return [] }
            if case .history(var screen) = screen {
                screen.show(PriceBook(history: history, comparison: editing.comparison), session: session)
                self.screen = .history(screen)
            }
            return editing.update(event, session: &session, chrome: &chrome)
        case .opened(let comparison):
            if case .deletedElsewhere = saving { saving = .upToDate }
            let left = editing.comparison
            editing = ComparisonScreen(comparison: comparison, session: &session)
            // The list stays when it is on view: the open comparison was deleted there, and another opened behind it.
            // Its history is read for the lowest seen.
            return (left.id != comparison.id && left.isBlank ? [.discardIfBlank(left.id)] : []) + [.loadHistory(comparison.id)]
        case .deletedComparison(let comparison):
            deletedComparisons.append(comparison)
            deletedComparisons.removeFirst(max(0, deletedComparisons.count - ListsScreen.undoDepth))
            return []
        case .failed(let reason):
            saving = .waiting(reason: reason)
            return []
        case .databaseFileChanged(let path, let replaced):
            chrome.status = StatusMessage(replaced
                ? "The database file was replaced: saved this comparison into the new \(path)"
                : "The database file was deleted: made it again at \(path) with this comparison", isWarning: true)
            return []
        case .refused(let reason):
            chrome.status = StatusMessage("Not saved: \(reason)", isWarning: true)
            return []
        case .allSaved:
            saving = .upToDate
            if chrome.overlay == .quitting { return [.quit] }
            chrome.status = StatusMessage("Saved: every change is in the database again")
            return []
        case .quitWaits:
            chrome.overlay = .quitting
            return []
        case .comparisonDeletedElsewhere(let withEdits):
            saving = .deletedElsewhere(withEdits: withEdits)
            return []
        case .restoredDeletedComparison:
            chrome.status = StatusMessage("Saved \"\(editing.comparison.displayTitle)\" again: another session had deleted it")
            return []
        case .saveFailed(_, let reason):
            saving = .waiting(reason: reason)
            return editing.update(event, session: &session, chrome: &chrome)
        case .externalChanges:
            // The history on view is read again: another session's change may have added to it.
            let reload: [Effect] = if case .history = screen { [.loadHistory(editing.comparison.id)] } else { [] }
            return editing.update(event, session: &session, chrome: &chrome) + reload
        case .saved:
            return editing.update(event, session: &session, chrome: &chrome)
        }
    }
}
