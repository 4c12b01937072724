import ArgumentParser
import PerCore

@main
struct PerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "per",
        abstract: "Compare prices per unit, typed on a calculator keypad.",
        discussion: "With no subcommand, per opens the full-screen app.",
        version: PerVersion.string,
        subcommands: [AppCommand.self, CompareCommand.self, ListsCommand.self, ShowCommand.self, ExportCommand.self, ImportCommand.self, SeedCommand.self],
        defaultSubcommand: AppCommand.self
    )
}

enum PerVersion {
    static let string = "0.1.0"
}
