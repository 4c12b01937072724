import ArgumentParser
import Foundation
import PerCore
import PerDatabase

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Read comparisons from a file written by export.",
        discussion: "JSON or CSV, told apart by the content. The comparisons are added as new ones, all or none. FILE - reads stdin.")
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The file to read, or - for standard input.")
    var file: String

    /// Bad option values, refused before anything is opened.
    func validate() throws {
        try reportingFailures {
            _ = try database.resolvedPath()
        }
    }

    func run() throws {
        try reportingFailures {
            let input = try Output.Pieces(file)
            let path = try database.resolvedPath()
            let existed = FileManager.default.fileExists(atPath: path)
            let store = try database.openDatabase(create: true)
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
                    throw CommandFailure("\(input.name): \(error.message); nothing was imported")
                case ExchangeInputError.notUTF8:
                    throw CommandFailure("\(file): not UTF-8 text")
                case ExchangeInputError.tooLarge(let limit):
                    throw CommandFailure("\(input.name) is larger than \(limit >> 20) MiB, the most per imports at once; nothing was imported")
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
    private static func remove(created store: ComparisonDatabase) {
        store.close()
        for suffix in ["", "-wal", "-shm"] { unlink(store.path + suffix) }
    }
}
