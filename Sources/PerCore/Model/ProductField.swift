/// The fields of a product, in the order next/previous walks them.
public enum ProductField: String, CaseIterable, Sendable, Hashable {
    case price
    case quantity
    case unit
    case name
    case shop

    public var isNumeric: Bool {
        switch self {
        case .price, .quantity: true
        case .unit, .name, .shop: false
        }
    }

    /// Committing a change to this field sets the product's `seen` day and keeps the earlier price in the history.
    public var isPricing: Bool {
        switch self {
        case .price, .quantity, .unit: true
        case .name, .shop: false
        }
    }

    public var title: String {
        switch self {
        case .price: "Price"
        case .quantity: "Quantity"
        case .unit: "Unit"
        case .name: "Name"
        case .shop: "Shop"
        }
    }
}
