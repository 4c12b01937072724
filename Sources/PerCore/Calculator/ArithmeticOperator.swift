import Foundation

/// The four keypad operations. The raw value is the ASCII spelling used in stored text.
public enum ArithmeticOperator: Character, CaseIterable, Sendable, Hashable {
    case plus = "+"
    case minus = "-"
    case times = "*"
    case divide = "/"

    public var name: String {
        switch self {
        case .plus: "plus"
        case .minus: "minus"
        case .times: "times"
        case .divide: "divide"
        }
    }
}
