import ArgumentParser
import Foundation
import PerCore
import PerDatabase
import PerTerminal

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import", abstract: "Read comparisons from a file written by export.",
        discussion: "JSON or CSV, told apart by the content. The comparisons are added as new ones, all or none; a product whose unit's family is not its comparison's is left out and named (exit status 1, the rest imported). FILE - reads stdin. A recovery file (what the app could not save) has its changes made, all or none, once, into the database it was written for; a change older than what the database holds is not made. A key or column import does not read refuses the file, naming each; --ignore-unknown imports the rest and names what it ignored.")
    @OptionGroup var database: DatabaseOptions
    @Flag(name: .customLong("into-other-database"), help: "Make a recovery file's changes even though it was written for another database.")
    var intoOtherDatabase = false
    @Flag(name: .customLong("ignore-unknown"), help: "Import an export's keys and columns that per reads, and name on stderr those it ignored (without it, they refuse the file).")
    var ignoreUnknown = false
    @Argument(help: "The file to read, or - for standard input.", completion: .file())
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
            let head = try Self.head(of: input)
            if head.count < RecoveryJournal.markerLookahead, head.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF].contains($0) }) {
                throw CommandFailure("\(input.name) is empty: nothing to import")
            }
            let pieces = Self.pieces(head, then: input)
            if RecoveryJournal.isJournal(head) { return try importRecovery(from: pieces, named: input.name) }
            if Self.isSQLite(head) {
                guard file != "-" else { throw CommandFailure("\(input.name) is a SQLite database: give a copy for the road by its file's name, not on standard input") }
                return try mergeCopy(at: file)
            }
            let path = try database.resolvedPath()
            let existed = FileManager.default.fileExists(atPath: path)
            let store = try database.openDatabase(create: true)
            if (try? store.copyOf()) != nil {
                // Imported here, the comparisons would never reach home: the merge takes only changes made on the copy.
                throw CommandFailure("\(input.name): this database is a copy for the road; import the file into the home database (nothing was imported)")
            }
            // One transaction, written as the file is read: memory stays flat, and a refusal anywhere rolls it all back.
            let counts: ImportCounts
            var ignored: [UnknownName] = []
            do {
                counts = try store.importing { writer in
                    // The clock is read here, at the edge: the reader refuses a `seen` day after tomorrow.
                    ignored = try ComparisonExchange.decode(from: pieces, into: &writer, today: LocalClock.today(), ignoringUnknown: ignoreUnknown)
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
            if !ignored.isEmpty {
                Output.error("\(input.name): imported without what per import does not read (--ignore-unknown): \(UnknownName.listed(ignored))")
            }
            // Committed, but not everything: per never exits 0 having dropped data.
            if !counts.leftOut.isEmpty || !counts.leftOutHistory.isEmpty {
                for reason in counts.leftOut { Output.error("\(input.name): \(reason); this product was left out") }
                for reason in counts.leftOutHistory { Output.error("\(input.name): \(reason); this earlier price was left out") }
                let (n, h) = (counts.leftOut.count, counts.leftOutHistory.count)
                let what = [n == 0 ? nil : "\(n) product\(n == 1 ? "" : "s")", h == 0 ? nil : "\(h) earlier price\(h == 1 ? "" : "s")"]
                    .compactMap { $0 }.joined(separator: " and ")
                throw CommandFailure("\(input.name): \(what) left out (one comparison, one family of units); everything else was imported")
            }
        }
    }

    /// The first bytes of the input: enough to tell a recovery file (`RecoveryJournal.isJournal`), fewer only at its end.
    private static func head(of input: Output.Pieces) throws -> [UInt8] {
        var head: [UInt8] = []
        while head.count < RecoveryJournal.markerLookahead {
            let piece = try input.next()
            if piece.isEmpty { break }
            head += piece
        }
        return head
    }

    /// `head`, then the rest of the input.
    private static func pieces(_ head: [UInt8], then input: Output.Pieces) -> () throws -> [UInt8] {
        final class Head { var bytes: [UInt8]?; init(_ bytes: [UInt8]) { self.bytes = bytes } }
        let first = Head(head)
        return {
            if let bytes = first.bytes {
                first.bytes = nil
                return bytes
            }
            return try input.next()
        }
    }

    /// A recovery file (the app's changes that could not be saved): read and checked whole before the database is
    /// opened, then its changes made in one transaction, once (a second import changes nothing).
    private func importRecovery(from pieces: @escaping () throws -> [UInt8], named name: String) throws {
        let journal: RecoveryJournal
        do {
            // The clock is read here, at the edge, as for an export file: a `seen` day after tomorrow is refused.
            journal = try RecoveryJournal.decode(from: pieces, today: LocalClock.today())
        } catch let error as ExchangeError {
            throw CommandFailure("\(name): \(error.message); nothing was imported")
        } catch ExchangeInputError.notUTF8 {
            throw CommandFailure("\(name): not UTF-8 text")
        } catch ExchangeInputError.tooLarge(let limit) {
            throw CommandFailure("\(name) is larger than \(limit >> 20) MiB, the most a recovery file holds; nothing was imported")
        }
        let path = try database.resolvedPath()
        let existed = FileManager.default.fileExists(atPath: path)
        let store = try database.openDatabase(create: true)
        let outcome: RecoveryImport
        do {
            outcome = try store.importRecovery(journal, intoOtherDatabase: intoOtherDatabase)
        } catch {
            if existed { _ = Unmanaged.passRetained(store) } else { Self.remove(created: store) }   // as for a refused export file
            switch error {
            case .otherDatabase, .recoveryRefused: throw CommandFailure("\(name): \(error.message)")
            default: throw error
            }
        }
        switch outcome {
        case .applied:
            let changes = journal.userChanges
            let what = changes == 0 ? "" : ": \(journal.summary)"
            try Output.out("Imported \(changes) change\(changes == 1 ? "" : "s") from the recovery file\(what).\n")
        case .appliedExcept(let skipped):
            // What was made is said by what it was; the newer kept is what the database should hold (stdout); a change
            // left out is data dropped (stderr, status 1); one made already (by a per that replayed it) needs no word.
            let made = journal.made(except: skipped)
            let changes = made.userChanges, already = skipped.count(where: \.isMadeAlready)
            let kept = skipped.filter { !$0.isLeftOut && !$0.isMadeAlready }, leftOut = skipped.filter(\.isLeftOut)
            var text = "Imported \(changes) of the recovery file's changes" + (changes == 0 ? "" : ": \(made.summary)")
            if already > 0 { text += " (\(already) made already)" }
            text += kept.isEmpty ? ".\n" : "; the database held newer:\n"
            for skip in kept { text += "  change \(skip.change): \(TerminalText.singleLine(skip.message)).\n" }
            try Output.out(text)
            if !leftOut.isEmpty {
                for skip in leftOut { Output.error("\(name): change \(skip.change): \(skip.message)") }
                let n = leftOut.count
                throw CommandFailure("\(name): \(n) change\(n == 1 ? "" : "s") left out; the others were imported")
            }
        case .alreadyApplied(let at):
            let when = Self.time(at)
            try Output.out("Already imported (\(when)): this recovery file changed nothing this time.\n")
        }
    }

    /// A refused import into a database it created leaves no database behind, as when nothing was opened.
    private static func remove(created store: ComparisonDatabase) {
        store.close()
        for suffix in ["", "-wal", "-shm"] { unlink(store.path + suffix) }
    }
}
