import Foundation
import Testing
@testable import PerCore

/// `DecimalText.parse` builds the usual numbers from their digits; the result must be Foundation's, exactly.
@Suite struct DecimalTextParseTests {
    static let posix = Locale(identifier: "en_US_POSIX")

    /// `format` writes the digits itself for the numbers per keeps: the same text as Foundation's `description`, for
    /// values built from text and from arithmetic (products, quotients, negatives, zeros, large exponents).
    @Test(arguments: 0..<4)
    func formatIsFoundationsDescription(seed: Int) {
        var rng = SeededRandom(seed: UInt64(9100 + seed))
        var values: [Decimal] = [0, 1, -1, 10, 100, Decimal(string: "2.50")!, Decimal(string: "-0.000000000001")!,
                                 Decimal(sign: .plus, exponent: 40, significand: 7), Decimal(sign: .minus, exponent: -60, significand: 123),
                                 Decimal(UInt64.max), Decimal(sign: .plus, exponent: -3, significand: 2500)]
        for _ in 0..<2000 {
            let a = DecimalText.parse(extremeInRange(using: &rng))!, b = DecimalText.parse(extremeInRange(using: &rng))!
            values += [a, -a, a * b, a / b, a - b, a * 1000]
        }
        var quick = 0
        for value in values {
            #expect(DecimalText.format(value) == value.description, "\(value.description)")
            if DecimalText.formatPlain(value) != nil { quick += 1 }
        }
        #expect(quick > values.count / 2)
    }

    @Test func theQuickPathGivesFoundationsValueAndText() {
        var generator = SystemRandomNumberGenerator()
        var samples = ["1", "0.5", "2.50", "12.345678901", "0.000001", "999999999999", "0.000000000001", "100", "1.0",
                       "007", "00.10", "123456789012345678", ".5", "5.", "3.99", "1000.000", "0.1"]
        for _ in 0..<20_000 {
            let integer = String(UInt64.random(in: 0...999_999_999, using: &generator))
            let fraction = String(UInt64.random(in: 0...99_999_999, using: &generator))
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: samples.append(integer)
            case 1: samples.append(integer + "." + fraction)
            case 2: samples.append("0." + String(repeating: "0", count: Int.random(in: 0...6, using: &generator)) + fraction)
            default: samples.append(integer + "." + fraction + "0")
            }
        }
        var quick = 0
        for text in samples {
            let expected = Decimal(string: text, locale: Self.posix)
            let parsed = DecimalText.parse(text)
            #expect(parsed == expected, "\(text)")
            #expect(parsed.map(DecimalText.format) == expected.map(DecimalText.format), "\(text)")
            if let fast = DecimalText.parsePlain(text) {
                quick += 1
                #expect(fast == expected && DecimalText.format(fast) == expected.map(DecimalText.format), "\(text)")
                #expect(DecimalText.plainFormat(text) == DecimalText.format(fast), "\(text)")
            }
        }
        #expect(quick > samples.count / 2) // the quick path is the one taken
        // What it leaves to Foundation: zero, signs, too many digits, anything else.
        for text in ["0", "0.00", "-1", "+1", "1234567890123456789", "1.2.3", "1e5", " 1", ""] {
            #expect(DecimalText.parsePlain(text) == nil, "\(text)")
            #expect(DecimalText.plainFormat(text) == nil, "\(text)")
        }
    }
}
