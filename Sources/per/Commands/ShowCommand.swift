import ArgumentParser
import Foundation
import PerCore
import PerTerminal
import PerDatabase

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print one saved comparison, ranked.",
        discussion: """
            NAME is a comparison's title (any case; Untitled for one without a title) or the id per lists prints. \
            When several share the title, per lists their ids and exits with status 2.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "table, json or csv.")
    var format: ReportFormat = .table
    @OptionGroup var currency: CurrencyOptions
    @OptionGroup var member: MemberOptions
    @Argument(help: "The comparison's title or id.", completion: .custom(ShellCompletion.savedTitles))
    var name: String

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
            let found = try savedComparison(named: name, in: try store.summaries())
            guard var comparison = try store.load(found.id) else {
                throw CommandFailure("no saved comparison is called \"\(name)\" (see per lists)")   // deleted meanwhile
            }
            comparison.shopper = Shopper(schemes: try member.schemes(), today: LocalClock.today())
            var report = ComparisonReport(comparison, currency: currency, showsSeen: true, decimal: try self.currency.decimalMark())
            if comparison.products.contains(where: { $0.deal != nil }) { report.history = try store.history(of: comparison.id) }
            try Output.out(report.render(format))
        }
    }
}
