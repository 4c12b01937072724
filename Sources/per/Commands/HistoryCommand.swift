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
            prices now, with their store and the day they were seen; the lowest unit price ever seen is marked. \
            --clear deletes the earlier prices (the products stay), after asking.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "table, json or csv.")
    var format: ReportFormat = .table
    @Flag(help: "Delete the comparison's earlier prices (asks first).")
    var clear = false
    @Flag(help: "With --clear: do not ask.")
    var yes = false
    @Argument(help: "The comparison's title or id.", completion: .custom(ShellCompletion.savedTitles))
    var name: String

    /// Bad option values, refused before anything is opened.
    func validate() throws {
        try reportingFailures {
            _ = try database.resolvedPath()
        }
    }

    func run() throws {
        try reportingFailures {
            let store = try database.openDatabase(create: false)
            let first = try savedComparison(named: name, in: try store.summaries())
            guard let comparison = try store.load(first.id) else {
                throw CommandFailure("no saved comparison is called \"\(name)\" (see per lists)")   // deleted meanwhile
            }
            guard clear else {
                try Output.out(HistoryReport(history: try store.history(of: first.id), comparison: comparison).render(format))
                return
            }
            let title = TerminalText.singleLine(comparison.displayTitle)
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
            let deleted = try store.clearHistory(of: first.id)
            try Output.out("Deleted \(deleted) earlier price\(deleted == 1 ? "" : "s") of \"\(title)\".\n")
        }
    }
}
