/// What the user does on the price history screen.
public enum HistoryAction: Equatable, Sendable {
    /// Up/Down, the mouse wheel: the selection this many entries on (below zero: up); the page follows it.
    case scroll(Int)
    /// PgDn/PgUp, Ctrl-F/Ctrl-B: this many pages.
    case scrollPage(Int)
    /// Home, Ctrl-A.
    case toFirst
    /// End, Ctrl-E.
    case toLast
    /// A click on a row: the entry at this place in the list shown.
    case select(Int)
    /// Esc, Ctrl-V: back to the comparison.
    case close
    /// Ctrl-D: delete the selected entry (asks first); a product's price now is not an entry.
    case askDelete
    /// The confirmation's yes: the entry leaves the history (Ctrl-Y brings it back).
    case delete(PriceRecord)
    /// Ctrl-Y: the entry deleted last comes back.
    case undoDelete
    /// `l`: every entry, or the lowest seen at each shop.
    case toggleLowest
    /// `s` / `d`: fix the selected entry's shop or day, typed on the status line.
    case startFix(EntryFix.Field)
    /// Typing the fix.
    case typeFix(Character)
    case deleteBackwardInFix
    case clearFix
    /// Enter: the fix is saved (a day that is not one, or in the future, is refused and stays to be corrected).
    case acceptFix
    /// Esc while fixing: nothing changes.
    case cancelFix
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
        case .scroll, .scrollPage, .toFirst, .toLast, .select, .close, .askDelete, .delete, .undoDelete, .toggleLowest, .startFix, .typeFix,
             .deleteBackwardInFix, .clearFix, .acceptFix, .cancelFix: true
        }
    }
}

/// A history entry's shop or day being fixed: which entry, which field, the text so far.
public struct EntryFix: Equatable, Sendable {
    public enum Field: Equatable, Sendable {
        case shop
        case day
    }

    public var record: PriceRecord
    public var field: Field
    public var text: String

    public init(record: PriceRecord, field: Field, text: String) {
        self.record = record
        self.field = field
        self.text = text
    }
}
