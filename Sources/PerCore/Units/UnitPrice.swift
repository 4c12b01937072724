import Foundation

/// A price for an amount in base units (g, mL, each). Compared by cross-multiplication,
/// so no division rounds anything before two products are ranked; a Double estimate settles
/// the comparisons that are not close, which is almost all of them, without Decimal arithmetic.
public struct UnitPrice: Comparable, Sendable {
    public let price: Decimal
    public let baseQuantity: Decimal
    private let estimate: Double

    public init(price: Decimal, baseQuantity: Decimal) {
        self.price = price
        self.baseQuantity = baseQuantity
        estimate = NSDecimalNumber(decimal: price).doubleValue / NSDecimalNumber(decimal: baseQuantity).doubleValue
    }

    /// Estimates further apart than this (relative) cannot belong to prices in the other order.
    private static let closeness = 1e-9

    public static func < (a: UnitPrice, b: UnitPrice) -> Bool {
        if a.estimate < b.estimate * (1 - closeness) { return true }
        if a.estimate > b.estimate * (1 + closeness) { return false }
        return a.price * b.baseQuantity < b.price * a.baseQuantity
    }

    public static func == (a: UnitPrice, b: UnitPrice) -> Bool {
        a.price * b.baseQuantity == b.price * a.baseQuantity
    }

    /// The price of `baseAmount` base units (the comparison basis).
    public func price(per baseAmount: Decimal) -> Decimal { price * baseAmount / baseQuantity }

    /// `price(per:)` as a Double, from the estimate: for display, where `MoneyFormat.unitPriceText` says when it is
    /// close enough.
    public func estimatedPrice(per baseAmount: Decimal) -> Double {
        estimate * NSDecimalNumber(decimal: baseAmount).doubleValue
    }

    /// How much more this costs than `best`, in percent: half-up to a whole number, or to one decimal under 1%.
    public func percentMore(than best: UnitPrice) -> Decimal {
        // The estimate decides when it is far from a rounding boundary; otherwise exact Decimal arithmetic does.
        let estimated = (estimate / best.estimate - 1) * 100
        let places = estimated < 0.999 ? 1 : estimated > 1.001 ? 0 : nil
        if let places, estimated.isFinite, estimated < 1e12 {
            let scaled = estimated * (places == 1 ? 10 : 1)
            let fraction = scaled - scaled.rounded(.down)
            if abs(fraction - 0.5) > 1e-6 {
                let units = Int64(scaled.rounded(.toNearestOrAwayFromZero))
                return Decimal(sign: .plus, exponent: -places, significand: Decimal(units))
            }
        }
        return exactPercentMore(than: best)
    }

    /// Exact for prices and quantities in `NumberRange`: the cross products have at most 37 digits, the
    /// quotient 38, and a percent of 10¹² or more is rounded to `NumberRange.significantDigits` digits.
    func exactPercentMore(than best: UnitPrice) -> Decimal {
        let ratio = (price * best.baseQuantity) / (best.price * baseQuantity)
        let percent = (ratio - 1) * 100
        guard !percent.isNaN else { return percent }
        if percent >= NumberRange.limit {
            return DecimalText.rounded(percent, significantDigits: NumberRange.significantDigits)
        }
        return DecimalText.rounded(percent, places: percent < 1 ? 1 : 0)
    }
}
