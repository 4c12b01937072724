/// What the user does on the list of saved comparisons.
public enum ShoppingListAction: Equatable, Sendable {
    case moveSelection(Int)
    /// PgDn, PgUp: a page of rows down (up).
    case movePage(Int)
    /// Home, End.
    case selectFirst
    case selectLast
    /// A tap on a row (not on its box, title or count buttons): selects it, nothing more.
    case choose(Int)
    /// A tap on a row's title: selects it and opens that comparison.
    case openRow(Int)
    /// A tap on a row's check box: selects it and ticks it off or back, as Space would.
    case tickRow(Int)
    /// Enter: opens the selected comparison.
    case open
    /// Esc, Ctrl-O: back to the comparison.
    case close
    case new
    case rename
    case askDelete
    /// Confirmed: delete this comparison.
    case delete(ListEntry)
    /// Ctrl-Y: bring back the comparison deleted last in this session.
    case undoDelete
    /// `/`: find a title.
    case find
    /// Finding: the next (previous) comparison whose title holds the text.
    case findNext(Int)
    /// A letter or digit on the list: starts typing a new item's title with it (`milk⏎eggs⏎`, Esc ends).
    case startItem(Character)
    /// `+` / `-`: the selected item's count up or down one (0: off the list, kept).
    case changeCount(Int)
    /// Space: the selected item ticked off (in the cart), or back.
    case toggleTick
    /// Ctrl-T: asks before clearing every tick for the next trip.
    case askClearTicks
    /// Confirmed: clear every tick.
    case clearTicks
    /// Ctrl-S: group the items by the shop of their product to buy, or back to most recently edited first.
    case toggleOrder
    /// Ctrl-L: the rows, which keep their places while the list is open, in the list's order again (and a redraw).
    case reorder
    /// `[` / `]` while grouped by shop: the selected item one place up (-1) or down (1) among its shop's items
    /// (its aisles); saved for every session, not an edit.
    case moveInAisle(Int)
    // Typing a title (new or rename)
    case type(Character)
    case paste(String)
    case deleteBackward
    case clearTitle
    case acceptTitle
    case cancelTitle
    /// Tab or Right while typing a list: the title typed becomes the saved title it begins (the completion shown).
    case acceptCompletion
    /// The database's answer to `.loadShoppingList`: the list as saved now.
    case loaded([ListEntry])
    /// What the list tells the root.
    case delegate(Delegate)

    public enum Delegate: Equatable, Sendable {
        /// Back to the comparison screen.
        case closed
        /// The open comparison was renamed here.
        case renamed(ComparisonID, String)
    }

    var isTheUsers: Bool {
        switch self {
        case .loaded, .delegate: false
        case .moveSelection, .movePage, .selectFirst, .selectLast, .choose, .openRow, .tickRow, .open, .close, .new, .rename, .askDelete, .delete,
             .undoDelete, .find, .findNext, .startItem, .changeCount, .toggleTick, .askClearTicks, .clearTicks, .toggleOrder,
             .reorder, .moveInAisle, .type, .paste, .deleteBackward, .clearTitle, .acceptTitle, .cancelTitle, .acceptCompletion: true
        }
    }
}
