/// What the edges must do after an action: the store's work, or the terminal's. Performing one may
/// report back with an `Action` (`.store(...)`), which goes through `update` like any other.
public enum Effect: Equatable, Sendable {
    case saveField(ProductField, product: Product, position: Int)
    case deleteProduct(ProductID)
    case deleteAllProducts([ProductID])
    case saveHeader
    case loadLists
    case openComparison(ComparisonID)
    case createComparison(Comparison)
    case renameComparison(ComparisonID, String)
    case moveComparison(ComparisonID, to: Int)
    case deleteComparison(ComparisonID)
    /// Another session deleted the open comparison and the user keeps it: save it whole again.
    case restoreComparison
    /// Another session deleted the open comparison and the user lets it go: open the most recently
    /// edited one, else `fallback` (new and empty).
    case openMostRecent(fallback: Comparison)
    case repaint
    case suspend
    /// Quit once every write is done (the user may give up waiting).
    case quit
    /// Quit now, writing what could not be saved to a recovery file (after a hang-up, or when the
    /// user gives up waiting).
    case quitNow
}
