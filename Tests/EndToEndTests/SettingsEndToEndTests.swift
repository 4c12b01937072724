import Foundation
import PerCore
import Testing
import TestSupport

extension EndToEnd {
    /// The settings file in the real binary: XDG_CONFIG_HOME points at a temporary folder whose per/config sets
    /// the currency and the decimal comma, and the app shows them.
    @Suite struct SettingsEndToEndTests {
        @Test func aSettingsFileSetsTheCurrencyAndTheDecimalComma() throws {
            let folder = TemporaryFolder()
            try FileManager.default.createDirectory(atPath: folder.file("config/per"), withIntermediateDirectories: true)
            try "# per over ssh\ncurrency = €\ndecimal = ,\n".write(toFile: folder.file("config/per/config"), atomically: true, encoding: .utf8)
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), environment: ["XDG_CONFIG_HOME": folder.file("config")])
            tmux.waitFor("Untitled")
            tmux.fill(price: "3.99", quantity: "500", unit: "g")   // on to the next product's price: the keypad
            let screen = tmux.waitFor { $0.contains("3,99 €") && $0.contains("7,98 €") }
            #expect(screen.contains("Best: 3,99 for"), "\(screen)")
            #expect(!screen.contains("3.99"), "\(screen)")
            let keypad = tmux.waitFor("│ , │ 0 │")
            #expect(!keypad.contains("│ . │"), "\(keypad)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        /// Issue 28: `per config > ~/.config/per/config`, then `per`: the app starts with the file `per config` wrote
        /// (its database, currency, decimal comma and shop, a `#` in the shop's name), where per refused it (exit 2:
        /// `invalid currency '€   # option --currency'`).
        @Test func perStartsWithTheFilePerConfigWrote() throws {
            let folder = TemporaryFolder()
            try FileManager.default.createDirectory(atPath: folder.file("config/per"), withIntermediateDirectories: true)
            let db = folder.file("shared/per.sqlite"), config = folder.file("config/per/config")
            let written = "'\(perBinary)' config --db '\(db)' --currency € --decimal , --shop 'No #1' > '\(config)'"
            let tmux = TmuxSession("sh -c \"\(written) && exec '\(perBinary)'\"", environment: ["XDG_CONFIG_HOME": folder.file("config")])
            tmux.waitFor("Untitled")
            tmux.type("3.99"); tmux.keys("Tab")
            tmux.type("500"); tmux.keys("Tab")
            tmux.type("g"); tmux.keys("Tab")
            tmux.waitFor { $0.contains("3,99 €") && $0.contains("7,98 €") }
            tmux.tab(from: .afterUnit, to: .shop)   // the shop: the file's, suggested
            tmux.waitFor("Suggested No #1?")
            tmux.keys("Enter")   // taken
            tmux.waitFor("Price (new product)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let export = run([perBinary, "export", "--db", db])
            #expect(export.status == 0 && export.stdout.contains("No #1") && export.stdout.contains("3.99"), "\(export)")
        }
    }
}
