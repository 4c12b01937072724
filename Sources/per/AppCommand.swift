import ArgumentParser
import PerCore

struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "app", abstract: "Open the full-screen app (the default).")

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (its own text selection).")
    var noMouse = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        print("per app: not yet")
    }
}
