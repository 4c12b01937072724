/// Everything that can happen to the app. Keys, clicks and keypad presses all become these (clicks
/// already resolved by the layout on screen), and so do the database's answers: what a screen asked for comes back
/// as that screen's own action (`.shoppingList(.loaded)`), what concerns the whole app as `.database(...)`.
public enum Action: Equatable, Sendable {
    /// For the comparison screen (the editor, the table and the keypad).
    case comparison(ComparisonAction)
    /// For the shopping list (the saved comparisons).
    case shoppingList(ShoppingListAction)
    /// For the comparison's price history.
    case history(HistoryAction)
    /// For where to shop (from the shopping list).
    case whereToShop(WhereToShopAction)
    /// For whatever is on screen: help, questions, switching screens, quitting.
    case app(AppAction)
    case terminal(TerminalEvent)
    case database(DatabaseEvent)

    /// Something the user did (a key, a click), as against what the terminal or the database reported.
    /// Redrawing and suspending change nothing on screen, so they leave the status line alone.
    var isTheUsers: Bool {
        switch self {
        case .comparison(let action): action.isTheUsers
        case .shoppingList(let action): action.isTheUsers
        case .history(let action): action.isTheUsers
        case .whereToShop(let action): action.isTheUsers
        case .app(.redraw), .app(.suspend): false
        case .app: true
        case .terminal, .database: false
        }
    }
}

public enum AppAction: Equatable, Sendable {
    case toggleHelp
    /// The next page of the help, closing it after the last.
    case nextHelpPage
    /// The page before (none before the first).
    case previousHelpPage
    /// y or n to the question on screen.
    case answer(yes: Bool)
    case showShoppingList
    /// Ctrl-T on the comparison: the list, typing the open comparison's title.
    case renameComparison
    /// Ctrl-N on the comparison: the list, typing a new comparison's title.
    case newComparison
    /// Ctrl-V: the comparison's price history.
    case showHistory
    /// Ctrl-W on the shopping list: where to shop for its items.
    case showWhereToShop
    case redraw
    case suspend
    /// Ctrl-Q: commit the field in progress, save, quit.
    case quit
    /// While quitting waits for the database: stop waiting, write a recovery file and quit.
    case giveUpSaving
}

/// What the terminal (and the loop) reports, not the user.
public enum TerminalEvent: Equatable, Sendable {
    /// The first frame is on screen: what it did not wait for is read now.
    case started
    case resize(TerminalSize)
    case flashEnded
    /// The clock's day changed (the loop reads the clock at each poll): prices committed from now on are dated with it.
    case today(CalendarDay?)
    /// A signal that ends per (SIGHUP, SIGTERM...): commit, save, quit.
    case hangup
    /// Ctrl-Z could not suspend: no shell with job control started per, so nothing could resume it.
    case suspendRefused
}

/// What the database reports that concerns the whole app (a screen's own answers are that screen's actions).
public enum DatabaseEvent: Equatable, Sendable {
    case opened(Comparison)
    /// What waits to be saved, as the database session sees it after a write or a poll (sent when it changed).
    case saveStatus(SaveStatus)
    /// A write that can never be done (a read-only database): said, not kept.
    case refused(String)
    /// Quitting waits: some writes are still not done.
    case quitWaits
    /// A change made here waited for a comparison that another session deleted meanwhile (not the open one): the
    /// comparison (this title) was made again with the change, as a recovery file does, so nothing typed is lost.
    case savedIntoDeleted(title: String)
    /// Changes a per that ended (killed, crashed) left waiting on this database were found and saved (summary).
    case leftChangesSaved(String)
    /// The database is a copy for the road (`per copy`), taken at this time (as the shopper reads it).
    case onACopy(takenAt: String)
    /// A waiting file found beside the database was left alone (another account's, another database's…): the file
    /// and why, said the first time it is found.
    case leftFileAlone(String)
    /// Another session had deleted the open comparison; this session's copy was saved back.
    case restoredDeletedComparison
    /// This session deleted a comparison: here it is as it was, for Ctrl-Y on the list.
    case deletedComparison(Comparison)
    /// Ctrl-Y found the comparison (this title) saved again by another session already, as it was.
    case backAlready(String)
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
