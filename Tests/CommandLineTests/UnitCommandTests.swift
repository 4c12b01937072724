import Foundation
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// `per compare`, `show`, `lists`, `export` and `import` with length, area and count-word units, a currency,
/// grouped thousands and items that start with a minus.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct UnitCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    private func environment(_ extra: [String: String]) -> [String: String] {
        var env = ProcessInfo.processInfo.environment
        env["PER_CURRENCY"] = nil
        env.merge(extra) { $1 }
        return env
    }

    private func compare(_ arguments: [String], currency: String? = nil) throws -> (status: Int32, out: String, err: String) {
        try run(perBinary, ["compare"] + arguments, environment: environment(currency.map { ["PER_CURRENCY": $0] } ?? [:]))
    }

    @Test func countWordsLengthsAndAreasAreCompared() throws {
        let sheets = try compare(["big=5.49/12x200 sheets", "small=1.99/4X150sheet", "--per", "100 sheets"])
        #expect(sheets.status == 0, "\(sheets.err)")
        #expect(sheets.out == """
            #  Name   Price  Quantity  Unit   Per 100 sheets
            1  big     5.49      2400  sheet           0.229  * Best value
            2  small   1.99       600  sheet           0.332  +45% more

            """)
        let area = try compare(["tiles=24.90/2.5m2", "planks=30/20 sq ft"])
        #expect(area.status == 0, "\(area.err)")
        #expect(area.out.contains("1  tiles   24.90       2.5  m²       9.96  * Best value"), "\(area.out)")
        #expect(area.out.contains("2  planks  30.00        20  sq ft   16.15  +62% more"), "\(area.out)")
        #expect(area.out.contains("Per m²"))
        let length = try compare(["--per", "ft", "rope=7/50ft", "cord=9/20 m"])
        #expect(length.status == 0, "\(length.err)")
        #expect(length.out.contains("Per ft"))
        #expect(length.out.contains("cord   9.00        20  m      0.137  * Best value"), "\(length.out)")
    }

    @Test func rollsAgainstSheetsAreRefusedNamingBoth() throws {
        let result = try compare(["tp=5.49/12x200sheets", "towels=4/6 rolls"])
        #expect(result.status == 2)
        #expect(result.out.isEmpty)
        #expect(result.err == "per: invalid item 'towels=4/6 rolls': roll is a count unit of its own, but the comparison is in sheets\n")
        let mixed = try compare(["3/1kg", "2/500ml"])
        #expect(mixed.err == "per: invalid item '2/500ml': mL is a volume unit, but the comparison is by weight\n")
        let per = try compare(["--per", "roll", "3/1kg"])
        #expect(per.status == 2)
        #expect(per.err == "per: invalid --per 'roll': roll is a count unit of its own, but the comparison is by weight\n")
    }

    @Test func anItemStartingWithMinusAndADigitIsAnItem() throws {
        let result = try compare(["-3/1kg", "2/1kg"])
        #expect(result.status == 2)
        #expect(result.err.contains("invalid item '-3/1kg'"), "\(result.err)")
        let point = try compare(["2/1kg", "-.5/1kg"])
        #expect(point.status == 2)
        #expect(point.err.contains("invalid item '-.5/1kg'"), "\(point.err)")
        let option = try compare(["-z", "2/1kg"])
        #expect(option.status == 2)   // ArgumentParser's refusal, with per's status for bad input (was 64)
    }

    @Test func groupedThousandsReadAsThousands() throws {
        let result = try compare(["--format", "csv", "a=1,234.56/2kg", "b=1.234,5/1kg"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("a,1234.56,2,kg,617.28,"), "\(result.out)")
        #expect(result.out.contains("b,1234.5,1,kg,1234.5,"), "\(result.out)")
        let refused = try compare(["a=1,23.4/2kg"])
        #expect(refused.status == 2)
        #expect(refused.err == "per: invalid item 'a=1,23.4/2kg': price '1,23.4': '1,23.4' is not a number (write 1234.56 or 1,234.56)\n")
    }

    @Test func theCurrencyShowsInTablesAndIsAFieldInJSONAndCSV() throws {
        let table = try compare(["--currency", "€", "a=3.99/500g", "b=€6.99/1kg"])
        #expect(table.status == 0, "\(table.err)")
        #expect(table.out == """
            #  Name  Price  Quantity  Unit  Per kg
            1  b     €6.99         1  kg     €6.99  * Best value
            2  a     €3.99       500  g      €7.98  +14% more

            """)
        let suffix = try compare(["a=3.99/500g"], currency: "CHF")
        #expect(suffix.out.contains("CHF 3.99"), "\(suffix.out)")
        #expect(suffix.out.contains("CHF 7.98"), "\(suffix.out)")
        let dollars = try compare(["--format", "json", "a=$3.99/500g"], currency: "$")
        #expect(dollars.status == 0, "\(dollars.err)")
        #expect(dollars.out.contains("\"price\": \"3.99\""))
        #expect(dollars.out.contains("\"unitPrice\": \"7.98\""))
        #expect(dollars.out.contains("\"currency\": \"$\""))
        let csv = try compare(["--format", "csv", "--currency", "kr", "a=3.99/500g"])
        #expect(csv.out == "name,price,quantity,unit,unitPrice,per,rank,best,percentMore,shop,currency\r\na,3.99,500,g,7.98,kg,1,true,,,kr\r\n")
        let none = try compare(["--format", "csv", "a=3.99/500g"])
        #expect(none.out == "name,price,quantity,unit,unitPrice,per,rank,best,percentMore,shop\r\na,3.99,500,g,7.98,kg,1,true,,\r\n")
    }

    @Test(arguments: [
        ("1€", "invalid currency '1€': '1' can't be part of a currency"),
        ("EUROS", nil),
        ("EURO$$", "invalid currency 'EURO$$': at most 5 characters"),
        ("\u{1B}[2J", "invalid currency '\\u{1B}[2J': U+001B is a control character"),
        ("C F", "' ' can't be part of a currency"),
        ("", "invalid currency '': give a symbol or code"),
    ] as [(String, String?)])
    func badCurrencyTextIsRefusedClearly(text: String, fragment: String?) throws {
        let result = try compare(["--currency", text, "1/1g"])
        if let fragment {
            #expect(result.status == 2)
            #expect(result.out.isEmpty)
            #expect(result.err.contains(fragment), "\(result.err)")
        } else {
            #expect(result.status == 0, "\(result.err)")
        }
        if !text.isEmpty, fragment != nil {
            let env = try compare(["1/1g"], currency: text)
            #expect(env.status == 2)
            #expect(env.err.hasPrefix("per: PER_CURRENCY: invalid currency"), "\(env.err)")
        }
    }

    @Test func showTakesTheCurrencyAndExchangeKeepsNewUnits() throws {
        let store = try ComparisonDatabase(path: db)
        let sheet = MeasureUnit.counted(CountWord("sheet")!)
        let comparisons = [
            Comparison(title: "Paper", products: [product("tp", "5.49", "2400", sheet), product("kitchen", "3", "300", sheet)],
                       basis: ComparisonBasis(amount: 100, unit: sheet)),
            Comparison(title: "Floor", products: [product("tiles", "24.9", "2.5", .squareMeter), product("planks", "30", "20", .squareFoot)],
                       basis: ComparisonBasis(amount: 1, unit: .squareFoot)),
            Comparison(title: "Rope", products: [product("a", "7", "50", .foot), product("b", "9", "20", .meter)]),
        ]
        for comparison in comparisons { try store.save(comparison) }
        #expect(try store.load(comparisons[0].id)?.products.map(\.unit) == [sheet, sheet])
        #expect(try store.load(comparisons[1].id)?.chosenBasis == ComparisonBasis(amount: 1, unit: .squareFoot))

        let show = try run(perBinary, ["show", "Paper", "--db", db, "--currency", "$"], environment: environment([:]))
        #expect(show.status == 0, "\(show.err)")
        #expect(show.out.contains("Per 100 sheets"), "\(show.out)")
        #expect(show.out.contains("$5.49"), "\(show.out)")
        let bad = try run(perBinary, ["show", "Paper", "--db", db], environment: environment(["PER_CURRENCY": "1"]))
        #expect(bad.status == 2)

        for format in ExchangeFormat.allCases {
            let export = try run(perBinary, ["export", "--format", format.rawValue, "--db", db])
            #expect(export.status == 0)
            let decoded = try ComparisonExchange.decode(export.out)
            #expect(decoded.map(\.products).map { $0.map(\.unit) } == comparisons.map { $0.products.map(\.unit) })
            #expect(decoded.map(\.chosenBasis) == comparisons.map(\.chosenBasis))
        }
        // With a currency, export names it and import checks it (prices stay plain decimals).
        let json = try run(perBinary, ["export", "Paper", "--db", db, "--currency", "€"], environment: environment([:]))
        #expect(json.out.contains("\"currency\": \"€\",\n"), "\(json.out)")
        #expect(json.out.contains("\"price\": \"5.49\""))
        #expect(try ComparisonExchange.decode(json.out).map(\.title) == ["Paper"])
        let csvOut = try run(perBinary, ["export", "Paper", "--db", db, "--format", "csv"], environment: environment(["PER_CURRENCY": "CHF"]))
        #expect(csvOut.out.hasPrefix("number,comparison,per,volumeSystem,name,price,quantity,unit,shop,seen,pack,deposit,deal,uses,kind,listCount,inCart,aisle,pinnedProduct,listAmount,listUnit,currency\r\n1,Paper,100 sheets,us,tp,5.49,2400,sheet,,,,,,,product,1,false,0,,,,CHF\r\n"), "\(csvOut.out)")
        #expect(try ComparisonExchange.decode(csvOut.out).first?.products.count == 2)
        #expect(throws: ExchangeError.self) { try ComparisonExchange.decode("comparison,name,currency\nX,a,€\u{1B}\n") }
        #expect(throws: ExchangeError.self) { try ComparisonExchange.decode("[{\"title\": \"X\", \"currency\": \"1 2\"}]") }
        // Written by hand: plural and other spellings read as the same unit.
        let csv = "comparison,per,name,price,quantity,unit\nPaper,per 100 sheets,a,1,100,Sheets\nPaper,per 100 sheets,b,2,300,sheet\nMat,sq ft,c,1,1,m2\n"
        let decoded = try ComparisonExchange.decode(csv)
        #expect(decoded[0].products.map(\.unit) == [sheet, sheet])
        #expect(decoded[1].products[0].unit == .squareMeter)
        #expect(decoded[1].chosenBasis == ComparisonBasis(amount: 1, unit: .squareFoot))
        // A unit text that is neither a unit nor a word is refused, naming what would do.
        #expect(throws: ExchangeError.self) { try ComparisonExchange.decode("comparison,unit\nX,sheet\u{1B}\n") }
    }

    @Test func listsAlignsTitlesWithEmojiAndCJK() throws {
        let store = try ComparisonDatabase(path: db)
        for title in ["Oats", "寿司 🍣", "Café"] { try store.save(Comparison(title: title, products: [product("a", "1", "1", .gram)])) }
        let lists = try run(perBinary, ["lists", "--db", db])
        #expect(lists.status == 0)
        let lines = lists.out.split(separator: "\n").map(String.init)
        // Where "Last edited" and each date start, in terminal columns.
        let columns = lines.map { line in
            if let last = line.range(of: "Last") { return TextWidth.of(String(line[..<last.lowerBound])) }
            return TextWidth.of(String(line[..<line.range(of: "  20")!.lowerBound])) + 2
        }
        #expect(lines.count == 4)
        #expect(Set(columns).count == 1, "\(lists.out)")
    }
}
