import ArgumentParser
import Foundation
import PerCore
import PerDatabase

/// Where the database is: --db PATH, else PER_DB, else $XDG_DATA_HOME/per/per.sqlite.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: "The database file (default: $PER_DB, else $XDG_DATA_HOME/per/per.sqlite).", completion: .file())
    var path: String?

    /// The database's path. An empty --db or PER_DB is a mistake (an unset variable in a script, say), not a wish for
    /// the default file, so it is refused (a usage error).
    func resolvedPath() throws(CommandFailure) -> String {
        try Self.resolvedPath(path)
    }

    /// The same for a path given without parsing (the app's quick start builds no ParsableArguments).
    static func resolvedPath(_ path: String?) throws(CommandFailure) -> String {
        _ = try Settings.file()   // a bad settings file stops every command, whatever it sets
        if path == "" { throw CommandFailure.usage("--db is empty; give the database file's path, or leave --db out for the default") }
        if path == nil, ComparisonDatabase.environmentVariable("PER_DB") == "" {
            throw CommandFailure.usage("PER_DB is set but empty; give the database file's path, or unset PER_DB for the default")
        }
        if path == nil, ComparisonDatabase.environmentVariable("PER_DB") == nil, let file = try Settings.databasePath() { return file.value }
        return ComparisonDatabase.resolvePath(option: path, variable: ComparisonDatabase.environmentVariable)
    }

    /// Opens the database for a command, or says why not. With `create` false (the reading commands) a missing
    /// database is an error and nothing is created.
    func openDatabase(create: Bool, deferringIntegrityCheck: Bool = false) throws(CommandFailure) -> ComparisonDatabase {
        try Self.openDatabase(at: path, create: create, deferringIntegrityCheck: deferringIntegrityCheck)
    }

    static func openDatabase(at option: String?, create: Bool, deferringIntegrityCheck: Bool = false) throws(CommandFailure) -> ComparisonDatabase {
        let path = try resolvedPath(option)
        let store: ComparisonDatabase
        do {
            store = try ComparisonDatabase(path: path, create: create, deferringIntegrityCheck: deferringIntegrityCheck)
        } catch {
            throw CommandFailure(error.message)
        }
        // What a per that ended (killed, crashed) left waiting is made first, and said.
        let left = store.saveLeftChanges()
        for line in left.lines { Output.diagnostic("per: \(TerminalText.singleLine(line))\n") }
        return store
    }
}

/// Why a command stopped: `per: MESSAGE` on stderr and an exit status. Every command fails this way, from `validate()`
/// (bad option values, checked before anything is opened) or from `run()`, both wrapped in `reportingFailures`.
struct CommandFailure: Error {
    let message: String
    let status: Int32

    /// The command could not do its work (no such database or comparison, a file it cannot read or refuses): status 1.
    init(_ message: String) {
        self.init(message, status: 1)
    }

    private init(_ message: String, status: Int32) {
        self.message = message
        self.status = status
    }

    /// The exit status for bad input on the command line, per's refusals and ArgumentParser's alike (`PerCommand.exitForBadInput`).
    static let badInputStatus: Int32 = 2

    /// Bad input on the command line, whatever the command: an option's value, an ITEM, a NAME that stands for several
    /// comparisons. Status 2, as for what ArgumentParser itself refuses (an unknown option or a missing value).
    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(message, status: badInputStatus)
    }

    /// Writes the message on stderr; the `ExitCode` to throw, which ArgumentParser exits with (never `exit()`).
    func reported() -> ExitCode {
        Output.error(message)
        return ExitCode(status)
    }
}

/// Runs a command's `validate()` or `run()`, turning a `CommandFailure` or a `DatabaseFailure` (status 1) into its
/// message on stderr and a thrown `ExitCode`; output failures arrive as `ExitCode` already.
func reportingFailures(_ body: () throws -> Void) throws {
    Output.prepare()
    do {
        try body()
    } catch let failure as CommandFailure {
        throw failure.reported()
    } catch let error as DatabaseFailure {
        throw CommandFailure(error.message).reported()
    }
}

extension ReportFormat: ExpressibleByArgument {}
extension ExchangeFormat: ExpressibleByArgument {}
extension TripFormat: ExpressibleByArgument {}
/// The saved comparison a NAME given to `show` or `export` stands for: its full id, else its title (any case;
/// `Untitled` names those without one), else its short id as `per lists` prints it (at least 4 of its digits).
/// A NAME that stands for several is refused, listing them with their short ids (exit status 2).
func savedComparison(named name: String, in summaries: [ListEntry]) throws(CommandFailure) -> ListEntry {
    if let byID = summaries.first(where: { $0.id.rawValue == name }) { return byID }
    let wanted = name.trimmingCharacters(in: .whitespaces)
    var found = summaries.filter { $0.displayTitle.trimmingCharacters(in: .whitespaces).caseInsensitiveCompare(wanted) == .orderedSame }
    let what = found.isEmpty ? "short id" : "title"
    if found.isEmpty, wanted.count >= 4 {
        let digits = wanted.lowercased()
        found = summaries.filter { ListEntry.hashID($0.id).hasPrefix(digits) }
    }
    // What a spreadsheet made of a short id of digits (`0884` read as 884, `1e40` as 1E+40): the id it was.
    if found.isEmpty, let number = DecimalText.spreadsheetNumber(wanted) {
        let ids = ListEntry.shortIDs(summaries)
        found = zip(summaries, ids).filter { _, id in id.count < 17 && DecimalText.spreadsheetNumber(id) == number }.map(\.0)
    }
    guard let first = found.first else { throw CommandFailure("no saved comparison is called \"\(name)\" (see per lists)") }
    guard found.count == 1 else {
        let ids = ListEntry.shortIDs(summaries)
        let shortID = Dictionary(zip(summaries.map(\.id), ids), uniquingKeysWith: { a, _ in a })
        let lines = found.map { entry in
            "  \(shortID[entry.id] ?? entry.id.rawValue)  \(TerminalText.singleLine(entry.displayTitle))  "
                + "\(entry.productCount) product\(entry.productCount == 1 ? "" : "s")"
                + (entry.updatedAt.map { "  edited \(ListEntry.displayDate($0))" } ?? "")
        }
        throw CommandFailure.usage(
            "\(found.count) comparisons have the \(what) \"\(TerminalText.singleLine(name))\"; name one by its id:\n"
                + lines.joined(separator: "\n"))
    }
    return first
}
