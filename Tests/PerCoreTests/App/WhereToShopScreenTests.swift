import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Where to shop (Ctrl-W on the shopping list): opened with the list's entries, read only, Esc back to the list.
@Suite struct WhereToShopScreenTests {
    static func entry(_ id: String, _ title: String, count: Int = 1, _ products: [Product]) -> ListEntry {
        let comparison = Comparison(id: ComparisonID(rawValue: id), title: title, products: products)
        return ListEntry(id: comparison.id, title: title, productCount: products.count,
                         item: ListItem(count: count, ticked: false, pinned: nil, comparison: comparison))
    }

    static func at(_ id: String, _ price: String, _ shop: String) -> Product {
        Product.fixture(id: ProductID(rawValue: id), name: id, price: decimal(price), quantity: 1, unit: .kilogram, shop: shop)
    }

    /// The issue's example: Milk 1.00 at Aldi, 0.90 at Lidl; Eggs 3.00 / 3.50; Oats 2.00 at Aldi only.
    static let milkEggsOats = [
        entry("m", "Milk", [at("m1", "1.00", "Aldi"), at("m2", "0.90", "Lidl")]),
        entry("e", "Eggs", [at("e1", "3.00", "Aldi"), at("e2", "3.50", "Lidl")]),
        entry("o", "Oats", [at("o1", "2.00", "Aldi")]),
    ]

    /// The shopping list on view with these entries, at this size.
    static func onTheList(_ entries: [ListEntry], _ width: Int, _ height: Int) -> AppState {
        var s = AppState(comparison: Comparison(id: "c", title: "Tea"), session: Session(id: "s", size: TerminalSize(width: width, height: height)))
        s.update(.app(.showShoppingList))
        s.update(.shoppingList(.loaded(entries)))
        return s
    }

    static func whereToShop(_ entries: [ListEntry], _ width: Int, _ height: Int) -> AppState {
        var s = onTheList(entries, width, height)
        s.update(KeyTable.action(for: .control("w"), in: s)!)
        return s
    }

    @Test func ctrlWOnTheListOpensItWithTheListsEntriesAndEscGoesBackToThatList() throws {
        var s = Self.onTheList(Self.milkEggsOats, 40, 20)
        s.update(.shoppingList(.moveSelection(1)))
        let list = try #require(s.shoppingList)
        #expect(KeyTable.action(for: .control("w"), in: s) == .app(.showWhereToShop))
        #expect(s.update(.app(.showWhereToShop)) == [])
        #expect(s.screen == .whereToShop(WhereToShopScreen(list: list)))
        guard case .whereToShop(let shops) = s.screen else { return }
        #expect(shops.shops == WhereToShop(Self.milkEggsOats))
        #expect(KeyTable.action(for: .key(.escape), in: s) == .whereToShop(.close))
        #expect(KeyTable.action(for: .control("w"), in: s) == .whereToShop(.close))
        #expect(s.update(.whereToShop(.close)) == [.database(.loadShoppingList)])
        #expect(s.screen == .shoppingList(list))   // the same selection
    }

    @Test func itOpensOnlyFromTheList() {
        var s = AppState(comparison: Comparison(id: "c", title: "Tea"), session: Session(id: "s", size: TerminalSize(width: 40, height: 20)))
        #expect(s.update(.app(.showWhereToShop)) == [])
        #expect(s.screen == .comparison)
    }

    @Test func scrollingStopsAtTheLastFullPage() throws {
        // 12 items, each at its own shop: 2 verdict lines, a blank, the heading and 12 shops with a missing line each.
        let many = (0..<12).map { i in Self.entry("i\(i)", "Item \(i)", [Self.at("p\(i)", "1.00", "Shop \(i)")]) }
        var s = Self.whereToShop(many, 40, 20)
        guard case .whereToShop(let shops) = s.screen else { Issue.record("not on view"); return }
        let count = shops.lines(width: 40, currency: nil).count
        #expect(count == 53)   // 3 verdict lines (no two shops have every item), a blank, the heading, 12 shops with 11 missing each on 3 lines
        #expect(WhereToShopScreen.linesPerPage(TerminalSize(width: 40, height: 20)) == 17)
        s.update(.whereToShop(.scroll(1)))
        #expect(s.screen == .whereToShop(WhereToShopScreen(list: shops.list, top: 1)))
        s.update(.whereToShop(.scroll(-5)))
        #expect(s.screen == .whereToShop(WhereToShopScreen(list: shops.list, top: 0)))
        s.update(.whereToShop(.scrollPage(1)))
        #expect(s.screen == .whereToShop(WhereToShopScreen(list: shops.list, top: 17)))
        s.update(.whereToShop(.toLast))
        #expect(s.screen == .whereToShop(WhereToShopScreen(list: shops.list, top: count - 17)))
        s.update(.whereToShop(.scrollPage(1)))
        #expect(s.screen == .whereToShop(WhereToShopScreen(list: shops.list, top: count - 17)))
        s.update(.whereToShop(.toFirst))
        #expect(s.screen == .whereToShop(WhereToShopScreen(list: shops.list, top: 0)))
    }

    @Test func at40x20() {
        #expect(ScreenView.render(Self.whereToShop(Self.milkEggsOats, 40, 20)).text == """
         per │ Where to shop            3 items
         Cheapest shop: Aldi, 6.00
         Best split: Aldi + Lidl, 5.90,
           saves 0.10
           Aldi: Eggs, Oats
           Lidl: Milk

         Shop  Total  Items
         Aldi   6.00  3 of 3
         Lidl   4.40  2 of 3
           missing Oats







         For the 3 items on the list; Esc back
        ^F more  Esc back  ^Q quit  ^G help
        """)
    }

    @Test func at80x24() {
        #expect(ScreenView.render(Self.whereToShop(Self.milkEggsOats, 80, 24)).text == """
         per │ Where to shop                                                    3 items
         Cheapest shop: Aldi, 6.00
         Best split: Aldi + Lidl, 5.90, saves 0.10
           Aldi: Eggs, Oats
           Lidl: Milk

         Shop  Total  Items
         Aldi   6.00  3 of 3
         Lidl   4.40  2 of 3
           missing Oats












         For the 3 items on the list, at their counts; Esc goes back
        PgDn more  Esc back  ^Q quit  F1 help
        """)
    }

    /// Issue 28's rice (2.00 for 500 g at Aldi, 3.00 for 1 kg at Lidl) and pasta (1.20 for 400 g at Aldi, 2.00 for 1 kg
    /// at Lidl): each shop is priced for the same amount, its packs said under it, whole at 40 columns.
    static let ricePasta = [
        entry("r", "Rice", [Product.fixture(id: "r1", price: 2, quantity: 500, unit: .gram, shop: "Aldi"),
                            Product.fixture(id: "r2", price: 3, quantity: 1, unit: .kilogram, shop: "Lidl")]),
        entry("p", "Pasta", [Product.fixture(id: "p1", price: decimal("1.20"), quantity: 400, unit: .gram, shop: "Aldi"),
                             Product.fixture(id: "p2", price: 2, quantity: 1, unit: .kilogram, shop: "Lidl")]),
    ]

    @Test func riceAt40x20() {
        #expect(ScreenView.render(Self.whereToShop(Self.ricePasta, 40, 20)).text == """
         per │ Where to shop            2 items
         Cheapest shop: Lidl, 5.00
         Best split: none costs less

         Shop  Total  Items
         Lidl   5.00  2 of 2
         Aldi   7.60  2 of 2
           Rice: 2× 500 g (1 kg), 2 × 2.00 =
             4.00
           Pasta: 3× 400 g (1 kg), 3 × 1.20 =
             3.60







         For the 2 items on the list; Esc back
        ^F more  Esc back  ^Q quit  ^G help
        """)
    }

    @Test func riceAt80x24() {
        #expect(ScreenView.render(Self.whereToShop([Self.ricePasta[0]], 80, 24)).text == """
         per │ Where to shop                                                     1 item
         Cheapest shop: Lidl, 3.00
         Best split: none costs less

         Shop  Total  Items
         Lidl   3.00  1 of 1
         Aldi   4.00  1 of 1
           Rice: 2× 500 g (1 kg), 2 × 2.00 = 4.00














         For the 1 item on the list, at their counts; Esc goes back
        PgDn more  Esc back  ^Q quit  F1 help
        """)
    }
}
