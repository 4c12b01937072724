import Foundation

/// A number in a cell narrower than its text. Never its tail (`3333333` for 3.333333333333 reads as
/// three million): the number cut after its point with an ellipsis (`3.33333…`), else rounded to a
/// whole number, else in powers of ten (`1.2e11`).
public enum NumberFit {
    /// Plain decimal `text` (`-12.5`, `3.333333333333`) in at most `width` columns.
    public static func fit(_ text: String, width: Int, ellipsis: Character = "…") -> String {
        guard width > 0 else { return "" }
        if text.count <= width { return text }
        let negative = text.hasPrefix("-")
        let body = negative ? text.dropFirst() : Substring(text)
        let whole = body.prefix { $0 != "." }
        let fraction = body.dropFirst(whole.count + 1)
        let sign = negative ? "-" : ""
        // Cut after the point, keeping as many decimals as fit before the ellipsis.
        let decimals = width - sign.count - whole.count - 2
        if decimals >= 1, !fraction.isEmpty {
            return sign + whole + "." + fraction.prefix(decimals) + String(ellipsis)
        }
        // Rounded to a whole number.
        if let value = DecimalText.parse(text) {
            let rounded = DecimalText.format(DecimalText.rounded(value, places: 0))
            if rounded.count <= width { return rounded }
            // Powers of ten: as many digits of the mantissa as fit.
            let exponent = DecimalText.magnitude(of: value)
            let suffix = "e\(exponent)"
            for digits in stride(from: max(1, width - sign.count - suffix.count - 1), through: 1, by: -1) {
                let mantissa = DecimalText.rounded(value.magnitude, significantDigits: digits)
                // Rounding can carry into the next power (9.99 → 10); then the exponent is one more.
                let m = DecimalText.magnitude(of: mantissa)
                let scaled = mantissa / Decimal(sign: .plus, exponent: m, significand: 1)
                let candidate = sign + DecimalText.format(scaled) + "e\(m)"
                if candidate.count <= width { return candidate }
            }
        }
        return String(repeating: ellipsis, count: min(width, 1))
    }
}
