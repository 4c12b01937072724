import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// `per lists`, `show`, `export` and `import`, run as a user would.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct CommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    private func per(_ arguments: String...) throws -> (status: Int32, out: String, err: String) {
        try per(arguments)
    }

    private func per(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        try run(perBinary, arguments + ["--db", db])
    }

    @Test func importThenListShowAndExportRoundTrip() throws {
        let original = hostileComparisons()
        let file = folder.file("in.json")
        try ComparisonExchange.encode(original, as: .json).write(toFile: file, atomically: true, encoding: .utf8)
        let imported = try per("import", file)
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out.contains("Imported \(original.count) comparisons"))

        let lists = try per("lists")
        #expect(lists.status == 0)
        let lines = lists.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Title") == true)
        #expect(lines.count == original.count + 1) // line breaks in titles are flattened
        // Most recently edited first: the file's first comparison was imported first, so it is last.
        #expect(lines.last?.hasPrefix("Oats, \"rolled\"") == true)
        #expect(lines.last?.contains("  4  ") == true)

        for format in ExchangeFormat.allCases {
            let export = try per("export", "--format", format.rawValue)
            #expect(export.status == 0)
            let decoded = try ComparisonExchange.decode(export.out)
            #expect(decoded.map { Shape($0) } == original.map { Shape($0, droppingBlanks: format == .csv) })
        }

        let named = try per("export", "OATS, \"ROLLED\"", "fl oz")
        #expect(try ComparisonExchange.decode(named.out).map(\.title) == ["Oats, \"rolled\"", "fl oz"])

        let show = try per("show", "crème BRÛLÉE")
        #expect(show.status == 0)
        #expect(show.out.contains("Crème brûlée"))
        let json = try per("show", "crème brûlée", "--format", "json")
        #expect(json.status == 0)
        #expect(json.out.contains("\"price\": \"0.1\""))
    }

    @Test func showAcceptsTheIDAndRefusesUnknownNames() throws {
        let store = try ComparisonDatabase(path: db)
        let comparison = Comparison(title: "Olive oil", products: [product("a", "9.99", "1", .liter)])
        try store.save(comparison)
        let byID = try per("show", comparison.id.rawValue, "--format", "csv")
        #expect(byID.status == 0)
        #expect(byID.out.contains("9.99"))

        let unknown = try per("show", "Caviar")
        #expect(unknown.status == 1)
        #expect(unknown.out.isEmpty)
        #expect(unknown.err.contains("no saved comparison is called \"Caviar\""))
        let export = try per("export", "Olive oil", "Caviar")
        #expect(export.status == 1)
        #expect(export.out.isEmpty)
    }

    @Test func untitledComparisonsAndRepeatedTitlesAreNamedByShortID() throws {
        let store = try ComparisonDatabase(path: db)
        let untitled = Comparison(products: [product("a", "2", "1", .kilogram)])
        let oats1 = Comparison(title: "Oats", products: [product("one", "1", "1", .kilogram)])
        let oats2 = Comparison(title: "oats", products: [product("two", "2", "1", .kilogram)])
        try store.save(untitled)
        try store.save(oats1)
        try store.save(oats2)

        let lists = try per("lists")
        let lines = lists.out.split(separator: "\n").map(String.init)
        #expect(lines[0].hasSuffix("  Id"))
        #expect(lines[3].hasPrefix("Untitled  "), "\(lists.out)")
        let ids = lines.dropFirst().map { String($0.split(separator: " ").last!) }
        #expect(ids.allSatisfy { $0.count == 4 } && Set(ids).count == 3, "\(ids)")

        let show = try per("show", "UNTITLED", "--format", "csv")
        #expect(show.status == 0, "\(show.err)")
        #expect(show.out.contains("\na,2,"), "\(show.out)")

        let several = try per("show", "Oats")
        #expect(several.status == 2)
        #expect(several.out.isEmpty)
        #expect(several.err.contains("2 comparisons have the title \"Oats\"; name one by its id:"), "\(several.err)")
        #expect(several.err.contains("  \(ids[0])  oats  1 product"), "\(several.err)")
        #expect(several.err.contains("  \(ids[1])  Oats  1 product"), "\(several.err)")
        let export = try per("export", "Oats")
        #expect(export.status == 2)
        #expect(export.out.isEmpty)

        let byShortID = try per("show", ids[1], "--format", "csv")
        #expect(byShortID.status == 0, "\(byShortID.err)")
        #expect(byShortID.out.contains("one,1,"), "\(byShortID.out)")
        let exported = try per("export", ids[0].uppercased(), "untitled")
        #expect(exported.status == 0, "\(exported.err)")
        #expect(try ComparisonExchange.decode(exported.out).map(\.title) == ["oats", ""])
        let tooShort = try per("show", String(ids[0].prefix(3)))
        #expect(tooShort.status == 1)
        #expect(tooShort.err.contains("no saved comparison is called"))
    }

    @Test func importingTheSameFileTwiceAddsItOnce() throws {
        let file = folder.file("twice.json")
        let first = Comparison(title: "Oats", products: [product("big", "3.99", "1", .kilogram)])
        let second = Comparison(title: "Rice", products: [product("small", "1.99", "500", .gram)])
        try ComparisonExchange.encode([first, second], as: .json).write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try per("import", file).out == "Imported 2 comparisons (2 products).\n")
        let again = try per("import", file)
        #expect(again.status == 0, "\(again.err)")
        #expect(again.out == "Imported 0 comparisons (0 products).\nAlready here, not imported again (same title and products): \"Oats\", \"Rice\".\n")
        // A changed comparison with the same title is a different one: imported.
        let changed = Comparison(title: "Oats", products: [product("big", "4.49", "1", .kilogram)])
        try ComparisonExchange.encode([changed, second], as: .csv).write(toFile: file, atomically: true, encoding: .utf8)
        let third = try per("import", file)
        #expect(third.out == "Imported 1 comparison (1 product).\nAlready here, not imported again (same title and products): \"Rice\".\n")
        #expect(try ComparisonDatabase(path: db).summaries().map(\.title) == ["Oats", "Rice", "Oats"])
    }

    @Test func aBadImportFileChangesNothing() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(title: "before"))
        let file = folder.file("bad.csv")
        try "comparison,name,price\nGood,a,1.99\nBad,b,1,99\n".write(toFile: file, atomically: true, encoding: .utf8)
        let result = try per("import", file)
        #expect(result.status == 1)
        #expect(result.err.contains("line 3: 4 fields where the header has 3"))
        #expect(result.err.contains("nothing was imported"))
        #expect(try store.summaries().map(\.title) == ["before"])

        let missing = try per("import", folder.file("no-such-file.json"))
        #expect(missing.status == 1)
        #expect(missing.err.contains("cannot read"))
    }

    @Test func aRefusedDatabaseIsExplainedWithStatusOne() throws {
        try "not a database".write(toFile: db, atomically: true, encoding: .utf8)
        for command in [["lists"], ["show", "x"], ["export"]] {
            let result = try run(perBinary, command + ["--db", db])
            #expect(result.status == 1)
            #expect(result.err == "per: " + DatabaseFailure.corrupt(path: db).message + "\n")
        }
        #expect(try String(contentsOfFile: db, encoding: .utf8) == "not a database")
    }

    @Test func theDatabaseComesFromPER_DBWithoutDB() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["PER_DB"] = db
        let file = folder.file("in.json")
        try ComparisonExchange.encode([Comparison(title: "from PER_DB")], as: .json).write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try run(perBinary, ["import", file], environment: environment).status == 0)
        let lists = try run(perBinary, ["lists"], environment: environment)
        #expect(lists.status == 0)
        #expect(lists.out.contains("from PER_DB"))
        #expect(try ComparisonDatabase(path: db).summaries().map(\.title) == ["from PER_DB"])
    }

    @Test func readCommandsRefuseAMissingDatabaseAndCreateNothing() throws {
        let missing = folder.file("new/folder/per.sqlite")
        for command in [["lists"], ["show", "x"], ["export"]] {
            let result = try run(perBinary, command + ["--db", missing])
            #expect(result.status == 1)
            #expect(result.out.isEmpty)
            #expect(result.err == "per: " + DatabaseFailure.cannotOpen(path: missing, reason: "it does not exist (the app or per import creates it)").message + "\n")
            #expect(!FileManager.default.fileExists(atPath: folder.file("new")))
        }
        // import creates it, folders and all.
        let file = folder.file("in.json")
        try ComparisonExchange.encode([Comparison(title: "first")], as: .json).write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try run(perBinary, ["import", "--db", missing, file]).status == 0)
        #expect(try run(perBinary, ["lists", "--db", missing]).out.contains("first"))
    }

    @Test func anEmptyDatabasePathIsAnError() throws {
        let home = folder.file("home")
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home
        environment["XDG_DATA_HOME"] = nil
        environment["PER_DB"] = nil
        let file = folder.file("in.json")
        try ComparisonExchange.encode([Comparison(title: "x")], as: .json).write(toFile: file, atomically: true, encoding: .utf8)
        // A usage error, as a bad --currency or --stale-days: status 2, for the app too.
        for command in [["lists"], ["export"], ["import", file], ["trip"], []] {
            let result = try run(perBinary, command + ["--db", ""], environment: environment)
            #expect(result.status == 2, "\(command)")
            #expect(result.err == "per: --db is empty; give the database file's path, or leave --db out for the default\n")
        }
        environment["PER_DB"] = ""
        for command in [["lists"], ["import", file], []] {
            let result = try run(perBinary, command, environment: environment)
            #expect(result.status == 2, "\(command)")
            #expect(result.err == "per: PER_DB is set but empty; give the database file's path, or unset PER_DB for the default\n")
        }
        #expect(!FileManager.default.fileExists(atPath: home)) // the default database was not made either
    }

    @Test func aDamagedDatabaseIsRefusedUntouchedByEveryCommand() throws {
        let file = folder.file("in.json")
        try ComparisonExchange.encode([Comparison(title: "x", products: [product("a", "1", "1", .gram)])], as: .json)
            .write(toFile: file, atomically: true, encoding: .utf8)
        try makeDamagedPerDatabase(at: db) { try ComparisonDatabase(path: db).save($0) }
        backdate(db) // any write would show in the modification time
        let before = FileSnapshot(db)
        for command in [["import", file], ["lists"], ["export"]] {
            let result = try per(command)
            #expect(result.status == 1, "\(command): \(result.out)")
            #expect(result.err == "per: " + DatabaseFailure.corrupt(path: db).message + "\n")
        }
        let after = FileSnapshot(db)
        #expect(after.bytes == before.bytes)
        #expect(after.modified == before.modified)
        #expect(after.siblings == before.siblings)
    }

    @Test func somethingThatIsNotARegularFileIsRefused() throws {
        let journalExisted = FileManager.default.fileExists(atPath: "/dev/null-journal")
        let file = folder.file("in.json")
        try ComparisonExchange.encode([Comparison(title: "x")], as: .json).write(toFile: file, atomically: true, encoding: .utf8)
        for command in [["lists"], ["import", file]] {
            let result = try run(perBinary, command + ["--db", "/dev/null"])
            #expect(result.status == 1)
            #expect(result.err == "per: cannot open /dev/null: it is a character device, not a regular file; it was left untouched\n")
        }
        if !journalExisted { #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal")) }
    }
}
