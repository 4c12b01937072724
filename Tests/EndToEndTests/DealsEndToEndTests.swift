import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Issue 38's deals and member prices, typed with keys in the real binary and read back with `per show`.
    @Suite struct DealsEndToEndTests {
        /// The yoghurt offer: 4 × 125 g at 1.89, 500 g at 1.79 with 2 for 3.00 typed in its Deal field (Tab past the name,
        /// shop and deposit), 1 kg at 2.79. By hand, per kg: 1.89 / 0.5 = 3.78; the offer 3.00 / (2 × 0.5) = 3.00, its
        /// shelf 1.79 / 0.5 = 3.58; 2.79 / 1 = 2.79, the best. 3.00 / 2.79 = 1.0753: +8%; 3.78 / 2.79 = 1.3548: +35%.
        @Test func theYoghurtOfferIsTypedWithKeysAndRankedAtTheMultiBuy() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let settings = "XDG_CONFIG_HOME='\(folder.file("config"))' "
            let tmux = TmuxSession(settings + perCommand(db: db))
            tmux.waitFor("Untitled")
            tmux.type("1.89"); tmux.keys("Enter"); tmux.type("4x125"); tmux.keys("Enter"); tmux.type("g")
            tmux.keys("Tab"); tmux.waitFor("Name of"); tmux.type("pots"); tmux.keys("Enter")
            tmux.waitFor("Price (new")
            tmux.type("1.79"); tmux.keys("Enter"); tmux.type("500"); tmux.keys("Enter"); tmux.waitFor("Unit of"); tmux.type("g")
            tmux.keys("Tab"); tmux.waitFor("Name of"); tmux.type("tub")
            tmux.keys("Tab"); tmux.waitFor("Shop of")
            tmux.keys("Tab"); tmux.waitFor("Deposit of")
            tmux.keys("Tab"); tmux.waitFor("Deal of")
            tmux.type("2 for 3"); tmux.keys("Enter")
            tmux.waitFor { $0.contains("Price (new") && $0.contains("shelf 3.58") }
            tmux.type("2.79"); tmux.keys("Enter"); tmux.type("1"); tmux.keys("Enter"); tmux.type("kg")
            tmux.keys("Tab"); tmux.waitFor("Name of"); tmux.type("big"); tmux.keys("Enter")
            let screen = tmux.waitFor { $0.contains("Price (new") && $0.contains("big") && $0.contains("★ Best") }
            let rows = screen.split(separator: "\n").map(String.init)
            let tub = try #require(rows.first { $0.contains("shelf 3.58") }, "\(screen)")
            #expect(tub.contains("3.00") && tub.contains("+8%"), "\(tub)")
            let pots = try #require(rows.first { $0.contains("pots") }, "\(screen)")
            #expect(pots.contains("3.78") && pots.contains("+35%"), "\(pots)")
            let big = try #require(rows.first { $0.contains("big") && $0.contains("★") }, "\(screen)")
            #expect(big.contains("2.79"), "\(big)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            let shown = run([perBinary, "show", "--db", db, "Untitled"], environment: ["XDG_CONFIG_HOME": folder.file("config")])
            #expect(shown.status == 0, "\(shown.stderr)")
            #expect(shown.stdout.contains("+8% more (deal 2 for 3.00)") && shown.stdout.contains("2 for 3.00 (shelf 3.58"), "\(shown.stdout)")
            let export = run([perBinary, "export", "--db", db], environment: ["XDG_CONFIG_HOME": folder.file("config")])
            #expect(export.stdout.contains(#""deal": {"kind": "multibuy", "count": 2, "price": "3", "scheme": null, "until": null}"#), "\(export.stdout)")
        }

        /// A Clubcard price, typed with keys by a member (`member = Clubcard` in the settings file): 1 kg at 2.50 with
        /// `Clubcard 1.99`, beside 1 kg at 2.20. By hand: the member pays 1.99, the best; 2.20 / 1.99 = 1.1055: +11%. Read
        /// by a shopper who is no member, the shelf's 2.50 ranks: 2.50 / 2.20 = 1.1364: +14%.
        @Test func aClubcardPriceIsTypedWithKeysAndRankedForTheMember() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let config = folder.file("config")
            try FileManager.default.createDirectory(atPath: config + "/per", withIntermediateDirectories: true)
            try "member = Clubcard\n".write(toFile: config + "/per/config", atomically: true, encoding: .utf8)
            let tmux = TmuxSession("XDG_CONFIG_HOME='\(config)' " + perCommand(db: db))
            tmux.waitFor("Untitled")
            tmux.type("2.50"); tmux.keys("Enter"); tmux.type("1"); tmux.keys("Enter"); tmux.type("kg")
            tmux.keys("Tab"); tmux.waitFor("Name of"); tmux.type("card")
            tmux.keys("Tab"); tmux.waitFor("Shop of")
            tmux.keys("Tab"); tmux.waitFor("Deposit of")
            tmux.keys("Tab"); tmux.waitFor("Deal of")
            // A scheme without a price stays in the field, said, with the text kept.
            tmux.type("Clubcard"); tmux.keys("Enter")
            tmux.waitFor("no offer")
            tmux.type(" 1.99"); tmux.keys("Enter")
            tmux.waitFor { $0.contains("Price (new") && $0.contains("shelf 2.50") }
            tmux.type("2.20"); tmux.keys("Enter"); tmux.type("1"); tmux.keys("Enter"); tmux.type("kg")
            tmux.keys("Tab"); tmux.waitFor("Name of"); tmux.type("plain"); tmux.keys("Enter")
            let screen = tmux.waitFor { $0.contains("Price (new") && $0.contains("plain") && $0.contains("+11%") }
            let card = try #require(screen.split(separator: "\n").first { $0.contains("shelf 2.50") }, "\(screen)")
            #expect(card.contains("1.99") && card.contains("★ Best"), "\(card)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            let member = run([perBinary, "show", "--db", db, "Untitled"], environment: ["XDG_CONFIG_HOME": config])
            #expect(member.stdout.contains("* Best value (Clubcard price)") && member.stdout.contains("+11% more"), "\(member.stdout)")
            let other = run([perBinary, "show", "--db", db, "Untitled"], environment: ["XDG_CONFIG_HOME": folder.file("none")])
            #expect(other.stdout.contains("+14% more (shelf: no Clubcard member)"), "\(other.stdout)")
        }
    }
}
