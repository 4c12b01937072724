import ArgumentParser
import Foundation
import PerCore
import PerDatabase

/// `--currency`, else `PER_CURRENCY`: the currency shown with prices (none when both are unset or PER_CURRENCY is empty).
struct CurrencyOptions: ParsableArguments {
    @Option(name: .customLong("currency"),
            help: "Show prices with this currency, e.g. €, $ or CHF (default: $PER_CURRENCY). A symbol goes before the amount, a code ending in a letter after it.")
    var text: String?

    /// The currency; a bad one prints why and exits 2 (`CommandFailure.usage`).
    func resolved() throws -> Currency? {
        try Self.resolved(text)
    }

    static func resolved(_ option: String?) throws -> Currency? {
        let environment = ComparisonDatabase.environmentVariable("PER_CURRENCY")   // getenv: no environment dictionary before the first frame
        guard let text = option ?? environment.flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        do {
            return try Currency(validating: text)
        } catch {
            throw CommandFailure.usage(option == nil ? "PER_CURRENCY: \(error.message)" : error.message).reported()
        }
    }
}
