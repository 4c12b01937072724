import ArgumentParser
import Foundation
import PerCore
import PerDatabase

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write saved comparisons to stdout.",
        discussion: """
            With no NAME, every saved comparison, the one edited longest ago first: per import reads the output back \
            in that order, so the list keeps its order. The files carry everything: products (with a multipack's shape), \
            shops, days, earlier prices, and the shopping list (counts, ticks, aisle places, pinned products).
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "json or csv.")
    var format: ExchangeFormat = .json
    @OptionGroup var currency: CurrencyOptions
    @Argument(help: "Titles (any case; Untitled for those without) or ids (as per lists prints them) of the comparisons to export.",
              completion: .custom(ShellCompletion.savedTitles))
    var names: [String] = []

    /// Bad option values, refused before anything is opened.
    func validate() throws {
        try reportingFailures {
            _ = try database.resolvedPath()
            _ = try currency.resolved()
        }
    }

    func run() throws {
        try reportingFailures {
            let currency = try self.currency.resolved()
            let store = try database.openDatabase(create: false)
            var comparisons: [Comparison]
            if names.isEmpty {
                comparisons = try store.loadAll()
            } else {
                let summaries = try store.summaries()
                var ids: [ComparisonID] = []
                for name in names {
                    let found = try savedComparison(named: name, in: summaries)
                    if !ids.contains(found.id) { ids.append(found.id) }
                }
                comparisons = try ids.compactMap { id throws(DatabaseFailure) in try store.load(id) }
            }
            var histories: [ComparisonID: [PriceRecord]] = [:]
            for comparison in comparisons { histories[comparison.id] = try store.history(of: comparison.id) }
            let lists = try store.listStates()
            try Output.out(ComparisonExchange.encode(comparisons, histories: histories, as: format, currency: currency, lists: lists))
        }
    }
}
