import Foundation

/// What a numeric field holds while it is edited: at most one binary operation.
public enum CalculatorExpression: Equatable, Sendable {
    case empty
    case first(Operand)
    case pending(Operand, ArithmeticOperator)
    case both(Operand, ArithmeticOperator, Operand)

    /// The ASCII text of the expression (`12+3`, `-2*4`).
    public var text: String {
        switch self {
        case .empty: ""
        case .first(let a): a.text
        case .pending(let a, let op): a.text + String(op.rawValue)
        case .both(let a, let op, let b): a.text + String(op.rawValue) + b.text
        }
    }

    /// Reads text produced by `text` back; nil when it is not such text.
    public init?(parsing text: String) {
        if text.isEmpty { self = .empty; return }
        // The operator is the first operator character after the first operand's optional sign.
        let start = text.index(text.startIndex, offsetBy: text.hasPrefix("-") ? 1 : 0)
        guard let opIndex = text[start...].firstIndex(where: { ArithmeticOperator(rawValue: $0) != nil }) else {
            guard let a = Operand(text) else { return nil }
            self = .first(a)
            return
        }
        guard let a = Operand(String(text[..<opIndex])),
              let op = ArithmeticOperator(rawValue: text[opIndex]) else { return nil }
        let rest = String(text[text.index(after: opIndex)...])
        if rest.isEmpty { self = .pending(a, op); return }
        guard let b = Operand(rest), !b.isNegative else { return nil }
        self = .both(a, op, b)
    }
}
