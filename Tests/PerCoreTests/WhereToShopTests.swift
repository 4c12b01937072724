import Foundation
import Testing
@testable import PerCore
import TestSupport

private func entry(_ id: String, _ title: String, count: Int = 1, pinned: ProductID? = nil, _ products: [Product]) -> ListEntry {
    let comparison = Comparison(id: ComparisonID(rawValue: id), title: title, products: products)
    return ListEntry(id: comparison.id, title: title, productCount: products.count,
                     item: ListItem(count: count, ticked: false, pinned: pinned, comparison: comparison))
}

private func at(_ id: String, _ price: String, _ shop: String, quantity: String = "1") -> Product {
    Product.fixture(id: ProductID(rawValue: id), name: id, price: decimal(price), quantity: decimal(quantity), unit: .kilogram, shop: shop)
}

/// Where to shop: each shop's trip, the cheapest shop that has everything, the best split across two.
@Suite struct WhereToShopTests {
    /// The issue's example.
    static let milkEggsOats = [
        entry("m", "Milk", [at("m1", "1.00", "Aldi"), at("m2", "0.90", "Lidl")]),
        entry("e", "Eggs", [at("e1", "3.00", "Aldi"), at("e2", "3.50", "Lidl")]),
        entry("o", "Oats", [at("o1", "2.00", "Aldi")]),
    ]

    @Test func theIssuesExample() throws {
        let shops = WhereToShop(Self.milkEggsOats)
        #expect(shops.shops.map(\.shop) == ["Aldi", "Lidl"])
        #expect(shops.shops.map(\.total) == [decimal("6.00"), decimal("4.40")])
        #expect(shops.shops.map(\.covered) == [3, 2])
        #expect(shops.shops.map(\.missing) == [[], [2]])
        #expect(shops.cheapestShop?.shop == "Aldi")
        #expect(shops.bestSplit?.shops == ["Aldi", "Lidl"])
        #expect(shops.bestSplit?.total == decimal("5.90"))
        #expect(shops.bestSplit?.saves == decimal("0.10"))
        #expect(shops.bestSplit?.lines.map(\.shop) == [1, 0, 0])   // milk at Lidl, eggs and oats at Aldi
        let report = ShopsReport(Self.milkEggsOats)
        #expect(report.json == """
            {"shops":[{"shop":"Aldi","total":"6.00","covered":3,"missing":[]}, {"shop":"Lidl","total":"4.40","covered":2,"missing":["Oats"]}], \
            "cheapestShop":"Aldi", "bestSplit":{"shops":["Aldi","Lidl"],"total":"5.90","saves":"0.10"}}

            """)
        #expect(report.table == """
            Shop  Total  Items   Missing
            Aldi   6.00  3 of 3
            Lidl   4.40  2 of 3  Oats

            Cheapest shop: Aldi, 6.00
            Best split: Aldi + Lidl, 5.90, saves 0.10 (Aldi: Eggs, Oats · Lidl: Milk)

            """)
        #expect(ShopsReport(Self.milkEggsOats, currency: try Currency(validating: "€")).markdown == """
            - Aldi: €6.00, 3 of 3 items
            - Lidl: €4.40, 2 of 3 items, missing Oats

            Cheapest shop: Aldi, €6.00
            Best split: Aldi + Lidl, €5.90, saves €0.10 (Aldi: Eggs, Oats · Lidl: Milk)

            """)
    }

    /// Counts multiply; a product without a shop counts at every shop (after the shop's own); a pinned product counts at
    /// its own shop; spellings of one shop are one shop; items off the list and products without a price count nowhere.
    @Test func theRules() {
        let entries = [
            entry("m", "Milk", count: 2, [at("m1", "1.00", "Aldi"), at("m2", "0.90", " LIDL ")]),
            entry("b", "Bread", [at("b1", "1.50", "")]),
            // The pinned o2 is dearer per kg, and counts at Lidl only; Aldi sells the best value.
            entry("o", "Oats", pinned: "o2", [at("o1", "2.00", "Aldi"), at("o2", "2.50", "lidl", quantity: "0.5")]),
            entry("r", "Rice", count: 0, [at("r1", "9.00", "Spar")]),
            entry("s", "Salt", [Product.fixture(id: "s1", name: "s", quantity: 1, unit: .kilogram, shop: "Spar")]),
        ]
        let shops = WhereToShop(entries)
        #expect(shops.items.map(\.title) == ["Milk", "Bread", "Oats", "Salt"])
        #expect(shops.shops.map(\.shop) == ["Aldi", "LIDL"])
        #expect(shops.shops.map(\.total) == [decimal("5.50"), decimal("5.80")])   // 2.00 + 1.50 + 2.00; 1.80 + 1.50 + 2.50
        #expect(shops.shops.map { $0.lines.map(\.product.id) } == [["m1", "b1", "o1"], ["m2", "b1", "o2"]])
        #expect(shops.shops.map(\.missing) == [[3], [3]])
        #expect(shops.cheapestShop == nil)   // nobody has a price for salt
        #expect(shops.bestSplit == nil)
        #expect(ShopsReport(entries).json == """
            {"shops":[{"shop":"Aldi","total":"5.50","covered":3,"missing":["Salt"]}, {"shop":"LIDL","total":"5.80","covered":3,"missing":["Salt"]}], \
            "cheapestShop":null, "bestSplit":null}

            """)
        // Without the salt, Aldi has everything; the split buys milk at Lidl.
        let bought = WhereToShop(Array(entries.prefix(4)))
        #expect(bought.cheapestShop?.total == decimal("5.50"))
        #expect(bought.bestSplit?.total == decimal("5.30"))
        #expect(bought.bestSplit?.saves == decimal("0.20"))
    }

    /// Two shops that have everything only together: the split, saving nothing named; one shop: no split.
    @Test func splitsWithoutACheapestShopAndNothingToCompare() {
        let apart = [entry("m", "Milk", [at("m1", "1", "Aldi")]), entry("e", "Eggs", [at("e1", "3", "Lidl")])]
        let shops = WhereToShop(apart)
        #expect(shops.cheapestShop == nil)
        #expect(shops.bestSplit?.total == 4 && shops.bestSplit?.saves == nil)
        #expect(ShopsReport(apart).json.hasSuffix(#""cheapestShop":null, "bestSplit":{"shops":["Aldi","Lidl"],"total":"4.00","saves":null}}"# + "\n"))
        #expect(ShopsReport(apart).table.hasSuffix("""
            Cheapest shop: none has every item
            Best split: Aldi + Lidl, 4.00 (Aldi: Milk · Lidl: Eggs)

            """))
        // No pair has every item (bread is at no shop): said so, not "none costs less".
        let unpriced = [entry("m", "Milk", [at("m1", "1", "Aldi")]), entry("e", "Eggs", [at("e1", "2", "Lidl")]), entry("b", "Bread", [])]
        #expect(ShopsReport(unpriced).table.hasSuffix("Cheapest shop: none has every item\nBest split: no two shops have every item\n"))
        let one = [entry("m", "Milk", [at("m1", "1", "Aldi")])]
        #expect(ShopsReport(one).markdown == "- Aldi: 1.00, 1 of 1 items\n\nCheapest shop: Aldi, 1.00\nBest split: none costs less\n")
        #expect(ShopsReport([]).table == "Nothing on the list.\n")
        #expect(ShopsReport([]).json == #"{"shops":[], "cheapestShop":null, "bestSplit":null}"# + "\n")
        #expect(ShopsReport([entry("b", "Bread", [])]).markdown == "No shop has a price for the items on the list.\n")
    }

    /// Issue 32: products without a shop can be bought anywhere: said so, not "No shop has a price" (which read as
    /// if nothing could be bought); the items with no price at all are counted.
    @Test func productsWithoutAShopCanBeBoughtAnywhere() {
        let bread = entry("b", "Bread", [at("b1", "1", "")]), jam = entry("j", "Jam", [at("j1", "2", " ")]), salt = entry("s", "Salt", [])
        #expect(ShopsReport([bread]).markdown == "The products on the list have no shop: they can be bought anywhere.\n")
        #expect(ShopsReport([bread, jam]).table == "The products on the list have no shop: they can be bought anywhere.\n")
        #expect(ShopsReport([bread, salt]).table == "The products on the list have no shop: they can be bought anywhere (1 item has no price).\n")
        #expect(ShopsReport([salt]).table == "No shop has a price for the items on the list.\n")
        let screen = WhereToShopScreen(list: ShoppingListScreen(entries: [bread, salt, entry("t", "Tea", [])], selecting: nil))
        #expect(screen.lines(width: 40, currency: nil).map(\.text).joined(separator: " ")
                == "The products on the list have no shop: they can be bought anywhere (2 items have no price).")
    }

    /// Issue 32: spaces, tabs and line breaks around a shop's name are blanks (`Aldi\n` from a spreadsheet is Aldi):
    /// one shop where to shop, on the list grouped by shop, and for `--shop`.
    @Test func lineBreaksAroundAShopsNameAreBlanks() {
        let items = [entry("m", "Milk", [at("m1", "1", "Aldi\n")]), entry("e", "Eggs", [at("e1", "3", "\tALDI\r\n")]),
                     entry("o", "Oats", [at("o1", "2", "Aldi")])]
        #expect(WhereToShop(items).shops.map(\.shop) == ["Aldi"])
        #expect(WhereToShop(items).cheapestShop?.total == 6)
        #expect(ShopName("Aldi\r\n")?.text == "Aldi" && ShopName("\n\t") == nil)
        #expect(ShopName("aldi")?.matches("Aldi\n") == true)
        #expect(Set(items.map { ListGroup($0.item, at: nil).heading.lowercased() }) == ["aldi"])
        #expect(ShopName.trimmed("Aldi") == "Aldi" && ShopName.trimmed(" Édeka\u{2028}") == "Édeka")
    }

    /// Random lists, shops and prices against a plain reading of the rules: every total is the sum of its lines, the
    /// cheapest shop is the cheapest that has everything, the split is the cheapest pair and never costs more.
    @Test(arguments: 0..<8)
    func anyListAgainstThePlainRules(seed: Int) {
        var rng = SeededRandom(seed: UInt64(2100 + seed))
        var splits = 0
        let spellings = ["Aldi", "ALDI", " aldi", "Lidl", "Léclerc", "leclerc", "Spar", "", ""]
        for _ in 0..<60 {
            let entries = (0..<Int.random(in: 0...7, using: &rng)).map { i -> ListEntry in
                let products = (0..<Int.random(in: 0...4, using: &rng)).map { p in
                    Product.fixture(id: ProductID(rawValue: "p\(i)-\(p)"), name: "p\(p)",
                            price: Int.random(in: 0...9, using: &rng) == 0 ? nil : Decimal(Int.random(in: 1...999, using: &rng)) / 100,
                            quantity: Decimal(Int.random(in: 1...5, using: &rng)), unit: .kilogram,
                            shop: spellings.randomElement(using: &rng)!)
                }
                let pin = Bool.random(using: &rng) ? products.randomElement(using: &rng)?.id : nil
                return entry("c\(i)", "Item \(i)", count: Int.random(in: 0...3, using: &rng), pinned: pin, products)
            }
            let shops = WhereToShop(entries)
            let items = entries.filter(\.isOnTheList)
            #expect(shops.items == items)
            // The plain rules, shop by shop.
            func amount(_ entry: ListEntry, at shop: ShopName) -> Decimal? {
                let here = entry.item.offers.filter { $0.product.price != nil && ($0.product.shop.trimmingCharacters(in: .whitespaces).isEmpty || shop.matches($0.product.shop)) }
                let pinned = here.first { $0.product.id == entry.item.pinned }
                let chosen = pinned ?? here.first { shop.matches($0.product.shop) } ?? here.first
                return chosen.map { $0.product.price! * Decimal(entry.item.count) }
            }
            var names: [ShopName] = []
            for entry in items {
                for offer in entry.item.offers where offer.product.price != nil {
                    if let name = ShopName(offer.product.shop), !names.contains(where: { $0.matches(name.text) }) { names.append(name) }
                }
            }
            #expect(shops.shops.count == names.count)
            for trip in shops.shops {
                let shop = ShopName(trip.shop)!
                let amounts = items.map { amount($0, at: shop) }
                #expect(trip.lines.map(\.amount) == amounts.compactMap { $0 })
                #expect(trip.total == trip.lines.reduce(Decimal(0)) { $0 + $1.amount })
                #expect(trip.missing == items.indices.filter { amounts[$0] == nil })
                #expect(trip.covered + trip.missing.count == items.count)
            }
            for (a, b) in zip(shops.shops, shops.shops.dropFirst()) {
                #expect(a.covered > b.covered || (a.covered == b.covered && a.total <= b.total))
            }
            let complete = shops.shops.filter { $0.covered == items.count && !items.isEmpty }
            #expect(shops.cheapestShop?.total == complete.map(\.total).min())
            // Every pair, plainly.
            var pairs: [Decimal] = []
            for (i, a) in shops.shops.enumerated() {
                for b in shops.shops[(i + 1)...] {
                    let lines = items.map { entry -> Decimal? in
                        [amount(entry, at: ShopName(a.shop)!), amount(entry, at: ShopName(b.shop)!)].compactMap { $0 }.min()
                    }
                    if !items.isEmpty, lines.allSatisfy({ $0 != nil }) { pairs.append(lines.reduce(Decimal(0)) { $0 + $1! }) }
                }
            }
            let cheapestPair = pairs.min()
            if let split = shops.bestSplit {
                splits += 1
                #expect(split.total == cheapestPair)
                #expect(split.total == split.lines.reduce(Decimal(0)) { $0 + $1.line.amount })
                #expect(split.lines.map(\.line.item) == Array(items.indices))
                if let cheapest = shops.cheapestShop {
                    #expect(split.total < cheapest.total)
                    #expect(split.saves == cheapest.total - split.total)
                } else {
                    #expect(split.saves == nil)
                }
            } else if let cheapestPair {
                #expect(cheapestPair >= shops.cheapestShop?.total ?? cheapestPair + 1)
            }
        }
        #expect(splits > 5, "the lists made splits to check")
    }
}
