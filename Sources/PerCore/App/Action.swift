/// Everything that can happen to the app. Keys, clicks and keypad presses all become these (clicks
/// already resolved by the layout on screen), and so do the store's results.
public enum Action: Equatable, Sendable {
    /// For the comparison screen (the editor, the table and the keypad).
    case comparison(ComparisonAction)
    /// For the list of saved comparisons.
    case lists(ListsAction)
    /// For the comparison's price history.
    case history(HistoryAction)
    /// For whatever is on screen: help, questions, switching screens, quitting.
    case app(AppAction)
    case terminal(TerminalEvent)
    case store(StoreEvent)

    /// Something the user did (a key, a click), as against what the terminal or the store reported.
    /// Redrawing and suspending change nothing on screen, so they leave the status line alone.
    var isTheUsers: Bool {
        switch self {
        case .comparison, .lists, .history: true
        case .app(.redraw), .app(.suspend): false
        case .app: true
        case .terminal, .store: false
        }
    }
}

public enum AppAction: Equatable, Sendable {
    case toggleHelp
    /// The next page of the help, closing it after the last.
    case nextHelpPage
    /// y or n to the question on screen.
    case answer(yes: Bool)
    case showLists
    /// Ctrl-V: the comparison's price history.
    case showHistory
    case redraw
    case suspend
    /// Ctrl-Q: commit the field in progress, save, quit.
    case quit
    /// While quitting waits for the database: stop waiting, write a recovery file and quit.
    case giveUpSaving
}

/// What the terminal reports, not the user.
public enum TerminalEvent: Equatable, Sendable {
    case resize(TerminalSize)
    case flashEnded
    /// The clock's day changed (the loop reads the clock at each poll): prices committed from now on are dated with it.
    case today(CalendarDay)
    /// A signal that ends per (SIGHUP, SIGTERM...): commit, save, quit.
    case hangup
}

/// What the store reports back after an effect or a poll.
public enum StoreEvent: Equatable, Sendable {
    case listsLoaded([ListEntry])
    /// A comparison's price history, in the order recorded (oldest first).
    case historyLoaded(ComparisonID, [PriceRecord])
    case opened(Comparison)
    /// Another session changed the open comparison: here it is as saved now.
    case externalChanges(Comparison)
    /// A product saved whole again after an earlier failure.
    case saved(ProductID)
    /// A product's field could not be saved (a long lock, a full disk): kept and tried again.
    case saveFailed(ProductID, reason: String)
    /// Something else could not be done (it is kept and tried again when it can be).
    case failed(String)
    /// A write that can never be done (a read-only database): said, not kept.
    case refused(String)
    /// Every write that had failed is done now.
    case allSaved
    /// Quitting waits: some writes are still not done.
    case quitWaits
    /// Another session deleted the open comparison; `withEdits`: a change made here is waiting for the user.
    case comparisonDeletedElsewhere(withEdits: Bool)
    /// Another session had deleted the open comparison; this session's copy was saved back.
    case restoredDeletedComparison
    /// This session deleted a comparison: here it is as it was, for Ctrl-Y on the list.
    case deletedComparison(Comparison)
    /// The database file was deleted, or another file moved over it: per opened the file now at the
    /// path (made again when missing) and saves the open comparison into it.
    case databaseFileChanged(path: String, replaced: Bool)
}

/// A field of one product.
public struct FieldFocus: Hashable, Sendable {
    public var product: Int
    public var field: ProductField
    public init(product: Int, field: ProductField) {
        self.product = product
        self.field = field
    }
}
