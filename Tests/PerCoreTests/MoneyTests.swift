import Foundation
import Testing
@testable import PerCore

@Suite struct CurrencyTests {
    @Test(arguments: [("€", "€2.50"), ("$", "$2.50"), ("£", "£2.50"), ("R$", "R$2.50"), ("CHF", "CHF 2.50"), ("kr", "2.50 kr"), ("zł", "2.50 zł")])
    func symbolsGoBeforeAndCodesAfter(text: String, shown: String) throws {
        let currency = try Currency(validating: text)
        #expect(currency.format("2.50") == shown)
        #expect(currency.format("") == "")
        #expect(Currency?.none.format("2.50") == "2.50")
    }

    @Test(arguments: [
        ("", "give a symbol or code"), ("EURO$$", "at most 5 characters"), ("1€", "'1' can't be part"), ("C F", "' ' can't be part"),
        ("€.", "'.' can't be part"), ("x", "'x' can't be part"), ("-", "'-' can't be part"), ("\u{1B}", "U+001B is a control character"),
        ("\u{9B}2J", "U+009B is a control character"), ("a\u{200B}", "U+200B is an invisible character"), ("\u{1F600}\u{FE0F}\u{200B}", "U+200B is an invisible character"),
    ])
    func badCurrencyTextIsRefused(text: String, fragment: String) {
        #expect {
            try Currency(validating: text)
        } throws: { error in
            let message = (error as! Currency.Refusal).message
            return message.hasPrefix("invalid currency '") && message.contains(fragment) && !message.unicodeScalars.contains(where: TerminalText.isControl)
        }
    }

    @Test func aPriceMayCarryTheCurrency() throws {
        let dollar = try Currency(validating: "$"), franc = try Currency(validating: "CHF")
        #expect(CalculatorEngine.value(ofTyped: "$3.99", currency: dollar) == .success(dec("3.99")))
        #expect(CalculatorEngine.value(ofTyped: "3.99 CHF", currency: franc) == .success(dec("3.99")))
        #expect(CalculatorEngine.value(ofTyped: "$1,234.56", currency: dollar) == .success(dec("1234.56")))
        #expect((try? CalculatorEngine.value(ofTyped: "$3.99").get()) == nil)
        let item = try ProductSpec.parse("a=$3.99/500g", currency: dollar).get()
        #expect(item.price == dec("3.99"))
    }
}

@Suite struct NumberGroupingTests {
    @Test(arguments: [
        ("1,234.56", "1234.56"), ("1.234,56", "1234.56"), ("1,234,567.8", "1234567.8"), ("1.234.567", "1234567"),
        ("12,345,678", "12345678"), ("2,5", "2,5"), ("2.5", "2.5"), ("1,234", "1,234"), ("6x1,000.5", "6x1000.5"),
        ("1,234.56+7", "1234.56+7"), ("", ""), ("abc", "abc"),
    ])
    func groupedNumbersArePlain(text: String, plain: String) {
        #expect(NumberGrouping.ungrouped(text) == .success(plain))
    }

    @Test(arguments: ["1,23.4", "1.2.3", "1,234,56.7", "1,2345.6", "12345,678.9", ",123.4", "1,,234.5"])
    func marksThatGroupNothingAreRefused(text: String) {
        #expect(NumberGrouping.ungrouped(text) == .failure(NumberGrouping.Refusal(run: text)))
    }

    /// Any number grouped by thousands reads as itself, never as a fraction.
    @Test(arguments: 0..<20)
    func groupingRoundTrips(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        for _ in 0..<50 {
            let whole = Int.random(in: 1000...999_999_999, using: &rng)
            let cents = Int.random(in: 0...99, using: &rng)
            let digits = String(whole)
            var grouped = ""
            for (i, c) in digits.enumerated() {
                if i > 0 && (digits.count - i) % 3 == 0 { grouped.append(",") }
                grouped.append(c)
            }
            let fraction = cents < 10 ? "0\(cents)" : "\(cents)"
            #expect(NumberGrouping.ungrouped("\(grouped).\(fraction)") == .success("\(digits).\(fraction)"))
            #expect(CalculatorEngine.value(ofTyped: "\(grouped).\(fraction)") == .success(dec("\(digits).\(fraction)")))
        }
    }
}
