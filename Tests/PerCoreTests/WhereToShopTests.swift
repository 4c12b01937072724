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
    /// A per-shops document read back, one line a shop (`Aldi 6.00 missing []: Milk: m1 1 kg 1× = 1.00, …`), then the
    /// cheapest shop and the split.
    static func summary(_ json: String) -> [String] {
        guard let document = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any],
              document["format"] as? String == "per-shops", document["version"] as? Int == 3 else { return ["not a per-shops document: \(json)"] }
        func text(_ value: Any?) -> String { (value as? String) ?? (value as? Int).map(String.init) ?? "null" }
        let shops = (document["shops"] as? [[String: Any]] ?? []).map { shop in
            let items = (shop["items"] as? [[String: Any]] ?? []).map { item in
                let product = item["product"] as? [String: Any]
                return "\(text(item["title"])): \(text(product?["name"])) \(text(product?["quantity"])) \(text(product?["unit"])) \(text(item["packs"]))× = \(text(item["lineTotal"]))"
            }
            return "\(text(shop["shop"])) \(text(shop["total"])) missing \(shop["missing"] as? [String] ?? []): " + items.joined(separator: ", ")
        }
        let split = (document["bestSplit"] as? [String: Any]).map { "split \($0["shops"] as? [String] ?? []) \(text($0["total"])) saves \(text($0["saves"]))" }
        return shops + ["cheapest \(document["cheapestShop"] as? String ?? "none")", split ?? "no split"]
    }

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
        #expect(Self.summary(report.json) == [
            "Aldi 6.00 missing []: Milk: m1 1 kg 1× = 1.00, Eggs: e1 1 kg 1× = 3.00, Oats: o1 1 kg 1× = 2.00",
            "Lidl 4.40 missing [\"Oats\"]: Milk: m2 1 kg 1× = 0.90, Eggs: e2 1 kg 1× = 3.50",
            "cheapest Aldi",
            "split [\"Aldi\", \"Lidl\"] 5.90 saves 0.10",
        ])
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

    /// Issue 28's rice: 2.00 for 500 g at Aldi, 3.00 for 1 kg at Lidl, 1× Rice. The amount is the best value's 1 kg, so
    /// Aldi sells it as 2 packs of 500 g, 4.00: Lidl is the cheapest shop, as `per show` ranks it.
    static let rice = [entry("r", "Rice", [
        Product.fixture(id: "r1", name: "", price: 2, quantity: 500, unit: .gram, shop: "Aldi"),
        Product.fixture(id: "r2", name: "", price: 3, quantity: 1, unit: .kilogram, shop: "Lidl"),
    ])]

    @Test func riceIsComparedForTheSameAmount() throws {
        let shops = WhereToShop(Self.rice)
        #expect(shops.shops.map(\.shop) == ["Lidl", "Aldi"])
        #expect(shops.shops.map(\.total) == [3, 4])
        #expect(shops.shops.map { $0.lines.map(\.purchase.packs) } == [[.whole(count: 1, cost: 3)], [.whole(count: 2, cost: 4)]])
        #expect(shops.shops.map { $0.lines.map { $0.purchase.packsNote() } } == [[nil], ["2× 500 g (1 kg)"]])
        #expect(shops.cheapestShop?.shop == "Lidl")
        #expect(shops.bestSplit == nil && shops.noSplitBecause == "none costs less")
        let report = ShopsReport(Self.rice)
        #expect(report.table == """
            Shop  Total  Items   Missing
            Lidl   3.00  1 of 1
            Aldi   4.00  1 of 1
              Rice: 2× 500 g (1 kg), 2 × 2.00 = 4.00

            Cheapest shop: Lidl, 3.00
            Best split: none costs less

            """)
        #expect(report.markdown == """
            - Lidl: 3.00, 1 of 1 items
            - Aldi: 4.00, 1 of 1 items
              - Rice: 2× 500 g (1 kg), 2 × 2.00 = 4.00

            Cheapest shop: Lidl, 3.00
            Best split: none costs less

            """)
        #expect(Self.summary(report.json) == [
            "Lidl 3.00 missing []: Rice:  1 kg 1× = 3.00",
            "Aldi 4.00 missing []: Rice:  500 g 2× = 4.00",
            "cheapest Lidl",
            "no split",
        ])
        // The list at Aldi (`--shop Aldi`) buys the same 2 packs; without a shop, the 1 kg at Lidl.
        #expect(ListTotals(Self.rice, at: ShopName("Aldi")).total == 4)
        #expect(ListTotals(Self.rice).total == 3)
        #expect(Self.rice[0].item.purchase(at: ShopName("aldi"))?.packsCount == 2)
    }

    /// Packs of another size say how many, and the amount asked (`ListAmount.text`: the largest metric unit that says it
    /// to three decimals, else the wanted product's unit: DECISIONS 344); every unit family, count words and volume
    /// systems; a pinned product sets the amount.
    @Test func packsOfEveryKind() {
        func purchase(_ count: Int, of wanted: (String, MeasureUnit), in pack: (String, MeasureUnit), system: VolumeSystem = .us) -> Purchase? {
            let products = [Product.fixture(id: "w", price: 1, quantity: decimal(wanted.0), unit: wanted.1, shop: "A"),
                            Product.fixture(id: "p", price: 1000, quantity: decimal(pack.0), unit: pack.1, shop: "B")]
            var comparison = Comparison(id: "c", title: "C", products: products)
            comparison.volumeSystem = system
            let item = ListItem(count: count, ticked: false, pinned: "w", comparison: comparison)
            return item.purchase(at: ShopName("B"))
        }
        #expect(purchase(1, of: ("1", .kilogram), in: ("400", .gram))?.packsText() == "3× 400 g (1 kg)")
        #expect(purchase(1, of: ("1", .kilogram), in: ("400", .gram))?.cost == 3000)
        #expect(purchase(2, of: ("500", .gram), in: ("1", .kilogram))?.packsText() == "1× 1 kg (1 kg)")
        #expect(purchase(3, of: ("1", .pound), in: ("1", .kilogram))?.packsText() == "2× 1 kg (3 lb)")   // 1.36 kg
        #expect(purchase(1, of: ("1", .dozen), in: ("10", .each))?.packsText() == "2× 10 each (1 dozen)")
        #expect(purchase(1, of: ("1", .dozen), in: ("4", .each))?.packsText() == "3× 4 each (1 dozen)")   // exactly a dozen
        #expect(purchase(2, of: ("1", .gallon), in: ("1", .liter))?.packsText() == "8× 1 L (2 gal)")   // 7.57 L (US)
        #expect(purchase(2, of: ("1", .gallon), in: ("1", .liter), system: .imperial)?.packsText() == "10× 1 L (2 gal)")   // 9.09 L
        #expect(purchase(1, of: ("1", .squareMeter), in: ("3", .squareFoot))?.packsText() == "4× 3 sq ft (1 m²)")
        #expect(purchase(1, of: ("2", .meter), in: ("1", .yard))?.packsText() == "3× 1 yd (2 m)")
        #expect(purchase(5, of: ("100", .counted(CountWord("sheet")!)), in: ("150", .counted(CountWord("sheet")!)))?.packsText()
                == "4× 150 sheets (500 sheets)")
        #expect(purchase(1, of: ("0.75", .kilogram), in: ("250", .gram))?.packsText() == "3× 250 g (750 g)")   // exactly the amount
        // Too many to count: said so, never computed, nowhere in a total.
        let huge = purchase(999, of: ("999999999999", .kilogram), in: ("0.000000000001", .milligram))
        #expect(huge?.packs == .tooMany && huge?.cost == nil)
        #expect(huge?.packsText() == "too many packs of 0.000000000001 mg")
        #expect(purchase(1, of: ("1", .kilogram), in: ("0.000000001", .gram))?.packs == .tooMany)   // 10¹² packs
        #expect(purchase(1, of: ("1", .kilogram), in: ("0.00000001", .gram))?.packsCount == 100_000_000_000)   // 10¹¹: counted
    }

    /// An item with too many packs at a shop is said so under it, kept out of its total and of what it covers.
    @Test func tooManyPacksAreSaidNotCounted() {
        let entries = [entry("d", "Dust", [
            Product.fixture(id: "d1", name: "big", price: 1, quantity: decimal("999999999999"), unit: .kilogram, shop: "Aldi"),
            Product.fixture(id: "d2", name: "speck", price: 1, quantity: decimal("0.000000000001"), unit: .milligram, shop: "Lidl"),
        ])]
        let shops = WhereToShop(entries)
        #expect(shops.shops.map(\.shop) == ["Aldi", "Lidl"])
        #expect(shops.shops.map(\.covered) == [1, 0])
        #expect(shops.shops[1].total == 0 && shops.shops[1].tooMany.map(\.item) == [0] && shops.shops[1].missing == [])
        #expect(ShopsReport(entries).table.contains("Lidl   0.00  0 of 1\n  Dust: too many packs of 0.000000000001 mg\n"))
        #expect(Self.summary(ShopsReport(entries).json).contains("Lidl 0.00 missing []: Dust: speck 0.000000000001 mg null× = null"))
        #expect(ListTotals(entries, at: ShopName("Lidl")).tooMany == 1)
        #expect(TripReport(entries, at: ShopName("Lidl")).totalsLine == "Total 0.00 · in cart 0.00 · left 0.00 (1 in too many packs)")
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
        #expect(Self.summary(ShopsReport(entries).json) == [
            "Aldi 5.50 missing [\"Salt\"]: Milk: m1 1 kg 2× = 2.00, Bread: b1 1 kg 1× = 1.50, Oats: o1 1 kg 1× = 2.00",
            "LIDL 5.80 missing [\"Salt\"]: Milk: m2 1 kg 2× = 1.80, Bread: b1 1 kg 1× = 1.50, Oats: o2 0.5 kg 1× = 2.50",
            "cheapest none",
            "no split",
        ])
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
        #expect(Self.summary(ShopsReport(apart).json).suffix(2) == ["cheapest none", "split [\"Aldi\", \"Lidl\"] 4.00 saves null"])
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
        #expect(Self.summary(ShopsReport([]).json) == ["cheapest none", "no split"])
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
                            quantity: [0.25, 0.4, 0.5, 1, 2, 5].map { Decimal(string: "\($0)")! }.randomElement(using: &rng)!, unit: .kilogram,
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
                // Like for like: whole packs of the chosen product for count × the wanted product's quantity (all in kg).
                let wanted = entry.item.offers.first { $0.product.id == entry.item.pinned } ?? entry.item.offers.first
                return chosen.map { chosen in
                    let amount = Decimal(entry.item.count) * wanted!.product.quantity!
                    var packs = 0
                    while Decimal(packs) * chosen.product.quantity! < amount { packs += 1 }
                    return chosen.product.price! * Decimal(packs)
                }
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
                #expect(trip.lines.map(\.cost) == amounts.compactMap { $0 })
                #expect(trip.total == trip.lines.reduce(Decimal(0)) { $0 + $1.cost })
                // Never below the unit price × the amount: cost ≥ price ÷ size × amount, that is packs × size ≥ amount
                // (multiplied out, so that no division rounds), for each item, so for the total.
                for line in trip.lines {
                    guard case .whole(let packs, let cost) = line.purchase.packs else { Issue.record("too many"); continue }
                    #expect(Decimal(packs) * line.purchase.offer.ranking.baseQuantity >= Decimal(line.purchase.count) * line.purchase.wanted.ranking.baseQuantity)
                    #expect(cost == Decimal(packs) * line.product.price!)
                }
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
                #expect(split.total == split.lines.reduce(Decimal(0)) { $0 + $1.line.cost })
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
        #expect(splits > 3, "the lists made splits to check")
    }
}
