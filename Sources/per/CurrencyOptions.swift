import ArgumentParser
import Foundation
import PerCore
import PerDatabase

/// How amounts are written: `--currency` (else `PER_CURRENCY`, else the settings file), `--decimal` and
/// `--currency-format` (the same way); see `Settings`.
struct CurrencyOptions: ParsableArguments {
    @Option(name: .customLong("currency"),
            help: "Show prices with this currency, e.g. €, $ or CHF (default: $PER_CURRENCY, else the settings file). It stands where its convention puts it: €3.99, CHF 3.99, 3.99 kr, and 3,99 € with --decimal ,.")
    var text: String?

    @Option(name: .customLong("decimal"),
            help: ArgumentHelp("The decimal mark numbers are shown with: . or , (default: $PER_DECIMAL, else the settings file, else .). JSON and CSV keep the point.",
                               valueName: "mark"),
            completion: .list([".", ","]))
    var decimal: String?

    @Option(name: .customLong("currency-format"),
            help: ArgumentHelp("Where the currency stands: {amount} €, €{amount}, CHF {amount} (default: $PER_CURRENCY_FORMAT, else the settings file, else its convention); it also sets the currency when none is given.",
                               valueName: "pattern"))
    var format: String?

    /// The currency; a bad one prints why and exits 2 (`CommandFailure.usage`).
    func resolved() throws -> Currency? {
        try Self.resolved(text, decimal: decimal, format: format)
    }

    /// The decimal mark; a bad one prints why and exits 2.
    func decimalMark() throws -> DecimalMark {
        do { return try Settings.decimal(option: decimal).value } catch { throw error.reported() }
    }

    static func resolved(_ option: String?, decimal: String? = nil, format: String? = nil) throws -> Currency? {
        do {
            let mark = try Settings.decimal(option: decimal).value
            return try Settings.currency(option: option, format: try Settings.currencyFormat(option: format), decimal: mark)?.value
        } catch {
            throw error.reported()
        }
    }
}
