import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// Issue 39 on the command line (DECISIONS 344–346): the oats' count, set on Aldi's 500 g bag, keeps its 1 kg after Lidl's
/// 1 kg bag is typed, in `per trip`, `per trip --shops`, and through export and import; a version-2 file's count is read
/// as before (packs).
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct ListAmountCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    private func seed() throws {
        let store = try ComparisonDatabase(path: db)
        let aldi = Product.fixture(id: "aldi", price: decimal("0.99"), quantity: 500, unit: .gram, shop: "Aldi")
        try store.save(Comparison(id: "o", title: "Oats", products: [aldi]), listCountIfNew: 0)
        for _ in 0..<2 { try store.changeListCount(of: "o", by: 1, pack: ListAmount(quantity: 500, unit: .gram)) }
        try store.save(Comparison(id: "o", title: "Oats", products: [
            aldi, Product.fixture(id: "lidl", price: decimal("1.79"), quantity: 1, unit: .kilogram, shop: "Lidl"),
        ]))
    }

    @Test func theTripAtAldiBuysTwoBagsForTheKiloSet() throws {
        try seed()
        let aldi = run([perBinary, "trip", "--db", db, "--shop", "Aldi"])
        #expect(aldi.stdout == """
            At Aldi
                 Count  Item  Buy              Shop  Price  Total
            [ ]     2x  Oats  2× 500 g (1 kg)  Aldi   0.99   1.98

            Total 1.98 · in cart 0.00 · left 1.98

            """, "\(aldi)")
        #expect(run([perBinary, "trip", "--db", db, "--format", "markdown"]).stdout.hasPrefix("- [ ] 1× Oats: Lidl, 1 × 1.79 = 1.79\n")
                || run([perBinary, "trip", "--db", db, "--format", "markdown"]).stdout.hasPrefix("- [ ] 1× Oats: 1 kg, Lidl, 1 × 1.79 = 1.79\n"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run([perBinary, "trip", "--db", db, "--format", "json", "--shop", "Aldi"]).stdout.utf8))
                                as? [String: Any])
        #expect(SchemaTests.problems(run([perBinary, "trip", "--db", db, "--format", "json", "--shop", "Aldi"]).stdout, against: "trip") == nil)
        #expect(SchemaTests.problems(run([perBinary, "export", "--db", db]).stdout, against: "export") == nil)
        let item = try #require((json["items"] as? [[String: Any]])?.first)
        #expect(item["listCount"] as? Int == 2 && item["listAmount"] as? String == "1000" && item["listUnit"] as? String == "g")
        #expect(item["packs"] as? Int == 2 && item["lineTotal"] as? String == "1.98")
        let shops = run([perBinary, "trip", "--db", db, "--shops"]).stdout
        #expect(shops.contains("  Oats: 2× 500 g (1 kg), 2 × 0.99 = 1.98\n"), "\(shops)")
    }

    @Test(arguments: ["json", "csv"])
    func theAmountTravelsThroughExportAndImport(format: String) throws {
        try seed()
        let file = folder.file("export.\(format)")
        try run([perBinary, "export", "--db", db, "--format", format]).stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let other = folder.file("other.sqlite")
        let imported = run([perBinary, "import", "--db", other, file])
        #expect(imported.status == 0, "\(imported)")
        #expect(try ComparisonDatabase(path: other).listStates().values.map(\.amount) == [ListAmount(quantity: 1000, unit: .gram)])
    }

    @Test func aVersion2FilesCountIsReadAsPacksAndAHalfAmountIsRefused() throws {
        let v2 = folder.file("v2.json")
        try #"{"format": "per-export", "version": 2, "comparisons": [{"title": "Oats", "listCount": 2, "products": [{"name": "", "price": "0.99", "quantity": "500", "unit": "g", "shop": "Aldi"}]}]}"#
            .write(toFile: v2, atomically: true, encoding: .utf8)
        #expect(run([perBinary, "import", "--db", db, v2]).status == 0)
        let states = try ComparisonDatabase(path: db).listStates()
        #expect(states.values.map(\.count) == [2] && states.values.map(\.amount) == [nil])
        let half = folder.file("half.json")
        try #"{"format": "per-export", "version": 3, "comparisons": [{"title": "Rice", "listCount": 2, "listAmount": "1000", "products": []}]}"#
            .write(toFile: half, atomically: true, encoding: .utf8)
        let refused = run([perBinary, "import", "--db", folder.file("refused.sqlite"), half])
        #expect(refused.status != 0 && refused.stderr.contains("listUnit"), "\(refused)")
    }
}
