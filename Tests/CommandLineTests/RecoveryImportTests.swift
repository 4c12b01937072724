import Foundation
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
        try store.save(Comparison(id: "oats", title: "Oats", products: [Product(id: "o-1", name: "a", price: 2, quantity: 1, unit: .kilogram)]))
        let header = ComparisonHeader(id: "oats", title: "Oats")
        let journal = RecoveryJournal(changes: [
            .edit(.saveField(.price, product: Product(id: "o-2", price: Decimal(string: "3.10")!)), of: header, needsRow: false),
            .edit(.saveField(.quantity, product: Product(id: "o-2", price: Decimal(string: "3.10")!, quantity: 500)), of: header, needsRow: false),
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
