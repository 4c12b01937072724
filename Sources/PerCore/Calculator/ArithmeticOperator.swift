import Foundation

/// The four keypad operations. The raw value is the ASCII spelling used in stored text.
public enum ArithmeticOperator: Character, CaseIterable, Sendable, Hashable {
    case plus = "+"
    case minus = "-"
    case times = "*"
    case divide = "/"
}
