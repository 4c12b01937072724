import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The database file deleted, or another per database moved over it, while per runs.
    @Suite struct DatabaseFileTests {
        func started(_ db: String) -> TmuxSession { startedOnOats(db, width: 160) }

        @Test func aDeletedFileIsMadeAgainWithEverythingTypedAfterwards() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = started(db)
            try FileManager.default.removeItem(atPath: db)
            tmux.waitFor("The database file was deleted: made it again")
            tmux.type("5"); tmux.keys("Tab"); tmux.type("3"); tmux.keys("Tab")
            tmux.waitFor("Unit of 5.00 for 3")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            let export = run([perBinary, "export", "--db", db]).stdout
            #expect(export.contains(#""title": "Oats""#) && export.contains(#""price": "2""#) && export.contains(#""price": "5", "quantity": "3""#), "\(export)")
        }

        /// Decision 458, as found: the file made again held this session's blank new row, a second session took it for
        /// its own, and what the first typed next replaced the second's product. Each now types a product of its own.
        @Test func aSessionOpenedOnAFileMadeAgainTypesAProductOfItsOwn() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let home = started(db)   // Oats: 2.00 for 1 kg
            try FileManager.default.removeItem(atPath: db)
            home.waitFor("The database file was deleted: made it again")
            let away = TmuxSession(perCommand(db: db), width: 160)
            away.waitFor("Oats")
            away.type("2.49"); away.keys("Enter"); away.type("250"); away.keys("Enter"); away.type("g"); away.keys("Tab")
            away.waitFor("Name of"); away.type("Small"); away.keys("Enter")
            home.waitFor("Small")
            home.type("6.99"); home.keys("Enter"); home.type("1"); home.keys("Enter"); home.type("kg"); home.keys("Tab")
            home.waitFor("Name of"); home.type("Jumbo"); home.keys("Enter")
            away.waitFor("Jumbo")
            for tmux in [home, away] {
                tmux.keys("C-q")
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            let table = run([perBinary, "show", "--db", db, "Oats"]).stdout
            let rows = table.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
            #expect(rows.contains { $0.hasSuffix("Small 2.49 250 g 9.96 +398% more") } && rows.contains { $0.contains("Jumbo 6.99 1 kg 6.99") }, "\(table)")
        }

        @Test func anotherDatabaseMovedOverGetsThisComparisonAndKeepsItsOwn() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite"), other = folder.file("other.sqlite")
            let tmux = started(db)
            let theirs = #"[{"title": "Rice", "products": [{"name": "r", "price": "4", "quantity": "1", "unit": "kg"}]}]"#
            #expect(run([perBinary, "import", "--db", other, "-"], input: theirs).status == 0)
            #expect(rename(other, db) == 0)
            tmux.waitFor("The database file was replaced")
            tmux.type("5"); tmux.keys("Tab")
            tmux.waitFor("Quantity of 5.00")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            let export = run([perBinary, "export", "--db", db]).stdout
            #expect(export.contains(#""title": "Rice""#) && export.contains(#""price": "4""#), "\(export)")
            #expect(export.contains(#""title": "Oats""#) && export.contains(#""price": "5""#), "\(export)")
        }
    
        /// The whole-file check runs after the first paint; a damaged per database is refused then,
        /// with nothing written to it.
        @Test func aDamagedPerDatabaseIsRefusedUntouchedByTheApp() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite"), seed = folder.file("seed.json")
            let products = (0..<50).map { #"{"name": "p\#($0)", "price": "\#($0).99", "quantity": "1", "unit": "g"}"# }.joined(separator: ", ")
            let json = "[" + (0..<20).map { #"{"title": "c\#($0)", "products": [\#(products)]}"# }.joined(separator: ", ") + "]"
            try json.write(toFile: seed, atomically: true, encoding: .utf8)
            #expect(run([perBinary, "import", "--db", db, seed]).status == 0)
            var bytes = try Data(contentsOf: URL(fileURLWithPath: db))
            try #require(bytes.count >= 31 * 4096)
            for i in (19 * 4096)..<(30 * 4096) { bytes[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) }
            try bytes.write(to: URL(fileURLWithPath: db))
            let tmux = TmuxSession(perCommand(db: db), width: 200)
            #expect(tmux.waitForExit() == 1, "\(tmux.screen)")
            #expect(tmux.screen.contains("is damaged or is not a database file; it was left untouched"), "\(tmux.screen)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == bytes, "the file's bytes changed")
        }
    }
}
