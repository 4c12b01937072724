import Foundation

/// A key of the calculator keypad.
public enum CalculatorKey: Hashable, Sendable {
    case digit(Int)
    case decimalPoint
    case operation(ArithmeticOperator)
    case equals
    case backspace
    case clear

    public static let digits: [CalculatorKey] = (0...9).map { .digit($0) }
    public static let all: [CalculatorKey] =
        digits + [.decimalPoint] + ArithmeticOperator.allCases.map { .operation($0) } + [.equals, .backspace, .clear]
}

extension CalculatorKey {
    /// A digit: typed, it shows at the caret as the key reads (decision 420).
    public var showsAtTheCaret: Bool {
        switch self {
        case .digit: true
        case .decimalPoint, .operation, .equals, .backspace, .clear: false
        }
    }

    /// The key a typed character stands for (DESIGN.md's key table): digits, `.` or `,`,
    /// `+`, `-`, `*` or `x`, `/`, `=`, and the glyphs `× ÷ −` as pasted from elsewhere.
    public init?(character: Character) {
        switch character {
        case "0"..."9": self = .digit(character.wholeNumberValue!)
        case ".", ",": self = .decimalPoint
        case "+": self = .operation(.plus)
        case "-", "−": self = .operation(.minus)
        case "*", "x", "X", "×": self = .operation(.times)
        case "/", "÷": self = .operation(.divide)
        case "=": self = .equals
        default: return nil
        }
    }
}

extension CalculatorEngine {
    /// Types `text` on a fresh keypad and commits it, as leaving the field would.
    /// Fails, naming the character, when a key is not one of the keypad's or is disabled at that point.
    /// Thousands grouped (`1,234.56`) are read as such (`NumberGrouping`); the currency, if any, is left out.
    public static func value(ofTyped text: String, currency: Currency? = nil) -> Result<Decimal?, TypedInputError> {
        let plain: String
        switch NumberGrouping.ungrouped(currency.map { $0.stripped(from: text) } ?? text) {
        case .success(let ungrouped): plain = ungrouped
        case .failure(let refusal):
            return .failure(TypedInputError(text: text, character: nil, reason: "'\(refusal.run)' is not a number (write 1234.56 or 1,234.56)"))
        }
        var engine = CalculatorEngine()
        for character in plain where !character.isWhitespace {
            guard let key = CalculatorKey(character: character) else {
                return .failure(TypedInputError(text: text, character: character, reason: "not a number or operator"))
            }
            if let reason = engine.disabledReason(key) {
                return .failure(TypedInputError(text: text, character: character, reason: reason))
            }
            engine.press(key)
        }
        if case .typing(.both(_, _, _)) = engine.state, let reason = engine.disabledReason(.equals) {
            return .failure(TypedInputError(text: text, character: nil, reason: reason))
        }
        return .success(engine.commit.value)
    }
}

public struct TypedInputError: Error, Equatable, Sendable {
    public var text: String
    public var character: Character?
    public var reason: String

    public var message: String {
        if let character { return "'\(text)': '\(character)': \(reason)" }
        return "'\(text)': \(reason)"
    }
}
