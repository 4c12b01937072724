import Foundation
import GRDB
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// `per import` of a recovery file (its changes made once) and of an empty file (refused).
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct RecoveryImportTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    private func per(_ arguments: String...) throws -> (status: Int32, out: String, err: String) {
        try run(perBinary, arguments + ["--db", db])
    }

    private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func aRecoveryFileIsImportedOnceAndTheSecondTimeSaysSo() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "oats", title: "Oats", products: [Product.fixture(id: "o-1", name: "a", price: 2, quantity: 1, unit: .kilogram)]))
        let header = ComparisonHeader(id: "oats", title: "Oats")
        let journal = RecoveryJournal(changes: [
            .edit(.saveField(.price, product: Product.fixture(id: "o-2", price: Decimal(string: "3.10")!)), of: header, needsRow: false),
            .edit(.saveField(.quantity, product: Product.fixture(id: "o-2", price: Decimal(string: "3.10")!, quantity: 500)), of: header, needsRow: false),
            .other(.setTicked("oats", true)), .other(.changeListCount("oats", by: 1)),
            .other(.addListItem(Comparison(id: "eggs", title: "Eggs"))),
        ])
        let file = folder.file("per-recovered.json")
        try journal.encoded().write(toFile: file, atomically: true, encoding: .utf8)
        let first = try per("import", file)
        #expect(first.status == 0 && first.out == "Imported 5 changes from the recovery file: 2 fields, 1 new item, 1 count, 1 tick.\n", "\(first)")
        let list = try store.shoppingList()
        #expect(list.map(\.title).sorted() == ["Eggs", "Oats"])
        let oats = try #require(try store.load("oats"))
        #expect(oats.products.map(\.price) == [2, Decimal(string: "3.1")] && oats.products.map(\.quantity) == [1, 500])
        #expect(list.first { $0.id == "oats" }.map { ($0.item.count, $0.item.ticked) } ?? (0, false) == (2, true))

        let second = try per("import", file)
        #expect(second.status == 0 && second.out.hasPrefix("Already imported ("), "\(second)")
        #expect(second.out.hasSuffix("): this recovery file changed nothing this time.\n"))
        #expect(try store.load("oats") == oats && store.shoppingList().count == 2)
    }

    @Test func aHostileRecoveryFileIsRefusedAndTheDatabaseStaysByteForByte() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "oats", title: "Oats"))
        store.close()
        let before = try #require(bytes(db))
        let file = folder.file("hostile.json")
        try #"{"per-recovery": 1, "id": "x", "changes": [{"change": "count", "id": "oats", "by": 1}, {"change": "rename", "id": "oats", "title": "\u001b[2J"}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let result = try per("import", file)
        #expect(result.status == 1)
        #expect(result.err.contains("change 2, title") && result.err.contains("control character") && result.err.contains("nothing was imported"), "\(result.err)")
        #expect(bytes(db) == before)
    }

    // MARK: Issue 32

    private func seedOats() throws -> ComparisonDatabase {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "oats", title: "Oats", products: [Product.fixture(id: "o-1", name: "a", price: 2, quantity: 1, unit: .kilogram)]))
        return store
    }

    private func write(_ journal: RecoveryJournal, prefix: String = "") throws -> String {
        let file = folder.file("per-recovered-\(journal.id).json")
        try (prefix + journal.encoded()).write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// A file for another database is refused, naming the option that takes it anyway; the database stays byte for
    /// byte; with the option its changes are made.
    @Test func aFileForAnotherDatabaseNeedsTheOption() throws {
        let store = try seedOats()
        let elsewhere = try ComparisonDatabase(path: folder.file("elsewhere.sqlite"))
        let file = try write(RecoveryJournal(id: "f", database: elsewhere.identity, changes: [.other(.changeListCount("oats", by: 1))],
                                             times: [ComparisonDatabase.nowMilliseconds()]))
        store.close()
        let before = try #require(bytes(db))
        let refused = try per("import", file)
        #expect(refused.status == 1 && refused.out.isEmpty, "\(refused)")
        #expect(refused.err.hasPrefix("per: \(file): the recovery file was written for another database ("), "\(refused.err)")
        #expect(refused.err.hasSuffix("nothing was imported. To make its changes in this one anyway: per import --into-other-database FILE\n"), "\(refused.err)")
        #expect(bytes(db) == before)
        let taken = try per("import", "--into-other-database", file)
        #expect(taken.status == 0 && taken.out == "Imported 1 change from the recovery file: 1 count.\n", "\(taken)")
    }

    /// Blank space before the `{` is read (it was refused).
    @Test func aFileStartingWithBlankSpaceIsImported() throws {
        _ = try seedOats()
        let file = try write(RecoveryJournal(id: "b", changes: [.other(.setTicked("oats", true))]), prefix: "\n  \n\t")
        let result = try per("import", file)
        #expect(result.status == 0 && result.out == "Imported 1 change from the recovery file: 1 tick.\n", "\(result)")
    }

    /// A day after tomorrow, or truncated text, refuses the file before the database is opened: byte for byte as it was.
    @Test(arguments: ["2099-01-01", "truncated"])
    func aRefusedFileLeavesTheDatabaseByteForByte(what: String) throws {
        let store = try seedOats()
        store.close()
        let before = try #require(bytes(db))
        let product = Product.fixture(id: "o-2", name: "b", price: 3, quantity: 1, unit: .kilogram, seen: CalendarDay(iso: what == "truncated" ? "2026-01-01" : what))
        var text = RecoveryJournal(id: "t", changes: [.edit(.saveField(.price, product: product), of: ComparisonHeader(id: "oats", title: "Oats"), needsRow: false)]).encoded()
        if what == "truncated" { text = String(text.prefix(text.count / 2)) }
        let file = folder.file("bad.json")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try per("import", file)
        #expect(result.status == 1, "\(result)")
        #expect(result.err.contains(what == "truncated" ? "JSON" : "\"2099-01-01\" is in the future"), "\(result.err)")
        #expect(result.err.hasSuffix("; nothing was imported\n"), "\(result.err)")
        #expect(bytes(db) == before)
    }

    /// A change older than the database's value is not made and the output says so (status 0: the newer is what should
    /// be there); a change that would mix unit families is left out, said on stderr, status 1, the rest committed.
    @Test func olderChangesAreKeptAndMixedOnesLeftOutAndSaid() throws {
        let store = try seedOats()
        let hourAgo = ComparisonDatabase.nowMilliseconds() - 3_600_000
        let oats = ComparisonHeader(id: "oats", title: "Oats")
        let older = try write(RecoveryJournal(id: "o", database: store.identity, changes: [
            .edit(.saveField(.price, product: Product.fixture(id: "o-1", name: "a", price: 9, quantity: 1, unit: .kilogram)), of: oats, needsRow: false),
            .other(.setTicked("oats", true)),
        ], times: [hourAgo, hourAgo]))
        let kept = try per("import", older)
        #expect(kept.status == 0, "\(kept)")
        #expect(kept.out == """
            Imported 1 of the recovery file's changes: 1 tick; the database held newer:
              change 1: kept the newer price of "Oats" ("a").

            """, "\(kept.out)")
        #expect(try store.load("oats")?.products.first?.price == 2)

        let mixed = try write(RecoveryJournal(id: "m", changes: [
            .edit(.saveField(.unit, product: Product.fixture(id: "o-2", name: "Milk?", price: 1, quantity: 1, unit: .liter)), of: oats, needsRow: false),
            .other(.changeListCount("oats", by: 2)),
        ]))
        let result = try per("import", mixed)
        #expect(result.status == 1, "\(result)")
        #expect(result.out == "Imported 1 of the recovery file's changes: 1 count.\n", "\(result.out)")   // the field was left out
        #expect(result.err == """
            per: \(mixed): change 1: "Milk?" of "Oats" was not saved: L is a volume unit, but the comparison is by weight (one comparison, one family of units)
            per: \(mixed): 1 change left out; the others were imported

            """, "\(result.err)")
        #expect(try store.load("oats")?.products.map(\.id) == ["o-1"])
        #expect(try store.shoppingList().first?.item.count == 3)
    }

    /// `per export` of a comparison an older per mixed writes it whole; `per import` of the file leaves that product out,
    /// names it and its comparison, imports the rest (committed) and exits 1.
    @Test func anExportedMixedComparisonImportsAllButTheMixedProduct() throws {
        let store = try seedOats()
        try store.save(Comparison(id: "rice", title: "Rice", products: [Product.fixture(id: "r-1", name: "Basmati", price: 2, quantity: 1, unit: .kilogram)]))
        store.close()
        try DatabaseQueue(path: db).write { db in   // as an older per could save it; the database no longer does
            try db.execute(sql: "INSERT INTO product (id, comparison_id, position, name, price, quantity, unit) VALUES ('o-2', 'oats', 1, 'Oat milk', '1', '1', 'L')")
        }
        for format in ["json", "csv"] {
            let export = try per("export", "--format", format)
            #expect(export.status == 0 && export.out.contains("Oat milk"), "\(export)")
            let file = folder.file("export.\(format)")
            try export.out.write(toFile: file, atomically: true, encoding: .utf8)
            let other = folder.file("other-\(format).sqlite")
            let result = run([perBinary, "import", "--db", other, file])
            #expect(result.status == 1, "\(result)")
            #expect(result.stdout == "Imported 2 comparisons (2 products).\n", "\(result.stdout)")
            let lines = result.stderr.split(separator: "\n").map(String.init)
            #expect(lines.count == 2, "\(result.stderr)")
            #expect(lines.first?.contains(#""Oats", product 2 "Oat milk", unit: L is a volume unit, but the comparison is by weight"#) == true, "\(result.stderr)")
            #expect(lines.first?.hasSuffix("; this product was left out") == true)
            #expect(lines.last == "per: \(file): 1 product left out (one comparison, one family of units); everything else was imported")
            let imported = try ComparisonDatabase(path: other).loadAll().map { "\($0.title): \($0.products.map(\.name).joined(separator: ", "))" }
            #expect(imported.sorted() == ["Oats: a", "Rice: Basmati"])
        }
    }

    @Test(arguments: ["", "\n  \n", "\u{FEFF}"])
    func anEmptyFileIsAnError(content: String) throws {
        let file = folder.file("empty.json")
        try content.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try per("import", file)
        #expect(result.status == 1)
        #expect(result.err == "per: \(file) is empty: nothing to import\n", "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: db))
        let stdin = run([perBinary, "import", "--db", db, "-"], input: "")
        #expect(stdin.status == 1 && stdin.stderr == "per: stdin is empty: nothing to import\n", "\(stdin)")
    }
}
