import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Sessions typing products into one comparison at once, a field at a time each in turn: every
    /// product typed in any session ends up intact, on every screen and in the file.
    @Suite struct ConcurrentTypingTests {
        @Test func twoSessionsAddingProductsToOneComparisonKeepEveryProductIntact() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite"), seed = folder.file("seed.json")
            try #"[{"title": "Together", "products": [{"name": "seed", "price": "1", "quantity": "1", "unit": "kg"}]}]"#
                .write(toFile: seed, atomically: true, encoding: .utf8)
            #expect(run([perBinary, "import", "--db", db, seed]).status == 0)
            let sessions = ["a", "b"].map { ($0, TmuxSession(perCommand(db: db))) }
            for (_, tmux) in sessions { tmux.waitFor { $0.contains("Together") && $0.contains("Price (new") } }
            let products = 6
            // The store is left empty (Tab past it).
            func fields(_ name: String, _ i: Int) -> [String] { ["\(i + 1)\(name == "a" ? 1 : 2)", "\(i + 1)00", "g", "\(name)\(i)", ""] }
            for i in 0..<products {
                for field in 0..<5 {
                    for (name, tmux) in sessions {
                        if !fields(name, i)[field].isEmpty { tmux.type(fields(name, i)[field]) }
                        tmux.keys("Tab")
                        usleep(40_000)   // typing pace; the result must not depend on it
                    }
                }
            }
            let names = sessions.flatMap { name, _ in (0..<products).map { "\(name)\($0)" } }
            for (_, tmux) in sessions {
                // Every product of both sessions listed, and the focus on the new row after them.
                let screen = tmux.waitFor { screen in screen.contains("Price (new") && names.allSatisfy { screen.contains(" \($0) ") } }
                #expect(screen.contains("Price (new") && names.allSatisfy { screen.contains(" \($0) ") }, "\(screen)")
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            let export = run([perBinary, "export", "--db", db]).stdout
            let comparisons = try #require(try JSONSerialization.jsonObject(with: Data(export.utf8)) as? [[String: Any]])
            let saved = try #require(comparisons.first?["products"] as? [[String: Any]])
            for name in names {
                let i = Int(name.dropFirst())!
                let expected = fields(String(name.prefix(1)), i)
                let found = saved.filter { $0["name"] as? String == name }
                #expect(found.count == 1, "\(name): \(saved)")
                #expect(found.first?["price"] as? String == expected[0] && found.first?["quantity"] as? String == expected[1]
                        && found.first?["unit"] as? String == "g", "\(name): \(found)")
            }
            #expect(saved.count == names.count + 1, "\(saved.map { $0["name"] ?? "" })")
        }
    }
}
