import ArgumentParser
import Foundation
import PerCore
import PerDatabase
import PerTerminal

/// The full-screen app's options: those of `per` itself and of `per app`.
struct AppOptions: ParsableArguments {
    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (its own text selection).")
    var noMouse = false

    @Flag(name: .customLong("mouse"), help: "Taps and the wheel for per (the default; beats mouse = no in the settings file).")
    var mouse = false

    @Flag(name: .customLong("uk"), help: "UK imperial volume units (pint, gallon, fl oz...) for new comparisons; Ctrl-E switches one.")
    var imperial = false

    @Flag(name: .customLong("us"), help: "US customary volume units for new comparisons (the default; beats uk = yes in the settings file).")
    var customary = false

    @OptionGroup var database: DatabaseOptions

    @OptionGroup var currency: CurrencyOptions

    @OptionGroup var shop: ShopOptions

    @OptionGroup var freshness: FreshnessOptions

    @OptionGroup var member: MemberOptions

    func runApp() throws {
        try Self.runApp(QuickOptions(noMouse: noMouse, mouse: mouse, uk: imperial, us: customary, databasePath: database.path, shop: shop.shop,
                                     staleDays: freshness.staleDays, members: member.member),
                        currency: (currency.text, currency.decimal, currency.format))
    }

    /// The app's options as given, before they are checked.
    struct QuickOptions: Equatable {
        var noMouse = false
        var mouse = false
        var uk = false
        var us = false
        var databasePath: String?
        var shop: String?
        var staleDays: String?
        /// `--member`'s schemes as given (never on the quick path).
        var members: [String] = []
    }

    /// The app's arguments when they are only `--no-mouse`, `--uk`, `--us`, `--db PATH`, `--shop NAME` (`--store NAME`) or `--stale-days N` (or
    /// `--db=PATH`...), each at most once; nil for anything else, which swift-argument-parser then parses (and
    /// explains, when it is wrong).
    static func quickParse(_ arguments: [String]) -> QuickOptions? {
        var options = QuickOptions()
        var rest = arguments[...]
        /// `--name VALUE` or `--name=VALUE`, when the option was not given yet.
        func value(_ argument: String, _ name: String, unset: Bool) -> String?? {
            guard unset else { return nil }
            if argument == name {
                guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("-") else { return .some(nil) }
                return .some(value)
            }
            if argument.hasPrefix(name + "="), argument.count > name.count + 1 { return .some(String(argument.dropFirst(name.count + 1))) }
            return nil
        }
        while let argument = rest.popFirst() {
            if argument == "--no-mouse", !options.noMouse {
                options.noMouse = true
            } else if argument == "--mouse", !options.mouse {
                options.mouse = true
            } else if argument == "--uk", !options.uk {
                options.uk = true
            } else if argument == "--us", !options.us {
                options.us = true
            } else if let path = value(argument, "--db", unset: options.databasePath == nil) {
                guard let path else { return nil }
                options.databasePath = path
            } else if let shop = value(argument, "--shop", unset: options.shop == nil) ?? value(argument, "--store", unset: options.shop == nil) {
                guard let shop else { return nil }
                options.shop = shop
            } else if let days = value(argument, "--stale-days", unset: options.staleDays == nil) {
                guard let days else { return nil }
                options.staleDays = days
            } else {
                return nil
            }
        }
        return options
    }

    /// `currency`: `--currency`, `--decimal` and `--currency-format` (none given on the quick path).
    static func runApp(_ options: QuickOptions, currency given: (text: String?, decimal: String?, format: String?) = (nil, nil, nil)) throws {
        let databasePath = options.databasePath
        let currency = try CurrencyOptions.resolved(given.text, decimal: given.decimal, format: given.format)
        let mouse: Bool, decimal: DecimalMark, imperial: Bool, accessible: Bool, members: [String], ambiguousIsWide: Bool
        do {
            members = try Settings.members(option: options.members)
            decimal = try Settings.decimal(option: given.decimal).value
            accessible = try Settings.accessible().value
            ambiguousIsWide = try Settings.ambiguousIsWide().value
            mouse = try Settings.flag(.mouse, on: (options.mouse, "--mouse"), off: (options.noMouse, "--no-mouse"), fallback: true).value
            imperial = try Settings.flag(.uk, on: (options.uk, "--uk"), off: (options.us, "--us"), fallback: false).value
        } catch {
            throw error.reported()
        }
        let shop = (name: try ShopSettings.shop(options.shop), staleDays: try ShopSettings.staleDays(options.staleDays))
        let path: String
        do {
            // No ParsableArguments is built on this path (see PerCommand.main).
            path = try DatabaseOptions.resolvedPath(databasePath)
        } catch {
            throw error.reported()
        }
        let settings = AppSettings(path: path, mouse: mouse, currency: currency, decimal: decimal, shop: ShopName(shop.name), staleDays: shop.staleDays,
                                   volumeSystem: imperial ? .imperial : .us, accessible: accessible, members: members)
        // Every width counted and every glyph chosen in the run follows the terminal's ambiguous width.
        let status = TextWidth.$ambiguousIsWide.withValue(ambiguousIsWide) {
            MainActor.assumeIsolated { AppLoop.run(settings) }
        }
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
