/// What the user does on the comparison screen.
public enum ComparisonAction: Equatable, Sendable {
    case keypad(CalculatorKey)
    case type(Character)
    case deleteBackward
    case clearField
    case nextField
    case previousField
    case nextProduct
    case previousProduct
    /// Esc: the focused field back to its value.
    case cancelEdit
    case stepUnit(Int)
    case selectUnit(MeasureUnit)
    case focus(FieldFocus)
    case paste(String)
    case stepBasis(Int)
    case toggleVolumeSystem
    /// Ctrl-S: entry order or best value first.
    case toggleTableOrder
    /// The mouse wheel over the table: the focus moves this many products (below zero: up).
    case scrollProducts(Int)
    case askDeleteProduct
    case askClearComparison
    /// Confirmed: delete this product (what named it when asked, for the message).
    case deleteProduct(ProductID, label: String)
    /// Confirmed: delete every product.
    case clearAll
    /// Writes the field in progress into its product before leaving the screen or quitting.
    case commitField
}
