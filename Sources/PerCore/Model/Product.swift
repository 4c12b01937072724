import Foundation

/// One product on the shelf. A field not entered yet is nil; a price of zero counts as not entered (as in Per).
public struct Product: Equatable, Hashable, Sendable {
    public var id: ProductID
    public var name: String
    public var price: Decimal?
    public var quantity: Decimal?
    public var unit: MeasureUnit?
    /// How the quantity was typed when it was a multipack (`6×330`); shown while it describes the quantity.
    public var pack: Multipack?

    public init(id: ProductID = .random(), name: String = "", price: Decimal? = nil, quantity: Decimal? = nil, unit: MeasureUnit? = nil,
                pack: Multipack? = nil) {
        self.id = id
        self.name = name
        self.price = price
        self.quantity = quantity
        self.unit = unit
        self.pack = pack
    }

    /// Nothing typed yet: no price, quantity or name. A unit alone does not count, since a new product carries
    /// over the unit of the one before it; a blank product is neither saved nor ranked until something is typed.
    public var isBlank: Bool { name.isEmpty && price == nil && quantity == nil }

    /// The quantity as the table shows it: the pack's shape (`6*330`) while it describes the quantity, else the number.
    public var quantityText: String? {
        guard let quantity else { return nil }
        if let pack, pack.describes(quantity) { return pack.text }
        return DecimalText.format(quantity)
    }
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
        case .otherFamily(let unit, let comparison): "\(unit.rawValue) can't be compared with \(comparison.rawValue)"
        case .outOfRange(let field, let violation): "\(field.rawValue) \(violation.shortMessage)"
        }
    }
}
