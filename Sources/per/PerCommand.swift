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

    /// ArgumentParser's `main`, except that `compare`'s ITEMs bypass it (see `CompareCommand.splitItems`).
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard arguments.first == CompareCommand.configuration.commandName else { return main(arguments) }
        let (options, items) = CompareCommand.splitItems(Array(arguments.dropFirst()))
        do {
            var command = try parseAsRoot([arguments[0]] + options)
            if var compare = command as? CompareCommand {
                compare.items += items
                command = compare
            }
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}

enum PerVersion {
    static let string = "0.1.0"
}
