/// What the edges must do after an action, by who does it. Performing one may report back with an `Action`,
/// which goes through `update` like any other. Every effect carries what it needs: the edges never read the state.
public enum Effect: Equatable, Sendable {
    /// The database's work: writes (each naming its comparison) and reads.
    case database(DatabaseEffect)
    /// The terminal's (and the loop's) work.
    case terminal(TerminalEffect)
    /// Sends the action after this many milliseconds (the end of a key flash). A later timer for the same action
    /// replaces an earlier one.
    case after(milliseconds: Int, Action)
    /// A screen's delegate action for the root (`.shoppingList(.delegate(.closed))`): `AppState.update` handles it before it
    /// returns, so no edge ever receives one.
    case send(Action)
}

/// A change to one comparison's own data. It travels with the comparison's header as it was when asked
/// (`DatabaseEffect.edit`): a write that waits for a lock lands in that comparison whatever is open by then, and a
/// comparison with no row yet gets one first.
public enum ComparisonEdit: Equatable, Sendable {
    /// `keepsEarlierPrice`: false when the product's earlier price was never a price seen (a unit carried over,
    /// changed before the product was done), so the database does not keep it in the history.
    /// A product not saved yet is saved after the comparison's last product.
    case saveField(ProductField, product: Product, keepsEarlierPrice: Bool = true)
    /// Deleted, its price recorded in the history (a price seen: it is history now).
    case deleteProduct(ProductID)
    /// A product made by mistake taken back (Ctrl-R after a price went to the shop you are in): deleted, leaving no
    /// history entry.
    case withdrawProduct(ProductID)
    /// Ctrl-Y: a deleted product saved again whole at its place, the products at or after it moving down one.
    case restoreProduct(Product, position: Int)
    case deleteAllProducts([ProductID])
    /// The title, the comparison unit and the UK/US choice.
    case saveHeader
    /// Ctrl-W on the comparison: its product to buy pinned (nil: the best value again).
    case pinProduct(ProductID?)

    /// The product a write saves (its failure keeps it as unsaved), if it saves one.
    public var savedProduct: ProductID? {
        switch self {
        case .saveField(_, let product, _), .restoreProduct(let product, _): product.id
        case .deleteProduct, .withdrawProduct, .deleteAllProducts, .saveHeader, .pinProduct: nil
        }
    }
}

/// What the database does for the core.
public enum DatabaseEffect: Equatable, Sendable {
    case edit(ComparisonEdit, of: ComparisonHeader)
    /// A comparison saved whole again: another session deleted it and the user changed it here, or the database
    /// file was replaced. The writes still waiting for it are covered by it.
    case restoreComparison(Comparison)
    /// Read the shopping list (reported by `.shoppingList(.loaded)`).
    case loadShoppingList
    /// Read a comparison's price history: for the comparison's lowest seen (`.comparison(.historyLoaded)`) or for the
    /// history screen (`.history(.loaded)`).
    case loadHistory(ComparisonID, for: HistoryReader)
    /// The history screen's writes: one entry deleted, brought back or fixed.
    case changeHistoryEntry(HistoryEntryChange)
    /// Read a comparison to open it (reported by `.database(.opened)`).
    case openComparison(ComparisonID)
    /// Save a new comparison and open it.
    case createComparison(Comparison)
    /// Open a new comparison without saving it (after the last one was deleted): its first write makes it.
    case openNew(Comparison)
    /// A shopping-list item typed on the list: saved as a new comparison (a count of 1), not opened.
    case addListItem(Comparison)
    /// `+` / `-` on the list: a change of an item's count (a change, not a value: two sessions counting both count),
    /// `by` packs of `pack` added to its amount (`ListItem.counted`, DECISIONS 344); nil: no amount, the count as packs.
    case changeListCount(ComparisonID, by: Int, pack: ListAmount? = nil)
    /// Space on the list: an item ticked off (in the cart) or back.
    case setTicked(ComparisonID, Bool)
    /// The next trip: every tick cleared.
    case clearTicks
    /// `[` / `]` on the list grouped by shop: the item one place up (-1) or down (1) among its shop's items as they
    /// are in the database then (numbered aisles 1, 2…): a move, so two sessions moving at once both keep theirs.
    case moveInAisle(ComparisonID, by: Int, at: ShopName?)
    case renameComparison(ComparisonID, String)
    case deleteComparison(ComparisonID)
    /// Ctrl-Y on the list: save a comparison this session deleted again, whole (unless another session did).
    case restoreDeletedComparison(Comparison)
    /// The comparison left for another: deleted when it holds nothing (no title, no product), so blank
    /// untitled comparisons do not pile up.
    case discardIfBlank(ComparisonID)
}

/// A change to one entry of a comparison's price history (the history screen).
public enum HistoryEntryChange: Equatable, Sendable {
    case delete(PriceEntryID, of: ComparisonID)
    /// Ctrl-Y: a deleted entry back, under its id when it is still free.
    case restore(PriceRecord, in: ComparisonID)
    /// Where and when it was seen (nil: a day not known).
    case fix(PriceEntryID, of: ComparisonID, shop: String, seen: CalendarDay?)
}

/// Who reads a price history.
public enum HistoryReader: Equatable, Sendable {
    /// The open comparison, for "Lowest seen" when a price is committed.
    case lowestSeen
    /// The history screen (Ctrl-V).
    case historyScreen
}

/// What the terminal and the loop do.
public enum TerminalEffect: Equatable, Sendable {
    case repaint
    case suspend
    /// Quit once every write is done (the user may give up waiting).
    case quit
    /// Quit now, writing what could not be saved to a recovery file (after a hang-up, or when the
    /// user gives up waiting).
    case quitNow
}

/// What the database session watches between polls: the open comparison (saved again into a replaced file) and
/// whether the list is on view (read again when another session changes it).
public struct DatabaseWatch: Equatable, Sendable {
    public var open: Comparison
    public var shoppingListOnView: Bool
    /// Nothing was typed into the open comparison (nor is being typed): when it was never saved and another session
    /// makes a comparison, this session opens that one instead (sessions started together on a new file share one).
    public var openUntouched: Bool
    public init(open: Comparison, shoppingListOnView: Bool, openUntouched: Bool = false) {
        self.open = open
        self.shoppingListOnView = shoppingListOnView
        self.openUntouched = openUntouched
    }
}
