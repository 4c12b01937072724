/// The fields of a product, in the order next/previous walks them.
public enum ProductField: String, CaseIterable, Sendable, Hashable {
    case price
    case quantity
    case unit
    case name

    public var isNumeric: Bool { self == .price || self == .quantity }

    public var title: String {
        switch self {
        case .price: "Price"
        case .quantity: "Quantity"
        case .unit: "Unit"
        case .name: "Name"
        }
    }
}
