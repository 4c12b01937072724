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

    @OptionGroup var currency: CurrencyOptions

    @OptionGroup var shop: ShopOptions

    func runApp() throws {
        try Self.runApp(noMouse: noMouse, databasePath: database.path, currency: currency.text, shop: shop.name)
    }

    /// The app's arguments when they are only `--no-mouse`, `--db PATH` or `--db=PATH`, each at most once;
    /// nil for anything else, which swift-argument-parser then parses (and explains, when it is wrong).
    static func quickParse(_ arguments: [String]) -> (noMouse: Bool, databasePath: String?)? {
        var noMouse = false
        var path: String?
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--no-mouse", !noMouse {
                noMouse = true
            } else if argument == "--db", path == nil, let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") {
                path = value
            } else if argument.hasPrefix("--db="), path == nil, argument.count > 5 {
                path = String(argument.dropFirst(5))
            } else {
                return nil
            }
        }
        return (noMouse, path)
    }

    /// `currency`: the `--currency` text (PER_CURRENCY when nil).
    static func runApp(noMouse: Bool, databasePath: String?, currency: String? = nil, shop: ShopName? = nil) throws {
        let currency = try CurrencyOptions.resolved(currency)
        let opening: StoreOpening
        do {
            // No ParsableArguments is built on this path (see PerCommand.main).
            let path = try DatabaseOptions.resolvedPath(databasePath)
            if let first = FirstRead.read(path: path) {
                opening = .afterFirstFrame(first, path: path)
            } else {
                // Checked after the first paint.
                opening = .opened(try DatabaseOptions.openStore(at: databasePath, create: true, deferringIntegrityCheck: true))
            }
        } catch {
            Output.error(error.message)
            throw ExitCode(1)
        }
        let status = MainActor.assumeIsolated { AppLoop.run(opening, mouse: !noMouse, currency: currency, shop: shop) }
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
