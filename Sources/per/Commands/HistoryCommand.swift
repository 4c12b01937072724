import ArgumentParser
import Foundation
import PerCore
import PerDatabase

struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Print every price recorded for a saved comparison, newest first.",
        discussion: """
            NAME is a comparison's title (any case; Untitled for one without a title) or the id per lists prints. \
            The comparison's earlier prices (kept whenever a product's price, quantity or unit changed) and its products' \
            prices now, with their shop and the day they were seen; the lowest unit price ever seen is marked. \
            Each earlier price has an id (the Id column; `now` marks a product's price now). \
            --delete ID deletes that one earlier price (a typo recorded as a price, say); \
            --lowest prints the lowest unit price seen at each shop instead, cheapest first; \
            --clear deletes all the earlier prices (the products stay), after asking.
            """)
    @OptionGroup var database: DatabaseOptions
    /// nil when not given: --delete and --clear refuse it (they print one line of text).
    @Option(help: "table (the default), json or csv.")
    var format: ReportFormat?
    @Flag(help: "Delete the comparison's earlier prices (asks first).")
    var clear = false
    @Flag(help: "With --clear: do not ask.")
    var yes = false
    @Option(name: .customLong("delete"), help: ArgumentHelp("Delete the earlier price with this id (see the Id column).", valueName: "id"))
    var deleteEntry: String?
    @Flag(help: "Print the lowest unit price seen at each shop, cheapest first.")
    var lowest = false
    @OptionGroup var currency: CurrencyOptions
    @Argument(help: "The comparison's title or id.", completion: .custom(ShellCompletion.savedTitles))
    var name: String

    /// Bad option values, refused before anything is opened.
    func validate() throws {
        try reportingFailures {
            _ = try database.resolvedPath()
            _ = try currency.resolved()
            if [clear, lowest, deleteEntry != nil].filter({ $0 }).count > 1 {
                throw CommandFailure.usage("--clear, --delete and --lowest go one at a time")
            }
            if format != nil, let mode = deleteEntry != nil ? "--delete" : clear ? "--clear" : nil {
                throw CommandFailure.usage("--format does not go with \(mode), which deletes and says so in one line; leave --format out")
            }
            if let deleteEntry { _ = try Self.entryID(deleteEntry) }
        }
    }

    /// The id `--delete` was given, or why it is refused (status 2).
    static func entryID(_ text: String) throws(CommandFailure) -> PriceEntryID {
        let shown = TerminalText.singleLine(text)
        if text == HistoryReport.currentIDText {
            throw CommandFailure.usage("--delete \(shown): that is a product's price now, not an earlier price; change or delete the product in the app")
        }
        guard let id = PriceEntryID(text: text) else {
            throw CommandFailure.usage("--delete \"\(shown)\": an id is a whole number from the Id column of per history")
        }
        return id
    }

    func run() throws {
        try reportingFailures {
            let store = try database.openDatabase(create: false)
            let first = try savedComparison(named: name, in: try store.summaries())
            guard let comparison = try store.load(first.id) else {
                throw CommandFailure("no saved comparison is called \"\(name)\" (see per lists)")   // deleted meanwhile
            }
            let title = TerminalText.singleLine(comparison.displayTitle)
            if let deleteEntry {
                let id = try Self.entryID(deleteEntry)
                guard let deleted = try store.history(of: first.id).first(where: { $0.entry == id }) else {
                    throw CommandFailure.usage("\"\(title)\" has no earlier price with id \(id) (see per history \"\(title)\")")
                }
                // As the app deletes one (Ctrl-V): a change with an id, made once, kept on a copy for the road.
                try store.make(.other(.changeHistoryEntry(.delete(id, of: first.id))))
                let shop = deleted.shop.isEmpty ? "" : " at \(TerminalText.singleLine(deleted.shop))"
                let day = deleted.seen.map { " on \($0.iso)" } ?? ""
                let money = MoneyFormat(currency: try self.currency.resolved(), decimal: try self.currency.decimalMark())
                try Output.out("Deleted price \(id) of \"\(title)\": \(TerminalText.singleLine(deleted.name)) \(money.shown(money.price(deleted.price))) "
                    + "for \(money.decimal.shown(DecimalText.format(deleted.quantity))) \(deleted.unit.symbol)\(shop)\(day).\n")
                return
            }
            guard clear else {
                let format = format ?? .table
                let report = HistoryReport(history: try store.history(of: first.id), comparison: comparison, currency: try currency.resolved(),
                                           decimal: format == .table ? try currency.decimalMark() : .point)
                try Output.out(lowest ? report.renderLowest(format) : report.render(format))
                return
            }
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    throw CommandFailure("--clear asks before deleting, and there is no terminal to ask on; add --yes to clear without asking")
                }
                let count = try store.history(of: first.id).count
                Output.diagnostic("Delete the \(count) earlier price\(count == 1 ? "" : "s") of \"\(title)\"? (y/n) ")
                guard let answer = readLine(), answer.trimmingCharacters(in: .whitespaces).lowercased() == "y" else {
                    try Output.out("Nothing deleted.\n")
                    return
                }
            }
            // One change an entry, as the app makes them, so that a copy for the road keeps each for the merge.
            let entries = try store.history(of: first.id).compactMap(\.entry)
            for entry in entries { try store.make(.other(.changeHistoryEntry(.delete(entry, of: first.id)))) }
            let deleted = entries.count
            try Output.out("Deleted \(deleted) earlier price\(deleted == 1 ? "" : "s") of \"\(title)\".\n")
        }
    }
}
