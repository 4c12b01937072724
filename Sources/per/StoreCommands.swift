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
    init(_ message: String) { self.message = message }
}

/// Runs a store command, turning store and file failures into a message on stderr and a thrown
/// `ExitCode(1)` (ArgumentParser exits with it); output failures arrive as `ExitCode` already.
private func runReporting(_ body: () throws -> Void) throws {
    Output.prepare()
    do {
        try body()
    } catch let failure as StoreFailure {
        Output.error(failure.message)
        throw ExitCode(1)
    } catch let error as StoreError {
        Output.error(error.message)
        throw ExitCode(1)
    }
}

extension ExchangeFormat: ExpressibleByArgument {}

/// Saved comparisons matching NAME: the one with that id, else those titled NAME (ignoring case), in list order.
private func matches(_ name: String, in summaries: [ListEntry]) -> [ListEntry] {
    if let byID = summaries.first(where: { $0.id.rawValue == name }) { return [byID] }
    let wanted = name.trimmingCharacters(in: .whitespaces)
    return summaries.filter { $0.title.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(wanted) == .orderedSame }
}

private func displayTitle(_ title: String) -> String { title.isEmpty ? "(untitled)" : title }

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
            let titles = summaries.map { TerminalText.singleLine(displayTitle($0.title)) }
            let titleWidth = max("Title".count, titles.map(\.count).max() ?? 0)
            let counts = summaries.map { "\($0.productCount)" }
            let countWidth = max("Products".count, counts.map(\.count).max() ?? 0)
            func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
            func padLeft(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
            var text = "\(pad("Title", titleWidth))  \(padLeft("Products", countWidth))  Last edited\n"
            for (i, summary) in summaries.enumerated() {
                text += "\(pad(titles[i], titleWidth))  \(padLeft(counts[i], countWidth))  \(summary.updatedAt.map(ListEntry.displayDate) ?? "")\n"
            }
            try Output.out(text)
        }
    }
}

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print one saved comparison, ranked.",
        discussion: "NAME is a comparison's title (any case) or its id. When several share the title, the first in the list is shown.")
    @OptionGroup var database: DatabaseOptions
    @Option(help: "table, json or csv.")
    var format: ReportFormat = .table
    @Argument(help: "The comparison's title or id.")
    var name: String

    func run() throws {
        try runReporting {
            let store = try database.openStore(create: false)
            let found = matches(name, in: try store.summaries())
            guard let first = found.first, let comparison = try store.load(first.id) else {
                throw StoreFailure("no saved comparison is called \"\(name)\" (see per lists)")
            }
            if found.count > 1 {
                Output.error("\(found.count) comparisons are called \"\(name)\"; showing the first in the list")
            }
            try Output.out(ComparisonReport(comparison).render(format))
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
    @Argument(help: "Titles (any case) or ids of the comparisons to export.")
    var names: [String] = []

    func run() throws {
        try runReporting {
            let store = try database.openStore(create: false)
            var comparisons: [Comparison]
            if names.isEmpty {
                comparisons = try store.loadAll()
            } else {
                let summaries = try store.summaries()
                var ids: [ComparisonID] = []
                for name in names {
                    let found = matches(name, in: summaries)
                    guard !found.isEmpty else { throw StoreFailure("no saved comparison is called \"\(name)\" (see per lists)") }
                    for summary in found where !ids.contains(summary.id) { ids.append(summary.id) }
                }
                comparisons = try ids.compactMap { id throws(StoreError) in try store.load(id) }
            }
            try Output.out(ComparisonExchange.encode(comparisons, as: format))
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
            let counts: (comparisons: Int, products: Int)
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
            try Output.out("Imported \(counts.comparisons) comparison\(counts.comparisons == 1 ? "" : "s") (\(counts.products) product\(counts.products == 1 ? "" : "s")).\n")
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

    func run() throws {
        try runReporting {
            try ComparisonStore.seed(path: database.resolvedPath(), comparisons: comparisons, productsPerComparison: products)
        }
    }
}
