import Foundation

/// A price for an amount in base units (g, mL, each). Compared by cross-multiplication,
/// so no division rounds anything before two products are ranked.
public struct UnitPrice: Comparable, Sendable {
    public var price: Decimal
    public var baseQuantity: Decimal

    public static func < (a: UnitPrice, b: UnitPrice) -> Bool {
        a.price * b.baseQuantity < b.price * a.baseQuantity
    }

    public static func == (a: UnitPrice, b: UnitPrice) -> Bool {
        a.price * b.baseQuantity == b.price * a.baseQuantity
    }

    /// The price of `baseAmount` base units (the comparison basis).
    public func price(per baseAmount: Decimal) -> Decimal { price * baseAmount / baseQuantity }

    /// How much more this costs than `best`, in percent: half-up to a whole number, or to one decimal under 1%.
    public func percentMore(than best: UnitPrice) -> Decimal {
        let ratio = (price * best.baseQuantity) / (best.price * baseQuantity)
        let percent = (ratio - 1) * 100
        return DecimalText.rounded(percent, places: percent < 1 ? 1 : 0)
    }
}
