import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Sessions typing products into one comparison at once, a field at a time each in turn: every
    /// product typed in any session ends up intact, on every screen and in the file.
    @Suite struct ConcurrentTypingTests {
        /// Each session on its new row while the other adds a product: the new row stays last in both, each
        /// product is saved after the ones before it, and both sessions and the file list them in one order.
        @Test func productsAddedInTurnAreListedInOneOrderEverywhere() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let a = TmuxSession(perCommand(db: db))
            a.waitFor("Price (new")
            let b = TmuxSession(perCommand(db: db))
            b.waitFor("Price (new")
            a.fill(price: "2", quantity: "1", unit: "kg", name: "first")
            b.waitFor(" first ")
            b.fill(price: "3", quantity: "1", unit: "kg", name: "second")
            a.waitFor(" second ")
            a.fill(price: "4", quantity: "1", unit: "kg", name: "third")
            b.waitFor(" third ")
            let order = ["first", "second", "third"]
            func listed(_ screen: String) -> [String] {
                screen.split(separator: "\n").compactMap { line in
                    line.drop { $0 == " " }.hasPrefix("›-") ? "new" : order.first { line.contains(" \($0) ") }
                }
            }
            for tmux in [a, b] {
                let screen = tmux.waitFor { listed($0) == order + ["new"] }
                #expect(listed(screen) == order + ["new"], "\(screen)")
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            let export = run([perBinary, "export", "--db", db]).stdout
            let comparisons = try (JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any])?["comparisons"] as? [[String: Any]]
            let products = comparisons?.first?["products"] as? [[String: Any]]
            #expect(products?.compactMap { $0["name"] as? String } == order, "\(export)")
        }

        @Test func twoSessionsAddingProductsToOneComparisonKeepEveryProductIntact() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite"), seed = folder.file("seed.json")
            try #"[{"title": "Together", "products": [{"name": "seed", "price": "100", "quantity": "1", "unit": "kg"}]}]"#
                .write(toFile: seed, atomically: true, encoding: .utf8)
            #expect(run([perBinary, "import", "--db", db, seed]).status == 0)
            let sessions = ["a", "b"].map { ($0, TmuxSession(perCommand(db: db))) }
            for (_, tmux) in sessions { tmux.waitFor { $0.contains("Together") && $0.contains("Price (new") } }
            let products = 6
            func price(_ name: String, _ i: Int) -> String { "\(i + 1)\(name == "a" ? 1 : 2)" }
            for i in 0..<products {
                for (name, tmux) in sessions { tmux.fill(price: price(name, i), quantity: "\(i + 1)00", unit: "g", name: "\(name)\(i)") }
            }
            let names = sessions.flatMap { name, _ in (0..<products).map { "\(name)\($0)" } }
            /// The products' names in the order the table lists them, then `new` for the new row.
            func listed(_ screen: String) -> [String] {
                screen.split(separator: "\n").compactMap { line in
                    if line.drop(while: { $0 == " " }).hasPrefix("›-") { return "new" }
                    return names.first { line.contains(" \($0) ") }
                }
            }
            var screens: [String] = []
            for (_, tmux) in sessions {
                // Every product of both sessions listed, and the focus on the new row after them.
                let screen = tmux.waitFor { screen in screen.contains("Price (new") && names.allSatisfy { screen.contains(" \($0) ") } }
                #expect(screen.contains("Price (new") && names.allSatisfy { screen.contains(" \($0) ") }, "\(screen)")
                screens.append(screen)
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            let export = run([perBinary, "export", "--db", db]).stdout
            let comparisons = try #require(try (JSONSerialization.jsonObject(with: Data(export.utf8)) as? [String: Any])?["comparisons"] as? [[String: Any]])
            let saved = try #require(comparisons.first?["products"] as? [[String: Any]])
            // Both sessions list the products in the file's order, each product in its own place, the new row last.
            let savedOrder = saved.compactMap { $0["name"] as? String }.filter { names.contains($0) }
            for screen in screens { #expect(listed(screen) == savedOrder + ["new"], "\(screen)") }
            for name in names {
                let i = Int(name.dropFirst())!
                let found = saved.filter { $0["name"] as? String == name }
                #expect(found.count == 1, "\(name): \(saved)")
                #expect(found.first?["price"] as? String == price(String(name.prefix(1)), i) && found.first?["quantity"] as? String == "\(i + 1)00"
                        && found.first?["unit"] as? String == "g", "\(name): \(found)")
            }
            #expect(saved.count == names.count + 1, "\(saved.map { $0["name"] ?? "" })")
        }
    }
}
