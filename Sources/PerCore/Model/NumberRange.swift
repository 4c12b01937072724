import Foundation

/// The numbers per keeps exactly: zero, or at most 12 significant digits with a size from
/// 0.000000000001 (10⁻¹²) up to 999,999,999,999 (below 10¹²). Every price, quantity and
/// comparison amount (`per 100 g`) is in this range; the keypad, `per compare` and import refuse
/// anything else, naming the value, and a comparison leaves out a product that holds one (a
/// database written before this rule).
///
/// Why this range. Foundation's `Decimal` keeps 38 significant digits (a 128-bit mantissa) with a
/// power of ten from -128 to 127, and past that it rounds silently or gives NaN, which is what
/// made `1e-83` crash per. Every figure per derives must stay inside that, exactly:
///
/// - The keypad's largest typed number (12 digits, `999999999999`) and its smallest
///   (`0.00000000001`) are inside, so a digit is never refused for its size, only `=`.
/// - A base quantity is quantity × unit factor. The longest factor, 1 US tbsp = 14.78676478125 mL,
///   has 13 significant digits, so a base quantity has at most 12 + 13 = 25.
/// - Ranking compares price₁ × base quantity₂ with price₂ × base quantity₁: at most
///   12 + 25 = 37 significant digits, inside Decimal's 38, so no comparison is ever rounded. The
///   lowest digit is at 10⁻²³ × 10⁻²³ × 10⁻¹¹ = 10⁻⁵⁷ and the highest below 10¹² × 10¹² × 10⁴ = 10²⁸,
///   far inside 10⁻¹²⁸ to 10¹²⁷.
/// - On the keypad, `a + b` and `a − b` of two numbers in range span at most 10¹² to 10⁻²³: 36
///   digits, exact; `a × b` has at most 24 significant digits, exact. A result is then kept only if
///   it is in range itself; `a ÷ b` is rounded to 12 significant digits first (a quotient has no
///   exact decimal in general).
/// - A unit price in any basis is price × basis amount × basis factor ÷ base quantity: the
///   numerator is exact (37 digits), and the quotient lies between about 10⁻⁴³ and 10⁴⁰, so
///   Decimal's 38-digit quotient never loses the 12 digits that are shown or exported.
/// - "+N% more" is (price₁ × base quantity₂) ÷ (price₂ × base quantity₁): at most about 10⁵⁵,
///   computed to 38 digits and shown half-up to a whole percent (one decimal under 1%) and to at
///   most 12 significant digits, so it never claims digits it does not have.
///
/// Twelve digits is also what a person can type in one number on the keypad; a wider range would
/// push the cross products past 38 digits. Nothing here depends on the order of the products.
public enum NumberRange {
    /// Significant digits kept in one number (and the keypad's digits per typed number).
    public static let significantDigits = 12
    /// The smallest size kept: 10⁻¹² (0.000000000001).
    public static let smallestExponent = -12
    /// Sizes below 10¹² are kept: at most 12 integer digits.
    public static let limitExponent = 12

    public static let smallest = Decimal(sign: .plus, exponent: smallestExponent, significand: 1)
    public static let limit = Decimal(sign: .plus, exponent: limitExponent, significand: 1)
    /// The largest number kept: 999999999999.
    public static let largest = limit - 1

    /// Why a number is outside the range.
    public enum Violation: Equatable, Sendable {
        case notANumber
        case tooManyDigits
        case tooLarge
        case tooSmall

        /// Short words for a table cell: "too small".
        public var shortMessage: String {
            switch self {
            case .notANumber: "not a number"
            case .tooManyDigits: "over \(NumberRange.significantDigits) digits"
            case .tooLarge: "too large"
            case .tooSmall: "too small"
            }
        }

        /// A sentence naming the value: `0.0000000000001 is too small (at least 0.000000000001)`.
        public func message(naming value: String) -> String {
            switch self {
            case .notANumber: "\(value) is not a number"
            case .tooManyDigits: "\(value) has more than \(NumberRange.significantDigits) significant digits"
            case .tooLarge: "\(value) is too large (at most \(DecimalText.format(NumberRange.largest)))"
            case .tooSmall: "\(value) is too small (at least \(DecimalText.format(NumberRange.smallest)), or 0)"
            }
        }
    }

    public static func contains(_ value: Decimal) -> Bool { violation(of: value) == nil }

    /// Nil when `value` is kept exactly; otherwise why not.
    public static func violation(of value: Decimal) -> Violation? {
        if value.isNaN { return .notANumber }
        if value.isZero { return nil }
        let size = value.magnitude
        // Well inside the sizes kept, with a significand below 10¹² (as a Double exactly when it is an integer
        // below 2⁵³): kept, without Decimal comparisons (the usual case, for every product the table shows).
        let estimate = NSDecimalNumber(decimal: size).doubleValue
        if estimate > 1.01e-12, estimate < 0.99e12, NSDecimalNumber(decimal: size.significand).doubleValue < 1e12 { return nil }
        if size >= limit { return .tooLarge }
        if size < smallest { return .tooSmall }
        // A significand below 10¹² has at most 12 digits: kept (the usual case, without rounding anything).
        if size.significand < limit { return nil }
        let places = significantDigits - 1 - DecimalText.magnitude(of: size)
        if DecimalText.rounded(size, places: places) != size { return .tooManyDigits }
        return nil
    }

    /// The same rule for decimal text as written in a file (`12`, `-0.5`), read digit by digit, so a
    /// 100-digit number or `0.` followed by 200 zeros is judged before `Decimal` rounds it.
    /// Nil for text in range and for text that is not plain decimal notation (the parser refuses that).
    public static func violation(ofText text: String) -> Violation? {
        var digits: [UInt8] = []
        var integerCount = 0
        var seenPoint = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits.append(byte - UInt8(ascii: "0"))
                if !seenPoint { integerCount += 1 }
            case UInt8(ascii: "."): seenPoint = true
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "): continue
            default: return nil
            }
        }
        guard let first = digits.firstIndex(where: { $0 != 0 }), let last = digits.lastIndex(where: { $0 != 0 }) else {
            return nil // zero
        }
        let magnitude = integerCount - 1 - first // power of ten of the leading digit
        if magnitude >= limitExponent { return .tooLarge }
        if magnitude < smallestExponent { return .tooSmall }
        if last - first + 1 > significantDigits { return .tooManyDigits }
        return nil
    }

    /// A value short enough for a message: plain text up to 24 characters, else scientific
    /// notation with its first 12 digits (`1.00000000001e-83`).
    public static func shortText(_ value: Decimal) -> String {
        if value.isNaN { return "NaN" }
        let plain = DecimalText.format(value)
        if plain.count <= 24 { return plain }
        let m = DecimalText.magnitude(of: value)
        let scaled = DecimalText.rounded(value.magnitude / Decimal(sign: .plus, exponent: m, significand: 1), places: significantDigits - 1)
        var digits = DecimalText.format(scaled)
        if value.magnitude != scaled * Decimal(sign: .plus, exponent: m, significand: 1) { digits += "…" }
        return (value < 0 ? "-" : "") + digits + "e" + String(m)
    }
}
