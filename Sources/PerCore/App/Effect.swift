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
    case repaint
    case suspend
    case quit
}
