import ArgumentParser
import Foundation
import PerCore
import PerStore
import PerTerminal

struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "app", abstract: "Open the full-screen app (the default).")

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (its own text selection).")
    var noMouse = false

    @OptionGroup var database: DatabaseOptions

    func run() throws {
        let store: ComparisonStore
        do {
            store = try database.openStore(create: true)
        } catch {
            Output.error(error.message)
            throw ExitCode(1)
        }
        let status = MainActor.assumeIsolated { AppLoop.run(store: store, mouse: !noMouse) }
        if status != 0 { throw ExitCode(status) }
    }
}
