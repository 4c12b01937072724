import Foundation
import Testing
@testable import PerCore

/// Types a string of keypad characters (`b` = ⌫, `c` = clear) into an engine.
func typed(_ keys: String, into start: CalculatorEngine = CalculatorEngine()) -> CalculatorEngine {
    var engine = start
    for ch in keys {
        switch ch {
        case "b": engine.press(.backspace)
        case "c": engine.press(.clear)
        default: engine.press(CalculatorKey(character: ch)!)
        }
    }
    return engine
}

func dec(_ text: String) -> Decimal { DecimalText.parse(text)! }

@Suite struct CalculatorEngineTests {
    // Keys typed → text shown. Covers leading zeros, decimal points, digit limit, ⌫ through the operator, = and fresh starts.
    @Test(arguments: [
        ("", ""),
        ("7", "7"),
        ("007", "7"),
        ("00", "0"),
        (".", "0."),
        (".5", "0.5"),
        ("2.50", "2.50"),
        ("1.2.3", "1.23"),
        ("12+", "12+"),
        ("12+-", "12+"),
        ("12+3", "12+3"),
        ("12+3*", "12+3"),
        ("12+.", "12+0."),
        ("12+3.4.5", "12+3.45"),
        ("12+3=", "15"),
        ("5/2=", "2.5"),
        ("3-5=", "-2"),
        ("0.1+0.2=", "0.3"),
        ("12+3=7", "7"),
        ("12+3=.", "0."),
        ("12+3=+1", "15+1"),
        ("12+3=+1=", "16"),
        ("12+3b", "12+"),
        ("12+3bb", "12"),
        ("12+3bbb", "1"),
        ("12+3bbbb", ""),
        ("12+3bbbbb", ""),
        ("5/2=b", "2."),
        ("5/2=bb", "2"),
        ("3-5=b", ""),
        ("12+3c", ""),
        ("=", ""),
        ("+", ""),
        ("b", ""),
        ("1234567890123", "123456789012"),
        ("1+1234567890123", "1+123456789012"),
        ("0.00000000001", "0.00000000001"),
        ("7/0=", "7/0"),
        ("7/0.0=", "7/0.0"),
        ("1/3=", "0.333333333333"),
        ("2/3=", "0.666666666667"),
    ] as [(String, String)])
    func typingShowsText(keys: String, text: String) {
        #expect(typed(keys).text == text)
    }

    @Test func enabledKeysWhenEmpty() {
        let engine = CalculatorEngine()
        #expect(engine.enabledKeys == Set(CalculatorKey.digits + [.decimalPoint]))
    }

    @Test func enabledKeysWithFirstOperand() {
        #expect(typed("12").enabledKeys == Set(CalculatorKey.all).subtracting([.equals]))
        #expect(typed("1.2").enabledKeys == Set(CalculatorKey.all).subtracting([.equals, .decimalPoint]))
    }

    @Test func enabledKeysAfterOperator() {
        #expect(typed("12*").enabledKeys == Set(CalculatorKey.digits + [.decimalPoint, .backspace, .clear]))
    }

    @Test func enabledKeysWithBothOperands() {
        let ops = ArithmeticOperator.allCases.map { CalculatorKey.operation($0) }
        #expect(typed("12*3").enabledKeys == Set(CalculatorKey.all).subtracting(ops))
        #expect(typed("12*3.5").enabledKeys == Set(CalculatorKey.all).subtracting(ops + [.decimalPoint]))
    }

    @Test func equalsDisabledWhenDividingByZero() {
        #expect(!typed("7/0").isEnabled(.equals))
        #expect(!typed("7/0.0").isEnabled(.equals))
        #expect(typed("7/0.5").isEnabled(.equals))
        #expect(typed("7/0").disabledReason(.equals) == "Cannot divide by zero")
    }

    @Test func afterEqualsOperatorsContinueButEqualsIsDisabled() {
        let engine = typed("2*3=")
        #expect(engine.state == .result(6))
        #expect(engine.isEnabled(.operation(.plus)))
        #expect(!engine.isEnabled(.equals))
    }

    @Test func digitLimitDisablesDigits() {
        let engine = typed("123456789012")
        #expect(!engine.isEnabled(.digit(1)))
        #expect(engine.disabledReason(.digit(1)) == "At most 12 digits in a number")
    }

    @Test func tooLargeResultIsRefused() {
        var engine = typed("999999*999999=")
        #expect(engine.state == .result(dec("999998000001")))
        #expect(engine.isEnabled(.operation(.times)))
        engine = typed("*2", into: engine)
        #expect(!engine.isEnabled(.equals))
        #expect(engine.disabledReason(.equals) == "Result 1999996000002 is too large (at most 999999999999)")
    }

    // Leaving the field (the keypad stories of Per's author).
    @Test(arguments: [
        ("", nil, nil),
        ("12", "12", nil),
        ("12+", "12", nil),
        ("12+3", "15", nil),
        ("16*165", "2640", nil),
        ("5/2", "2.5", nil),
        ("7/0", "7", "Cannot divide by zero: kept 7"),
        ("2.50", "2.5", nil),
        ("0.", "0", nil),
    ] as [(String, String?, String?)])
    func commitOnLeavingTheField(keys: String, value: String?, message: String?) {
        let commit = typed(keys).commit
        #expect(commit.value == value.map(dec))
        #expect(commit.message == message)
    }

    @Test func reenteringAFilledFieldStartsFromItsValue() {
        var engine = CalculatorEngine(value: dec("15"))
        #expect(engine.text == "15")
        #expect(engine.isEnabled(.operation(.plus)))
        engine = typed("+5", into: engine)
        #expect(engine.text == "15+5")
        #expect(engine.commit.value == 20)
        #expect(typed("b", into: CalculatorEngine(value: dec("2.5"))).text == "2.")
    }

    @Test func disabledKeyIsANoOp() {
        var engine = typed("12*")
        let before = engine
        #expect(engine.press(.operation(.plus)) == false)
        #expect(engine == before)
    }
}

@Suite struct CalculatorPropertyTests {
    @Test(arguments: 0..<40)
    func randomKeySequencesKeepEveryInvariant(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        var engine = CalculatorEngine()
        for _ in 0..<200 {
            let key = CalculatorKey.all.randomElement(using: &rng)!
            let before = engine
            let enabled = engine.isEnabled(key)
            let changed = engine.press(key)
            #expect(changed == enabled)
            if !enabled { #expect(engine == before, "disabled \(key) changed \(before.text)") }
            // The text always parses back to the same expression.
            #expect(CalculatorExpression(parsing: engine.text) == engine.expression, "seed \(seed): \(engine.text)")
            // = agrees with Decimal arithmetic.
            if key == .equals, enabled, case .both(let a, let op, let b) = before.expression {
                let expected: Decimal
                switch op {
                case .plus: expected = a.value + b.value
                case .minus: expected = a.value - b.value
                case .times: expected = a.value * b.value
                case .divide: expected = DecimalText.rounded(a.value / b.value, significantDigits: 12)
                }
                #expect(engine.state == .result(expected))
            }
            // Committing never fails and yields the expression's value.
            if case .first(let a) = engine.expression { #expect(engine.commit.value == a.value) }
        }
    }
}
