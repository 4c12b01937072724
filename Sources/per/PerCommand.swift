import ArgumentParser
import PerCore

/// `per` alone opens the app, so the app's options are the root command's own: `per --help` lists them
/// beside the subcommands (with a default subcommand they showed only under `per app --help`).
@main
struct PerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "per",
        abstract: "Compare prices per unit, typed on a calculator keypad.",
        usage: "per [--no-mouse] [--db <db>]\nper <subcommand>",
        discussion: "With no subcommand, per opens the full-screen app; the options below are the app's.",
        version: PerVersion.string,
        subcommands: [AppCommand.self, CompareCommand.self, ListsCommand.self, ShowCommand.self, ExportCommand.self, ImportCommand.self, SeedCommand.self]
    )

    @OptionGroup var app: AppOptions

    func run() throws {
        try app.runApp()
    }

    /// `per`, `per --db PATH` and `per --no-mouse` (the app and nothing else) start without swift-argument-parser:
    /// its reflection and first protocol-conformance lookups (which scan every conformance record of the statically
    /// linked runtime and Foundation) cost more than the rest of the first paint. Anything else, `--help` and every
    /// error included, goes through it.
    static func main() {
        if let quick = AppOptions.quickParse(Array(CommandLine.arguments.dropFirst())) {
            do {
                try AppOptions.runApp(noMouse: quick.noMouse, databasePath: quick.databasePath)
            } catch {
                exit(withError: error)
            }
            return
        }
        main(nil)
    }
}

enum PerVersion {
    static let string = "0.1.0"
}
