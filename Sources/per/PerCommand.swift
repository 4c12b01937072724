import ArgumentParser
import PerCore

/// `per` alone opens the app, so the app's options are the root command's own: `per --help` lists them
/// beside the subcommands (with a default subcommand they showed only under `per app --help`).
@main
struct PerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "per",
        abstract: "Compare prices per unit, typed on a calculator keypad.",
        usage: """
            per [--mouse|--no-mouse] [--uk|--us] [--db <db>] [--shop <name>]
                [--stale-days <days>] [--currency <currency>] [--decimal <mark>]
                [--currency-format <pattern>]
            per <subcommand>
            """,
        discussion: """
            With no subcommand, per opens the full-screen app; the options below are the app's. \
            Units: g, kg, ml, l, m, m2, fl oz, pt... or any word (sheet, roll, pod), a count compared only with \
            itself. Pints, cups and fl oz are US unless --uk (Ctrl-E switches a comparison). An offer beside a \
            price goes in its Deal field: a deal (2 for 3.00) or a member price (Clubcard 1.50), ranked for you with \
            member = Clubcard in the settings file. ACCESSIBLE=1 (or accessible = yes): no key flash, words for \
            marks, messages that stay.
            """,
        version: "per " + PerVersion.string,
        subcommands: [AppCommand.self, CompareCommand.self, ListsCommand.self, ShowCommand.self, HistoryCommand.self, ExportCommand.self, ImportCommand.self, BackupCommand.self, CopyCommand.self, TripCommand.self, ConfigCommand.self, LicensesCommand.self]
    )

    @OptionGroup var app: AppOptions

    func run() throws {
        try app.runApp()
    }

    /// ArgumentParser's `main`, with two short cuts. `per`, `per --db PATH` and `per --no-mouse` (the app and
    /// nothing else) start without it: its reflection and first protocol-conformance lookups (which scan every
    /// conformance record of the statically linked runtime and Foundation) cost more than the rest of the first
    /// paint. `compare`'s ITEMs bypass it (see `CompareCommand.splitItems`). Anything else, `--help` and every
    /// error included, goes through it.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            if let quick = AppOptions.quickParse(arguments) {
                try AppOptions.runApp(quick)
                return
            }
            try refuseUnusedAppOptions(arguments)
            try refuseHelpForAnUnknownSubcommand(arguments)
            guard arguments.first == CompareCommand.configuration.commandName else {
                var command = try parseAsRoot(arguments)
                try command.run()
                return
            }
            let (options, items) = CompareCommand.splitItems(Array(arguments.dropFirst()))
            // `--uk` and `--us` are the root's (the app's) too, and ArgumentParser gives a name both declare to the
            // root: compare takes its own here.
            let volume = CompareCommand.volumeFlags
            var command = try parseAsRoot([arguments[0]] + options.filter { !volume.contains($0) })
            if var compare = command as? CompareCommand {
                compare.imperial = compare.imperial || options.contains("--uk")
                compare.customary = compare.customary || options.contains("--us")
                compare.items += items
                command = compare
            }
            try command.run()
        } catch {
            exitForBadInput(error)
        }
    }

    /// The app's options (the root command's) that each subcommand uses. ArgumentParser takes the root's options after a
    /// subcommand too, where the subcommand never sees them: `per lists --decimal ,` would do nothing and exit 0.
    /// `OptionsTests` checks the table against each subcommand's own options.
    static let appOptionsUsed: [String: Set<String>] = {
        let database: Set = ["--db"], money: Set = ["--currency", "--decimal", "--currency-format"]
        return [
            "app": appOptions, "config": appOptions, "compare": money.union(["--uk", "--us", "--member"]), "lists": database,
            "show": database.union(money).union(["--member"]), "history": database.union(money), "export": database.union(money), "import": database,
            "backup": database, "trip": database.union(money).union(["--shop", "--store", "--member"]), "licenses": [],
        ]
    }()

    /// Every option of the app (`AppOptions`).
    static let appOptions: Set = ["--mouse", "--no-mouse", "--uk", "--us", "--db", "--currency", "--decimal", "--currency-format", "--shop", "--store", "--stale-days",
                                 "--member"]

    /// An app option given after a subcommand that does not use it: refused (status 2), naming it.
    static func refuseUnusedAppOptions(_ arguments: [String]) throws {
        guard let command = arguments.first, let used = appOptionsUsed[command] else { return }
        for argument in arguments.dropFirst().prefix(while: { $0 != "--" }) {
            let name = String(argument.prefix { $0 != "=" })
            if appOptions.contains(name), !used.contains(name) {
                throw CommandFailure.usage("\(name) is not an option of per \(command)" + (used.isEmpty ? "" : " (of these it takes \(used.sorted().joined(separator: ", ")))")).reported()
            }
        }
    }

    /// `per nonsense --help` and `per --help nonsense`: ArgumentParser prints the main help for them and exits 0, as if
    /// `nonsense` were nothing. A first word (not an option nor an app option's value) that is no subcommand is
    /// refused as it is without `--help` (status 2).
    static func refuseHelpForAnUnknownSubcommand(_ arguments: [String]) throws {
        let helpFlags: Set = ["--help", "-h", "-help"]
        let options = arguments.prefix(while: { $0 != "--" })
        guard options.contains(where: helpFlags.contains), let first = firstWord(options), first != "help",
              !configuration.subcommands.contains(where: { $0.configuration.commandName == first }) else { return }
        _ = try parseAsRoot(arguments.filter { !helpFlags.contains($0) })
    }

    /// The app's options that take a value as the next argument (`--db PATH`; `--db=PATH` is one argument).
    static let appOptionsWithValues: Set = ["--db", "--currency", "--decimal", "--currency-format", "--shop", "--store", "--stale-days", "--member"]

    /// The first argument that is neither an option nor an app option's value: the subcommand's place.
    static func firstWord(_ arguments: ArraySlice<String>) -> String? {
        var isValue = false
        for argument in arguments {
            if isValue { isValue = false; continue }
            guard argument.hasPrefix("-") else { return argument }
            isValue = appOptionsWithValues.contains(argument)
        }
        return nil
    }

    /// ArgumentParser's `exit(withError:)`, but what its parser refuses (an unknown option or subcommand, a missing
    /// value, `--format xml`) exits with status 2, as per's own refusals do, not 64 (EX_USAGE): one status for bad input,
    /// and its first line starts `per: ` as every failure's does (USAGE, "Exit status"), not `Error: `.
    static func exitForBadInput(_ error: Error) -> Never {
        guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
        Output.diagnostic(perPrefixed(fullMessage(for: error)) + "\n")
        exit(withError: ExitCode(CommandFailure.badInputStatus))
    }

    /// ArgumentParser's `Error: Unknown option '--bogus'` as per says it: `per: unknown option '--bogus'`.
    static func perPrefixed(_ message: String) -> String {
        guard message.hasPrefix("Error: ") else { return message.hasPrefix("per: ") ? message : "per: " + message }
        let rest = message.dropFirst("Error: ".count)
        return "per: " + rest.prefix(1).lowercased() + rest.dropFirst()
    }
}
