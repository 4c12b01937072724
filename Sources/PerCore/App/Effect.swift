/// What the edges must do after an action: the store's work, or the terminal's. Performing one may
/// report back with an `Action` (`.store(...)`), which goes through `update` like any other.
public enum Effect: Equatable, Sendable {
    /// `keepsEarlierPrice`: false when the product's earlier price was never a price seen (a unit carried over,
    /// changed before the product was done), so the store does not keep it in the history.
    /// A product not saved yet is saved after the comparison's last product.
    case saveField(ProductField, product: Product, keepsEarlierPrice: Bool = true)
    case deleteProduct(ProductID)
    /// Ctrl-Y: a deleted product saved again whole at its place, the products at or after it moving down one.
    case restoreProduct(Product, position: Int)
    case deleteAllProducts([ProductID])
    case saveHeader
    case loadLists
    /// Read a comparison's price history (reported by `.store(.historyLoaded)`).
    case loadHistory(ComparisonID)
    case openComparison(ComparisonID)
    case createComparison(Comparison)
    /// A shopping-list item typed on the list: saved as a new comparison (a count of 1), not opened.
    case addListItem(Comparison)
    /// `+` / `-` on the list: a change of an item's count (a change, not a value: two sessions counting both count).
    case changeListCount(ComparisonID, by: Int)
    /// Space on the list: an item checked off (in the cart) or back.
    case setInCart(ComparisonID, Bool)
    /// The next trip: every check-off cleared.
    case clearCheckOffs
    /// `[` / `]` on the list grouped by store: a store's items in their new order (saved as aisles 1, 2…).
    case setAisleOrder([ComparisonID])
    /// Ctrl-W on the comparison: its product to buy pinned (nil: the best value again).
    case pinProduct(ProductID?)
    case renameComparison(ComparisonID, String)
    case deleteComparison(ComparisonID)
    /// Ctrl-Y on the list: save a comparison this session deleted again, whole (unless another session did).
    case restoreDeletedComparison(Comparison)
    /// The comparison left for another: deleted when it holds nothing (no title, no product), so blank
    /// untitled comparisons do not pile up.
    case discardIfBlank(ComparisonID)
    /// Another session deleted the open comparison and the user changed it here: save it whole again.
    case restoreComparison
    case repaint
    case suspend
    /// Quit once every write is done (the user may give up waiting).
    case quit
    /// Quit now, writing what could not be saved to a recovery file (after a hang-up, or when the
    /// user gives up waiting).
    case quitNow
}

extension Effect {
    /// Writes into the open comparison (they need its row).
    public var writesTheOpenComparison: Bool {
        switch self {
        case .saveField, .restoreProduct, .deleteProduct, .deleteAllProducts, .saveHeader, .pinProduct: true
        case .loadLists, .loadHistory, .openComparison, .createComparison, .addListItem, .changeListCount, .setInCart, .clearCheckOffs, .setAisleOrder, .renameComparison,
             .deleteComparison, .restoreDeletedComparison, .discardIfBlank, .restoreComparison, .repaint, .suspend, .quit, .quitNow: false
        }
    }
}

extension Effect {
    /// The product a write saves (its failure keeps it as unsaved), if it saves one.
    public var savedProduct: ProductID? {
        switch self {
        case .saveField(_, let product, _), .restoreProduct(let product, _): product.id
        case .deleteProduct, .deleteAllProducts, .saveHeader, .pinProduct, .loadLists, .loadHistory, .openComparison, .createComparison, .addListItem, .changeListCount, .setInCart, .clearCheckOffs, .setAisleOrder, .renameComparison,
             .deleteComparison, .restoreDeletedComparison, .discardIfBlank, .restoreComparison, .repaint, .suspend, .quit, .quitNow: nil
        }
    }
}
