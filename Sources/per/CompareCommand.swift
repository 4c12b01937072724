import ArgumentParser
import PerCore

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "compare", abstract: "Rank products given on the command line.")
    @Argument var items: [String] = []
}
