import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// `per trip` in every format, and `--reset`, on a database saved directly.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct TripCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    /// Oats (edited last: first): 2 of o1, in the cart; milk: 1 L, once; bread: no product; rice: off the list;
    /// a title holding an escape sequence.
    private func seed() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "r", title: "Rice", products: [Product.fixture(id: "r1", price: 2, quantity: 1, unit: .kilogram)]))
        try store.changeListCount(of: "r", by: -1)
        try store.save(Comparison(id: "b", title: "Bread\u{1B}[2J"))
        try store.save(Comparison(id: "m", title: "Milk", products: [Product.fixture(id: "m1", price: decimal("1.29"), quantity: 1, unit: .liter)]))
        try store.save(Comparison(id: "a", title: "Oats", products: [
            Product.fixture(id: "o1", name: "o1", price: decimal("6.99"), quantity: 1, unit: .kilogram),
            Product.fixture(id: "o2", name: "o2", price: decimal("3.99"), quantity: 500, unit: .gram),
        ]))
        try store.changeListCount(of: "a", by: 1)
        try store.setTicked("a", true)
    }

    @Test func tableJSONAndMarkdown() throws {
        try seed()
        let table = run([perBinary, "trip", "--db", db])
        #expect(table.status == 0)
        #expect(table.stdout == """
                 Count  Item            Buy  Shop  Price  Total
            [x]     2x  Oats            o1          6.99  13.98
            [ ]     1x  Milk            1 L         1.29   1.29
            [ ]     1x  Bread\\u{1B}[2J  -              -      -

            Total 15.27 · in cart 13.98 · left 1.29 (1 without a price)

            """, "\(table.stdout)")
        let json = run([perBinary, "trip", "--db", db, "--format", "json"])
        #expect(json.stdout == """
            {
              "format": "per-trip",
              "version": 3,
              "items": [
                {"title": "Oats", "listCount": 2, "inCart": true, "product": {"name": "o1", "shop": null, "price": "6.99", "quantity": "1", "unit": "kg", "unitPrice": "6.99", "per": "kg"}, "packs": 2, "lineTotal": "13.98"},
                {"title": "Milk", "listCount": 1, "inCart": false, "product": {"name": "", "shop": null, "price": "1.29", "quantity": "1", "unit": "L", "unitPrice": "1.29", "per": "L"}, "packs": 1, "lineTotal": "1.29"},
                {"title": "Bread\\u001b[2J", "listCount": 1, "inCart": false, "product": null, "packs": null, "lineTotal": null}
              ],
              "total": "15.27",
              "inCartTotal": "13.98",
              "left": "1.29"
            }

            """, "\(json.stdout)")
        let parsed = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect((parsed?["items"] as? [Any])?.count == 3)
        let markdown = run([perBinary, "trip", "--db", db, "--format", "markdown", "--currency", "$"])
        #expect(markdown.stdout == """
            - [x] 2× Oats: o1, 2 × $6.99 = $13.98
            - [ ] 1× Milk: 1 L, 1 × $1.29 = $1.29
            - [ ] 1× Bread\\\\u{1B}\\[2J

            Total $15.27 · in cart $13.98 · left $1.29 (1 without a price)

            """, "\(markdown.stdout)")
        #expect(!table.stdout.contains("\u{1B}") && !markdown.stdout.contains("\u{1B}") && !json.stdout.contains("\u{1B}"))
    }

    /// Issue 38: a crate of 24 × 0.33 L at 12.99 with a 3.42 deposit, twice on the list. By hand: 2 × 12.99 = 25.98 to
    /// pay for the beer, 2 × 3.42 = 6.84 in deposits, 25.98 + 6.84 = 32.82 to bring, 6.84 back for the empties; the unit
    /// price stays 12.99 / 7.92 L = 1.640…/L, the deposit in no total of the goods and in no ranking.
    @Test func aCratesDepositIsMoneyToBringAndComesBackButIsNoPartOfTheTotal() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "k", title: "Beer", products: [
            Product.fixture(id: "k1", name: "crate", price: decimal("12.99"), quantity: decimal("7.92"), unit: .liter,
                            pack: Multipack(count: 24, size: decimal("0.33")), shop: "Aldi", deposit: decimal("3.42")),
            Product.fixture(id: "k2", name: "six", price: decimal("4.49"), quantity: decimal("1.98"), unit: .liter, shop: "Lidl"),
        ]))
        try store.changeListCount(of: "k", by: 1)
        let table = run([perBinary, "trip", "--db", db])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("Total 25.98 · in cart 0.00 · left 25.98 · deposits 6.84 · to bring 32.82 (6.84 back for the empties)"),
                "\(table.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run([perBinary, "trip", "--db", db, "--format", "json"]).stdout.utf8)) as? [String: Any])
        #expect(json["total"] as? String == "25.98" && json["deposits"] as? String == "6.84" && json["toBring"] as? String == "32.82", "\(json)")
        #expect(((json["items"] as? [[String: Any]])?.first?["deposits"] as? String) == "6.84")
        let shops = run([perBinary, "trip", "--shops", "--db", db])
        #expect(shops.status == 0, "\(shops.stderr)")
        #expect(shops.stdout.contains("deposits 6.84, to bring 32.82 (6.84 back for the empties)"), "\(shops.stdout)")
        let shown = run([perBinary, "show", "--db", db, "--format", "json", "Beer"])
        #expect(shown.stdout.contains(#""unitPrice": "1.64015151515""#), "\(shown.stdout)")
    }

    /// Issue 38: the detergent by use on the list twice (2.5 L with 50 washes at 11.99 at Tesco, 1.5 L with 30 at 7.49 at
    /// Aldi, 40 pods with 40 at 12.99 at Lidl, the pods with a 0.25 deposit). By hand: the best per wash is the 2.5 L
    /// (11.99 / 50 = 0.2398), bought twice: 100 washes, 2 × 11.99 = 23.98, no deposit. Where to shop in washes: Aldi's
    /// 1.5 L holds 30, 4 packs hold 120 ≥ 100: 4 × 7.49 = 29.96; Lidl's pods 40, 3 packs: 3 × 12.99 = 38.97 and 3 × 0.25 =
    /// 0.75 in deposits, 39.72 to bring. The amount is said in washes: it said `(1 dL)` (100 read as millilitres).
    @Test func theTripAndWhereToShopBuyADetergentByUse() throws {
        let wash = CountWord("wash")!
        func product(_ id: ProductID, _ price: String, _ quantity: Decimal, _ unit: MeasureUnit, _ uses: Decimal, _ shop: String,
                     deposit: Decimal? = nil) -> Product {
            Product(id: id, name: "D\(id)", price: decimal(price), quantity: quantity, unit: unit, pack: nil, shop: shop, seen: nil,
                    deposit: deposit, uses: Uses(count: uses, word: wash))
        }
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "det", title: "Detergent", products: [
            product("d1", "11.99", decimal("2.5"), .liter, 50, "Tesco"),
            product("d2", "7.49", decimal("1.5"), .liter, 30, "Aldi"),
            product("d3", "12.99", 40, .counted(CountWord("pod")!), 40, "Lidl", deposit: decimal("0.25")),
        ], basis: .perUse(wash)))
        try store.changeListCount(of: "det", by: 1)
        let table = run([perBinary, "trip", "--db", db])
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("Total 23.98 · in cart 0.00 · left 23.98\n") && !table.stdout.contains("deposits"), "\(table.stdout)")
        let shops = run([perBinary, "trip", "--shops", "--db", db])
        #expect(shops.status == 0, "\(shops.stderr)")
        #expect(shops.stdout.contains("Detergent: 4× 1.5 L (100 washes), 4 × 7.49 = 29.96"), "\(shops.stdout)")
        #expect(shops.stdout.contains("Detergent: 3× 40 pods (100 washes), 3 × 12.99 = 38.97"), "\(shops.stdout)")
        #expect(shops.stdout.contains("deposits 0.75, to bring 39.72 (0.75 back for the empties)"), "\(shops.stdout)")
        #expect(shops.stdout.contains("Cheapest shop: Tesco, 23.98") && !shops.stdout.contains("dL"), "\(shops.stdout)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run([perBinary, "trip", "--shops", "--db", db, "--format", "json"]).stdout.utf8))
            as? [String: Any])
        let lidl = try #require((json["shops"] as? [[String: Any]])?.first { $0["shop"] as? String == "Lidl" })
        #expect(lidl["total"] as? String == "38.97" && lidl["deposits"] as? String == "0.75" && lidl["toBring"] as? String == "39.72", "\(lidl)")
    }

    /// A deposit goes out in the export (`"deposit": "3.42"`, its CSV column) and comes back from it; `per compare` reads
    /// one after the unit (`+3.42dep`) and refuses one below zero.
    @Test func aDepositRoundTripsThroughExportAndImportAndPerCompareReadsOne() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "k", title: "Beer", products: [
            Product.fixture(id: "k1", name: "crate", price: decimal("12.99"), quantity: decimal("7.92"), unit: .liter, deposit: decimal("3.42")),
        ]))
        for format in ["json", "csv"] {
            let export = run([perBinary, "export", "--db", db, "--format", format])
            #expect(export.status == 0 && export.stdout.contains(format == "json" ? #""deposit": "3.42""# : ",3.42,"), "\(export.stdout)")
            let file = folder.file("beer.\(format)")
            try export.stdout.write(toFile: file, atomically: true, encoding: .utf8)
            let other = folder.file("other-\(format).sqlite")
            let imported = run([perBinary, "import", "--db", other, file])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(run([perBinary, "export", "--db", other, "--format", format]).stdout == export.stdout)
        }
        let compare = run([perBinary, "compare", "--format", "json", "12.99/24x0.33l+3.42dep", "4.49/6x0.33l"])
        #expect(compare.status == 0, "\(compare.stderr)")
        #expect(compare.stdout.contains(#""unitPrice": "1.64015151515""#) && compare.stdout.contains(#""deposit": "3.42""#)
                && compare.stdout.contains(#""deposit": null"#), "\(compare.stdout)")
        let table = run([perBinary, "compare", "12.99/24x0.33l+3.42dep", "4.49/6x0.33l"])
        #expect(table.stdout.contains("Deposit") && table.stdout.contains("3.42"), "\(table.stdout)")
        let negative = run([perBinary, "compare", "12.99/24x0.33l+-3.42dep"])
        #expect(negative.status == 2 && negative.stderr.contains("deposit '-3.42' is negative"), "\(negative.stderr)")
        // An export saying a deposit below zero is refused whole, naming it; the database is as it was.
        let file = folder.file("negative.json")
        try #"{"format": "per-export", "version": 3, "comparisons": [{"title": "Beer", "products": [{"price": "1", "quantity": "1", "unit": "l", "deposit": "-0.25"}]}]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let refused = run([perBinary, "import", "--db", folder.file("refusing.sqlite"), file])
        #expect(refused.status == 1 && refused.stderr.contains(#"deposit: "-0.25" is below zero: a deposit is at least 0"#), "\(refused.stderr)")
    }

    @Test func resetClearsTheCheckOffs() throws {
        try seed()
        let reset = run([perBinary, "trip", "--db", db, "--reset", "--format", "markdown"])
        #expect(reset.status == 0)
        #expect(reset.stdout.hasPrefix("- [ ] 2× Oats"), "\(reset.stdout)")
        #expect(try ComparisonDatabase(path: db).shoppingList().allSatisfy { !$0.item.ticked })
    }

    @Test func anEmptyListAndAMissingFile() throws {
        _ = try ComparisonDatabase(path: db)
        #expect(run([perBinary, "trip", "--db", db]).stdout == "Nothing on the list.\n")
        #expect(run([perBinary, "trip", "--db", db, "--format", "json"]).stdout == """
            {
              "format": "per-trip",
              "version": 3,
              "items": [],
              "total": "0.00",
              "inCartTotal": "0.00",
              "left": "0.00"
            }

            """)
        let missing = run([perBinary, "trip", "--db", folder.file("none.sqlite")])
        #expect(missing.status == 1 && !FileManager.default.fileExists(atPath: folder.file("none.sqlite")))
        // Bad option values are refused as the app refuses them, before the database is opened.
        let control = run([perBinary, "trip", "--db", folder.file("none.sqlite"), "--store", "Cost\u{1B}co"])
        #expect(control.status == 2 && control.stdout.isEmpty)
        #expect(control.stderr == "per: --shop: a shop's name can't hold control characters (tabs, newlines, escapes)\n")
        let currency = run([perBinary, "trip", "--db", folder.file("none.sqlite"), "--currency", "1"])
        #expect(currency.status == 2 && currency.stdout.isEmpty && currency.stderr.hasPrefix("per: "), "\(currency.stderr)")
    }

    /// `--store NAME`: each item's product to buy is the best at that store, `not at NAME` when it has none there; it buys
    /// the item's amount (1 kg of oats, the best value's) in whole packs there (3 × 400 g), like for like (issue 28).
    @Test func atAStore() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "r", title: "Rice", products: [Product.fixture(id: "r1", name: "r", price: 2, quantity: 1, unit: .kilogram, shop: "Costco")]))
        try store.save(Comparison(id: "a", title: "Oats", products: [
            Product.fixture(id: "o1", name: "o1", price: decimal("6.99"), quantity: 1, unit: .kilogram, shop: "Costco"),
            Product.fixture(id: "o2", name: "o2", price: decimal("3.99"), quantity: 400, unit: .gram, shop: "Aldi"),
        ]))
        #expect(run([perBinary, "trip", "--db", db, "--format", "markdown"]).stdout == """
            - [ ] 1× Oats: o1, Costco, 1 × 6.99 = 6.99
            - [ ] 1× Rice: r, Costco, 1 × 2.00 = 2.00

            Total 8.99 · in cart 0.00 · left 8.99

            """)
        #expect(run([perBinary, "trip", "--db", db, "--format", "markdown", "--store", "aldi"]).stdout == """
            - [ ] 3× Oats: o2, 3× 400 g (1 kg), Aldi, 3 × 3.99 = 11.97
            - [ ] 1× Rice: not at aldi

            Total 11.97 · in cart 0.00 · left 11.97 (1 not at aldi)

            """)
        #expect(run([perBinary, "trip", "--db", db, "--format", "json", "--store", "Aldi"]).stdout == """
            {
              "format": "per-trip",
              "version": 3,
              "items": [
                {"title": "Oats", "listCount": 1, "inCart": false, "product": {"name": "o2", "shop": "Aldi", "price": "3.99", "quantity": "400", "unit": "g", "unitPrice": "9.975", "per": "kg"}, "packs": 3, "lineTotal": "11.97"},
                {"title": "Rice", "listCount": 1, "inCart": false, "product": null, "packs": null, "lineTotal": null}
              ],
              "total": "11.97",
              "inCartTotal": "0.00",
              "left": "11.97",
              "shop": "Aldi"
            }

            """)
        #expect(run([perBinary, "trip", "--db", db, "--store", "Aldi"]).stdout.hasPrefix("At Aldi\n"))
    }
}
