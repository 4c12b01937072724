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
    @Flag(name: .customLong("write"), help: "Write these settings into the settings file, replacing it whole at once (a file that does not read is refused and left as it was).")
    var write = false

    func run() throws {
        try reportingFailures {
            if !write { Self.warnWritingOverTheSettingsFile() }
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
            let ambiguous = try Settings.ambiguousIsWide()
            let members = try Settings.resolvedMembers(option: app.member.member)
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
                (.ambiguous, ambiguous.value ? "wide" : "narrow", ambiguous.source),
                (.member, members?.value.joined(separator: ", "), members?.source ?? .fallback),
            ]
            var lines = ["# settings file: \(TerminalText.singleLine(Settings.path))\(Settings.fileExists ? "" : " (none)")"]
            // Written into the file, a default stays a comment: the file holds what was chosen, and a default that
            // changes later (XDG_DATA_HOME, a currency's convention) is not pinned.
            func chosen(_ source: SettingSource) -> Bool {
                switch source {
                case .option, .environment, .file: true
                case .fallback, .convention: false
                }
            }
            let settings = rows.map { key, value, source in
                value.map { (write && !chosen(source) ? "# " : "") + SettingsFile.line(key, TerminalText.singleLine($0)) } ?? "# \(key.rawValue): none"
            }
            let width = settings.map(TextWidth.of).max() ?? 0
            for (setting, (_, _, source)) in zip(settings, rows) {
                lines.append(setting + String(repeating: " ", count: max(0, width - TextWidth.of(setting))) + "  # \(source.description)")
            }
            let text = lines.joined(separator: "\n") + "\n"
            guard write else { return try Output.out(text) }
            // What is written must read back as what it says (a value per cannot write as a setting refuses it).
            do throws(SettingsFile.Problem) { _ = try SettingsFile(parsing: text) } catch {
                throw CommandFailure("the settings in effect do not read back as a settings file (\(error)); \(TerminalText.singleLine(Settings.path)) was left as it was")
            }
            let written = try Self.replace(Settings.path, with: text)
            try Output.out("Wrote the settings in effect to \(TerminalText.singleLine(written)).\n")
        }
    }

    /// Writes `text` as the file at `path` (through a link to its target), whole or not at all: a new file beside it
    /// (0600), flushed, renamed over it. Makes the folder (0700) when missing. Returns the path written.
    static func replace(_ path: String, with text: String) throws(CommandFailure) -> String {
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)).map { link in
            link.hasPrefix("/") ? link : ((path as NSString).deletingLastPathComponent as NSString).appendingPathComponent(link)
        } ?? path
        do throws(RecoveryFile.Failure) {
            try RecoveryFile.replace(text, at: target)
        } catch {
            throw CommandFailure("can't write the settings file \(TerminalText.singleLine(target)): \(error); it was left as it was")
        }
        return target
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
                     + "setting it held is not in what follows; to keep them: per config --write (or per config > config.new && mv config.new \(path))")
    }
}
