import Foundation

/// Exact decimal text in and out, independent of the user's locale.
public enum DecimalText {
    /// Parses plain decimal notation (`12`, `0.5`, `-3.25`); nil for anything else.
    public static func parse(_ text: String) -> Decimal? {
        if let quick = parsePlain(text) { return quick }
        var body = Substring(text)
        if body.first == "-" { body = body.dropFirst() }
        guard !body.isEmpty,
              body.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              body.filter({ $0 == "." }).count <= 1,
              body.contains(where: \.isNumber)
        else { return nil }
        // No locale: "." is the separator. A locale (even en_US_POSIX) loads ICU's number formatting, which cost a
        // tenth of the first paint; the results are the same for the plain notation checked above.
        return Decimal(string: text)
    }

    /// A number as a spreadsheet writes it back in scientific notation (`1E-12`, `2.5e+3`: what LibreOffice saves for a
    /// price of 0.000000000001 read from a CSV), in plain notation (`0.000000000001`, `2500`), so that the number range
    /// rules judge its text as they judge any other (decision 364); nil for any other text, and for an exponent past 40
    /// either way (far outside the range: refused as no number).
    public static func plainFromScientific(_ text: String, largestExponent: Int = 40) -> String? {
        let bytes = Array(text.utf8)
        guard let e = bytes.firstIndex(where: { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }), e > 0 else { return nil }
        let mantissa = bytes[..<e], exponentText = bytes[(e + 1)...]
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let points = mantissa.filter { $0 == UInt8(ascii: ".") }.count
        guard points <= 1, mantissa.contains(where: isDigit), mantissa.allSatisfy({ isDigit($0) || $0 == UInt8(ascii: ".") }) else { return nil }
        var exponentDigits = exponentText[...]
        var negative = false
        if let sign = exponentDigits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            exponentDigits = exponentDigits.dropFirst()
        }
        guard !exponentDigits.isEmpty, exponentDigits.count <= 3, exponentDigits.allSatisfy(isDigit),
              let magnitude = Int(String(decoding: exponentDigits, as: UTF8.self)), magnitude <= largestExponent else { return nil }
        let exponent = negative ? -magnitude : magnitude
        let point = mantissa.firstIndex(of: UInt8(ascii: ".")) ?? mantissa.endIndex
        var digits = Array(mantissa.filter(isDigit))
        var pointAt = point - mantissa.startIndex + exponent   // digits before the point
        if pointAt <= 0 {
            digits = Array(repeating: UInt8(ascii: "0"), count: 1 - pointAt) + digits
            pointAt = 1
        } else if pointAt > digits.count {
            digits += Array(repeating: UInt8(ascii: "0"), count: pointAt - digits.count)
        }
        let whole = digits[..<pointAt], fraction = digits[pointAt...]
        return String(decoding: whole, as: UTF8.self) + (fraction.isEmpty ? "" : "." + String(decoding: fraction, as: UTF8.self))
    }

    /// The number a spreadsheet reads in `text`, as it reads a CSV cell: plain digits (`0884` is 884) or scientific
    /// notation (`1e40`, `1E+40`); nil for text it keeps as text. `per show` matches a short id by it (decision 364).
    public static func spreadsheetNumber(_ text: String) -> Decimal? {
        guard text.utf8.allSatisfy({ $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: " ") }) else { return nil }
        return parse(plainFromScientific(text, largestExponent: 99) ?? text)
    }

    /// The usual case of `parse` without Foundation's string parsing (slow on Linux): a positive number of at most
    /// 18 digits with at most one point, built from its digits. Nil when the text is anything else (zero, a sign,
    /// more digits), which `parse` then reads the long way. The same value and text as `Decimal(string:)` (tested).
    static func parsePlain(_ text: String) -> Decimal? {
        var mantissa: UInt64 = 0
        var digits = 0
        var fraction = 0
        var seenPoint = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if digits > 18 { return nil }
                mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                if seenPoint { fraction += 1 }
            case UInt8(ascii: "."):
                if seenPoint { return nil }
                seenPoint = true
            default:
                return nil
            }
        }
        guard mantissa != 0 else { return nil }
        return Decimal(sign: .plus, exponent: -fraction, significand: Decimal(mantissa))
    }

    /// `format(parse(text))` for the texts `parsePlain` reads, from the text alone: no leading zeros before the
    /// units, no trailing zeros after the point, no point without decimals (`007.50` → `7.5`). Nil for other text.
    public static func plainFormat(_ text: String) -> String? {
        let bytes = Array(text.utf8)
        var digits = 0
        var point: Int? = nil
        var nonZero = false
        for (i, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digits += 1
                if byte != UInt8(ascii: "0") { nonZero = true }
            case UInt8(ascii: "."):
                if point != nil { return nil }
                point = i
            default:
                return nil
            }
        }
        guard digits <= 18, nonZero else { return nil }
        let end = point ?? bytes.count
        var start = 0
        while start < end - 1, bytes[start] == UInt8(ascii: "0") { start += 1 }
        var out = start < end ? Array(bytes[start..<end]) : [UInt8(ascii: "0")]
        if let point {
            var last = bytes.count - 1
            while last > point, bytes[last] == UInt8(ascii: "0") { last -= 1 }
            if last > point { out.append(contentsOf: bytes[point...last]) }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Plain notation without trailing zeros or exponent: `2.5`, `0.0000001`, `-2`.
    public static func format(_ value: Decimal) -> String {
        formatPlain(value) ?? value.description
    }

    /// `value.description` for a significand below 10¹⁹ (every number per keeps) from its digits, without
    /// Foundation's conversion, which divides the 128-bit mantissa by ten digit by digit (about fifty times
    /// slower; the table formats every price and quantity). Nil for anything else. The same text (tested).
    static func formatPlain(_ value: Decimal) -> String? {
        guard !value.isNaN else { return nil }
        if value.isZero { return "0" }
        let significand = value.significand
        let size = NSDecimalNumber(decimal: significand).doubleValue
        let exponent = value.exponent
        guard size < 1e19, (-64...64).contains(exponent) else { return nil }
        var digits = Array(String(NSDecimalNumber(decimal: significand).uint64Value).utf8)
        var text: [UInt8] = value.isSignMinus ? [UInt8(ascii: "-")] : []
        if exponent >= 0 {
            text += digits
            text += repeatElement(UInt8(ascii: "0"), count: exponent)
        } else {
            let integerDigits = digits.count + exponent
            if integerDigits <= 0 {
                digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: 1 - integerDigits), at: 0)
            }
            let point = digits.count + exponent
            var last = digits.count - 1
            while last >= point, digits[last] == UInt8(ascii: "0") { last -= 1 }
            text += digits[..<point]
            if last >= point {
                text.append(UInt8(ascii: "."))
                text += digits[point...last]
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Rounds half away from zero (half-up for the positive values per deals in) to `places` decimals.
    public static func rounded(_ value: Decimal, places: Int) -> Decimal {
        var input = value
        var output = Decimal()
        NSDecimalRound(&output, &input, places, .plain)
        return output
    }

    /// Rounds to `digits` significant digits (half-up); zero stays zero.
    public static func rounded(_ value: Decimal, significantDigits digits: Int) -> Decimal {
        guard !value.isZero, !value.isNaN else { return value }
        return rounded(value, places: digits - 1 - magnitude(of: value))
    }

    /// The power of ten of the leading digit: 123.4 → 2, 0.05 → -2.
    public static func magnitude(of value: Decimal) -> Int {
        let size = value.magnitude
        guard !size.isZero, !size.isNaN else { return 0 }
        // An estimate from Double, then corrected exactly against powers of ten.
        let estimate = log10(NSDecimalNumber(decimal: size).doubleValue)
        var m = estimate.isFinite ? Int(estimate.rounded(.down)) : 0
        // Away from a power of ten the estimate is exact (Double's error is about 10⁻¹⁶); near one, Decimal decides.
        if estimate.isFinite, abs(estimate - estimate.rounded()) > 1e-9 { return m }
        while m > -130, power(of: m) > size { m -= 1 }
        while m < 130, power(of: m + 1) <= size { m += 1 }
        return m
    }

    private static func power(of exponent: Int) -> Decimal {
        Decimal(sign: .plus, exponent: exponent, significand: 1)
    }

    /// Pads the fraction with zeros to at least `minimum` places: `7.9` → `7.90`.
    public static func padFraction(_ text: String, to minimum: Int) -> String {
        guard let dot = text.firstIndex(of: ".") else {
            return text + "." + String(repeating: "0", count: minimum)
        }
        let places = text.distance(from: text.index(after: dot), to: text.endIndex)
        return text + String(repeating: "0", count: max(0, minimum - places))
    }
}
