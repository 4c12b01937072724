import ArgumentParser
import Foundation
import PerCore
import PerTerminal

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Rank products given on the command line, cheapest per unit first.",
        discussion: """
        An ITEM is [NAME=]PRICE/QUANTITY UNIT, e.g. 3.99/500g, oats=6.99/1kg, 4.49/6x330ml, 5.49/12x200sheets.
        The quantity may hold one operation, as on the keypad (6x330, 2*500, 1000/4).
        A deposit per pack follows the unit: 12.99/24x0.33l+3.42dep (never part of the unit price).
        Uses follow the unit after a slash: 11.99/2.5l/50washes; --per wash then compares any unit per wash.
        An offer follows a colon: 1.79/500g:2for3.00 (a multi-buy), :3pay2 (3 for the price of 2), :Clubcard1.50
        (a member price, ranked with --member Clubcard), each with an optional last day: :2for3.00until2026-12-31.
        Units: \(MeasureUnit.listing(typed: true, separator: ", ")).
        Any other word (sheet, roll, load) counts on its own and compares only with itself.
        A price may carry the currency ($3.99) and group thousands (1,234.56).
        """
    )

    @Option(name: .customLong("per"), help: "The comparison unit, e.g. kg, 100g, lb, l, 100ml, floz, m, m2, sqft, each, dozen, 100sheets, or a use: wash.",
            completion: .list(ShellCompletion.comparisonUnits))
    var per: String?

    @Option(help: "table, json or csv.")
    var format: ReportFormat = .table

    @OptionGroup var currency: CurrencyOptions
    @OptionGroup var member: MemberOptions

    @Flag(name: .customLong("uk"), help: "UK imperial volume units (pint, gallon, fl oz...) instead of US customary.")
    var imperial = false

    @Flag(name: .customLong("us"), help: "US customary volume units (the default; beats uk = yes in the settings file).")
    var customary = false

    @Argument(help: "The products, e.g. oats=6.99/1kg 3.99/500g.")
    var items: [String] = []

    /// `--per`'s unit and amount; whether its unit fits the items is for `run`, which sees them (see `PerCommand.main`).
    func validate() throws {
        try reportingFailures { _ = try basis() }
    }

    func run() throws {
        try reportingFailures(compare)
    }

    /// The comparison unit `--per` names, nil without `--per`.
    private func basis() throws(CommandFailure) -> ComparisonBasis? {
        guard let per else { return nil }
        guard let basis = ComparisonBasis(parsing: per) else { throw .usage("invalid --per '\(per)': unknown unit") }
        // Judged on the text too: Decimal would round a 100-digit amount before it could be counted.
        let written = String(per.drop { !$0.isNumber && $0 != "." }.prefix { $0.isNumber || $0 == "." })
        if let violation = NumberRange.violation(ofText: written) ?? NumberRange.violation(of: basis.amount) {
            throw .usage("invalid --per '\(per)': the amount " + violation.message(naming: NumberRange.shortText(basis.amount)))
        }
        return basis
    }

    private func compare() throws {
        let currency = try self.currency.resolved()
        guard !items.isEmpty else { throw CommandFailure.usage("give at least one ITEM, e.g. per compare 3.99/500g 6.99/1kg") }
        let imperial = try Settings.flag(.uk, on: (imperial, "--uk"), off: (customary, "--us"), fallback: false).value
        var comparison = Comparison(volumeSystem: imperial ? .imperial : .us)
        comparison.shopper = Shopper(schemes: try member.schemes(), today: LocalClock.today())
        var products: [Product] = []
        for item in items {
            switch ProductSpec.parse(item, currency: currency) {
            case .success(let product):
                products.append(product)
                // Kept, as the app keeps it, and said (decision 273): a typo there would be a surprise at the till.
                if let deposit = product.deposit, let price = product.price, deposit > price {
                    Output.error("item '\(item)': a deposit of \(DecimalText.format(deposit)) is more than the price \(DecimalText.format(price)): kept, never in the unit price")
                }
            case .failure(let error): throw CommandFailure.usage(error.message)
            }
        }
        // `--per wash` where an item's uses count washes (or `--per use:wash`) compares by use: any unit (decision 310).
        let byUse = try basis().flatMap { basis -> ComparisonBasis? in
            if basis.useWord != nil { return basis }
            guard basis.amount == 1, case .counted(let word) = basis.unit, products.contains(where: { $0.uses?.word == word }),
                  !products.contains(where: { $0.unit == basis.unit }) else { return nil }
            return .perUse(word)
        }
        comparison.chosenBasis = byUse
        for (item, product) in zip(items, products) {
            if byUse == nil, let family = comparison.family, let unit = product.unit, unit.family != family {
                throw CommandFailure.usage("invalid item '\(item)': \(unit.kindDescription), but the comparison is \(family.comparisonPhrase)")
            }
            comparison.append(product)
        }
        if byUse == nil, let per, let basis = try basis() {
            guard basis.family == comparison.family else {
                throw CommandFailure.usage("invalid --per '\(per)': \(basis.unit.kindDescription), but the comparison is \(comparison.family?.comparisonPhrase ?? "empty")")
            }
            comparison.chosenBasis = basis
        }
        try Output.out(ComparisonReport(comparison, currency: currency, decimal: try self.currency.decimalMark()).render(format))
    }
}

extension CompareCommand {
    /// Options of `compare` that take a value (`--per kg`, `--format json`); everything else starting
    /// with `-` is a flag. Keep in step with the declarations above (NumberCommandTests runs them).
    static let optionsWithValue: Set<String> = ["--per", "--format", "--currency", "--decimal", "--currency-format", "--member"]

    /// The flags compare shares with the app (see `PerCommand.main`).
    static let volumeFlags: Set<String> = ["--uk", "--us"]

    /// Splits `compare`'s arguments into its options and its ITEMs, so that ArgumentParser sees only
    /// the options. ArgumentParser 1.x collects a repeated positional argument in quadratic time
    /// (each value unions its origin into a set it copies, then each is removed from the argument
    /// list one by one): 20,000 items took 14 to 24 s. `--` ends the options; an argument that starts
    /// with `-` and a digit or point (`-3/1kg`) is an ITEM (refused for its price), not an option.
    static func splitItems(_ arguments: [String]) -> (options: [String], items: [String]) {
        var options: [String] = [], items: [String] = []
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" {
                items += arguments[(i + 1)...]
                break
            }
            if argument.hasPrefix("-"), argument.count > 1, !Self.looksLikeNumber(argument.dropFirst()) {
                options.append(argument)
                if optionsWithValue.contains(argument), i + 1 < arguments.count {
                    options.append(arguments[i + 1])
                    i += 1
                }
            } else {
                items.append(argument)
            }
            i += 1
        }
        return (options, items)
    }

    private static func looksLikeNumber(_ text: Substring) -> Bool {
        guard let first = text.first else { return false }
        return first.isASCII && (first.isNumber || first == ".")
    }
}
