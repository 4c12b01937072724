import ArgumentParser
import Foundation
import PerCore
import PerDatabase

/// `per config`: the settings in effect and where each came from (an option, the environment, a line of the settings
/// file, or the default), written as a settings file would hold them.
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Print the settings in effect, as a settings file per reads back, and where each came from.",
        discussion: "Settings come from an option, else the environment (PER_DB, PER_CURRENCY, PER_CURRENCY_FORMAT, PER_DECIMAL, PER_STALE_DAYS), else the settings file $XDG_CONFIG_HOME/per/config (~/.config/per/config), else the default."
    )

    @OptionGroup var app: AppOptions

    func run() throws {
        try reportingFailures {
            Self.warnWritingOverTheSettingsFile()
            let decimal = try Settings.decimal(option: app.currency.decimal)
            let format = try Settings.currencyFormat(option: app.currency.format)
            let currency = try Settings.currency(option: app.currency.text, format: format, decimal: decimal.value)
            let database: Resolved<String>
            let path = try app.database.resolvedPath()
            if app.database.path != nil {
                database = Resolved(value: path, source: .option("--db"))
            } else if Settings.variable("PER_DB") != nil {
                database = Resolved(value: path, source: .environment("PER_DB"))
            } else if let file = try Settings.databasePath() {
                database = file
            } else {
                database = Resolved(value: path, source: .fallback)
            }
            let shop = try Settings.shop(option: app.shop.shop)
            let shopName = try ShopSettings.shop(app.shop.shop)
            let staleDays = try Settings.staleDays(option: app.freshness.staleDays)
            let mouse = try Settings.flag(.mouse, on: (app.mouse, "--mouse"), off: (app.noMouse, "--no-mouse"), fallback: true)
            let uk = try Settings.flag(.uk, on: (app.imperial, "--uk"), off: (app.customary, "--us"), fallback: false)
            let accessible = try Settings.accessible()
            let formatSource: SettingSource = switch (currency, format) {
            case (nil, _): .fallback
            case (let currency?, let format?) where format.value.text == currency.value.text: format.source
            case (_?, _): .convention
            }
            func yesNo(_ on: Bool) -> String { on ? "yes" : "no" }
            let rows: [(SettingsFile.Key, String?, SettingSource)] = [
                (.db, database.value, database.source),
                (.currency, currency?.value.text, currency?.source ?? .fallback),
                (.currencyFormat, currency?.value.pattern, formatSource),
                (.decimal, decimal.value.rawValue, decimal.source),
                (.shop, shop.map { _ in shopName }, shop?.source ?? .fallback),
                (.staleDays, String(staleDays.value), staleDays.source),
                (.mouse, yesNo(mouse.value), mouse.source),
                (.uk, yesNo(uk.value), uk.source),
                (.accessible, yesNo(accessible.value), accessible.source),
            ]
            var lines = ["# settings file: \(TerminalText.singleLine(Settings.path))\(Settings.fileExists ? "" : " (none)")"]
            let settings = rows.map { key, value, _ in value.map { SettingsFile.line(key, TerminalText.singleLine($0)) } ?? "# \(key.rawValue): none" }
            let width = settings.map(TextWidth.of).max() ?? 0
            for (setting, (_, _, source)) in zip(settings, rows) {
                lines.append(setting + String(repeating: " ", count: max(0, width - TextWidth.of(setting))) + "  # \(source.description)")
            }
            try Output.out(lines.joined(separator: "\n") + "\n")
        }
    }

    /// `per config > ~/.config/per/config`: the shell emptied the file before per could read it (or made it new: per
    /// cannot tell which), so the settings it held, if any, are in neither what per read nor what it writes. Said on
    /// stderr, with the way that keeps them; the output is written (for a new file, it is what was asked).
    static func warnWritingOverTheSettingsFile() {
        var output = stat(), file = stat()
        guard fstat(STDOUT_FILENO, &output) == 0, output.st_mode & S_IFMT == S_IFREG,
              stat(Settings.path, &file) == 0, output.st_dev == file.st_dev, output.st_ino == file.st_ino else { return }
        let path = TerminalText.singleLine(Settings.path)
        Output.error("the output is the settings file itself (\(path)): the shell emptied it before per could read it, so any "
                     + "setting it held is not in what follows; to keep them: per config > config.new && mv config.new \(path)")
    }
}
