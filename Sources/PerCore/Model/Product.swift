import Foundation

/// One product on the shelf. A field not entered yet is nil; a price of zero counts as not entered (as in Per).
public struct Product: Equatable, Hashable, Sendable {
    public var id: ProductID
    public var name: String
    public var price: Decimal?
    public var quantity: Decimal?
    public var unit: MeasureUnit?

    public init(id: ProductID = .random(), name: String = "", price: Decimal? = nil, quantity: Decimal? = nil, unit: MeasureUnit? = nil) {
        self.id = id
        self.name = name
        self.price = price
        self.quantity = quantity
        self.unit = unit
    }

    /// Nothing entered yet.
    public var isBlank: Bool { name.isEmpty && price == nil && quantity == nil && unit == nil }
}

/// Why a product is left out of the ranking.
public enum ProductProblem: Equatable, Sendable {
    case noPrice
    case negativePrice
    case noQuantity
    case nonPositiveQuantity
    case noUnit
    case otherFamily(UnitFamily, comparison: UnitFamily)
    /// A price or quantity outside `NumberRange` (only a database written before the rule holds one).
    case outOfRange(ProductField, NumberRange.Violation)

    public var message: String {
        switch self {
        case .noPrice: "no price yet"
        case .negativePrice: "price below zero"
        case .noQuantity: "no quantity yet"
        case .nonPositiveQuantity: "quantity must be above zero"
        case .noUnit: "no unit yet"
        case .otherFamily(let unit, let comparison): "\(unit.name) can't be compared with \(comparison.name)"
        case .outOfRange(let field, let violation): "\(field.rawValue) \(violation.shortMessage)"
        }
    }
}
