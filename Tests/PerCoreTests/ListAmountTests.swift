import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Issue 39, "a list count is an amount" (DECISIONS 344–347): a count set records count × the pack it was set on and
/// keeps that amount when the best product, a pack's size or the shop changes; rows say it and read as arithmetic.
@Suite struct ListAmountTests {
    static let aldiBag = Product.fixture(id: "aldi", price: decimal("0.99"), quantity: 500, unit: .gram, shop: "Aldi")
    static let lidlBag = Product.fixture(id: "lidl", price: decimal("1.79"), quantity: 1, unit: .kilogram, shop: "Lidl")
    static let oats = Comparison(id: "o", title: "Oats", products: [aldiBag])

    static func entry(_ comparison: Comparison, _ item: ListItem) -> ListEntry {
        let item = ListItem(count: item.count, amount: item.amount, ticked: item.ticked, pinned: item.pinned, aisle: item.aisle, comparison: comparison)
        return ListEntry(id: comparison.id, title: comparison.title, productCount: comparison.products.count, item: item)
    }

    /// The issue's oats: `2×` set while Aldi's 500 g bag was the best is 1 kg; after Lidl's 1 kg bag is typed, the trip at
    /// Aldi still buys two bags (`2× 500 g (1 kg)`, not `4× 500 g`), and without a shop one 1 kg bag.
    @Test func theOatsCountKeepsItsAmountWhenABetterBagIsTyped() {
        var store = TestStore(Comparison(id: "c"))
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.loaded([Self.entry(Self.oats, ListItem(count: 0))])))
        let bag = ListAmount(quantity: 500, unit: .gram)
        store.apply(.shoppingList(.changeCount(1)))
        var expected = Self.entry(Self.oats, ListItem(count: 2, amount: ListAmount(quantity: 1000, unit: .gram)))
        store.send(.shoppingList(.changeCount(1)), effects: [.changeListCount("o", by: 1, pack: bag)]) {
            $0.screen = .shoppingList({
                var lists = ShoppingListScreen(entries: [expected], selecting: nil)
                lists.lastChange = .count("o", title: "Oats", by: 1, pack: bag)
                return lists
            }())
        }
        #expect(store.state.shoppingList?.entries[0].item.amount?.text(in: .us) == "1 kg")

        // Lidl's 1 kg bag typed: the best now. The amount stays 1 kg.
        let both = Comparison(id: "o", title: "Oats", products: [Self.aldiBag, Self.lidlBag])
        expected = Self.entry(both, expected.item)
        #expect(expected.item.productToBuy()?.product.id == "lidl")
        #expect(TripReport([expected], at: ShopName("Aldi")).table == """
            At Aldi
                 Count  Item  Buy              Shop  Price  Total
            [ ]     2x  Oats  2× 500 g (1 kg)  Aldi   0.99   1.98

            Total 1.98 · in cart 0.00 · left 1.98

            """)
        #expect(TripReport([expected], at: ShopName("Aldi")).markdown.hasPrefix("- [ ] 2× Oats: 2× 500 g (1 kg), Aldi, 2 × 0.99 = 1.98\n"))
        #expect(TripReport([expected]).markdown.hasPrefix("- [ ] 1× Oats: 1 kg, Lidl, 1 × 1.79 = 1.79\n"))
        // Where to shop buys Aldi's bags covering the amount there, Lidl's there.
        let shops = WhereToShop([expected])
        #expect(shops.shops.map(\.shop) == ["Lidl", "Aldi"])
        #expect(shops.shops.map { $0.lines.map(\.purchase.packs) } == [[.whole(count: 1, cost: decimal("1.79"))], [.whole(count: 2, cost: decimal("1.98"))]])
        #expect(ShopsReport([expected]).table.contains("  Oats: 2× 500 g (1 kg), 2 × 0.99 = 1.98\n"))
        // Today's main read the count as packs of the best: 2 × 1 kg, 4 bags at Aldi.
        let packs = Self.entry(both, ListItem(count: 2))
        #expect(packs.item.purchase(at: ShopName("Aldi"))?.packsText() == "4× 500 g (2 kg)")
    }

    /// The issue's eggs at 80×24: `1× eggs … 6 each 2× 6 each … 1.59 3.18` read as 1 × 1.59 = 3.18. The count shown is the
    /// packs bought, so the row reads 2 × 1.59 = 3.18, and the size is said once with the amount.
    @Test func theEggsRowReadsAsArithmetic() {
        let eggs = Comparison(id: "e", title: "eggs", products: [
            Product.fixture(id: "dozen", price: decimal("2.79"), quantity: 12, unit: .each, shop: "Costco"),
            Product.fixture(id: "six", price: decimal("1.59"), quantity: 6, unit: .each, shop: "Aldi"),
        ])
        var store = TestStore(Comparison(id: "c"), shop: "Aldi")
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.loaded([Self.entry(eggs, ListItem(count: 1))])))
        let row = ScreenView.render(store.state).lines[2]
        #expect(row.hasPrefix(" › [ ]   2× eggs"), "\(row)")
        #expect(row.contains("−   +  2× 6 each ") && row.hasSuffix("1.59       3.18"), "\(row)")   // no room for the amount at 80
        #expect(!row.contains("6 each 2×"), "\(row)")
    }

    /// A count set on a comparison with no ranked product knows no amount: the count is packs, as before.
    @Test func aCountWithoutARankedProductIsPacks() {
        let bare = ListItem(count: 1, ticked: false, pinned: nil, comparison: Comparison(id: "b", title: "Bread"))
        #expect(bare.pack() == nil)
        #expect(bare.counted(by: 1, pack: bare.pack()) == ListItem(count: 2, ticked: false, pinned: nil, comparison: Comparison(id: "b", title: "Bread")))
        // Its first product then buys count packs of itself; a count set then is an amount.
        let priced = Comparison(id: "b", title: "Bread", products: [Product.fixture(id: "l", price: 2, quantity: 800, unit: .gram)])
        let item = ListItem(count: 2, ticked: false, pinned: nil, comparison: priced)
        #expect(item.purchase()?.packs == .whole(count: 2, cost: 4))
        #expect(item.counted(by: 1, pack: item.pack()).amount == ListAmount(quantity: 2400, unit: .gram))
    }

    /// An amount of another unit family than the products now (the unit retyped from g to mL) asks nothing: the count
    /// is packs of the product to buy, and `+` then counts packs too.
    @Test func anAmountOfAnotherFamilyFallsBackToPacks() {
        let juice = Comparison(id: "j", title: "Juice", products: [Product.fixture(id: "j1", price: 1, quantity: 750, unit: .milliliter)])
        let item = ListItem(count: 2, amount: ListAmount(quantity: 1, unit: .kilogram), ticked: false, pinned: nil, comparison: juice)
        #expect(item.purchase()?.packs == .whole(count: 2, cost: 2))
        #expect(item.shownCount() == 2)
        let counted = item.counted(by: 1, pack: ListAmount(quantity: 750, unit: .milliliter))
        #expect(counted.count == 3 && counted.amount == ListAmount(quantity: 2250, unit: .milliliter))
        // A pack of another family than the products (another session's view): packs, no amount.
        #expect(item.counted(by: 1, pack: ListAmount(quantity: 1, unit: .kilogram)).amount == nil)
        #expect(item.counted(by: 1, pack: ListAmount(quantity: 1, unit: .kilogram)).count == 3)
    }

    /// A count item whose only product is deleted keeps its amount (nothing to buy, the count shown as set), and buys it
    /// again in packs of the next product typed.
    @Test func anItemWhoseOnlyProductIsDeletedKeepsItsAmount() {
        let amount = ListAmount(quantity: 1500, unit: .gram)
        let empty = ListItem(count: 3, amount: amount, ticked: false, pinned: nil, comparison: Comparison(id: "r", title: "Rice"))
        #expect(empty.purchase() == nil && empty.shownCount() == 3 && empty.amount == amount)
        let retyped = Comparison(id: "r", title: "Rice", products: [Product.fixture(id: "k", price: 3, quantity: 1, unit: .kilogram)])
        let item = ListItem(count: 3, amount: amount, ticked: false, pinned: nil, comparison: retyped)
        #expect(item.purchase()?.packs == .whole(count: 2, cost: 6))
        #expect(item.purchase()?.packsNote() == "2× 1 kg (1.5 kg)")
        #expect(item.shownCount() == 2)
    }

    /// `-` takes one pack of the product bought off the amount, Ctrl-Y puts that pack back: the state exactly as before.
    @Test func undoOfACountPutsTheSamePackBack() {
        let both = Comparison(id: "o", title: "Oats", products: [Self.aldiBag, Self.lidlBag])
        let start = Self.entry(both, ListItem(count: 2, amount: ListAmount(quantity: 1000, unit: .gram)))
        var store = TestStore(Comparison(id: "c"), shop: "Aldi")
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.loaded([start])))
        let bag = ListAmount(quantity: 500, unit: .gram)
        var less = start
        less.item.count = 1
        less.item.amount = ListAmount(quantity: 500, unit: .gram)
        store.send(.shoppingList(.changeCount(-1)), effects: [.changeListCount("o", by: -1, pack: bag)]) {
            $0.screen = .shoppingList({
                var lists = ShoppingListScreen(entries: [less], selecting: nil)
                lists.lastChange = .count("o", title: "Oats", by: -1, pack: bag)
                return lists
            }())
        }
        store.send(.shoppingList(.undoDelete), effects: [.changeListCount("o", by: 1, pack: bag)]) {
            $0.screen = .shoppingList(ShoppingListScreen(entries: [start], selecting: nil))
            $0.chrome.status = StatusMessage("Undid the count of \"Oats\": 2× on the list")
        }
    }

    /// A tick changes no amount; ticked items' line totals are their packs' (in the cart as bought).
    @Test func aTickKeepsTheAmount() {
        let both = Comparison(id: "o", title: "Oats", products: [Self.aldiBag, Self.lidlBag])
        let start = Self.entry(both, ListItem(count: 2, amount: ListAmount(quantity: 1000, unit: .gram)))
        var store = TestStore(Comparison(id: "c"), shop: "Aldi")
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.loaded([start])))
        store.apply(.shoppingList(.toggleTick))
        let ticked = store.state.shoppingList!.entries[0]
        #expect(ticked.item.amount == start.item.amount && ticked.item.count == 2 && ticked.item.ticked)
        #expect(ListTotals([ticked], at: ShopName("Aldi")).inCart == decimal("1.98"))
    }

    /// Amounts are said in the largest metric unit that says them to three decimals, else as set; packs counted exactly.
    @Test func amountsAreSaidAndPackedExactly() {
        #expect(ListAmount(quantity: 1000, unit: .gram).text(in: .us) == "1 kg")
        #expect(ListAmount(quantity: 1500, unit: .milliliter).text(in: .us, decimal: .comma) == "1,5 L")
        #expect(ListAmount(quantity: 32, unit: .ounce).text(in: .us) == "32 oz")
        #expect(ListAmount(quantity: 2, unit: .counted(CountWord("roll")!)).text(in: .us) == "2 rolls")
        #expect(ListAmount(base: 1360.77711, like: .pound, in: .us) == ListAmount(quantity: 3, unit: .pound))
        #expect(ListAmount(base: 1000, like: .ounce, in: .us) == ListAmount(quantity: 1000, unit: .gram))   // not whole ounces
        #expect(ListAmount.packs(holding: 1000, of: 500) == 2)
        #expect(ListAmount.packs(holding: 1001, of: 500) == 3)
        #expect(ListAmount.packs(holding: 0, of: 500) == 0)
        #expect(ListAmount.packs(holding: 1000, of: 1) == nil)   // more than 999 packs
    }
}

/// Random lists with amounts set on random packs, bought at random shops: the packs bought always cover the amount asked
/// and never by a whole extra pack, and each line's arithmetic holds (packs × price = line total), in the trip and in
/// where to shop (DECISIONS 344, 346).
@Suite struct ListAmountPropertyTests {
    @Test(arguments: 0..<40)
    func packsCoverTheAmountByLessThanAPackAndLinesAreArithmetic(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        let units: [MeasureUnit] = [.gram, .kilogram, .pound, .ounce]
        let shops = ["Aldi", "Lidl", "Costco", ""]
        var entries: [ListEntry] = []
        for i in 0..<5 {
            let products = (0..<Int.random(in: 1...4, using: &rng)).map { j in
                Product.fixture(id: ProductID("p\(i)-\(j)"), price: Decimal(Int.random(in: 1...99_999, using: &rng)) / 100,
                                quantity: Decimal(Int.random(in: 1...2_000, using: &rng)) / Decimal([1, 10, 100].randomElement(using: &rng)!),
                                unit: units.randomElement(using: &rng)!, shop: shops.randomElement(using: &rng)!)
            }
            let comparison = Comparison(id: EntityID("c\(i)"), title: "item \(i)", products: products)
            var item = ListItem(count: 0, ticked: false, pinned: nil, comparison: comparison)
            // Counts set at random shops, on their packs.
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let shop = ShopName(shops.randomElement(using: &rng)!)
                item = item.counted(by: Int.random(in: 0...3, using: &rng) == 0 ? -1 : 1, pack: item.pack(at: shop))
            }
            entries.append(ListEntry(id: comparison.id, title: comparison.title, productCount: products.count, item: item))
        }
        for entry in entries where entry.isOnTheList {
            for shop in shops.map(ShopName.init) {
                guard let purchase = entry.item.purchase(at: shop), let packs = purchase.packsCount, let price = purchase.offer.product.price else { continue }
                let size = purchase.offer.ranking.baseQuantity
                let held = Decimal(packs) * size
                #expect(held >= purchase.asked, "seed \(seed): \(packs) × \(size) < \(purchase.asked)")
                #expect(held - size < purchase.asked, "seed \(seed): a whole extra pack")
                if let amount = entry.item.amount { #expect(purchase.asked == amount.base(in: .us)) }
                #expect(purchase.cost == Decimal(packs) * price)
                #expect(entry.item.shownCount(at: shop) == packs)   // the row's count: count × price = line total
            }
        }
        // The trip's JSON lines and where to shop's lines: packs × price = line total.
        for shop in shops.map(ShopName.init) {
            for entry in entries where entry.isOnTheList {
                guard let purchase = entry.item.purchase(at: shop), let packs = purchase.packsCount, let price = purchase.offer.product.price,
                      let arithmetic = purchase.arithmetic({ DecimalText.format($0) }) else { continue }
                #expect(arithmetic == "\(packs) × \(DecimalText.format(price)) = \(DecimalText.format(Decimal(packs) * price))")
            }
        }
        for trip in WhereToShop(entries).shops {
            for line in trip.lines {
                #expect(line.cost == Decimal(line.purchase.packsCount ?? -1) * (line.purchase.offer.product.price ?? -1))
                let asked = line.purchase.asked, size = line.purchase.offer.ranking.baseQuantity, held = Decimal(line.purchase.packsCount ?? 0) * size
                #expect(held >= asked && held - size < asked, "seed \(seed)")
            }
        }
    }
}

extension ListAmountTests {
    /// A count's pack is written in recovery and waiting files (the same journal) as `packQuantity` and `packUnit`, left
    /// out for a count of packs as files before amounts have it; both read back; half of one is refused.
    @Test func aCountsPackTravelsInRecoveryAndWaitingFiles() throws {
        let changes: [PendingWrite] = [.other(.changeListCount("o", by: 1, pack: ListAmount(quantity: 500, unit: .gram))),
                                       .other(.changeListCount("o", by: -1))]
        let text = RecoveryJournal(id: "j", changes: changes).encoded()
        #expect(text.contains(#"{"change": "count", "id": "o", "by": 1, "packQuantity": "500", "packUnit": "g"}"#), "\(text)")
        #expect(text.contains(#"{"change": "count", "id": "o", "by": -1}"#), "\(text)")
        #expect(try RecoveryJournal.decode(text).changes == changes)
        let half = #"{"per-recovery": 1, "id": "j", "changes": [{"change": "count", "id": "o", "by": 1, "packQuantity": "500"}]}"#
        #expect(throws: ExchangeError.self) { try RecoveryJournal.decode(half) }
    }
}
