import Foundation

/// The calculator behind one numeric field. Which keys are enabled is derived from the state.
public struct CalculatorEngine: Equatable, Sendable {
    /// Division results are rounded to this many significant digits: all that a number keeps (`NumberRange`).
    public static let divisionSignificantDigits = NumberRange.significantDigits

    public enum State: Equatable, Sendable {
        /// Being typed.
        case typing(CalculatorExpression)
        /// Just produced by `=`, or the value the field held when it was entered: a digit or `.` starts
        /// a new number, an operator continues from it, Backspace edits it.
        case result(Decimal)
    }

    public enum EvaluationError: Error, Equatable, Sendable {
        case divisionByZero
        /// A result (or an operand, from a value stored before the rule) outside `NumberRange`,
        /// with the value's short text.
        case outOfRange(String, NumberRange.Violation)

        public var message: String {
            switch self {
            case .divisionByZero: "Cannot divide by zero"
            case .outOfRange(let text, let violation): "Result " + violation.message(naming: text)
            }
        }
    }

    public private(set) var state: State

    public init() { state = .typing(.empty) }

    /// Starts from a value already in the field, as a result: the first digit replaces it (Per's rule).
    public init(value: Decimal?) {
        state = value.map { .result($0) } ?? .typing(.empty)
    }

    public init(expression: CalculatorExpression) { state = .typing(expression) }

    /// The expression as it stands (a result is a first operand).
    public var expression: CalculatorExpression {
        switch state {
        case .typing(let e): e
        case .result(let value): .first(Operand(value))
        }
    }

    public var text: String { expression.text }
    public var isEmpty: Bool { expression == .empty }

    // MARK: Enabled keys

    public func isEnabled(_ key: CalculatorKey) -> Bool { disabledReason(key) == nil }

    public var enabledKeys: Set<CalculatorKey> { Set(CalculatorKey.all.filter(isEnabled)) }

    /// Why a key does nothing now, in words for the status line; nil when it is enabled.
    public func disabledReason(_ key: CalculatorKey) -> String? {
        if case .result(let value) = state {
            switch key {
            case .equals: return "Nothing to evaluate"
            case .operation:
                // Only a value stored before NumberRange can be outside it; no operation continues from it.
                return NumberRange.violation(of: value).map { $0.message(naming: NumberRange.shortText(value)) }
            case .digit, .decimalPoint, .backspace, .clear: return nil
            }
        }
        let expression = self.expression
        switch (key, expression) {
        case (.digit, .empty), (.decimalPoint, .empty), (.digit, .pending), (.decimalPoint, .pending):
            return nil
        case (.digit, .first(let a)), (.digit, .both(_, _, let a)):
            return a.canTakeDigit ? nil : "At most \(Operand.digitLimit) digits in a number"
        case (.decimalPoint, .first(let a)), (.decimalPoint, .both(_, _, let a)):
            return a.hasDecimalPoint ? "This number already has a decimal point" : nil
        case (.operation, .empty):
            return "Type a number first"
        case (.operation, .first(let a)):
            // Only a value stored before NumberRange can be outside it; no operation continues from it.
            if let violation = NumberRange.violation(of: a.value) {
                return violation.message(naming: NumberRange.shortText(a.value))
            }
            return nil
        case (.operation, .pending):
            return "Type the second number"
        case (.operation, .both):
            return "One operation per field: press = first"
        case (.equals, .both(let a, let op, let b)):
            if case .failure(let error) = Self.evaluate(a.value, op, b.value) { return error.message }
            return nil
        case (.equals, _):
            return "Nothing to evaluate"
        case (.backspace, .empty), (.clear, .empty):
            return "The field is empty"
        case (.backspace, _), (.clear, _):
            return nil
        }
    }

    // MARK: Pressing keys

    /// Applies a key; a disabled key changes nothing and returns false.
    @discardableResult
    public mutating func press(_ key: CalculatorKey) -> Bool {
        guard isEnabled(key) else { return false }
        switch key {
        case .digit, .decimalPoint:
            state = .typing(Self.typing(key, into: startingExpressionForNumber))
        case .operation(let op):
            guard case .first(let a) = expression else { return false }
            state = .typing(.pending(a, op))
        case .equals:
            guard case .both(let a, let op, let b) = expression,
                  case .success(let value) = Self.evaluate(a.value, op, b.value) else { return false }
            state = .result(value)
        case .backspace:
            state = .typing(Self.droppingLast(expression))
        case .clear:
            state = .typing(.empty)
        }
        return true
    }

    /// A digit after `=` starts a new number, as on the iOS calculator.
    private var startingExpressionForNumber: CalculatorExpression {
        if case .result = state { return .empty }
        return expression
    }

    private static func typing(_ key: CalculatorKey, into expression: CalculatorExpression) -> CalculatorExpression {
        func extend(_ operand: Operand) -> Operand {
            var operand = operand
            if case .digit(let d) = key { operand.append(digit: d) } else { operand.appendDecimalPoint() }
            return operand
        }
        switch expression {
        case .empty: return .first(Operand(startingWith: key))
        case .first(let a): return .first(extend(a))
        case .pending(let a, let op): return .both(a, op, Operand(startingWith: key))
        case .both(let a, let op, let b): return .both(a, op, extend(b))
        }
    }

    private static func droppingLast(_ expression: CalculatorExpression) -> CalculatorExpression {
        switch expression {
        case .empty: return .empty
        case .first(let a): return a.droppingLast().map { .first($0) } ?? .empty
        case .pending(let a, _): return .first(a)
        case .both(let a, let op, let b): return b.droppingLast().map { .both(a, op, $0) } ?? .pending(a, op)
        }
    }

    // MARK: Arithmetic and commit

    /// `a op b`, or why not. Operands and result are inside `NumberRange`, where + − × are exact.
    public static func evaluate(_ a: Decimal, _ op: ArithmeticOperator, _ b: Decimal) -> Result<Decimal, EvaluationError> {
        for operand in [a, b] {
            if let violation = NumberRange.violation(of: operand) {
                return .failure(.outOfRange(NumberRange.shortText(operand), violation))
            }
        }
        let value: Decimal
        switch op {
        case .plus: value = a + b
        case .minus: value = a - b
        case .times: value = a * b
        case .divide:
            guard !b.isZero else { return .failure(.divisionByZero) }
            value = DecimalText.rounded(a / b, significantDigits: divisionSignificantDigits)
        }
        if let violation = NumberRange.violation(of: value) {
            return .failure(.outOfRange(NumberRange.shortText(value), violation))
        }
        return .success(value)
    }

    /// The value a field keeps when it is left, and a message when part of the input was dropped.
    public struct Commit: Equatable, Sendable {
        public var value: Decimal?
        public var message: String?
    }

    /// Leaving the field: `12+` becomes 12, `12+3` becomes 15, `7÷0` becomes 7 with a message.
    public var commit: Commit {
        if case .result(let value) = state { return Commit(value: value) }
        switch expression {
        case .empty: return Commit(value: nil)
        case .first(let a): return Commit(value: a.value)
        case .pending(let a, _): return Commit(value: a.value)
        case .both(let a, let op, let b):
            switch Self.evaluate(a.value, op, b.value) {
            case .success(let value): return Commit(value: value)
            case .failure(let error): return Commit(value: a.value, message: "\(error.message): kept \(a.text)")
            }
        }
    }

    /// The pack a quantity typed as `count × size` describes (`6×330`), kept beside its value when the field is left.
    public var multipack: Multipack? {
        guard case .typing(.both(let count, .times, let size)) = state, commit.message == nil else { return nil }
        return Multipack(count: count.value, size: size.value)
    }

    /// The value the field would get if it were left now (shown while typing).
    public var pendingValue: Decimal? { commit.value }
}
