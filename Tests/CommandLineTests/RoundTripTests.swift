import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// `per export` → `per import` into an empty database → `per export` is byte-identical, JSON and CSV, on a database
/// using every feature; and every report reads the same before and after.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct RoundTripTests {
    let folder = TemporaryFolder()

    /// Multipacks, a 0× item, ticks, a pin, aisles at two shops, price history, a UK volume comparison with a chosen
    /// basis, an empty comparison, an unpriced product, unicode and hostile-but-legal text.
    private func seed(_ path: String) throws {
        let store = try ComparisonDatabase(path: path)
        let hostile = "=SUM(A1), \"quoted\"\ttab\nsecond line 'x' — Cafe\u{301} 🥣 עברית"
        try store.save(Comparison(id: "rice", title: "Rice", products: [Product.fixture(id: "r1", name: "Basmati", price: 2, quantity: 1, unit: .kilogram, shop: "Lidl")]))
        try store.changeListCount(of: "rice", by: -1)
        try store.save(Comparison(id: "empty", title: ""))
        try store.save(Comparison(id: "milk", title: "Milk (UK)", products: [
            Product.fixture(id: "m1", name: "Semi", price: decimal("1.45"), quantity: 4, unit: .pint, shop: "Tesco", seen: CalendarDay(iso: "2026-03-01")),
            Product.fixture(id: "m2", name: "Whole", price: decimal("1.10"), quantity: 2, unit: .pint, shop: "Lidl"),
            Product.fixture(id: "m3", name: "no price yet", quantity: 1, unit: .liter),
        ], basis: ComparisonBasis(amount: 1, unit: .pint), volumeSystem: .imperial))
        try store.save(Comparison(id: "cola", title: hostile, products: [
            Product.fixture(id: "c1", name: "Cans", price: decimal("3.99"), quantity: 1980, unit: .milliliter,
                    pack: Multipack(count: 6, size: 330), shop: "Lidl", seen: CalendarDay(iso: "2026-02-10")),
            Product.fixture(id: "c2", name: "@bottle, \"big\"", price: decimal("1.79"), quantity: decimal("1.5"), unit: .liter, shop: "+Tesco"),
            Product.fixture(id: "c3", name: "Mini", price: decimal("4.49"), quantity: 1600, unit: .milliliter, pack: Multipack(count: 8, size: 200), shop: "Tesco"),
        ]))
        // History: two earlier prices of the cans.
        // Each on a later day: a change the same day would correct the price, recording nothing (decision 110).
        for (price, seen) in [("4.29", "2026-02-11"), ("4.09", "2026-02-12")] {
            var cans = try #require(store.load("cola")?.products.first)
            cans.price = decimal(price)
            cans.seen = CalendarDay(iso: seen)
            try store.saveField(.price, of: cans, in: "cola")
        }
        var cans = try #require(store.load("cola")?.products.first)
        cans.price = decimal("3.99")
        cans.seen = CalendarDay(iso: "2026-02-13")
        try store.saveField(.price, of: cans, in: "cola")
        try store.save(Comparison(id: "oats", title: "Oats", products: [
            Product.fixture(id: "o1", name: "Jumbo", price: decimal("6.99"), quantity: 1, unit: .kilogram, shop: "Lidl"),
            Product.fixture(id: "o2", name: "Fine", price: decimal("3.99"), quantity: 500, unit: .gram, shop: "Tesco"),
        ]))
        try store.changeListCount(of: "cola", by: 2)
        try store.setTicked("cola", true)
        try store.pin("c2", in: "cola")
        try store.setTicked("oats", true)
        try store.pin("o2", in: "oats")
        try store.setAisleOrder(["oats", "cola"])   // Lidl
        try store.setAisleOrder(["milk", "oats"])   // Tesco
    }

    /// What the reports print for a database: trip in every format (with and without a shop), lists, show and history
    /// of each comparison.
    private func reports(_ db: String) -> [String] {
        var out: [String] = []
        for format in ["table", "json", "markdown"] {
            out.append(run([perBinary, "trip", "--db", db, "--format", format]).stdout)
            out.append(run([perBinary, "trip", "--db", db, "--format", format, "--shop", "Tesco"]).stdout)
        }
        let lists = run([perBinary, "lists", "--db", db])
        // Its order and counts (the edit times and ids are the import's own).
        out.append(lists.stdout.replacingOccurrences(of: #"[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}  [0-9a-f]+"#, with: "", options: .regularExpression))
        for title in ["Rice", "Untitled", "Milk (UK)", "Oats"] {
            for format in ["table", "json", "csv"] {
                out.append(run([perBinary, "show", "--db", db, "--format", format, title]).stdout)
                out.append(run([perBinary, "history", "--db", db, "--format", format, title]).stdout)
            }
        }
        return out
    }

    @Test(arguments: ["json", "csv"]) func exportImportExportIsByteIdentical(format: String) throws {
        let original = folder.file("original.sqlite")
        try seed(original)
        let first = run([perBinary, "export", "--db", original, "--format", format])
        #expect(first.status == 0, "\(first.stderr)")
        let file = folder.file("export.\(format)")
        try first.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let copy = folder.file("copy.sqlite")
        let imported = run([perBinary, "import", "--db", copy, file])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.hasPrefix("Imported 5 comparisons (9 products)."), "\(imported.stdout)")
        let second = run([perBinary, "export", "--db", copy, "--format", format])
        #expect(second.stdout.utf8.count == first.stdout.utf8.count)
        #expect(second.stdout == first.stdout, "\(second.stdout)")
        // Everything is in the file: the pack, the 0×, the ticks, the pin, the aisles, the history, the UK basis.
        for piece in format == "json"
            ? ["6*330", "8*200", "\"listCount\": 0", "\"listCount\": 3", "\"inCart\": true", "\"pinnedProduct\": 2", "\"aisle\": 2", "\"price\": \"4.29\"", "\"volumeSystem\": \"imperial\"", "\"per\": \"pt\""]
            : ["6*330", "8*200", ",history,", ",4.29,", ",imperial,", "'=SUM", "'@bottle", "'+Tesco"] {
            #expect(first.stdout.contains(piece), "\(piece)")
        }
        let before = reports(original)
        let after = reports(copy)
        #expect(before.count == after.count)
        for (a, b) in zip(before, after) { #expect(a == b) }
        // The pin, the pack and the list state came back as they were.
        let list = try ComparisonDatabase(path: copy).shoppingList()
        let cola = try #require(list.first { $0.title.hasPrefix("=SUM") })
        #expect(cola.item.count == 3 && cola.item.ticked && cola.item.aisle == 2)
        #expect(cola.item.productToBuy()?.product.name == "@bottle, \"big\"")
        #expect(list.map(\.title) == (try ComparisonDatabase(path: original).shoppingList().map(\.title)))
        #expect(list.first { $0.title == "Rice" }?.item.count == 0)
        let colaProducts = try #require(try ComparisonDatabase(path: copy).load(cola.id)?.products)
        #expect(colaProducts.map(\.quantityText) == ["6×330", "1.5", "8×200"])
    }

    /// A file from before the list state (no list fields or columns) imports with today's meaning: on the list,
    /// once, not ticked, nothing pinned, not placed.
    @Test(arguments: [
        #"[{"title": "Oats", "per": null, "volumeSystem": "us", "products": [{"name": "a", "price": "1.99", "quantity": "500", "unit": "g", "store": null, "seen": null}]}]"#,
        "number,comparison,per,volume_system,name,price,quantity,unit,store,seen\r\n1,Oats,,us,a,1.99,500,g,,\r\n",
    ]) func earlierFilesImportOnTheList(text: String) throws {
        let file = folder.file("old")
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        let db = folder.file("old.sqlite")
        #expect(run([perBinary, "import", "--db", db, file]).status == 0)
        let item = try #require(try ComparisonDatabase(path: db).shoppingList().first?.item)
        #expect(item.count == 1 && !item.ticked && item.pinned == nil && item.aisle == 0)
    }

    @Test func refusesAPinWithoutItsProductAndAPackThatIsNotTheQuantity() throws {
        let db = folder.file("refused.sqlite")
        for (text, message) in [
            (#"[{"title": "Oats", "pinnedProduct": 3, "products": [{"name": "a"}]}]"#, "product 3 is pinned, but the comparison has 1 product"),
            (#"[{"title": "Oats", "products": [{"name": "a", "quantity": "1000", "pack": "6*330"}]}]"#, "\"6*330\" is 1980, not the quantity 1000"),
            (#"[{"title": "Oats", "listCount": 1000, "products": []}]"#, "listCount: \"1000\" is not a count (a whole number from 0 to 999)"),
            ("comparison,in_cart\r\nOats,maybe\r\n", "inCart: \"maybe\" is not true or false"),
        ] {
            let file = folder.file("bad")
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let result = run([perBinary, "import", "--db", db, file])
            #expect(result.status != 0)
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
    }
}
