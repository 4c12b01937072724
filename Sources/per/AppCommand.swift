import ArgumentParser
import Foundation
import PerCore
import PerStore
import PerTerminal

/// The full-screen app's options: those of `per` itself and of `per app`.
struct AppOptions: ParsableArguments {
    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (its own text selection).")
    var noMouse = false

    @OptionGroup var database: DatabaseOptions

    func runApp() throws {
        let path = ComparisonStore.resolvePath(option: database.path, environment: ProcessInfo.processInfo.environment)
        let store: ComparisonStore
        do {
            store = try ComparisonStore(path: path)
        } catch {
            FileHandle.standardError.write(Data("per: \(error.message)\n".utf8))
            throw ExitCode(1)
        }
        let status = MainActor.assumeIsolated { AppLoop.run(store: store, mouse: !noMouse) }
        if status != 0 { throw ExitCode(status) }
    }
}

struct AppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "app", abstract: "Open the full-screen app (what per alone does).")

    @OptionGroup var options: AppOptions

    func run() throws {
        try options.runApp()
    }
}
