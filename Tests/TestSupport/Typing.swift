import PerCore

/// Where `enter` leaves the focus after the last field it types.
public enum AfterEntry {
    /// The last field committed with Tab, as a user leaves it.
    case commit
    /// The last field's edit still in progress (not committed).
    case keepEditing
    /// On to the next product's price (a new one at the end), with Tab.
    case nextProduct
}

/// Something that takes the actions a user sends on the comparison screen: the reducer tests' store, a database
/// session's side. `enter(...)` types a product into it by field name.
public protocol ComparisonTypist {
    var state: AppState { get }
    /// Sends `action` through `update` (and performs what it leads to), unchecked.
    mutating func sendTyped(_ action: Action)
}

extension ComparisonTypist {
    /// Types the given fields into the focused product, in the fields' order: Tab (`.nextField`) until the focus is on
    /// the field, then its text, key by key through the key table. The field order is `ProductField`'s, so a test
    /// names what it types and counts no Tabs; only `tabWalksTheFieldsInOrder` states the order.
    public mutating func enter(price: String? = nil, quantity: String? = nil, unit: String? = nil, name: String? = nil,
                               shop: String? = nil, then after: AfterEntry = .commit) {
        let product = state.editing.focusedProduct.id
        let values: [ProductField: String] = [.price: price, .quantity: quantity, .unit: unit, .name: name, .shop: shop]
            .compactMapValues { $0 }
        for field in ProductField.allCases where values[field] != nil {
            tab(while: { $0.editing.focus.field != field && $0.editing.focusedProduct.id == product })
            for character in values[field]! {
                if let action = KeyTable.action(for: .character(character), in: state) { sendTyped(action) }
            }
        }
        switch after {
        case .keepEditing: return
        case .commit: sendTyped(.comparison(.nextField))
        case .nextProduct: tab(while: { $0.editing.focusedProduct.id == product })
        }
    }

    /// Tab while `condition` holds, at most once round the fields (a blank last product keeps the focus).
    private mutating func tab(while condition: (AppState) -> Bool) {
        for _ in ProductField.allCases where condition(state) { sendTyped(.comparison(.nextField)) }
    }
}

/// A bare state, for tests that render what was typed.
extension AppState: ComparisonTypist {
    public var state: AppState { self }
    public mutating func sendTyped(_ action: Action) { update(action) }
}

extension ComparisonTypist {
    /// Three oats, one after the other: small (3.99 for 500 g), big (6.99 for 1 kg), pound (3 for 1 lb); the focus on
    /// the fourth's price.
    public mutating func enterSmallBigAndPound() {
        enter(price: "3.99", quantity: "500", unit: "g", name: "small", then: .nextProduct)
        enter(price: "6.99", quantity: "1", unit: "kg", name: "big", then: .nextProduct)
        enter(price: "3", quantity: "1", unit: "lb", name: "pound", then: .nextProduct)
    }
}

extension ProductField {
    /// Where Tab goes from the unit: tests that Tab on from a unit say where it lands without stating the order.
    public static var afterUnit: ProductField { allCases[allCases.firstIndex(of: .unit)! + 1] }
}
