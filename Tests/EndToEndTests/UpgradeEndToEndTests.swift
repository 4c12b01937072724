import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Today's app on a database per 0.2.0 wrote (Tests/Fixtures/0.2.0, made by Scripts/make-fixtures; its README says
    /// what it holds), in a real terminal: it opens it, shows what 0.2.0 saved, and a price typed saves.
    @Suite struct UpgradeEndToEndTests {
        static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/0.2.0").path

        /// The comparison titled `title` of `per export`'s JSON, parsed.
        private func comparison(_ title: String, in json: String) throws -> [String: Any]? {
            let export = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
            return (export["comparisons"] as? [[String: Any]])?.first { $0["title"] as? String == title }
        }

        /// Parsed JSON as text with sorted keys, to compare.
        private func canonical(_ value: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
        }

        @Test func todaysAppOpensA020DatabaseShowsItAndATypedPriceSaves() throws {
            let fixture = (Self.fixtures as NSString).appendingPathComponent("household.sqlite")
            let committed = FileSnapshot(fixture)
            let folder = TemporaryFolder()
            let db = folder.file("household.sqlite")
            // A copy: the committed file is never opened in place.
            try FileManager.default.copyItem(atPath: fixture, toPath: db)
            chmod(db, 0o600)
            let before = run([perBinary, "export", "--db", db])
            #expect(before.status == 0, "\(before.stderr)")

            let tmux = TmuxSession(perCommand(db: db), width: 80, height: 24,
                                   environment: ["XDG_CONFIG_HOME": folder.file("config"), "XDG_STATE_HOME": folder.file("state")])
            tmux.waitFor("Price (new product)")
            tmux.keys("C-o")
            tmux.waitFor("Shopping list")
            tmux.keys("/")
            tmux.type("Milk")
            tmux.waitFor("Find: Milk")
            tmux.keys("Enter")
            // Milk as 0.2.0 saved it: UK imperial pints, three products with their shops and prices.
            var screen = tmux.waitFor("Milk in UK pints and its products") {
                $0.contains("per │ Milk") && $0.contains("Price (new product)") && $0.contains("Baris")
            }
            #expect(screen.contains("(UK)"), "\(screen)")
            for text in ["Whole", "Tesco", "1.45", "Semi", "0.95", "1.80"] { #expect(screen.contains(text), "\(text): \(screen)") }

            tmux.keys("PageUp", "PageUp", "PageUp")
            tmux.waitFor("Price of Whole")
            tmux.type("1.65")
            tmux.keys("Tab")
            screen = tmux.waitFor("Quantity of Whole")
            #expect(screen.contains("1.65"), "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")

            let after = run([perBinary, "export", "--db", db])
            #expect(after.status == 0, "\(after.stderr)")
            let milk = try #require(try comparison("Milk", in: after.stdout), "\(after.stdout)")
            let whole = (milk["products"] as? [[String: Any]])?.first
            #expect(whole?["name"] as? String == "Whole" && whole?["price"] as? String == "1.65", "\(milk)")
            // Seen on 2026-11-25, the price 1.45 was a price seen: it went into the history.
            let history = (milk["history"] as? [[String: Any]]) ?? []
            #expect(history.contains { $0["name"] as? String == "Whole" && $0["price"] as? String == "1.45" }, "\(milk)")
            // Nothing else changed.
            for title in ["Oats", "Eggs", "Rice", "Sparkling water", "Toilet paper"] {
                let was = try #require(try comparison(title, in: before.stdout)), now = try #require(try comparison(title, in: after.stdout))
                #expect(try canonical(was) == canonical(now), "\(title): \(now) was \(was)")
            }
            #expect(FileSnapshot(fixture) == committed, "the committed fixture changed")
        }
    }
}
