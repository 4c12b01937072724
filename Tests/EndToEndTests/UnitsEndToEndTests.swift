import Foundation
import PerCore
import Testing
import TestSupport

extension EndToEnd {
    /// Units and money in the real binary: a count word typed in the unit field, a currency from PER_CURRENCY.
    @Suite struct UnitsEndToEndTests {
        func line(_ screen: String, containing text: String) -> String {
            screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
        }

        @Test func aCountWordTypedInTheUnitFieldIsKeptSavedAndCompared() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db), environment: ["PER_CURRENCY": "€"])
            tmux.waitFor("Untitled")
            tmux.type("5.49"); tmux.keys("Tab")
            tmux.type("12x200"); tmux.keys("Tab")
            tmux.type("sheets")
            var screen = tmux.waitFor("Enter keeps 'sheet' as a count unit")
            tmux.keys("Tab")   // Tab keeps it too, and goes on to the next field (Enter would finish the product)
            screen = tmux.waitFor("compared only with sheets")
            tmux.tab(from: .afterUnit, to: .name)
            tmux.type("big"); tmux.keys("Enter")
            tmux.type("1.99"); tmux.keys("Tab")
            tmux.type("4X150"); tmux.keys("Tab")
            screen = tmux.waitFor("Unit of 1.99")
            tmux.type("sheet"); tmux.keys("Tab")
            // The unit typed (sheet was suggested): how the price stands against the lowest seen.
            screen = tmux.waitFor("Lowest seen: €0.00229 per sheet today (this is +45%)")
            tmux.tab(from: .afterUnit, to: .name)
            tmux.type("small"); tmux.keys("Enter")
            screen = tmux.waitFor { $0.contains("small") && $0.contains("Price (new product)") }
            let big = line(screen, containing: "big"), small = line(screen, containing: "small")
            #expect(big.range(of: #"^ +1 big +€5\.49 +12×200 sheet +today +€0\.00229 ★ Best"#, options: .regularExpression) != nil, "\(screen)")
            #expect(small.range(of: #"^.2 small +€1\.99 +4×150 sheet.? +today +€0\.00332 \+45%"#, options: .regularExpression) != nil, "\(screen)")
            #expect(screen.contains("per sheet"), "\(screen)")
            // Rolls are not sheets: said, naming both; Enter stays on the unit to have it put right.
            tmux.fill(price: "3", quantity: "4", unit: "rolls")
            screen = tmux.waitFor("roll is a count unit of its own; this comparison is in sheets: fix it, or Esc")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let shown = try run(perBinary, ["export", "--db", db, "--format", "csv"])
            #expect(shown.out.contains("big,5.49,2400,sheet,,2"), "\(shown.out) \(shown.err)")
            #expect(shown.out.contains("small,1.99,600,sheet,,2"), "\(shown.out)")
        }

        /// Issue 39: `per --uk` opens the app with UK measures for a new comparison, as `uk = yes` in the settings file
        /// does, and the screen says which pint is in play: `(UK)`, else `(US)` by default (it said nothing).
        @Test func ukFromTheOptionOrTheSettingsFileMakesANewComparisonsPintsUKAndSaysSo() throws {
            let folder = TemporaryFolder()
            func pint(_ arguments: String, config: String?) -> String {
                let home = folder.file(UUID().uuidString)
                try? FileManager.default.createDirectory(atPath: home + "/per", withIntermediateDirectories: true)
                if let config { try? config.write(toFile: home + "/per/config", atomically: true, encoding: .utf8) }
                let tmux = TmuxSession(perCommand(db: folder.file(UUID().uuidString + ".sqlite"), arguments), environment: ["XDG_CONFIG_HOME": home])
                tmux.waitFor("Untitled")
                tmux.fill(price: "1", quantity: "1", unit: "pt")
                let screen = tmux.waitFor("1 of 1 ranked")
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0)
                return screen
            }
            let option = pint("--uk", config: nil)
            #expect(option.contains("per fl oz (UK)"), "\(option)")
            let file = pint("", config: "uk = yes\n")
            #expect(file.contains("per fl oz (UK)"), "\(file)")
            let us = pint("--us", config: "uk = yes\n")
            #expect(us.contains("per fl oz (US)"), "\(us)")
            let plain = pint("", config: nil)
            #expect(plain.contains("per fl oz (US)"), "\(plain)")
        }
    }
}
