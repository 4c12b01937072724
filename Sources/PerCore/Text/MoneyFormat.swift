import Foundation

/// How per writes money for people: prices and unit prices, in the app's table and summary and in the
/// command line's tables (JSON and CSV keep exact decimal strings). The one place to change how money
/// reads: a currency symbol is a property here.
public struct MoneyFormat: Equatable, Sendable {
    /// Shown with amounts by `shown(_:)`; the amounts themselves are plain decimals.
    public var currency: Currency?
    /// The decimal mark `shown(_:)` writes (the amounts themselves keep a point).
    public var decimal: DecimalMark

    public init(currency: Currency? = nil, decimal: DecimalMark = .point) {
        self.currency = currency
        self.decimal = decimal
    }

    /// Plain decimals, no currency.
    public static let plain = MoneyFormat()

    /// An amount (from `price` or `unitPrice`) with the decimal mark and the currency, when there is one: `€2.50`,
    /// `CHF 2.50`, `2,50 €`.
    public func shown(_ amount: String) -> String { currency.format(decimal.shown(amount)) }

    /// A price as typed, with at least two decimals: `2.50`, `3.00`, `1.299`.
    public func price(_ value: Decimal) -> String {
        DecimalText.padFraction(DecimalText.format(value), to: 2)
    }

    /// A unit price: at least two decimals and at least three significant digits, its zeros kept, so that
    /// unit prices side by side read alike (`0.100` beside `0.147`, `6.61`, `12.35`); at most
    /// `NumberRange.significantDigits` significant digits.
    public func unitPrice(_ value: Decimal) -> String {
        guard !value.isNaN else { return "-" }
        if value.isZero { return "0.00" }
        // The magnitude after rounding to three digits: 0.9999 reads 1.00, not 1.000.
        let m = DecimalText.magnitude(of: DecimalText.rounded(value, significantDigits: 3))
        let places = max(2, 2 - m)
        if m + places >= NumberRange.significantDigits {
            return DecimalText.padFraction(DecimalText.format(DecimalText.rounded(value, significantDigits: NumberRange.significantDigits)), to: 2)
        }
        return DecimalText.padFraction(DecimalText.format(DecimalText.rounded(value, places: places)), to: places)
    }

    /// `unitPrice(exact)` from a Double estimate of the exact value (relative error about 10⁻¹⁵), without Decimal
    /// arithmetic (which allocates: a table of unit prices cost a fifth of the first paint). Nil when the estimate
    /// cannot decide every digit shown: near a rounding boundary, near a power of ten, or more than 12 digits long;
    /// the exact path decides those. The table's every row, so it matters.
    public static func unitPriceText(estimate: Double) -> String? {
        guard estimate.isFinite, estimate > 0 else { return nil }
        let logarithm = log10(estimate)
        guard abs(logarithm - logarithm.rounded()) > 1e-9 else { return nil }
        var m = Int(logarithm.rounded(.down))
        // Rounded to three significant digits first (0.9999 reads 1.00).
        let three = estimate / power(m - 2)
        guard abs(three - three.rounded(.down) - 0.5) > 1e-6 else { return nil }
        if three.rounded(.toNearestOrAwayFromZero) >= 1000 { m += 1 }
        let places = max(2, 2 - m)
        guard m + places < NumberRange.significantDigits else { return nil }
        let scaled = estimate * power(places)
        guard abs(scaled - scaled.rounded(.down) - 0.5) > max(1e-9, scaled * 1e-13) else { return nil }
        let digits = String(Int64(scaled.rounded(.toNearestOrAwayFromZero)))
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        return String(padded.dropLast(places)) + "." + String(padded.suffix(places))
    }

    /// 10ⁿ as a Double (within an ulp; the margins above allow for it).
    private static func power(_ n: Int) -> Double {
        n >= 0 ? pow(10, Double(n)) : 1 / pow(10, Double(-n))
    }
}
