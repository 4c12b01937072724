import ArgumentParser
import Foundation
import PerCore
import PerStore

/// Where the database is: --db PATH, else PER_DB, else $XDG_DATA_HOME/per/per.sqlite.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: "The database file (default: $PER_DB, else $XDG_DATA_HOME/per/per.sqlite).")
    var path: String?

    /// The database's path. An empty --db or PER_DB is a mistake (an unset variable in a script, say), not a wish for
    /// the default file, so it is refused.
    func resolvedPath() throws(StoreFailure) -> String {
        try Self.resolvedPath(path)
    }

    /// The same for a path given without parsing (the app's quick start builds no ParsableArguments).
    static func resolvedPath(_ path: String?) throws(StoreFailure) -> String {
        if path == "" { throw StoreFailure("--db is empty; give the database file's path, or leave --db out for the default") }
        if path == nil, ComparisonStore.environmentVariable("PER_DB") == "" {
            throw StoreFailure("PER_DB is set but empty; give the database file's path, or unset PER_DB for the default")
        }
        return ComparisonStore.resolvePath(option: path, variable: ComparisonStore.environmentVariable)
    }

    /// Opens the store, or says why not. With `create` false (the reading commands) a missing database is an error
    /// and nothing is created.
    func openStore(create: Bool, deferringIntegrityCheck: Bool = false) throws(StoreFailure) -> ComparisonStore {
        try Self.openStore(at: path, create: create, deferringIntegrityCheck: deferringIntegrityCheck)
    }

    static func openStore(at option: String?, create: Bool, deferringIntegrityCheck: Bool = false) throws(StoreFailure) -> ComparisonStore {
        let path = try resolvedPath(option)
        do {
            return try ComparisonStore(path: path, create: create, deferringIntegrityCheck: deferringIntegrityCheck)
        } catch {
            throw StoreFailure(error.message)
        }
    }
}

/// A failure of a store command: message on stderr, exit status 1.
struct StoreFailure: Error {
    let message: String
    /// 1, or 2 for a NAME that stands for several comparisons (a usage error, as for `per compare`).
    let status: Int32
    init(_ message: String, status: Int32 = 1) {
        self.message = message
        self.status = status
    }
}

/// Runs a store command, turning store and file failures into a message on stderr and a thrown
/// `ExitCode(1)` (ArgumentParser exits with it); output failures arrive as `ExitCode` already.
private func runReporting(_ body: () throws -> Void) throws {
    Output.prepare()
    do {
        try body()
    } catch let failure as StoreFailure {
        Output.error(failure.message)
        throw ExitCode(failure.status)
    } catch let error as StoreError {
        Output.error(error.message)
        throw ExitCode(1)
    }
}

extension ExchangeFormat: ExpressibleByArgument {}

/// The saved comparison a NAME given to `show` or `export` stands for: its full id, else its title (any case;
/// `Untitled` names those without one), else its short id as `per lists` prints it (at least 4 of its digits).
/// A NAME that stands for several is refused, listing them with their short ids (exit status 2).
private func find(_ name: String, in summaries: [ListEntry]) throws(StoreFailure) -> ListEntry {
    if let byID = summaries.first(where: { $0.id.rawValue == name }) { return byID }
    let wanted = name.trimmingCharacters(in: .whitespaces)
    var found = summaries.filter { $0.displayTitle.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(wanted) == .orderedSame }
    let what = found.isEmpty ? "short id" : "title"
    if found.isEmpty, wanted.count >= 4 {
        let digits = wanted.lowercased()
        found = summaries.filter { ListEntry.hashID($0.id).hasPrefix(digits) }
    }
    guard let first = found.first else { throw StoreFailure("no saved comparison is called \"\(name)\" (see per lists)") }
    guard found.count == 1 else {
        let ids = ListEntry.shortIDs(summaries)
        let shortID = Dictionary(zip(summaries.map(\.id), ids), uniquingKeysWith: { a, _ in a })
        let lines = found.map { entry in
            "  \(shortID[entry.id] ?? entry.id.rawValue)  \(TerminalText.singleLine(entry.displayTitle))  "
                + "\(entry.productCount) product\(entry.productCount == 1 ? "" : "s")"
                + (entry.updatedAt.map { "  edited \(ListEntry.displayDate($0))" } ?? "")
        }
        throw StoreFailure(
            "\(found.count) comparisons have the \(what) \"\(TerminalText.singleLine(name))\"; name one by its id:\n"
                + lines.joined(separator: "\n"), status: 2)
    }
    return first
}

struct ListsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lists", abstract: "Print the saved comparisons.")
    @OptionGroup var database: DatabaseOptions

    func run() throws {
        try runReporting {
            let summaries = try database.openStore(create: false).summaries()
            guard !summaries.isEmpty else {
                try Output.out("No saved comparisons yet.\n")
                return
            }
            // One line per comparison; titles flattened so that a line break in a title can't break the
            // table, and control characters shown as \u{1B} so that a title can't command the terminal.
            let titles = summaries.map { TerminalText.singleLine($0.displayTitle) }
            let ids = ListEntry.shortIDs(summaries)
            // Padded by terminal columns (TextWidth), so titles with emoji or CJK line up.
            let titleWidth = max("Title".count, titles.map(TextWidth.of).max() ?? 0)
            let counts = summaries.map { "\($0.productCount)" }
            let countWidth = max("Products".count, counts.map(\.count).max() ?? 0)
            func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - TextWidth.of(text))) }
            func padLeft(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
            let dateWidth = "2026-11-21 23:04".count
            var text = "\(pad("Title", titleWidth))  \(padLeft("Products", countWidth))  \(pad("Last edited", dateWidth))  Id\n"
            for (i, summary) in summaries.enumerated() {
                let date = summary.updatedAt.map(ListEntry.displayDate) ?? ""
                text += "\(pad(titles[i], titleWidth))  \(padLeft(counts[i], countWidth))  \(pad(date, dateWidth))  \(ids[i])\n"
            }
            try Output.out(text)
        }
    }
}

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
    @Argument(help: "The comparison's title or id.")
    var name: String

    func run() throws {
        try runReporting {
            let currency = try self.currency.resolved()
            let store = try database.openStore(create: false)
            let found = try find(name, in: try store.summaries())
            guard let comparison = try store.load(found.id) else {
                throw StoreFailure("no saved comparison is called \"\(name)\" (see per lists)")   // deleted meanwhile
            }
            try Output.out(ComparisonReport(comparison, currency: currency, showsSeen: true).render(format))
        }
    }
}

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
    @Argument(help: "The comparison's title or id.")
    var name: String

    func run() throws {
        try runReporting {
            let store = try database.openStore(create: false)
            let first = try find(name, in: try store.summaries())
            guard let comparison = try store.load(first.id) else {
                throw StoreFailure("no saved comparison is called \"\(name)\" (see per lists)")   // deleted meanwhile
            }
            guard clear else {
                try Output.out(HistoryReport(history: try store.history(of: first.id), comparison: comparison).render(format))
                return
            }
            let title = TerminalText.singleLine(comparison.displayTitle)
            if !yes {
                guard isatty(STDIN_FILENO) == 1 else {
                    throw StoreFailure("--clear asks before deleting, and there is no terminal to ask on; add --yes to clear without asking")
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

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write saved comparisons to stdout.",
        discussion: "With no NAME, every saved comparison, in list order. per import reads the output back.")
    @OptionGroup var database: DatabaseOptions
    @Option(help: "json or csv.")
    var format: ExchangeFormat = .json
    @OptionGroup var currency: CurrencyOptions
    @Argument(help: "Titles (any case; Untitled for those without) or ids (as per lists prints them) of the comparisons to export.")
    var names: [String] = []

    func run() throws {
        try runReporting {
            let currency = try self.currency.resolved()
            let store = try database.openStore(create: false)
            var comparisons: [Comparison]
            if names.isEmpty {
                comparisons = try store.loadAll()
            } else {
                let summaries = try store.summaries()
                var ids: [ComparisonID] = []
                for name in names {
                    let found = try find(name, in: summaries)
                    if !ids.contains(found.id) { ids.append(found.id) }
                }
                comparisons = try ids.compactMap { id throws(StoreError) in try store.load(id) }
            }
            var histories: [ComparisonID: [PriceRecord]] = [:]
            if format == .json {
                for comparison in comparisons { histories[comparison.id] = try store.history(of: comparison.id) }
            }
            try Output.out(ComparisonExchange.encode(comparisons, histories: histories, as: format, currency: currency))
        }
    }
}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Read comparisons from a file written by export.",
        discussion: "JSON or CSV, told apart by the content. The comparisons are added as new ones, all or none. FILE - reads stdin.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The file to read, or - for standard input.")
    var file: String

    func run() throws {
        try runReporting {
            let input = try Output.Pieces(file)
            let path = try database.resolvedPath()
            let existed = FileManager.default.fileExists(atPath: path)
            let store = try database.openStore(create: true)
            // One transaction, written as the file is read: memory stays flat, and a refusal anywhere rolls it all back.
            let counts: ImportCounts
            do {
                counts = try store.importing { writer in
                    try ComparisonExchange.decode(from: input.next, into: &writer)
                }
            } catch {
                if existed {
                    // Not closed: the last connection to close checkpoints the write-ahead log into the file, and a
                    // refused file leaves the file byte for byte as it was (the log's committed pages stay in the log).
                    _ = Unmanaged.passRetained(store)
                } else {
                    Self.remove(created: store)
                }
                switch error {
                case let error as ExchangeError:
                    throw StoreFailure("\(input.name): \(error.message); nothing was imported")
                case ExchangeInputError.notUTF8:
                    throw StoreFailure("\(file): not UTF-8 text")
                case ExchangeInputError.tooLarge(let limit):
                    throw StoreFailure("\(input.name) is larger than \(limit >> 20) MiB, the most per imports at once; nothing was imported")
                default:
                    throw error
                }
            }
            var text = "Imported \(counts.comparisons) comparison\(counts.comparisons == 1 ? "" : "s") (\(counts.products) product\(counts.products == 1 ? "" : "s")).\n"
            if !counts.alreadyHere.isEmpty {
                let titles = counts.alreadyHere.map { "\"\(TerminalText.singleLine(Comparison(title: $0).displayTitle))\"" }
                let shown = titles.prefix(5).joined(separator: ", ") + (titles.count > 5 ? " and \(titles.count - 5) more" : "")
                text += "Already here, not imported again (same title and products): \(shown).\n"
            }
            try Output.out(text)
        }
    }

    /// A refused import into a database it created leaves no database behind, as when nothing was opened.
    private static func remove(created store: ComparisonStore) {
        store.close()
        for suffix in ["", "-wal", "-shm"] { unlink(store.path + suffix) }
    }
}

/// Fills a database with generated comparisons, for `make bench`. Hidden from help.
struct SeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed", abstract: "Fill a database with generated comparisons (for benchmarks).", shouldDisplay: false)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "How many comparisons.")
    var comparisons = 1000
    @Option(help: "Products in each comparison.")
    var products = 100
    @Option(help: "Earlier prices of each product.")
    var history = 0

    func run() throws {
        try runReporting {
            try ComparisonStore.seed(path: database.resolvedPath(), comparisons: comparisons, productsPerComparison: products, historyPerProduct: history)
        }
    }
}

extension TripFormat: ExpressibleByArgument {}

struct TripCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trip", abstract: "Print the shopping list: what to buy, the best value of each, and the totals.",
        discussion: """
            The items on the list (count 1 or more), in list order (most recently edited first), each with its count, \
            whether it is in the cart, the product to buy (the best value, or the one pinned) and the line total; then \
            the total, what is in the cart and what is left. --reset clears every check-off for the next trip.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "table, json or markdown (a checklist).")
    var format: TripFormat = .table
    @Flag(help: "Clear every check-off (the next trip), then print the list.")
    var reset = false
    @OptionGroup var shop: ShopOptions
    @OptionGroup var currency: CurrencyOptions

    func run() throws {
        try runReporting {
            let currency = try self.currency.resolved()
            let database = try self.database.openStore(create: false)
            if reset { try database.clearCheckOffs() }
            try Output.out(TripReport(try database.shoppingList(), currency: currency, at: shop.name).render(format))
        }
    }
}
