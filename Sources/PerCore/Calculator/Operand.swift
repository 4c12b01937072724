import Foundation

/// A number as typed: sign, integer digits without leading zeros, and an optional fraction.
/// `fraction == ""` is a number whose decimal point was just typed (`12.`).
public struct Operand: Equatable, Sendable {
    public static let digitLimit = NumberRange.significantDigits

    public private(set) var isNegative: Bool
    public private(set) var integerDigits: String
    public private(set) var fraction: String?

    public init?(_ text: String) {
        var body = Substring(text)
        let negative = body.first == "-"
        if negative { body = body.dropFirst() }
        let parts = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let integer = parts.first, !integer.isEmpty,
              integer.allSatisfy({ $0.isASCII && $0.isNumber }),
              integer == "0" || integer.first != "0"
        else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : nil
        if let fraction, !fraction.allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
        self.isNegative = negative
        self.integerDigits = String(integer)
        self.fraction = fraction
    }

    public init(_ value: Decimal) {
        self.init(DecimalText.format(value))!
    }

    /// A fresh operand started by a digit or the decimal point.
    init(startingWith key: CalculatorKey) {
        isNegative = false
        if case .digit(let d) = key {
            integerDigits = String(d)
            fraction = nil
        } else {
            integerDigits = "0"
            fraction = ""
        }
    }

    public var text: String {
        (isNegative ? "-" : "") + integerDigits + (fraction.map { "." + $0 } ?? "")
    }

    public var value: Decimal { DecimalText.parse(text) ?? 0 }

    public var digitCount: Int { integerDigits.count + (fraction?.count ?? 0) }
    public var hasDecimalPoint: Bool { fraction != nil }
    public var canTakeDigit: Bool { digitCount < Self.digitLimit }

    mutating func append(digit: Int) {
        if let fraction {
            self.fraction = fraction + String(digit)
        } else if integerDigits == "0" {
            integerDigits = String(digit)
        } else {
            integerDigits += String(digit)
        }
    }

    mutating func appendDecimalPoint() {
        if fraction == nil { fraction = "" }
    }

    /// Deletes the last character; nil when nothing of the number is left.
    func droppingLast() -> Operand? {
        var copy = self
        if let fraction {
            copy.fraction = fraction.isEmpty ? nil : String(fraction.dropLast())
            return copy
        }
        copy.integerDigits = String(integerDigits.dropLast())
        return copy.integerDigits.isEmpty ? nil : copy
    }
}
