/// What the user does on the price history screen.
public enum HistoryAction: Equatable, Sendable {
    /// Up/Down, the mouse wheel: this many entries (below zero: up).
    case scroll(Int)
    /// PgDn/PgUp, Ctrl-F/Ctrl-B: this many pages.
    case scrollPage(Int)
    /// Home, Ctrl-A.
    case toFirst
    /// End, Ctrl-E.
    case toLast
    /// Esc, Ctrl-V: back to the comparison.
    case close
    /// The database's answer to `.loadHistory(_, for: .historyScreen)`: a comparison's prices, oldest first. The root
    /// makes the open comparison's price book of it (`.show`).
    case loaded(ComparisonID, [PriceRecord])
    /// The prices to show (arrived, or arrived again).
    case show(PriceBook)
    /// What the history tells the root.
    case delegate(Delegate)

    public enum Delegate: Equatable, Sendable {
        /// Back to the comparison screen.
        case closed
    }

    var isTheUsers: Bool {
        switch self {
        case .loaded, .show, .delegate: false
        case .scroll, .scrollPage, .toFirst, .toLast, .close: true
        }
    }
}
