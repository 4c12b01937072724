/// A press on the keypad as the layout resolved it: the key nearest the pointer anywhere in the keypad's rectangle.
public enum KeypadTouch: Equatable, Sendable {
    /// The button went down over this key.
    case down(CalculatorKey)
    /// The pointer moved with the button down: over this key, or off the keypad (nil).
    case moved(CalculatorKey?)
    /// The button let go: over this key, which fires; off the keypad (nil), nothing fires.
    case up(CalculatorKey?)
}

/// What the user does on the comparison screen.
public indirect enum ComparisonAction: Equatable, Sendable {
    case keypad(CalculatorKey)
    /// A press on the keypad, its moves and its release (`Chrome.keypadPress`): the key fires on release.
    case keypadTouch(KeypadTouch)
    case type(Character)
    case deleteBackward
    /// Delete: the character under the cursor (the name field).
    case deleteForward
    /// Left/Right, Home/End, Ctrl-A/Ctrl-E in the name field.
    case moveCursor(TextField.Motion)
    case clearField
    case nextField
    /// Enter: to the next product's price when the focused product has price, quantity and unit; else, and always from
    /// the quantity (on to its unit), `nextField`.
    case finishProduct
    case previousField
    /// `next ›` tapped: the field as it shows, a suggestion taken and checked as Enter takes it, then the next field.
    case nextFieldTakingSuggestion
    case nextProduct
    case previousProduct
    /// Esc: the focused field back to its value.
    case cancelEdit
    case stepUnit(Int)
    /// The unit picker's next (previous) family: its first unit selected, as a step would.
    case stepUnitFamily(Int)
    case selectUnit(MeasureUnit)
    case focus(FieldFocus)
    case paste(String)
    case stepBasis(Int)
    case toggleVolumeSystem
    /// Ctrl-S: entry order or best value first.
    case toggleTableOrder
    /// Ctrl-W: the focused product is the one to buy on the shopping list (pinned), or no longer is.
    case togglePin
    /// Ctrl-X: this comparison one more time on the shopping list (made first when it is not saved yet).
    case addToList
    /// The mouse wheel over the table: the focus moves this many products (below zero: up).
    case scrollProducts(Int)
    case askDeleteProduct
    case askClearComparison
    /// Confirmed: delete this product (what named it when asked, for the message).
    case deleteProduct(ProductID, label: String)
    /// Confirmed: delete every product.
    case clearAll
    /// Ctrl-Y: brings back the value the last commit overwrote, else what the last Ctrl-D or Ctrl-K deleted (several
    /// steps deep).
    case undoDeletion
    /// Ctrl-R after a price typed on another shop's product went to the shop you are in: it was that shop's price
    /// after all, so it corrects that product and the shop you are in keeps nothing of it.
    case itWasTheOtherShops
    /// Writes the field in progress into its product before leaving the screen or quitting.
    case commitField
    /// Enter on the question about an unlikely price (`UnlikelyPrice`): `product` is kept as typed, and what asked is
    /// done (`then`).
    case keepUnlikelyPrice(Product, then: ComparisonAction)
    // What the database answers
    /// The comparison's price history, in the order recorded (oldest first): its lowest seen.
    case historyLoaded(ComparisonID, [PriceRecord])
    /// Another session changed the open comparison: here it is as saved now, with this session's changes that wait
    /// to be written laid over it.
    case externalChanges(Comparison)
    /// How many of the comparison are on the shopping list (when it is opened, and when another session changes it).
    case listCounted(ComparisonID, Int)

    var isTheUsers: Bool {
        switch self {
        case .historyLoaded, .externalChanges, .listCounted: false
        case .keypad, .type, .deleteBackward, .deleteForward, .moveCursor, .clearField, .nextField, .nextFieldTakingSuggestion, .finishProduct, .previousField,
             .nextProduct, .previousProduct, .cancelEdit, .stepUnit, .stepUnitFamily, .selectUnit, .focus, .paste, .stepBasis, .toggleVolumeSystem,
             .toggleTableOrder, .togglePin, .addToList, .scrollProducts, .askDeleteProduct, .askClearComparison, .deleteProduct, .clearAll,
             .undoDeletion, .itWasTheOtherShops, .commitField, .keypadTouch, .keepUnlikelyPrice: true
        }
    }

    /// Whether it commits the field in progress and moves on (what an unlikely price is asked about before). Leaving the
    /// screen, quitting, Ctrl-Y and Ctrl-R commit without asking: nothing typed is lost.
    var leavesTheField: Bool {
        switch self {
        case .nextField, .nextFieldTakingSuggestion, .finishProduct, .previousField, .nextProduct, .previousProduct, .focus, .scrollProducts,
             .selectUnit: true
        case .keypad, .keypadTouch, .type, .deleteBackward, .deleteForward, .moveCursor, .clearField, .cancelEdit, .stepUnit,
             .stepUnitFamily, .paste, .stepBasis, .toggleVolumeSystem, .toggleTableOrder, .togglePin, .addToList, .askDeleteProduct,
             .askClearComparison, .deleteProduct, .clearAll, .undoDeletion, .itWasTheOtherShops, .commitField, .keepUnlikelyPrice,
             .historyLoaded, .externalChanges, .listCounted: false
        }
    }
}
