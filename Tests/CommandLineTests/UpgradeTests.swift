import Foundation
import GRDB
import Testing
import TestSupport

/// Files that per 0.2.0 wrote (Tests/Fixtures/0.2.0, made by Scripts/make-fixtures with a per built from the tag v0.2.0:
/// its README says what each holds), read by today's per through its commands: the database opens with every value
/// kept, takes a change, and each kind of file (exports of version 1 and 2, a recovery file, a waiting file) is read as
/// 0.2.0 read it. Every test works on copies in a temporary folder and checks that the committed files are unchanged.
/// The checks are what the commands print (exports compared as parsed JSON), never the schema, so they stay true as
/// the schema and the waiting files change.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct UpgradeTests {
    /// Tests/Fixtures/0.2.0, beside this test target's folder (outside every target, so SwiftPM leaves it alone).
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/0.2.0").path

    let folder = TemporaryFolder()
    /// The committed fixtures as they were when the test started: each test ends by comparing them again.
    let committed = Self.snapshot()

    // MARK: Helpers

    /// Every file of the fixtures folder: name, bytes, modification date (and the names beside them).
    static func snapshot() -> [String: FileSnapshot] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures)) ?? []
        return Dictionary(uniqueKeysWithValues: names.map { ($0, FileSnapshot((fixtures as NSString).appendingPathComponent($0))) })
    }

    /// Fails the test when a committed fixture was written, removed or joined by another file (a -wal, a waiting file).
    func expectFixturesUnchanged(sourceLocation: SourceLocation = #_sourceLocation) {
        let now = Self.snapshot()
        #expect(now.keys.sorted() == committed.keys.sorted(), "files in \(Self.fixtures) changed", sourceLocation: sourceLocation)
        for (name, before) in committed {
            #expect(now[name] == before, "the committed fixture \(name) changed", sourceLocation: sourceLocation)
        }
    }

    /// Copies a fixture into the temporary folder (as `name`, by default its own), private to the owner as per makes its
    /// files (git keeps no mode), and returns the copy's path.
    @discardableResult
    func copy(_ fixture: String, as name: String? = nil) throws -> String {
        let target = folder.file(name ?? fixture)
        try FileManager.default.copyItem(atPath: (Self.fixtures as NSString).appendingPathComponent(fixture), toPath: target)
        chmod(target, 0o600)
        return target
    }

    func fixtureText(_ name: String) throws -> String {
        try String(contentsOfFile: (Self.fixtures as NSString).appendingPathComponent(name), encoding: .utf8)
    }

    /// Runs today's per; fails the test (with its stderr) unless it exits 0.
    @discardableResult
    func per(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) -> (status: Int32, stdout: String, stderr: String) {
        let result = run([perBinary] + arguments)
        #expect(result.status == 0, "per \(arguments.joined(separator: " ")): status \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        return result
    }

    func export(_ db: String, sourceLocation: SourceLocation = #_sourceLocation) -> String {
        per("export", "--db", db, sourceLocation: sourceLocation).stdout
    }

    /// An export's content: its comparisons, parsed. The top-level `version` is left out: it may grow when the export's
    /// meaning grows, and what matters is that the content is the same.
    static func comparisons(_ json: String) throws -> [Any] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "not an export: \(json)")
        #expect(object["format"] as? String == "per-export")
        return try #require(object["comparisons"] as? [Any], "no comparisons in \(json)")
    }

    /// `new` with only the keys that `old` has, at every level (objects matched by place in lists): a key that today's
    /// per adds to its export (a product field 0.2.0 did not have, say) is not in 0.2.0's file and is ignored here;
    /// every key 0.2.0 wrote must still be there with the same value.
    static func restricted(_ new: Any, toKeysOf old: Any) -> Any {
        switch (new, old) {
        case (let new as [String: Any], let old as [String: Any]):
            var kept: [String: Any] = [:]
            for (key, value) in new { if let was = old[key] { kept[key] = restricted(value, toKeysOf: was) } }
            return kept
        case (let new as [Any], let old as [Any]):
            return new.enumerated().map { i, value in i < old.count ? restricted(value, toKeysOf: old[i]) : value }
        default:
            return new
        }
    }

    /// Parsed JSON as text with sorted keys, so that two contents compare (and a difference reads) as text.
    static func canonical(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
    }

    /// Expects today's export `new` to hold what the 0.2.0 export `old` holds: the same comparisons in the same order,
    /// each with the same values under every key 0.2.0 wrote (see `restricted`).
    func expectSameContent(_ new: String, as old: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let oldContent = try Self.comparisons(old), newContent = try Self.comparisons(new)
        let kept = try Self.canonical(Self.restricted(newContent, toKeysOf: oldContent)), expected = try Self.canonical(oldContent)
        #expect(kept == expected, "today's export differs from 0.2.0's:\n\(kept)\n--- 0.2.0's:\n\(expected)", sourceLocation: sourceLocation)
    }

    /// The comparison titled `title` of an export, parsed.
    static func comparison(_ title: String, in json: String) throws -> [String: Any]? {
        try comparisons(json).compactMap { $0 as? [String: Any] }.first { $0["title"] as? String == title }
    }

    /// `PRAGMA integrity_check` and the migrations a database's `grdb_migrations` holds, read with SQLite (GRDB).
    static func integrityAndMigrations(_ path: String) throws -> (integrity: [String], migrations: Set<String>) {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            (try String.fetchAll(db, sql: "PRAGMA integrity_check"),
             Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")))
        }
    }

    /// The migrations of a database today's per makes from nothing (`per import` creates it).
    func migrationsOfANewDatabase() throws -> Set<String> {
        let db = folder.file("fresh.sqlite"), file = folder.file("fresh.json")
        try #"{"format": "per-export", "version": 2, "comparisons": []}"#.write(toFile: file, atomically: true, encoding: .utf8)
        per("import", "--db", db, file)
        let migrations = try Self.integrityAndMigrations(db).migrations
        #expect(!migrations.isEmpty)
        return migrations
    }

    // MARK: The database

    /// 0.2.0's database opens: `per export` gives what 0.2.0's `per export` of it gave (comparisons, products, shops,
    /// days, multipacks, history, list counts, ticks, aisles, pins), in JSON and CSV, and the file is sound afterwards.
    @Test func aDatabaseOf020OpensWithEveryValueKept() throws {
        defer { expectFixturesUnchanged() }
        let db = try copy("household.sqlite")
        try expectSameContent(export(db), as: try fixtureText("export.json"))
        // The CSV of today's export imports to the same content as 0.2.0's CSV (columns may have been added).
        let csv = folder.file("today.csv")
        try per("export", "--db", db, "--format", "csv").stdout.write(toFile: csv, atomically: true, encoding: .utf8)
        let fromCSV = folder.file("from-csv.sqlite")
        per("import", "--db", fromCSV, csv)
        try expectSameContent(export(fromCSV), as: try fixtureText("export.json"))
        #expect(try Self.integrityAndMigrations(db).integrity == ["ok"])
        // A sample of what the export holds, said outright (the comparison above holds it all).
        let oats = try #require(try Self.comparison("Oats", in: export(db)))
        #expect(oats["listCount"] as? Int == 2 && oats["inCart"] as? Bool == true && oats["pinnedProduct"] as? Int == 2)
        #expect((oats["history"] as? [Any])?.count == 3)
        let water = try #require(try Self.comparison("Sparkling water", in: export(db)))
        #expect(((water["products"] as? [[String: Any]])?.first?["pack"] as? String) == "6*330")
        #expect(try Self.comparison("Milk", in: export(db))?["volumeSystem"] as? String == "imperial")
    }

    /// 0.2.0's counts mean what they meant (DECISIONS 345): no amount is known for any of them, so each count is packs of
    /// its product to buy, and the trip buys that many of it (`packs` equal to `listCount`, no amount said).
    @Test func a020DatabasesCountsMeanWhatTheyMeant() throws {
        defer { expectFixturesUnchanged() }
        let db = try copy("household.sqlite")
        for comparison in try Self.comparisons(export(db)) {
            let fields = try #require(comparison as? [String: Any])
            #expect(fields["listAmount"] == nil && fields["listUnit"] == nil, "\(fields["title"] ?? "")")
        }
        let trip = per("trip", "--db", db, "--format", "json").stdout
        let document = try #require(try JSONSerialization.jsonObject(with: Data(trip.utf8)) as? [String: Any])
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(!items.isEmpty)
        for item in items where !(item["product"] is NSNull) {
            #expect(item["packs"] as? Int == item["listCount"] as? Int, "\(item)")
            #expect(item["listAmount"] == nil)
        }
    }

    /// A change saves into the upgraded database (an import of a small export), shows in `per export` beside
    /// everything it held, and the file is then sound and holds every migration of today's schema.
    @Test func aChangeSavesInAnUpgradedDatabase() throws {
        defer { expectFixturesUnchanged() }
        let db = try copy("household.sqlite")
        let change = folder.file("change.json")
        try #"{"format": "per-export", "version": 2, "comparisons": [{"title": "Butter", "listCount": 1, "products": [{"name": "Block", "price": "2.29", "quantity": "250", "unit": "g", "shop": "Aldi", "seen": "2026-11-30"}]}]}"#
            .write(toFile: change, atomically: true, encoding: .utf8)
        per("import", "--db", db, change)
        let after = export(db)
        let butter = try #require(try Self.comparison("Butter", in: after), "\(after)")
        let block = try #require((butter["products"] as? [[String: Any]])?.first)
        #expect(block["price"] as? String == "2.29" && block["unit"] as? String == "g" && block["shop"] as? String == "Aldi")
        // Everything else as 0.2.0 left it: the new comparison comes last (edited most recently).
        var others = try Self.comparisons(after)
        #expect((others.last as? [String: Any])?["title"] as? String == "Butter")
        others.removeLast()
        let old = try Self.comparisons(try fixtureText("export.json"))
        #expect(try Self.canonical(Self.restricted(others, toKeysOf: old)) == Self.canonical(old))

        let (integrity, migrations) = try Self.integrityAndMigrations(db)
        #expect(integrity == ["ok"])
        // The same identifiers as a database today's per makes, so every migration of today's schema has run on it.
        #expect(migrations == (try migrationsOfANewDatabase()))
    }

    // MARK: Files

    /// 0.2.0's exports, in JSON and CSV, and the same export in version 1's format, import into a new database to what
    /// the upgraded database exports, byte for byte (both exports are today's).
    @Test(arguments: ["export.json", "export.csv", "export-v1.json", "export-v1.csv"])
    func anExportOf020ImportsAsTheUpgradedDatabaseExports(file: String) throws {
        defer { expectFixturesUnchanged() }
        let upgraded = export(try copy("household.sqlite"))
        let db = folder.file("imported.sqlite")
        per("import", "--db", db, try copy(file))
        #expect(export(db) == upgraded)
        #expect(per("export", "--db", db, "--format", "csv").stdout == per("export", "--db", folder.file("household.sqlite"), "--format", "csv").stdout)
    }

    /// 0.2.0's recovery file (Flour deleted by another session, then saved again whole with a new price; one more Oats,
    /// Oats' tick off) imports into the upgraded database with its changes, as 0.2.0 imported it, once: a second
    /// import says it was imported already and changes nothing.
    @Test func aRecoveryFileOf020ImportsOnce() throws {
        defer { expectFixturesUnchanged() }
        let db = try copy("household.sqlite"), file = try copy("recovery.json")
        #expect(try Self.comparison("Flour", in: export(db)) == nil)
        per("import", "--db", db, file)
        let after = export(db)
        try expectSameContent(after, as: try fixtureText("export-after-recovery.json"))
        // Flour is back with what its deleted copy kept (count, pin, history) and the price typed into it.
        let flour = try #require(try Self.comparison("Flour", in: after), "\(after)")
        #expect(flour["listCount"] as? Int == 3 && flour["pinnedProduct"] as? Int == 1)
        #expect((flour["products"] as? [[String: Any]])?.first?["price"] as? String == "0.95")
        #expect((flour["history"] as? [Any])?.count == 2)
        let oats = try #require(try Self.comparison("Oats", in: after))
        #expect(oats["listCount"] as? Int == 3 && oats["inCart"] as? Bool == false)

        let again = per("import", "--db", db, file)
        #expect(again.stdout.lowercased().contains("already imported"), "\(again)")
        #expect(export(db) == after)
    }

    /// The name per 0.2.0 gives the waiting file of the database at `path` for process `pid` started at `start`: a
    /// frozen format (Sources/PerDatabase/WaitingChanges.swift, `prefix(of:)` and `thisProcess`, as 0.2.0 had them):
    /// `.per-waiting-`, the file name kept to letters, digits and `._-` (its first 40), `-`, the FNV-1a 64-bit hash of
    /// the whole path in lowercase hex (no leading zeros), `-`, the pid, `-`, the start time, `.json`.
    static func waitingFileName020(database path: String, pid: Int, start: UInt64) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let file = (path as NSString).lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }
        return ".per-waiting-\(file.prefix(40))-\(String(hash, radix: 16))-\(pid)-\(start).json"
    }

    /// The frozen name, checked against the name 0.2.0 gave the waiting file when the fixtures were made, for the path
    /// it had then (waiting-name.txt: the path, then the name).
    @Test func theFrozenWaitingFileNameIs020s() throws {
        defer { expectFixturesUnchanged() }
        let lines = try fixtureText("waiting-name.txt").split(separator: "\n").map(String.init)
        try #require(lines.count == 2, "\(lines)")
        let (path, name) = (lines[0], lines[1])
        let process = name.dropLast(".json".count).split(separator: "-").suffix(2)
        let pid = try #require(Int(process.first!)), start = try #require(UInt64(process.last!))
        #expect(Self.waitingFileName020(database: path, pid: pid, start: start) == name)
    }

    /// 0.2.0's waiting file (one more Eggs, a new item Bread, Milk's Whole at 1.55), beside a copy of the database it
    /// was left for under the name 0.2.0 gives it there, with a pid no process can have: the next `per lists` applies
    /// it (its changes then show in `per export`, as 0.2.0 applied them) and removes it; a later command changes nothing.
    @Test func aWaitingFileOf020IsAppliedByTheNextCommandAndRemoved() throws {
        defer { expectFixturesUnchanged() }
        let db = try copy("waiting-base.sqlite")
        #expect(try Self.comparison("Bread", in: export(db)) == nil)
        // Above Linux's largest pid_max (2^22), so no process is running with it: the per that wrote the file is gone.
        let name = Self.waitingFileName020(database: db, pid: 4_194_304, start: 1)
        let waiting = try copy("waiting.json", as: name)

        per("lists", "--db", db)
        #expect(!FileManager.default.fileExists(atPath: waiting), "per lists left \(name)")
        let after = export(db)
        try expectSameContent(after, as: try fixtureText("export-after-waiting.json"))
        #expect(try Self.comparison("Bread", in: after)?["listCount"] as? Int == 1)
        #expect(try Self.comparison("Eggs", in: after)?["listCount"] as? Int == 2)
        let whole = (try Self.comparison("Milk", in: after)?["products"] as? [[String: Any]])?.first
        #expect(whole?["price"] as? String == "1.55")

        per("lists", "--db", db)
        #expect(export(db) == after)
        #expect(try Self.integrityAndMigrations(db).integrity == ["ok"])
    }
}
