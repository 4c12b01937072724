import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// `per --member Clubcard`: the app ranks a member price for this run, as `member = Clubcard` does (issue 38: a
    /// setting and an option).
    @Suite struct MemberOptionEndToEndTests {
        /// 1 kg at 2.50 with a Clubcard 1.99, beside 1 kg at 2.20. By hand: a member pays 1.99, the best, and
        /// 2.20 / 1.99 = 1.1055: +11%; without the option the shelf's 2.50 ranks below 2.20: 2.50 / 2.20 = 1.1364: +14%.
        @Test func theMemberOptionRanksTheMemberPriceForThisRun() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let export = """
                {"format": "per-export", "version": 3, "comparisons": [{"title": "Butter", "per": "kg", "products": [
                  {"name": "card", "price": "2.50", "quantity": "1", "unit": "kg", "deal": "Clubcard 1.99"},
                  {"name": "plain", "price": "2.20", "quantity": "1", "unit": "kg"}]}]}
                """
            #expect(run([perBinary, "import", "--db", db, "-"], environment: ["XDG_CONFIG_HOME": folder.file("none")], input: export).status == 0)
            let environment = "XDG_CONFIG_HOME='\(folder.file("none"))' "
            let member = TmuxSession(environment + perCommand(db: db, "--member Clubcard"))
            let screen = member.waitFor { $0.contains("card") && $0.contains("plain") && $0.contains("+11%") }
            let card = try #require(screen.split(separator: "\n").first { $0.contains("shelf 2.50") }, "\(screen)")
            #expect(card.contains("1.99") && card.contains("★ Best"), "\(card)")
            member.keys("C-q")
            #expect(member.waitForExit() == 0, "\(member.screen)")

            let shopper = TmuxSession(environment + perCommand(db: db))
            let plain = shopper.waitFor { $0.contains("card") && $0.contains("plain") && $0.contains("+14%") }
            let best = try #require(plain.split(separator: "\n").first { $0.contains("plain") }, "\(plain)")
            #expect(best.contains("★ Best"), "\(best)")
            shopper.keys("C-q")
            #expect(shopper.waitForExit() == 0, "\(shopper.screen)")

            let refused = run([perBinary, "--member", "", "--db", db])
            #expect(refused.status == 2 && refused.stderr.contains("--member: give the scheme's name"), "\(refused.stderr)")
        }
    }
}
