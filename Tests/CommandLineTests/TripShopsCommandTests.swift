import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// `per trip --shops` (where to shop) and `per trip --by-shop` / `--by-recent` (the list screen's orders).
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct TripShopsCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    private func at(_ id: String, _ price: String, _ shop: String) -> Product {
        Product.fixture(id: ProductID(rawValue: id), name: id, price: decimal(price), quantity: 1, unit: .kilogram, shop: shop)
    }

    /// The issue's example: Milk 1.00 at Aldi, 0.90 at Lidl; Eggs 3.00 at Aldi, 3.50 at Lidl; Oats 2.00 at Aldi only;
    /// Bread (edited last) has no product. Eggs then Oats in Aldi's aisle order.
    private func seed() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "m", title: "Milk", products: [at("m1", "1.00", "Aldi"), at("m2", "0.90", "Lidl")]))
        try store.save(Comparison(id: "e", title: "Eggs", products: [at("e1", "3.00", "Aldi"), at("e2", "3.50", "Lidl")]))
        try store.save(Comparison(id: "o", title: "Oats", products: [at("o1", "2.00", "Aldi")]))
        try store.save(Comparison(id: "b", title: "Bread"))
        try store.changeListCount(of: "b", by: -1)
        try store.setAisleOrder(["e", "o"])
    }

    @Test func whereToShopInEveryFormat() throws {
        try seed()
        let json = run([perBinary, "trip", "--shops", "--db", db, "--format", "json"])
        #expect(json.status == 0 && json.stderr.isEmpty)
        #expect(json.stdout == """
            {
              "format": "per-shops",
              "version": 3,
              "shops": [
                {"shop": "Aldi", "total": "6.00", "covered": 3, "missing": [], "items": [{"title": "Oats", "product": {"name": "o1", "shop": "Aldi", "price": "2", "quantity": "1", "unit": "kg", "unitPrice": "2", "per": "kg"}, "packs": 1, "lineTotal": "2.00"}, {"title": "Eggs", "product": {"name": "e1", "shop": "Aldi", "price": "3", "quantity": "1", "unit": "kg", "unitPrice": "3", "per": "kg"}, "packs": 1, "lineTotal": "3.00"}, {"title": "Milk", "product": {"name": "m1", "shop": "Aldi", "price": "1", "quantity": "1", "unit": "kg", "unitPrice": "1", "per": "kg"}, "packs": 1, "lineTotal": "1.00"}]},
                {"shop": "Lidl", "total": "4.40", "covered": 2, "missing": ["Oats"], "items": [{"title": "Eggs", "product": {"name": "e2", "shop": "Lidl", "price": "3.5", "quantity": "1", "unit": "kg", "unitPrice": "3.5", "per": "kg"}, "packs": 1, "lineTotal": "3.50"}, {"title": "Milk", "product": {"name": "m2", "shop": "Lidl", "price": "0.9", "quantity": "1", "unit": "kg", "unitPrice": "0.9", "per": "kg"}, "packs": 1, "lineTotal": "0.90"}]}
              ],
              "cheapestShop": "Aldi",
              "bestSplit": {"shops": ["Aldi", "Lidl"], "total": "5.90", "saves": "0.10"}
            }

            """, "\(json.stdout)")
        #expect(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) is [String: Any])
        #expect(run([perBinary, "trip", "--shops", "--db", db]).stdout == """
            Shop  Total  Items   Missing
            Aldi   6.00  3 of 3
            Lidl   4.40  2 of 3  Oats

            Cheapest shop: Aldi, 6.00
            Best split: Aldi + Lidl, 5.90, saves 0.10 (Aldi: Oats, Eggs · Lidl: Milk)

            """)
        #expect(run([perBinary, "trip", "--shops", "--db", db, "--format", "markdown", "--currency", "€"]).stdout == """
            - Aldi: €6.00, 3 of 3 items
            - Lidl: €4.40, 2 of 3 items, missing Oats

            Cheapest shop: Aldi, €6.00
            Best split: Aldi + Lidl, €5.90, saves €0.10 (Aldi: Oats, Eggs · Lidl: Milk)

            """)
        let withShop = run([perBinary, "trip", "--shops", "--shop", "Aldi", "--db", db])
        #expect(withShop.status == 2 && withShop.stdout.isEmpty)
        #expect(withShop.stderr == "per: --shops compares every shop; leave --shop out\n")
    }

    @Test func theOrderOfTheListScreen() throws {
        try seed()
        let recent = run([perBinary, "trip", "--db", db, "--format", "markdown"])
        #expect(recent.stdout == run([perBinary, "trip", "--db", db, "--format", "markdown", "--by-recent"]).stdout)
        #expect(recent.stdout == """
            - [ ] 1× Oats: o1, Aldi, 1 × 2.00 = 2.00
            - [ ] 1× Eggs: e1, Aldi, 1 × 3.00 = 3.00
            - [ ] 1× Milk: m2, Lidl, 1 × 0.90 = 0.90

            Total 5.90 · in cart 0.00 · left 5.90

            """, "\(recent.stdout)")
        let markdown = run([perBinary, "trip", "--db", db, "--format", "markdown", "--by-shop"])
        #expect(markdown.stdout == """
            ## Aldi

            - [ ] 1× Eggs: e1, Aldi, 1 × 3.00 = 3.00
            - [ ] 1× Oats: o1, Aldi, 1 × 2.00 = 2.00

            ## Lidl

            - [ ] 1× Milk: m2, Lidl, 1 × 0.90 = 0.90

            Total 5.90 · in cart 0.00 · left 5.90

            """, "\(markdown.stdout)")
        let table = run([perBinary, "trip", "--db", db, "--by-shop"])
        #expect(table.stdout == """
                 Count  Item  Buy  Shop  Price  Total
            Aldi
            [ ]     1x  Eggs  e1   Aldi   3.00   3.00
            [ ]     1x  Oats  o1   Aldi   2.00   2.00
            Lidl
            [ ]     1x  Milk  m2   Lidl   0.90   0.90

            Total 5.90 · in cart 0.00 · left 5.90

            """, "\(table.stdout)")
        let both = run([perBinary, "trip", "--db", db, "--by-shop", "--by-recent"])
        #expect(both.status != 0)
    }

    /// Issue 32: a shop's name imported with a line break or tab around it (`Aldi\n` from a spreadsheet's cell) is
    /// stored trimmed: one Aldi where to shop, not two; JSON and CSV alike.
    @Test func importedShopNamesLoseTheirLineBreaks() throws {
        let json = folder.file("in.json")
        try #"""
            [{"title": "Milk", "listCount": 1, "products": [{"name": "m1", "price": "1", "quantity": "1", "unit": "l", "store": "Aldi\n"}]},
             {"title": "Eggs", "listCount": 1, "products": [{"name": "e1", "price": "3", "quantity": "6", "unit": "each", "store": "Aldi"}]}]
            """#.write(toFile: json, atomically: true, encoding: .utf8)
        #expect(run([perBinary, "import", "--db", db, json]).status == 0)
        let csv = folder.file("in.csv")
        try "number,comparison,name,price,quantity,unit,store,list_count\r\n1,Oats,o1,2,1,kg,\"\tAldi\r\n\",1\r\n"
            .write(toFile: csv, atomically: true, encoding: .utf8)
        let imported = run([perBinary, "import", "--db", db, csv])
        #expect(imported.status == 0, "\(imported.stderr)")
        let shops = run([perBinary, "trip", "--shops", "--db", db, "--format", "json"])
        #expect(shops.stdout.contains(#"{"shop": "Aldi", "total": "6.00", "covered": 3, "missing": [], "items": ["#), "\(shops.stdout)\(shops.stderr)")
        #expect(!run([perBinary, "export", "--db", db]).stdout.contains("Aldi\\"))
    }

    /// Issue 32: items whose products have no shop can be bought anywhere: `per trip --shops` says so.
    @Test func productsWithoutAShopCanBeBoughtAnywhere() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "m", title: "Milk", products: [at("m1", "1.00", "")]))
        try store.save(Comparison(id: "b", title: "Bread"))
        let result = run([perBinary, "trip", "--shops", "--db", db])
        #expect(result.status == 0 && result.stdout == "The products on the list have no shop: they can be bought anywhere (1 item has no price).\n",
                "\(result.stdout)\(result.stderr)")
    }
}
