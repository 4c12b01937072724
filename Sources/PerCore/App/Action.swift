/// Everything that can happen to the app. Keys, clicks and keypad presses all become these.
public enum Action: Equatable, Sendable {
    case keypad(CalculatorKey)
    case type(Character)
    case deleteBackward
    case clearField
    case nextField
    case previousField
    case nextProduct
    case previousProduct
    case cancelEdit
    case stepUnit(Int)
    case selectUnit(MeasureUnit)
    case focus(FieldFocus)
    case paste(String)
    case click(x: Int, y: Int)
    case stepBasis(Int)
    case toggleVolumeSystem
    case askDeleteProduct
    case askClearComparison
    case confirm
    case dismiss
    case toggleHelp
    case resize(width: Int, height: Int)
    case flashEnded
    case redraw
    case suspend
    case quit
    case hangup
    // The list of saved comparisons
    case showLists
    case listsLoaded([ListEntry])
    case moveSelection(Int)
    case openSelected
    case newComparison
    case renameSelected
    case moveSelected(Int)
    case askDeleteSelected
    case opened(Comparison)
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

/// What the app loop must do outside the pure core after an action.
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
