import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// `per history`, `@STORE`, and stores, days and history through show, export and import, run as a user would.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct PriceBookCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }
    func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }

    private func per(_ arguments: String...) throws -> (status: Int32, out: String, err: String) {
        try run(perBinary, arguments + ["--db", db])
    }

    /// Oats: two products now, Jumbo's price changed twice before (Aldi in October, Lidl on 1 November).
    private func saveOats() throws {
        let store = try ComparisonDatabase(path: db)
        var jumbo = Product.fixture(id: "j", name: "Jumbo", price: decimal("5.49"), quantity: 1, unit: .kilogram, shop: "Aldi", seen: day("2026-10-03"))
        try store.save(Comparison(id: "c", title: "Oats", products: [jumbo, Product.fixture(id: "s", name: "Small", price: 3, quantity: 500, unit: .gram, seen: day("2026-11-01"))]))
        jumbo.price = decimal("5.49"); jumbo.quantity = decimal("0.9"); jumbo.shop = "Lidl"; jumbo.seen = day("2026-11-01")
        try store.saveField(.quantity, of: jumbo, in: "c")
        try store.saveField(.shop, of: jumbo, in: "c")
        jumbo.price = decimal("6.99"); jumbo.quantity = 1; jumbo.shop = "Costco"; jumbo.seen = day("2026-11-20")
        try store.save(Comparison(id: "c", title: "Oats", products: [jumbo, Product.fixture(id: "s", name: "Small", price: 3, quantity: 500, unit: .gram, seen: day("2026-11-01"))]))
    }

    @Test func historyInEachFormatNewestFirstWithOneLowest() throws {
        try saveOats()
        let table = try per("history", "oats")
        #expect(table.status == 0, "\(table.err)")
        // Each earlier price's id; `now` marks a product's price now (no entry to delete).
        #expect(table.out == """
            Oats
             Id  Seen        Shop    Name   Price  Quantity  Unit  Per kg
            now  2026-11-20  Costco  Jumbo   6.99         1  kg      6.99
            now  2026-11-01          Small   3.00       500  g       6.00
              2  2026-11-01  Lidl    Jumbo   5.49       0.9  kg      6.10
              1  2026-10-03  Aldi    Jumbo   5.49         1  kg      5.49  * lowest

            """)
        let json = try per("history", "Oats", "--format", "json")
        #expect(json.out == """
            {
              "format": "per-history",
              "version": 3,
              "title": "Oats",
              "per": "kg",
              "prices": [
                {"id": null, "name": "Jumbo", "shop": "Costco", "seen": "2026-11-20", "price": "6.99", "quantity": "1", "unit": "kg", "unitPrice": "6.99", "current": true, "lowest": false},
                {"id": null, "name": "Small", "shop": null, "seen": "2026-11-01", "price": "3", "quantity": "500", "unit": "g", "unitPrice": "6", "current": true, "lowest": false},
                {"id": 2, "name": "Jumbo", "shop": "Lidl", "seen": "2026-11-01", "price": "5.49", "quantity": "0.9", "unit": "kg", "unitPrice": "6.1", "current": false, "lowest": false},
                {"id": 1, "name": "Jumbo", "shop": "Aldi", "seen": "2026-10-03", "price": "5.49", "quantity": "1", "unit": "kg", "unitPrice": "5.49", "current": false, "lowest": true}
              ]
            }

            """)
        let csv = try per("history", "c", "--format", "csv")
        #expect(csv.out == [
            "id,name,shop,seen,price,quantity,unit,unitPrice,per,current,lowest",
            ",Jumbo,Costco,2026-11-20,6.99,1,kg,6.99,kg,true,false",
            ",Small,,2026-11-01,3,500,g,6,kg,true,false",
            "2,Jumbo,Lidl,2026-11-01,5.49,0.9,kg,6.1,kg,false,false",
            "1,Jumbo,Aldi,2026-10-03,5.49,1,kg,5.49,kg,false,true",
            "",
        ].joined(separator: "\r\n"))
        #expect(try per("history", "rice").status == 1)
    }

    /// Issue 20: one earlier price deleted by its id; a bad id, `now` and an unknown id refused with status 2, the file
    /// untouched; `--lowest` in every format.
    @Test func deletingOneEntryAndTheLowestAtEachShop() throws {
        try saveOats()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        for (id, message) in [("abc", "an id is a whole number"), ("now", "a product's price now"), ("9", "no earlier price with id 9"), ("0", "an id is a whole number")] {
            let refused = try per("history", "Oats", "--delete", id)
            #expect(refused.status == 2 && refused.err.contains(message), "\(id): \(refused.err)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        let lowest = try per("history", "Oats", "--lowest")
        #expect(lowest.out == """
            Oats
            Shop       Price  Quantity  Unit  Per kg  Seen        Id
            Aldi        5.49         1  kg      5.49  2026-10-03  1
            (no shop)   3.00       500  g       6.00  2026-11-01  now
            Lidl        5.49       0.9  kg      6.10  2026-11-01  2
            Costco      6.99         1  kg      6.99  2026-11-20  now

            """)
        #expect(try per("history", "Oats", "--lowest", "--format", "csv").out == [
            "shop,price,quantity,unit,unitPrice,per,seen,id,current", "Aldi,5.49,1,kg,5.49,kg,2026-10-03,1,false", ",3,500,g,6,kg,2026-11-01,,true",
            "Lidl,5.49,0.9,kg,6.1,kg,2026-11-01,2,false", "Costco,6.99,1,kg,6.99,kg,2026-11-20,,true", "",
        ].joined(separator: "\r\n"))
        #expect(try per("history", "Oats", "--lowest", "--format", "json").out.hasPrefix("""
            {
              "format": "per-history-lowest",
              "version": 3,
              "title": "Oats",
              "per": "kg",
              "prices": [
                {"shop": "Aldi", "price": "5.49", "quantity": "1", "unit": "kg", "unitPrice": "5.49", "seen": "2026-10-03", "id": 1, "current": false},
            """))
        let deleted = try per("history", "Oats", "--delete", "1")
        #expect(deleted.status == 0 && deleted.out == "Deleted price 1 of \"Oats\": Jumbo 5.49 for 1 kg at Aldi on 2026-10-03.\n", "\(deleted.err)")
        #expect(try ComparisonDatabase(path: db).history(of: "c").map(\.entry) == [PriceEntryID(2)])
    }

    @Test func clearingHistoryAsksOrNeedsYes() throws {
        try saveOats()
        let refused = try per("history", "Oats", "--clear")   // stdin is not a terminal
        #expect(refused.status == 1)
        #expect(refused.err.contains("add --yes"))
        #expect(try ComparisonDatabase(path: db).history(of: "c").count == 2)
        let cleared = try per("history", "Oats", "--clear", "--yes")
        #expect(cleared.status == 0)
        #expect(cleared.out == "Deleted 2 earlier prices of \"Oats\".\n")
        #expect(try ComparisonDatabase(path: db).history(of: "c").isEmpty)
        #expect(try ComparisonDatabase(path: db).load("c")?.products.count == 2)   // the prices now stay
    }

    @Test func compareTakesAStoreAndShowsIt() throws {
        let table = try run(perBinary, ["compare", "oats=6.99/1kg@Costco", "b=3/500g"])
        #expect(table.status == 0, "\(table.err)")
        #expect(table.out == """
            #  Name  Price  Quantity  Unit  Per kg                Shop
            1  b      3.00       500  g       6.00  * Best value
            2  oats   6.99         1  kg      6.99  +17% more     Costco

            """)
        let json = try run(perBinary, ["compare", "--format", "json", "oats=6.99/1kg@Costco", "3/500g"])
        #expect(json.out.contains("\"percentMore\": null, \"shop\": null}"))
        #expect(json.out.contains("\"shop\": \"Costco\"}"))
        #expect(!json.out.contains("seen"))
        let bad = try run(perBinary, ["compare", "6.99/1kg@"])
        #expect(bad.status == 2)
        #expect(bad.err.contains("missing shop"))
    }

    @Test func showGivesStoreAndDay() throws {
        try saveOats()
        let json = try per("show", "Oats", "--format", "json")
        #expect(json.out.contains("\"shop\": \"Costco\", \"seen\": \"2026-11-20\"}"))
        #expect(json.out.contains("\"shop\": null, \"seen\": \"2026-11-01\"}"))
        let csv = try per("show", "Oats", "--format", "csv")
        #expect(csvHeader(csv.out) == ComparisonReport.csvHeader(with: ["seen"]), "\(csv.out)")
        #expect(csv.out.contains(",Costco,2026-11-20\r\n"))
    }

    @Test func exportAndImportCarryStoresDaysAndHistoryExactly() throws {
        try saveOats()
        let export = try per("export")
        #expect(export.status == 0)
        let file = folder.file("oats.json")
        try export.out.write(toFile: file, atomically: true, encoding: .utf8)
        let other = folder.file("other.sqlite")
        let imported = try run(perBinary, ["import", file, "--db", other])
        #expect(imported.status == 0, "\(imported.err)")
        let back = try ComparisonDatabase(path: other)
        let id = try #require(try back.summaries().first?.id)
        let original = try ComparisonDatabase(path: db)
        func shape(_ records: [PriceRecord]) -> [String] { records.map { "\($0.name)|\($0.shop)|\($0.seen?.iso ?? "-")|\($0.price)|\($0.quantity)|\($0.unit.symbol)" } }
        #expect(shape(try back.history(of: id)) == shape(try original.history(of: "c")))
        #expect(try back.load(id)?.products.map { PriceRecord($0)! }.map { [$0].map(\.shop) + [$0.seen!.iso] }
                == [["Costco", "2026-11-20"], ["", "2026-11-01"]])
        // Exported again, the same text.
        #expect(try run(perBinary, ["export", "--db", other]).out == export.out)

        let csv = try per("export", "--format", "csv")
        let jumbo: [String: String] = ["number": "1", "comparison": "Oats", "volumeSystem": "us", "name": "Jumbo", "price": "6.99",
                                       "quantity": "1", "unit": "kg", "shop": "Costco", "seen": "2026-11-20", "kind": "product",
                                       "listCount": "1", "inCart": "false", "aisle": "0"]
        #expect(csvRows(csv.out).first { $0["name"] == "Jumbo" }
                == jumbo.merging(ComparisonExchange.csvColumns.dropLast().map { ($0, "") }) { named, _ in named }, "\(csv.out)")
        let fromCSV = try ComparisonExchange.decode(csv.out)
        #expect(fromCSV.first?.products.map(\.shop) == ["Costco", ""])
        #expect(fromCSV.first?.products.map(\.seen) == [day("2026-11-20"), day("2026-11-01")])
    }

    @Test func filesFromBeforeThePriceBookStillImport() throws {
        let json = folder.file("old.json")
        try """
            [{"title": "Oats", "per": "100 g", "volumeSystem": "us", "products": [{"name": "a", "price": "1.99", "quantity": "500", "unit": "g"}]}]
            """.write(toFile: json, atomically: true, encoding: .utf8)
        let csv = folder.file("old.csv")
        try "number,comparison,per,volume_system,name,price,quantity,unit\r\n1,Rice,,us,b,2.49,1,kg\r\n".write(toFile: csv, atomically: true, encoding: .utf8)
        for file in [json, csv] {
            let result = try per("import", file)
            #expect(result.status == 0, "\(result.err)")
        }
        let store = try ComparisonDatabase(path: db)
        let all = try store.loadAll()
        #expect(all.map(\.title) == ["Oats", "Rice"])
        #expect(all.flatMap(\.products).map(\.shop) == ["", ""])
        #expect(all.flatMap(\.products).map(\.seen) == [nil, nil])
        #expect(try all.allSatisfy { try store.history(of: $0.id).isEmpty })
    }

    @Test func badDaysAreRefusedNamingTheFieldAndNothingIsWritten() throws {
        try saveOats()
        let before = FileSnapshot(db)
        let cases: [(String, String, String)] = [
            ("product.json", #"[{"title": "X", "products": [{"name": "a", "price": "1", "quantity": "1", "unit": "kg", "seen": "2026-02-30"}]}]"#,
             #"line 1, comparison "X", product 1, seen: "2026-02-30" is not a date"#),
            ("history.json", "[{\"title\": \"X\", \"products\": [],\n \"history\": [{\"price\": \"1\", \"quantity\": \"1\", \"unit\": \"kg\", \"seen\": \"22/11/2026\"}]}]",
             #"line 2, comparison "X", history 1, seen: "22/11/2026" is not a date"#),
            ("missing.json", "[{\"title\": \"X\", \"history\": [{\"price\": \"1\", \"unit\": \"kg\"}]}]",
             #"comparison "X", history 1, quantity: missing"#),
            ("product.csv", "comparison,name,price,quantity,unit,store,seen\r\nX,a,1,1,kg,Aldi,2026-11-22\r\nX,b,1,1,kg,Aldi,tomorrow\r\n",
             #"line 3, comparison "X", product 2, seen: "tomorrow" is not a date"#),
        ]
        for (name, text, message) in cases {
            let file = folder.file(name)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try per("import", file)
            #expect(result.status == 1, "\(name)")
            #expect(result.err.contains(message), "\(name): \(result.err)")
            #expect(result.err.contains("nothing was imported"), "\(name)")
        }
        let after = FileSnapshot(db)
        #expect(after.bytes == before.bytes)
    }

    /// Issue 20: a `seen` day after tomorrow (by the importer's clock) is refused naming the field, as a day that is
    /// none; nothing is written. Tomorrow is taken (another time zone's today).
    @Test func daysInTheFutureAreRefusedNamingTheFieldAndNothingIsWritten() throws {
        try saveOats()
        let before = FileSnapshot(db)
        let now = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        let today = try #require(CalendarDay(year: now.year!, month: now.month!, day: now.day!))
        // A month ahead: still after tomorrow should the day turn while the test runs.
        let later = try #require(today.adding(days: 30)).iso
        let cases: [(String, String, String)] = [
            ("product.json", #"[{"title": "X", "products": [{"name": "a", "price": "1", "quantity": "1", "unit": "kg", "seen": "\#(later)"}]}]"#,
             #"line 1, comparison "X", product 1, seen: "\#(later)" is in the future"#),
            ("history.json", "[{\"title\": \"X\", \"products\": [],\n \"history\": [{\"price\": \"1\", \"quantity\": \"1\", \"unit\": \"kg\", \"seen\": \"9999-12-31\"}]}]",
             #"line 2, comparison "X", history 1, seen: "9999-12-31" is in the future"#),
            ("product.csv", "comparison,name,price,quantity,unit,store,seen\r\nX,a,1,1,kg,Aldi,2026-11-22\r\nX,b,1,1,kg,Aldi,\(later)\r\n",
             #"line 3, comparison "X", product 2, seen: "\#(later)" is in the future"#),
            ("history.csv", "comparison,name,price,quantity,unit,store,seen,kind\r\nX,a,1,1,kg,Aldi,,product\r\nX,a,2,1,kg,Aldi,\(later),history\r\n",
             #"line 3, comparison "X", history 1, seen: "\#(later)" is in the future"#),
        ]
        for (name, text, message) in cases {
            let file = folder.file(name)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try per("import", file)
            // A file refused by import: status 1, as for a day that is none (Exit status in USAGE.md).
            #expect(result.status == 1, "\(name)")
            #expect(result.err.contains(message), "\(name): \(result.err)")
            #expect(result.err.contains("(today is \(today.iso)") || result.err.contains("(today is \(today.adding(days: 1)!.iso)"), "\(name): \(result.err)")
            #expect(result.err.contains("nothing was imported"), "\(name)")
        }
        #expect(FileSnapshot(db).bytes == before.bytes)
        // Tomorrow is taken.
        let tomorrow = folder.file("tomorrow.json")
        try #"[{"title": "Y", "products": [{"name": "a", "price": "1", "quantity": "1", "unit": "kg", "seen": "\#(today.adding(days: 1)!.iso)"}]}]"#
            .write(toFile: tomorrow, atomically: true, encoding: .utf8)
        let taken = try per("import", tomorrow)
        #expect(taken.status == 0, "\(taken.err)")
    }
}

/// The app's price book options, refused before anything opens: nothing is written.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct ShopOptionTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    private func app(_ arguments: [String], staleDays: String? = nil) throws -> (status: Int32, out: String, err: String) {
        var env = ProcessInfo.processInfo.environment
        env["PER_STALE_DAYS"] = staleDays
        return try run(perBinary, ["--db", db] + arguments, environment: env)
    }

    @Test(arguments: [
        (["--store", "a\tb"], nil, "--shop: a shop's name can't hold control characters"),
        (["--store=\u{1B}[2J"], nil, "--shop: a shop's name can't hold control characters"),
        (["--stale-days", "0"], nil, "--stale-days: '0' is not a number of days from 1 to 3650"),
        (["--stale-days=3651"], nil, "--stale-days: '3651' is not a number of days"),
        (["--stale-days", "²"], nil, "is not a number of days"),
        ([], "soon", "PER_STALE_DAYS: 'soon' is not a number of days"),
        (["--store", "Costco", "--stale-days=-5"], nil, "--stale-days: '-5'"),
    ] as [([String], String?, String)])
    func badValuesAreRefusedWithStatus2(arguments: [String], staleDays: String?, message: String) throws {
        let result = try app(arguments, staleDays: staleDays)
        #expect(result.status == 2, "\(result.err)")
        #expect(result.err.contains(message), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func helpShowsTheOptions() throws {
        let result = try run(perBinary, ["--help"])
        #expect(result.status == 0)
        #expect(result.out.contains("--store <name>") && result.out.contains("--stale-days <days>"), "\(result.out)")
        #expect(result.out.contains("$PER_STALE_DAYS"), "\(result.out)")
    }

    /// Issue 39: `--help` says that any word is a unit (a count), that US measures are the default and Ctrl-E switches,
    /// what `--shop` does, deals and member prices (typed in the Deal field, a member price ranked with `member =`), and
    /// what ACCESSIBLE=1 does.
    @Test func helpSaysWhatWordsUSMeasuresTheShopAndAccessibleDo() throws {
        let out = try run(perBinary, ["--help"]).out.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        for said in ["any word (sheet, roll, pod), a count compared only with itself", "are US unless --uk", "Ctrl-E",
                     "The shop you are in", "ACCESSIBLE=1", "a deal (2 for 3.00) or a member price (Clubcard 1.50)",
                     "member = Clubcard in the settings file"] {
            #expect(out.contains(said), "\(said): \(out)")
        }
    }

    /// Issue 39: the usage line names every option of the app (it left out `--decimal`, `--currency-format`, `--uk`).
    @Test func theUsageLineNamesEveryOptionOfTheApp() throws {
        let result = try run(perBinary, ["--help"])
        let usage = result.out.components(separatedBy: "USAGE: ").last?.components(separatedBy: "\n\n").first ?? ""
        for option in ["--mouse", "--no-mouse", "--uk", "--us", "--db <db>", "--shop <name>", "--stale-days <days>", "--currency <currency>",
                       "--decimal <mark>", "--currency-format <pattern>"] {
            #expect(usage.contains(option), "\(option): \(usage)")
        }
        #expect(usage.split(separator: "\n").allSatisfy { $0.count <= 80 }, "\(usage)")
    }
}
