import ArgumentParser
import PerCore

/// `per` alone opens the app, so the app's options are the root command's own: `per --help` lists them
/// beside the subcommands (with a default subcommand they showed only under `per app --help`).
@main
struct PerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "per",
        abstract: "Compare prices per unit, typed on a calculator keypad.",
        discussion: "With no subcommand, per opens the full-screen app; the options below are the app's.",
        version: PerVersion.string,
        subcommands: [AppCommand.self, CompareCommand.self, ListsCommand.self, ShowCommand.self, ExportCommand.self, ImportCommand.self, SeedCommand.self]
    )

    @OptionGroup var app: AppOptions

    func run() throws {
        try app.runApp()
    }
}

enum PerVersion {
    static let string = "0.1.0"
}
