import Foundation
import PerCore
import Testing
import TestSupport

/// Decision 412 on the command line: `per history` says which price each row is and marks the lowest offer of each
/// kind, in a table, JSON and CSV, and an export carries each earlier price's offer into another database unchanged.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct PriceKindCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    /// The tub now 1.79 with 2 for 3.00, the pots 1.89 with a Clubcard 1.50, the tub earlier 1.99 with a Clubcard 1.60.
    /// By hand, per kg: the tub's shelf 1.79 / 0.5 = 3.58, the lowest seen; its deal 3.00 / (2 × 0.5) = 3.00; the pots'
    /// shelf 3.78 and member 1.50 / 0.5 = 3.00; the earlier tub's shelf 3.98 and member 1.60 / 0.5 = 3.20, not the lowest.
    static let yoghurt = """
        {"format": "per-export", "version": 3, "comparisons": [{"title": "Yoghurt", "per": "kg", "products": [
          {"name": "tub", "price": "1.79", "quantity": "500", "unit": "g", "shop": "Aldi", "seen": "2026-11-20", "deal": "2 for 3.00"},
          {"name": "pots", "price": "1.89", "quantity": "500", "unit": "g", "pack": "4*125", "shop": "Lidl", "seen": "2026-11-20",
           "deal": {"kind": "member", "count": 1, "price": "1.50", "scheme": "Clubcard", "until": null}}],
         "history": [{"name": "tub", "shop": "Aldi", "seen": "2026-11-01", "price": "1.99", "quantity": "500", "unit": "g",
                      "deal": {"kind": "member", "count": 1, "price": "1.60", "scheme": "Clubcard", "until": null}}]}]}
        """

    private func per(_ arguments: [String], database: String? = nil, input: String? = nil) -> (status: Int32, stdout: String, stderr: String) {
        run([perBinary] + arguments + ["--db", database ?? db], input: input)
    }

    @Test func historySaysEachPricesKindAndTheLowestOfEach() {
        #expect(per(["import", "-"], input: Self.yoghurt).status == 0)
        let table = per(["history", "Yoghurt"])
        #expect(table.status == 0, "\(table.stderr)")
        let rows = table.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows == [
            "Yoghurt",
            "Id Seen Shop Name Price Quantity Unit Per kg Deal",
            "now 2026-11-20 Lidl pots 1.89 500 g 3.78 Clubcard 1.50 = 3.00 * lowest member price",
            "now 2026-11-20 Aldi tub 1.79 500 g 3.58 2 for 3.00 = 3.00 * lowest, lowest deal",
            "1 2026-11-01 Aldi tub 1.99 500 g 3.98 Clubcard 1.60 = 3.20",
        ], "\(table.stdout)")

        let json = per(["history", "Yoghurt", "--format", "json"])
        #expect(json.stdout.contains(#""unitPrice": "3.98", "current": false, "lowest": false, "deal": {"kind": "member", "count": 1, "price": "1.6", "scheme": "Clubcard", "until": null}, "kind": "member", "offerUnitPrice": "3.2", "lowestOffer": false}"#), "\(json.stdout)")
        #expect(json.stdout.contains(#""unitPrice": "3.58", "current": true, "lowest": true, "deal": {"kind": "multibuy", "count": 2, "price": "3", "scheme": null, "until": null}, "kind": "deal", "offerUnitPrice": "3", "lowestOffer": true}"#), "\(json.stdout)")

        let csv = csvRows(per(["history", "Yoghurt", "--format", "csv"]).stdout)
        #expect(csv.map { [$0["name"], $0["deal"], $0["kind"], $0["offerUnitPrice"], $0["lowestOffer"], $0["lowest"]] } == [
            ["pots", "Clubcard 1.50", "member", "3", "true", "false"],
            ["tub", "2 for 3.00", "deal", "3", "true", "true"],
            ["tub", "Clubcard 1.60", "member", "3.2", "false", "false"],
        ])
    }

    /// A history of shelf prices alone keeps today's columns: no Deal column, no `kind`.
    @Test func aHistoryWithoutOffersHasNoOfferColumns() {
        let plain = #"{"format": "per-export", "version": 3, "comparisons": [{"title": "Oats", "products": [{"name": "a", "price": "3.99", "quantity": "500", "unit": "g"}]}]}"#
        #expect(per(["import", "-"], input: plain).status == 0)
        #expect(!per(["history", "Oats"]).stdout.contains("Deal"))
        #expect(!per(["history", "Oats", "--format", "json"]).stdout.contains(#""kind""#))
        #expect(!per(["history", "Oats", "--format", "csv"]).stdout.contains("kind"))
    }

    /// Export in each format, import into a new database, export again: the same text, earlier prices' offers included.
    @Test(arguments: ["json", "csv"]) func anEarlierPricesOfferSurvivesExportAndImport(format: String) throws {
        #expect(per(["import", "-"], input: Self.yoghurt).status == 0)
        let first = per(["export", "--format", format])
        #expect(first.stdout.contains(format == "json" ? #""seen": "2026-11-01", "price": "1.99", "quantity": "500", "unit": "g", "deal": {"kind": "member""# : "Clubcard 1.60,,history"),
                "\(first.stdout)")
        let other = folder.file("other-\(format).sqlite")
        let imported = per(["import", "-"], database: other, input: first.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(per(["export", "--format", format], database: other).stdout == first.stdout)
        #expect(per(["history", "Yoghurt"], database: other).stdout == per(["history", "Yoghurt"]).stdout)
    }
}
