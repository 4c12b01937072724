import ArgumentParser
import Foundation
import PerCore
import PerDatabase

/// `--shop NAME` (or `--store NAME`, its earlier name): the shop you are in (the app and `per trip`): new products start
/// with it, and each shopping list item's product to buy is the best there.
struct ShopOptions: ParsableArguments {
    @Option(name: [.customLong("shop"), .customLong("store")],
            help: ArgumentHelp("The shop you are in: the shopping list's product to buy for each item is the best there (none when it has none there); in the app, new products start with it, and a price typed on another shop's product is this shop's (Ctrl-R: it was the other's) (--store is the same).",
                               valueName: "name"),
            completion: .custom(ShellCompletion.savedShops))
    var shop: String?

    var name: ShopName? { shop.flatMap(ShopName.init) }
}

/// `--stale-days` / `PER_STALE_DAYS`: when a price reads as old in the app.
struct FreshnessOptions: ParsableArguments {
    /// `.unconditional`: a value that looks like an option (`-1`) is taken as the value and refused with the others
    /// (exit 2), not read as an unknown option.
    @Option(name: .customLong("stale-days"), parsing: .unconditional,
            help: ArgumentHelp("Mark prices seen more than this many days ago as old (1 to \(ShopSettings.maximumStaleDays); default: $PER_STALE_DAYS, else \(Session.defaultStaleDays)).",
                               valueName: "days"))
    var staleDays: String?

    /// The one check of `--stale-days` (`ShopSettings.staleDays`), wherever it is given: ArgumentParser also takes the
    /// root's options after a subcommand (`per lists --stale-days 0`), where `run()` would never see them.
    func validate() throws {
        if let staleDays { _ = try ShopSettings.staleDays(staleDays) }
    }
}

/// The checked values of `--shop` and `--stale-days`; a bad one prints why and exits 2 (`CommandFailure.usage`).
enum ShopSettings {
    static let maximumStaleDays = SettingsFile.maximumStaleDays

    /// The shop as the shop field would hold it typed: surrounding spaces dropped; control characters, invisible
    /// ones (the bidi controls among them) and more than `FieldText.maximumLength` refused.
    static func shop(_ option: String?) throws -> String {
        let setting: Resolved<String>?
        do { setting = try Settings.shop(option: option) } catch { throw error.reported() }
        guard let setting else { return "" }
        let text = setting.value.trimmingCharacters(in: .whitespaces)
        // The file's line is blamed for the file's value, --shop for the option's.
        let name = if case .file(let path, let line) = setting.source { "\(path): line \(line): shop" } else { "--shop" }
        // Foundation's trim drops U+200B at an end: checked as given too.
        switch SettingText.problem(in: setting.value) ?? SettingText.problem(in: text) {
        case .controlCharacter:
            throw CommandFailure.usage("\(name): a shop's name can't hold control characters (tabs, newlines, escapes)").reported()
        case .loneCombiningMark(let mark):
            throw CommandFailure.usage("\(name): a shop's name can't start with a combining mark (\(TerminalText.codePoint(mark))) with no character to sit on").reported()
        case .invisible(let scalar):
            throw CommandFailure.usage("\(name): a shop's name can't hold invisible characters (\(TerminalText.codePoint(scalar)))").reported()
        case nil:
            break
        }
        guard FieldText.fits(text, adding: 0) else {
            throw CommandFailure.usage("\(name): a shop's name of \(FieldText.tooLong(text))").reported()
        }
        guard text.allSatisfy({ TextWidth.of($0) > 0 }) else {
            throw CommandFailure.usage("\(name): every character of a shop's name must show on the screen").reported()
        }
        return text
    }

    static func staleDays(_ option: String?) throws -> Int {
        do { return try Settings.staleDays(option: option).value } catch { throw error.reported() }
    }
}

/// `--member NAME`: a member scheme the shopper is in (`Clubcard`); its member prices are the prices ranked (beats the
/// settings file's `member`). Given again, or as `A, B`, for several.
struct MemberOptions: ParsableArguments {
    @Option(name: .customLong("member"), help: ArgumentHelp("A member scheme you are in (e.g. Clubcard): its member prices are ranked (default: the settings file's member).",
                                                            valueName: "scheme"),
            completion: .custom(ShellCompletion.savedSchemes))
    var member: [String] = []

    func schemes() throws -> [String] {
        do { return try Settings.members(option: member) } catch { throw error.reported() }
    }
}
