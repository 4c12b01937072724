import ArgumentParser
import PerCore

/// Where the database is: --db PATH, else PER_DB, else $XDG_DATA_HOME/per/per.sqlite.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .customLong("db"), help: "The database file (default: $PER_DB, else $XDG_DATA_HOME/per/per.sqlite).")
    var path: String?
}

struct ListsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lists", abstract: "Print the saved comparisons.")
    @OptionGroup var database: DatabaseOptions
}

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Print one saved comparison, ranked.")
    @OptionGroup var database: DatabaseOptions
    @Argument var name: String
}

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "export", abstract: "Write saved comparisons to stdout.")
    @OptionGroup var database: DatabaseOptions
}

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "import", abstract: "Read comparisons from a file written by export.")
    @OptionGroup var database: DatabaseOptions
    @Argument var file: String
}
