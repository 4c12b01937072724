import Foundation

/// A price for an amount in base units (g, mL, each). Compared by cross-multiplication,
/// so no division rounds anything before two products are ranked; a Double estimate settles
/// the comparisons that are not close, which is almost all of them, without Decimal arithmetic.
public struct UnitPrice: Comparable, Sendable {
    public let price: Decimal
    /// The quantity, and its unit's factor when that is not a power of ten: multiplied only when an exact figure
    /// is needed (rarely: the estimate settles almost every comparison, and Decimal multiplication allocates).
    private let quantity: Decimal
    private let factor: Decimal?
    private let estimate: Double

    /// The quantity in base units (g, mL, each...), exactly.
    public var baseQuantity: Decimal { factor.map { quantity * $0 } ?? quantity }

    public init(price: Decimal, baseQuantity: Decimal) {
        self.price = price
        quantity = baseQuantity
        factor = nil
        estimate = NSDecimalNumber(decimal: price).doubleValue / NSDecimalNumber(decimal: baseQuantity).doubleValue
    }

    /// `quantity` of a unit whose factor to base units is `factor`.
    public init(price: Decimal, quantity: Decimal, factor: Decimal) {
        self.price = price
        self.quantity = quantity
        self.factor = factor
        estimate = NSDecimalNumber(decimal: price).doubleValue
            / (NSDecimalNumber(decimal: quantity).doubleValue * NSDecimalNumber(decimal: factor).doubleValue)
    }

    /// Whether one of the two is `times` the other or more (exactly: cross-multiplied): a unit or a point slipped.
    public func isFar(from other: UnitPrice, times: Decimal) -> Bool {
        let mine = price * other.baseQuantity, theirs = other.price * baseQuantity
        return mine >= theirs * times || theirs >= mine * times
    }

    /// Estimates further apart than this (relative) cannot belong to prices in the other order.
    private static let closeness = 1e-9

    public static func < (a: UnitPrice, b: UnitPrice) -> Bool {
        if a.estimate < b.estimate * (1 - closeness) { return true }
        if a.estimate > b.estimate * (1 + closeness) { return false }
        if a.isMade(like: b) { return false }
        return a.price * b.baseQuantity < b.price * a.baseQuantity
    }

    public static func == (a: UnitPrice, b: UnitPrice) -> Bool {
        if a.estimate < b.estimate * (1 - closeness) || a.estimate > b.estimate * (1 + closeness) { return false }
        if a.isMade(like: b) { return true }
        return a.price * b.baseQuantity == b.price * a.baseQuantity
    }

    /// Made of the very same numbers, bit for bit: equal without arithmetic. (A product's own unit price, looked
    /// up in the ranking for its rank, is always this case.)
    private func isMade(like other: UnitPrice) -> Bool {
        func same(_ x: Decimal, _ y: Decimal) -> Bool {
            withUnsafeBytes(of: x) { a in withUnsafeBytes(of: y) { b in a.elementsEqual(b) } }
        }
        switch (factor, other.factor) {
        case (nil, nil): break
        case (let f?, let g?): guard same(f, g) else { return false }
        case (nil, _?), (_?, nil): return false
        }
        return same(price, other.price) && same(quantity, other.quantity)
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
