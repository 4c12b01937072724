import Foundation
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// `per compare` and `per import` with numbers outside `NumberRange`, and `compare`'s own reading of its items.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct NumberCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    /// Money reads as money in the table (two decimals, more when typed; unit prices with three digits), while
    /// JSON and CSV keep the exact decimal strings.
    @Test func compareTablesWriteMoneyAsMoney() throws {
        let items = ["jam=2.5/1kg", "sugar=1.299/10kg", "salt=1.47/10kg"]
        let table = try run(perBinary, ["compare"] + items)
        #expect(table.status == 0)
        #expect(table.out == """
        #  Name   Price  Quantity  Unit  Per kg
        1  sugar  1.299        10  kg     0.130  * Best value
        2  salt    1.47        10  kg     0.147  +13% more
        3  jam     2.50         1  kg      2.50  +1825% more

        """)
        let csv = try run(perBinary, ["compare", "--format", "csv"] + items)
        #expect(csv.out.contains("jam,2.5,1,kg,2.5,kg,3,false,1825"), "\(csv.out)")
        let json = try run(perBinary, ["compare", "--format", "json"] + items)
        #expect(json.out.contains("\"price\": \"2.5\""), "\(json.out)")
        let per100 = try run(perBinary, ["compare", "--per", "100g"] + items)
        #expect(per100.out.hasPrefix("#  Name   Price  Quantity  Unit  Per 100 g\n"), "\(per100.out)")
    }

    @Test(arguments: [
        ("1/0.00000000001/999999999999g", "invalid item '1/0.00000000001/999999999999g': quantity '0.00000000001/999999999999': Result 1e-23 is too small (at least 0.000000000001, or 0)"),
        ("999999999999*2/1g", "price '999999999999*2': Result 1999999999998 is too large (at most 999999999999)"),
        ("123456.789*1.23456789/1g", "has more than 12 significant digits"),
    ])
    func compareRefusesNumbersOutsideTheRangeNamingTheArgument(item: String, fragment: String) throws {
        let result = try run(perBinary, ["compare", "1/1g", item])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err.contains(fragment), "\(result.err)")
        #expect(result.err.contains(item), "\(result.err)")
    }

    @Test func compareRefusesAComparisonAmountOutsideTheRange() throws {
        let result = try run(perBinary, ["compare", "--per", "0.0000000000001g", "1/1g"])
        #expect(result.status == 2)
        #expect(result.err == "per: invalid --per '0.0000000000001g': the amount 0.0000000000001 is too small (at least 0.000000000001, or 0)\n")
        let long = "1." + String(repeating: "0", count: 98) + "1"
        let digits = try run(perBinary, ["compare", "--per", long + "g", "1/1g"])
        #expect(digits.status == 2)
        #expect(digits.err.contains("has more than 12 significant digits"), "\(digits.err)")
    }

    /// Options may come anywhere; `--` ends them; the edges of the range are ranked without NaN.
    @Test func compareTakesOptionsAnywhereAndTheRangeEdges() throws {
        let result = try run(perBinary, ["compare", "a=999999999999/0.00000000001mg", "--format", "json",
                                          "b=0.00000000001/999999999999kg", "--per=100g", "--", "c=1/1g"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.out.contains("NaN"))
        let document = try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any]
        let rows = document?["products"] as? [[String: Any]]
        #expect(rows?.map { $0["name"] as? String } == ["a", "b", "c"])
        #expect(document?["per"] as? String == "100 g")
        #expect(rows?[1]["best"] as? Bool == true)
        let dashed = try run(perBinary, ["compare", "1/1g", "-2/1g"])
        #expect(dashed.status != 0)
        let help = try run(perBinary, ["compare", "--help"])
        #expect(help.status == 0)
        #expect(help.out.contains("ITEM"))
    }

    /// The crash at every start: such a file is refused whole, the database untouched.
    @Test func importRefusesTheCrashFileAndWritesNothing() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(title: "before"))
        let tiny = "0." + String(repeating: "0", count: 82) + "1"
        let file = folder.file("crash.json")
        try """
        [{"title": "Flour", "products": [
          {"name": "a", "price": "\(tiny)", "quantity": "1000000000000000000000000", "unit": "kg"},
          {"name": "b", "price": "1", "quantity": "1", "unit": "mg"}]}]
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try run(perBinary, ["import", file, "--db", db])
        #expect(result.status == 1)
        #expect(result.err.contains("comparison 1 \"Flour\", product 1 \"a\", price: "), "\(result.err)")
        #expect(result.err.contains("is too small"), "\(result.err)")
        #expect(try store.summaries().map(\.title) == ["before"])
    }
}
