import Foundation
import Testing
@testable import PerCore
import TestSupport

/// The list screen as a shopping list: typing items, counts, ticks, totals and the product to buy.
@Suite struct ShoppingListTests {
    let entries = [ListEntry(id: "a", title: "Oats", productCount: 2), ListEntry(id: "c", title: "Oil", productCount: 1)]

    func opened(_ entries: [ListEntry]? = nil) -> TestStore {
        var store = TestStore(Comparison(id: "c", title: "Oil"))
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.loaded(entries ?? self.entries)))
        return store
    }

    func lists(_ entries: [ListEntry], selected: Int, mode: ShoppingListScreen.Mode, wanted: ComparisonID? = nil,
               lastChange: ListChange? = nil) -> ShoppingListScreen {
        var lists = ShoppingListScreen(entries: entries, selecting: nil)
        lists.selected = selected
        lists.mode = mode
        lists.wanted = wanted
        lists.lastChange = lastChange
        return lists
    }

    @Test func aLetterStartsAnItemAndEnterAddsItAndStartsTheNext() {
        var store = opened()
        #expect(KeyTable.action(for: .character("m"), in: store.state) == .shoppingList(.startItem("m")))
        #expect(KeyTable.action(for: .character("2"), in: store.state) == .shoppingList(.startItem("2")))
        store.send(.shoppingList(.startItem("m"))) { $0.screen = .shoppingList(self.lists(self.entries, selected: 1, mode: .adding("m"))) }
        // While a title is typed every character belongs to it: `/`, `+`, space, digits.
        #expect(KeyTable.action(for: .character("/"), in: store.state) == .shoppingList(.type("/")))
        #expect(KeyTable.action(for: .character(" "), in: store.state) == .shoppingList(.type(" ")))
        store.type("ilk")
        #expect(store.state.shoppingList?.mode == .adding("milk"))
        #expect(store.state.shoppingList?.selectedRow == 0)   // the row being typed is drawn first, where the item lands
        let milk = Comparison(id: "s-c2", title: "milk")
        let added = [ListEntry(id: "s-c2", title: "milk", productCount: 0)] + entries
        store.send(.shoppingList(.acceptTitle), effects: [.addListItem(milk), .loadShoppingList]) {
            $0.screen = .shoppingList(self.lists(added, selected: 0, mode: .adding(""), wanted: "s-c2"))
            $0.chrome.status = StatusMessage("Added \"milk\": type the next, Esc ends")
            $0.madeIDs(2)
        }
        // `eggs⏎rice⏎`: each Enter adds one; the screen stays.
        let effects = store.type("eggs\nrice\n")
        #expect(effects == [.addListItem(Comparison(id: "s-c3", title: "eggs")), .loadShoppingList,
                            .addListItem(Comparison(id: "s-c4", title: "rice")), .loadShoppingList])
        #expect(store.state.shoppingList?.entries.map(\.title) == ["rice", "eggs", "milk", "Oats", "Oil"])
        #expect(store.state.shoppingList?.mode == .adding(""))
        // The store's list replaces the one kept here; the last added stays selected.
        let fresh = [ListEntry(id: "s-c4", title: "rice", productCount: 0), ListEntry(id: "s-c3", title: "eggs", productCount: 0),
                     ListEntry(id: "s-c2", title: "milk", productCount: 0)] + entries
        store.send(.shoppingList(.loaded(fresh))) { $0.screen = .shoppingList(self.lists(fresh, selected: 0, mode: .adding(""))) }
        // Esc ends (Enter on an empty title too); the item typed half is dropped.
        store.type("bre")
        store.send(.shoppingList(.cancelTitle)) { $0.screen = .shoppingList(self.lists(fresh, selected: 0, mode: .browsing)) }
        #expect(store.state.screen != .comparison)
        store.send(.shoppingList(.startItem("x"))) { $0.screen = .shoppingList(self.lists(fresh, selected: 0, mode: .adding("x"))) }
        store.send(.shoppingList(.clearTitle)) { $0.screen = .shoppingList(self.lists(fresh, selected: 0, mode: .adding(""))) }
        store.send(.shoppingList(.acceptTitle)) { $0.screen = .shoppingList(self.lists(fresh, selected: 0, mode: .browsing)) }
        // A title of spaces adds nothing.
        store.type("a\u{8}  \n")
        #expect(store.state.shoppingList?.mode == .browsing)
        #expect(store.state.shoppingList?.entries == fresh)
    }

    /// A title typed on the list that names a saved comparison (any case, accents and spaces around ignored) counts
    /// that one instead of making a new empty item; the first saved title it begins is shown, Tab or Right takes it.
    @Test func typedItemsFindSavedComparisons() {
        var saved = Self.shopping
        saved.append(ListEntry(id: "e", title: "Éclair", productCount: 1, item: ListItem(count: 0)))   // off the list
        var store = opened(saved)
        #expect(store.state.shoppingList?.selected == 0)
        store.send(.shoppingList(.startItem("e"))) { $0.screen = .shoppingList(self.lists(saved, selected: 0, mode: .adding("e"))) }
        #expect(store.state.shoppingList?.completion?.id == "e")
        #expect(store.state.shoppingList?.completionRest == "clair")
        #expect(KeyTable.action(for: .key(.tab), in: store.state) == .shoppingList(.acceptCompletion))
        #expect(KeyTable.action(for: .key(.right), in: store.state) == .shoppingList(.acceptCompletion))
        var screen = ScreenView.render(store.state)
        #expect(screen.lines[2].hasPrefix(" › [ ]   1× e▏clair"), "\(screen.text)")
        #expect(screen.styleLines[2].prefix(21).hasSuffix("RUUUUURR"))   // the rest underlined (and dim)…
        #expect(screen.lines[22] == " Tab: \"Éclair\" (saved); Enter: a new item", "\(screen.text)")   // …and said in words
        store.send(.shoppingList(.acceptCompletion)) { $0.screen = .shoppingList(self.lists(saved, selected: 0, mode: .adding("Éclair"))) }
        #expect(ScreenView.render(store.state).lines[22] == " Enter: one more \"Éclair\" (saved)")
        // Enter on it: on the list (0× to 1×), no new item; the next title follows.
        var counted = saved
        counted[3].item.count = 1
        store.send(.shoppingList(.acceptTitle), effects: [.changeListCount("e", by: 1)]) {   // no product: packs
            $0.screen = .shoppingList(self.lists(counted, selected: 3, mode: .adding("")))
            $0.chrome.status = StatusMessage("\"Éclair\" (saved): 1 to buy; type the next")
        }
        // Typed whole, in another case, with spaces around: one more Milk.
        store.type(" MILK ")
        counted[1].item.count = 3
        counted[1].item.amount = ListAmount(quantity: 3, unit: .liter)   // 2 × 1 L and one more (DECISIONS 344)
        store.send(.shoppingList(.acceptTitle), effects: [.changeListCount("m", by: 1, pack: ListAmount(quantity: 1, unit: .liter))]) {
            $0.screen = .shoppingList(self.lists(counted, selected: 1, mode: .adding("")))
            $0.chrome.status = StatusMessage("\"Milk\" (saved): 3 to buy; type the next")
        }
        // Nothing to take: Tab does nothing. A title that names nothing saved is a new item, as before.
        store.type("oa")
        #expect(store.state.shoppingList?.completion?.id == "a")
        store.type("tx")
        #expect(store.state.shoppingList?.completion == nil)
        store.send(.shoppingList(.acceptCompletion))
        let oatx = Comparison(id: "s-c2", title: "oatx")
        store.send(.shoppingList(.acceptTitle), effects: [.addListItem(oatx), .loadShoppingList]) {
            $0.screen = .shoppingList(self.lists([ListEntry(id: "s-c2", title: "oatx", productCount: 0)] + counted, selected: 0, mode: .adding(""),
                                                 wanted: "s-c2"))
            $0.chrome.status = StatusMessage("Added \"oatx\": type the next, Esc ends")
            $0.madeIDs(2)
        }
        // A blank page's "Untitled" is no saved title; at the most, a count says so.
        store.type("untitled")
        #expect(store.state.shoppingList?.completion == nil)
        store.send(.shoppingList(.clearTitle)) {
            $0.screen = .shoppingList(self.lists([ListEntry(id: "s-c2", title: "oatx", productCount: 0)] + counted, selected: 0, mode: .adding(""),
                                                 wanted: "s-c2"))
        }
        screen = ScreenView.render(store.state)
        #expect(screen.lines[22] == " Type an item; Enter adds it and starts the next, Esc ends")
    }

    @Test func typingAListDrawsTheNewRowFirstAndTakesNoClicks() {
        var store = opened()
        store.type("bread")
        let screen = ScreenView.render(store.state).text.split(separator: "\n").map(String.init)
        #expect(screen[2].contains("bread▏"), "\(screen)")
        #expect(screen[3].contains("Oats"), "\(screen)")
        #expect(screen.contains { $0.contains("Enter adds it and starts the next, Esc ends") }, "\(screen)")
        #expect(Input.action(for: .click(x: 5, y: 3), in: store.state) == nil)
        #expect(KeyTable.action(for: .paste("rye\nflour"), in: store.state) == .shoppingList(.paste("rye\nflour")))
        store.apply(.shoppingList(.paste("rye\nflour")))
        #expect(store.state.shoppingList?.mode == .adding("breadryeflour"))
    }

    static let oats = Comparison(id: "a", title: "Oats", products: [
        Product.fixture(id: "o1", name: "o1", price: decimal("6.99"), quantity: 1, unit: .kilogram),
        Product.fixture(id: "o2", name: "o2", price: decimal("3.99"), quantity: 500, unit: .gram),
        Product.fixture(id: "o3", name: "o3"),
    ])
    static let milk = Comparison(id: "m", title: "Milk", products: [Product.fixture(id: "m1", price: decimal("1.29"), quantity: 1, unit: .liter)])

    /// Oats (the best: o1 at 6.99 per kg), milk counted twice and in the cart, bread without a product.
    static let shopping = [
        ListEntry(id: "a", title: "Oats", productCount: 3, item: ListItem(count: 1, ticked: false, pinned: nil, comparison: oats)),
        ListEntry(id: "m", title: "Milk", productCount: 1, item: ListItem(count: 2, ticked: true, pinned: nil, comparison: milk)),
        ListEntry(id: "b", title: "Bread", productCount: 0),
    ]

    @Test func theProductToBuyIsTheBestValueOrThePinnedOne() {
        var item = ListItem(count: 2, ticked: false, pinned: nil, comparison: Self.oats)
        #expect(item.offers.map(\.product) == Array(Self.oats.products.prefix(2)))
        #expect(item.offers.map(\.unitPrice) == [decimal("6.99"), decimal("7.98")])
        #expect(item.per == "kg")
        #expect(item.productToBuy()?.product.id == "o1")
        #expect(item.lineTotal() == decimal("13.98"))
        item.pinned = "o2"
        #expect(item.productToBuy()?.product.id == "o2")
        #expect(item.lineTotal() == decimal("7.98"))
        item.pinned = "o3"   // not ranked (no price): the best value
        #expect(item.productToBuy()?.product.id == "o1")
        #expect(ListItem(count: 1, ticked: false, pinned: nil, comparison: Comparison(id: "e")).lineTotal() == nil)
    }

    @Test func plusMinusCountAndZeroTakesAnItemOffTheList() {
        var store = opened(Self.shopping)
        #expect(KeyTable.action(for: .character("+"), in: store.state) == .shoppingList(.changeCount(1)))
        #expect(KeyTable.action(for: .character("="), in: store.state) == .shoppingList(.changeCount(1)))
        #expect(KeyTable.action(for: .character("-"), in: store.state) == .shoppingList(.changeCount(-1)))
        #expect(KeyTable.action(for: .character(" "), in: store.state) == .shoppingList(.toggleTick))
        store.send(.shoppingList(.selectFirst)) { $0.screen = .shoppingList(self.lists(Self.shopping, selected: 0, mode: .browsing)) }
        var expected = Self.shopping
        // A count set is an amount (DECISIONS 344): 2 × o1's 1 kg.
        let kilo = ListAmount(quantity: 1, unit: .kilogram)
        expected[0].item.count = 2
        expected[0].item.amount = ListAmount(quantity: 2, unit: .kilogram)
        store.send(.shoppingList(.changeCount(1)), effects: [.changeListCount("a", by: 1, pack: kilo)]) {
            $0.screen = .shoppingList(self.lists(expected, selected: 0, mode: .browsing, lastChange: .count("a", title: "Oats", by: 1, pack: kilo)))
        }
        expected[0].item.count = 1
        expected[0].item.amount = kilo
        store.send(.shoppingList(.changeCount(-1)), effects: [.changeListCount("a", by: -1, pack: kilo)]) {
            $0.screen = .shoppingList(self.lists(expected, selected: 0, mode: .browsing, lastChange: .count("a", title: "Oats", by: -1, pack: kilo)))
        }
        expected[0].item.count = 0
        expected[0].item.amount = nil
        store.send(.shoppingList(.changeCount(-1)), effects: [.changeListCount("a", by: -1, pack: kilo)]) {
            $0.screen = .shoppingList(self.lists(expected, selected: 0, mode: .browsing, lastChange: .count("a", title: "Oats", by: -1, pack: kilo)))
            $0.chrome.status = StatusMessage("\"Oats\" is off the list (kept: + puts it back)")
        }
        store.send(.shoppingList(.changeCount(-1))) { $0.chrome.status = StatusMessage("\"Oats\" is off the list already") }
        store.send(.shoppingList(.toggleTick)) { $0.chrome.status = StatusMessage("\"Oats\" is off the list: + puts it back", isWarning: true) }
        #expect(ListTotals(store.state.shoppingList!.entries) == ListTotals(Array(Self.shopping.dropFirst())))
        expected[0].item.count = 1
        expected[0].item.amount = kilo
        store.send(.shoppingList(.changeCount(1)), effects: [.changeListCount("a", by: 1, pack: kilo)]) {
            $0.screen = .shoppingList(self.lists(expected, selected: 0, mode: .browsing, lastChange: .count("a", title: "Oats", by: 1, pack: kilo)))
            $0.chrome.status = nil
        }
        var most = Self.shopping
        most[0].item.count = ListItem.maximumCount
        store.apply(.shoppingList(.loaded(most)))
        store.send(.shoppingList(.changeCount(1))) { $0.chrome.status = StatusMessage("At most 999 of one item") }
    }

    @Test func spaceChecksOffAndCtrlTClearsTheCheckOffsAfterAsking() {
        var store = opened(Self.shopping)
        store.send(.shoppingList(.selectFirst)) { $0.screen = .shoppingList(self.lists(Self.shopping, selected: 0, mode: .browsing)) }
        var expected = Self.shopping
        expected[0].item.ticked = true
        store.send(.shoppingList(.toggleTick), effects: [.setTicked("a", true)]) { $0.screen = .shoppingList(self.lists(expected, selected: 0, mode: .browsing, lastChange: .tick("a", title: "Oats", ticked: true))) }
        #expect(ListTotals(store.state.shoppingList!.entries).inCart == decimal("9.57"))
        #expect(KeyTable.action(for: .control("t"), in: store.state) == .shoppingList(.askClearTicks))
        store.send(.shoppingList(.askClearTicks)) { $0.chrome.overlay = .confirm(.clearTicks) }
        #expect(ScreenView.render(store.state).text.contains("New trip: clear every tick? y/n"))
        store.send(.app(.answer(yes: false))) {
            $0.chrome.overlay = .none
            $0.chrome.status = StatusMessage("Ticks kept")
        }
        store.send(.shoppingList(.askClearTicks)) {
            $0.chrome.overlay = .confirm(.clearTicks)
            $0.chrome.status = nil
        }
        expected[0].item.ticked = false
        expected[1].item.ticked = false
        store.send(.app(.answer(yes: true)), effects: [.clearTicks]) {
            $0.chrome.overlay = .none
            $0.screen = .shoppingList(self.lists(expected, selected: 0, mode: .browsing))
            $0.chrome.status = StatusMessage("Ticks cleared: ready for the next trip")
        }
        store.send(.shoppingList(.askClearTicks)) { $0.chrome.status = StatusMessage("Nothing is ticked") }
    }

    /// Totals over the items on the list, exact: 6.99 + 2 × 1.29 = 9.57, 2.58 of it in the cart.
    @Test func totalsOfTheListTheCartAndWhatIsLeft() {
        var totals = ListTotals(Self.shopping)
        #expect(totals.total == decimal("9.57"))
        #expect(totals.inCart == decimal("2.58"))
        #expect(totals.left == decimal("6.99"))
        #expect(totals.unpriced == 1)
        // Exact decimals: 3 × 0.1 is 0.3.
        let dimes = ListEntry(id: "d", title: "Dimes", productCount: 1, item: ListItem(count: 3, offers: [Offer(product: Product.fixture(price: decimal("0.1"), quantity: 1, unit: .each),
                                                                                                         ranking: UnitPrice(price: decimal("0.1"), baseQuantity: 1), base: nil)]))
        #expect(ListTotals([dimes]).total == decimal("0.3"))
        // A blank page (no title, no product) is not an item.
        #expect(ListTotals([ListEntry(id: "u", title: "", productCount: 0)]).unpriced == 0)
        let money = MoneyFormat(currency: try? Currency(validating: "€"))
        #expect(ShoppingListView.totalsLine(totals, money: money, width: 80) == "Total €9.57 · in cart €2.58 · left €6.99 (1 without a price)")
        // Narrower, the items without a price are still said; the cart goes first.
        #expect(ShoppingListView.totalsLine(totals, money: money, width: 40) == "Total €9.57 · left €6.99 · 1 no price")
        #expect(ShoppingListView.totalsLine(totals, money: money, width: 36) == "Total €9.57 cart €2.58 left €6.99")
        totals.unpriced = 0
        #expect(ShoppingListView.totalsLine(totals, money: money, width: 40) == "Total €9.57 · in cart €2.58 · left €6.99")
    }

    @Test func theListShowsBoxesCountsTheProductToBuyAndTotals() {
        let store = opened(Self.shopping)
        #expect(ScreenView.render(store.state).text == """
             per │ Shopping list
                        Title                       Buy                    Price      Total
             › [ ]   1× Oats                 −   +  o1                      6.99       6.99
               [x]   2× Milk                        1 L                     1.29       2.58
               [ ]   1× Bread
            \(String(repeating: "\n", count: 16))   Total 9.57 · in cart 2.58 · left 6.99 (1 without a price)
             3 saved; Enter opens the selected one
            Enter open  / find  ^N new  ^D delete  ^Y undo  ^R rename  Esc back  +/- count
            """)
    }

    /// Ctrl-X on the comparison puts it on the list once more: its header first (an unsaved comparison gets its row),
    /// then a change of its count, and the status says so.
    @Test func ctrlXPutsTheComparisonOnTheListOnceMore() {
        var store = TestStore(Self.oats)
        #expect(KeyTable.action(for: .control("x"), in: store.state) == .comparison(.addToList))
        // One more of the product to buy, o1's 1 kg (DECISIONS 344).
        let kilo = ListAmount(quantity: 1, unit: .kilogram)
        store.send(.comparison(.addToList), effects: [.saveHeader(Self.oats.header), .changeListCount("a", by: 1, pack: kilo)]) {
            $0.chrome.status = StatusMessage("\"Oats\": one more on the list (Ctrl-O shows it)")
        }
        // Once the count is read, it is shown and counted here.
        store.send(.comparison(.listCounted("a", 2))) { $0.editing.onTheList = .known(2) }
        store.send(.comparison(.listCounted("other", 5)))
        store.send(.comparison(.addToList), effects: [.saveHeader(Self.oats.header), .changeListCount("a", by: 1, pack: kilo)]) {
            $0.editing.onTheList = .known(3)
            $0.chrome.status = StatusMessage("\"Oats\": 3× on the list (Ctrl-O shows it)")
        }
    }

    /// Ctrl-W pins the focused product as the one to buy, marks it in the table, and unpins.
    @Test func ctrlWPinsTheProductToBuyAndUnpins() {
        var store = TestStore(Self.oats)
        #expect(KeyTable.action(for: .control("w"), in: store.state) == .comparison(.togglePin))
        store.apply(.comparison(.focus(FieldFocus(product: 2, field: .price))))   // o3: no price, no unit
        store.send(.comparison(.togglePin)) {
            $0.chrome.status = StatusMessage("Only a product with a price, quantity and unit can be the one to buy", isWarning: true)
        }
        store.apply(.comparison(.focus(FieldFocus(product: 1, field: .price))))
        let before = store.state
        store.send(.comparison(.togglePin), effects: [.pinProduct("o2", in: Self.oats.header)]) {
            $0.editing.comparison.pinned = "o2"
            $0.editing.refreshTablePage($0.session)
            $0.chrome.status = StatusMessage("Pinned \"o2\" to buy; Ctrl-W unpins")
        }
        #expect(store.state.editing.tablePage.row(1).verdict == "+14% more, to buy")
        #expect(store.state.editing.tablePage.row(1).shortVerdict == "+14%, to buy")
        #expect(store.state.editing.tablePage.row(0).verdict == "Best value")
        // At 80 columns (with the Seen column) the verdict has room for its short form.
        #expect(ScreenView.render(store.state).text.contains("+14%, to buy"))
        #expect(ListItem(count: 1, ticked: false, pinned: store.state.editing.comparison.pinned, comparison: store.state.editing.comparison)
            .productToBuy()?.product.id == "o2")
        store.send(.comparison(.togglePin), effects: [.pinProduct(nil, in: Self.oats.header)]) {
            $0.editing.comparison.pinned = nil
            $0.editing.refreshTablePage($0.session)
            $0.chrome.status = StatusMessage("Unpinned \"o2\": the best value is the one to buy")
        }
        #expect(store.state.editing.tablePage.row(1).verdict == before.editing.tablePage.row(1).verdict)
    }

    static let stocked = Comparison(id: "s", title: "Oats", products: [
        Product.fixture(id: "c1", name: "c1", price: decimal("6.99"), quantity: 1, unit: .kilogram, shop: "Costco"),
        Product.fixture(id: "a1", name: "a1", price: decimal("3.99"), quantity: 500, unit: .gram, shop: "Aldi"),
        Product.fixture(id: "a2", name: "a2", price: decimal("4.49"), quantity: 500, unit: .gram, shop: "Aldi "),
    ])

    /// With a current store the product to buy is the best there (the pinned one if it is there), none elsewhere.
    @Test func withACurrentStoreTheProductToBuyIsTheBestThere() {
        var item = ListItem(count: 2, ticked: false, pinned: nil, comparison: Self.stocked)
        #expect(item.productToBuy()?.product.id == "c1")
        #expect(item.productToBuy(at: ShopName("aldi"))?.product.id == "a1")   // any case, spaces around ignored
        #expect(item.lineTotal(at: ShopName("ALDI")) == decimal("15.96"))   // 2 × c1's 1 kg, in a1's 500 g packs: 4 × 3.99
        #expect(item.productToBuy(at: ShopName("Lidl")) == nil)
        #expect(item.lineTotal(at: ShopName("Lidl")) == nil)
        #expect(ShopName("  ") == nil)
        item.pinned = "a2"
        #expect(item.productToBuy(at: ShopName("Aldi"))?.product.id == "a2")
        #expect(item.productToBuy(at: ShopName("Costco"))?.product.id == "c1")   // the pin is at another store
        let entries = [ListEntry(id: "s", title: "Oats", productCount: 3, item: item)]
        #expect(ListTotals(entries, at: ShopName("Lidl")) == { var t = ListTotals([]); t.notHere = 1; return t }())
        #expect(item.isNotAt(ShopName("Lidl")) && !item.isNotAt(nil) && !item.isNotAt(ShopName("Aldi")))
        #expect(TripReport(entries, at: ShopName("Lidl")).markdown == "- [ ] 2× Oats: not at Lidl\n\nTotal 0.00 · in cart 0.00 · left 0.00 (1 not at Lidl)\n")
        // Pinned a2 (500 g) sets the amount: 2 × 500 g, as arithmetic (DECISIONS 346).
        #expect(TripReport(entries, at: ShopName("Aldi")).markdown == "- [ ] 2× Oats: a2, Aldi , 2 × 4.49 = 8.98\n\nTotal 8.98 · in cart 0.00 · left 8.98\n"
            || TripReport(entries, at: ShopName("Aldi")).markdown == "- [ ] 2× Oats: a2, Aldi, 2 × 4.49 = 8.98\n\nTotal 8.98 · in cart 0.00 · left 8.98\n")
    }

    /// A product without a shop can be bought anywhere: at a shop, the pinned one if it can be bought there, else the
    /// best there, else the best without a shop, else none (`not at Lidl`, out of the total, counted as such).
    @Test func aProductWithoutAShopCanBeBoughtAnywhere() {
        let milk = Comparison(id: "m", title: "Milk", products: [
            Product.fixture(id: "any", name: "any", price: decimal("0.80"), quantity: 1, unit: .liter, shop: ""),
            Product.fixture(id: "aldi", name: "aldi", price: decimal("1.00"), quantity: 1, unit: .liter, shop: "Aldi"),
            Product.fixture(id: "any2", name: "any2", price: decimal("0.95"), quantity: 1, unit: .liter, shop: " "),
        ])
        var item = ListItem(count: 2, ticked: false, pinned: nil, comparison: milk)
        #expect(item.productToBuy()?.product.id == "any")
        #expect(item.productToBuy(at: ShopName("Aldi"))?.product.id == "aldi")   // the best at the shop, though dearer
        #expect(item.productToBuy(at: ShopName("Lidl"))?.product.id == "any")    // else the best without a shop
        #expect(item.lineTotal(at: ShopName("Lidl")) == decimal("1.60"))
        item.pinned = "any2"
        #expect(item.productToBuy(at: ShopName("Aldi"))?.product.id == "any2")   // the pin can be bought anywhere
        item.pinned = "aldi"
        #expect(item.productToBuy(at: ShopName("Lidl"))?.product.id == "any")
        // The comparison's "to buy" mark follows the same rule.
        var pinned = milk
        pinned.pinned = "aldi"
        #expect(TablePage.productToBuy(pinned, at: ShopName("Lidl")) == "any")
        #expect(TablePage.productToBuy(pinned, at: ShopName("aldi")) == "aldi")
        #expect(TablePage.productToBuy(milk, at: ShopName("Aldi")) == "aldi")
        #expect(TablePage.productToBuy(Self.stocked, at: ShopName("Lidl")) == nil)

        let oats = ListItem(count: 1, ticked: false, pinned: nil, comparison: Self.stocked)   // Costco and Aldi only
        let entries = [ListEntry(id: "m", title: "Milk", productCount: 3, item: ListItem(count: 2, ticked: true, pinned: nil, comparison: milk)),
                       ListEntry(id: "s", title: "Oats", productCount: 3, item: oats),
                       ListEntry(id: "e", title: "Eggs", productCount: 0, item: ListItem(count: 1))]
        var expected = ListTotals([])
        expected.total = decimal("1.60")
        expected.inCart = decimal("1.60")
        expected.notHere = 1
        expected.unpriced = 1
        #expect(ListTotals(entries, at: ShopName("Lidl")) == expected)
        #expect(TripReport(entries, at: ShopName("Lidl")).table == """
            At Lidl
                 Count  Item  Buy          Shop  Price  Total
            [x]     2x  Milk  any                 0.80   1.60
            [ ]     1x  Oats  not at Lidl            -      -
            [ ]     1x  Eggs  -                      -      -

            Total 1.60 · in cart 1.60 · left 0.00 (1 without a price, 1 not at Lidl)

            """)
        #expect(ShoppingListView.totalsLine(expected, at: ShopName("Lidl"), money: MoneyFormat(currency: nil), width: 80)
            == "Total 1.60 · in cart 1.60 · left 0.00 (1 without a price, 1 not at Lidl)")
        #expect(ShoppingListView.totalsLine(expected, at: ShopName("Lidl"), money: MoneyFormat(currency: nil), width: 50)
            == "Total 1.60 · left 0.00 · 1 no price · 1 not here")
    }

    /// Ctrl-S groups the list by the store of each item's product to buy (stores by name, none last), and back.
    @Test func ctrlSGroupsTheListByStore() {
        let milk = Comparison(id: "m", title: "Milk", products: [Product.fixture(id: "m1", price: 1, quantity: 1, unit: .liter, shop: "Aldi")])
        let rice = Comparison(id: "r", title: "Rice", products: [Product.fixture(id: "r1", price: 2, quantity: 1, unit: .kilogram, shop: "costco")])
        let recent = [
            ListEntry(id: "b", title: "Bread", productCount: 0),
            ListEntry(id: "r", title: "Rice", productCount: 1, item: ListItem(count: 1, ticked: false, pinned: nil, comparison: rice)),
            ListEntry(id: "s", title: "Oats", productCount: 3, item: ListItem(count: 1, ticked: false, pinned: nil, comparison: Self.stocked)),
            ListEntry(id: "m", title: "Milk", productCount: 1, item: ListItem(count: 1, ticked: false, pinned: nil, comparison: milk)),
        ]
        #expect(ListOrder.byShop.arranged(recent, at: nil).map(\.title) == ["Milk", "Rice", "Oats", "Bread"])
        // At Aldi: Rice is not there (after the shops and the items any shop has), Bread has no price yet (last).
        #expect(ListOrder.byShop.arranged(recent, at: ShopName("Aldi")).map(\.title) == ["Oats", "Milk", "Rice", "Bread"])
        #expect(ListOrder.recent.arranged(recent, at: nil) == recent)
        var store = opened(recent)
        #expect(KeyTable.action(for: .control("s"), in: store.state) == .shoppingList(.toggleOrder))
        store.send(.shoppingList(.toggleOrder), effects: [.loadShoppingList]) {
            $0.session.listOrder = .byShop
            $0.chrome.status = StatusMessage("Grouped by shop")
            $0.listReordersAtNextRead()
        }
        store.send(.shoppingList(.loaded(recent))) {
            $0.screen = .shoppingList(self.lists(ListOrder.byShop.arranged(recent, at: nil), selected: 3, mode: .browsing))   // still Bread
        }
        #expect(ScreenView.render(store.state).lines[0].hasPrefix(" per │ Shopping list, by shop"))
        #expect(ScreenView.render(store.state).lines[2] == " ── Aldi ──")   // a heading above each shop's items
        #expect(ScreenView.render(store.state).lines[3].contains("Milk                        1 L, Aldi"))
        store.send(.shoppingList(.toggleOrder), effects: [.loadShoppingList]) {
            $0.session.listOrder = .recent
            $0.chrome.status = StatusMessage("Most recently edited first")
            $0.listReordersAtNextRead()
        }
    }

    /// An item whose one product is at `store` ("": none), placed at `aisle` among its store's items.
    func stocked(_ id: ComparisonID, _ title: String, at shop: String, aisle: Int = 0) -> ListEntry {
        let comparison = Comparison(id: id, title: title, products: [
            Product.fixture(id: ProductID(id.rawValue + "1"), price: 1, quantity: 1, unit: .kilogram, shop: shop),
        ])
        return ListEntry(id: id, title: title, productCount: 1, item: ListItem(count: 1, ticked: false, pinned: nil, aisle: aisle, comparison: comparison))
    }

    /// `[` and `]` move the selected item up and down among its store's items while the list is grouped by store,
    /// numbering that store's items 1, 2… (their aisles) in one write; never past its store, never when not grouped.
    @Test func bracketsMoveAnItemWithinItsStoresAisles() {
        func placed(_ entries: [ListEntry], _ aisles: [Int]) -> [ListEntry] {
            var entries = entries
            for (index, aisle) in aisles.enumerated() { entries[index].item.aisle = aisle }
            return entries
        }
        let eggs = stocked("e", "Eggs", at: "Aldi"), rice = stocked("r", "Rice", at: "Costco"), oats = stocked("o", "Oats", at: "aldi ")
        let bread = stocked("b", "Bread", at: ""), milk = stocked("m", "Milk", at: "Aldi")
        let recent = [eggs, rice, oats, bread, milk]
        var store = opened(recent)
        #expect(KeyTable.action(for: .character("["), in: store.state) == .shoppingList(.moveInAisle(-1)))
        #expect(KeyTable.action(for: .character("]"), in: store.state) == .shoppingList(.moveInAisle(1)))
        store.send(.shoppingList(.moveInAisle(1))) {
            $0.chrome.status = StatusMessage("[ ] order a shop's items: Ctrl-S first", isWarning: true)
        }
        store.apply(.shoppingList(.toggleOrder))
        let grouped = [eggs, oats, milk, rice, bread]   // Aldi (any case), Costco, no store
        store.send(.shoppingList(.loaded(recent))) { $0.screen = .shoppingList(self.lists(grouped, selected: 0, mode: .browsing)) }
        store.send(.shoppingList(.moveInAisle(-1))) { $0.chrome.status = StatusMessage("\"Eggs\" is first at Aldi already") }
        store.send(.shoppingList(.moveInAisle(1)), effects: [.moveInAisle("e", by: 1, at: nil)]) {
            $0.screen = .shoppingList(self.lists(placed([oats, eggs, milk, rice, bread], [1, 2, 3]), selected: 1, mode: .browsing))
            $0.chrome.status = nil
        }
        store.send(.shoppingList(.moveInAisle(1)), effects: [.moveInAisle("e", by: 1, at: nil)]) {
            $0.screen = .shoppingList(self.lists(placed([oats, milk, eggs, rice, bread], [1, 2, 3]), selected: 2, mode: .browsing))
        }
        store.send(.shoppingList(.moveInAisle(1))) { $0.chrome.status = StatusMessage("\"Eggs\" is last at Aldi already") }   // not past Rice
        store.apply(.shoppingList(.selectLast))
        store.send(.shoppingList(.moveInAisle(-1))) { $0.chrome.status = StatusMessage("\"Bread\" is first of the items any shop has already") }
        // The store's list, with those aisles and in recent order, is arranged the same; grouped by store only.
        let saved = [stocked("e", "Eggs", at: "Aldi", aisle: 3), rice, stocked("o", "Oats", at: "aldi ", aisle: 1), bread,
                     stocked("m", "Milk", at: "Aldi", aisle: 2)]
        #expect(ListOrder.byShop.arranged(saved, at: nil) == placed([oats, milk, eggs, rice, bread], [1, 2, 3]))
        #expect(ListOrder.recent.arranged(saved, at: nil) == saved)
        // An item not placed yet (a new one) comes first in its store, most recently edited first.
        let new = stocked("n", "Nuts", at: "Aldi")
        #expect(ListOrder.byShop.arranged(saved + [new], at: nil).map(\.title) == ["Nuts", "Oats", "Milk", "Eggs", "Rice", "Bread"])
        // At a current store the groups follow the product to buy there.
        #expect(ListOrder.byShop.arranged(saved, at: ShopName("Costco")).map(\.title) == ["Rice", "Bread", "Oats", "Milk", "Eggs"])   // one aisle an item: its Aldi place orders it here too
    }

    /// A blank page (no title, no product) is drawn without a box or a count: it is not an item.
    @Test func aBlankComparisonIsNotAnItem() {
        let store = opened(Self.shopping + [ListEntry(id: "u", title: "", productCount: 0)])
        let lines = ScreenView.render(store.state).lines
        #expect(lines[5] == "            Untitled", "\(lines)")
        #expect(lines[4].hasPrefix("   [ ]   1× Bread"), "\(lines)")
    }

    /// Titles, names and stores from the database reach the screen as visible text, never as terminal commands.
    @Test func hostileTextIsShownNotObeyed() {
        let hostile = Comparison(id: "h", title: "Oats\u{1B}]52;c;bad\u{7}", products: [
            Product.fixture(id: "h1", name: "big\u{1B}[2J", price: 2, quantity: 1, unit: .kilogram, shop: "Shop\u{9B}31m"),
        ])
        let entry = ListEntry(id: "h", title: hostile.title, productCount: 1, item: ListItem(count: 1, ticked: false, pinned: nil, comparison: hostile))
        for width in [80, 40] {
            var store = TestStore(Comparison(id: "c"), size: TerminalSize(width: width, height: 20))
            store.apply(.app(.showShoppingList))
            store.apply(.shoppingList(.loaded([ListEntry(id: "p", title: "Plain", productCount: 0), entry])))   // not selected: its title whole
            let text = ScreenView.render(store.state).text
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 }, "\(text)")
            #expect(text.contains("Oats\\u{1B}"), "\(text)")
        }
        let report = TripReport([entry])
        for text in [report.table, report.markdown, report.json] {
            #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B || $0.value == 0x07 }, "\(text)")
        }
    }

    /// At 40×20 the product column gives way: the store follows the title, the totals fit in short words.
    @Test func anEmptyListSaysWhatToDoInWholeWords() {
        var store = TestStore(Comparison(id: "c", title: "Oil"), size: TerminalSize(width: 40, height: 20))
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.loaded([])))
        #expect(ScreenView.render(store.state).lines[3] == "   Nothing yet: type an item, or Ctrl-N")
        store.apply(.terminal(.resize(TerminalSize(width: 80, height: 24))))
        #expect(ScreenView.render(store.state).lines[3] == "   Nothing saved yet: type an item, or Ctrl-N for a comparison.")
    }

    @Test func theListAt40By20() {
        var store = TestStore(Comparison(id: "c", title: "Oil"), size: TerminalSize(width: 40, height: 20))
        store.apply(.app(.showShoppingList))
        var entries = Self.shopping
        entries[0].item = ListItem(count: 2, ticked: false, pinned: "a1", comparison: Self.stocked)
        store.apply(.shoppingList(.loaded(entries)))
        #expect(ScreenView.render(store.state).text == """
             per │ Shopping list
                        Title                 Total
             › [ ]   2× Oats · Aldi     −   +  7.98
               [x]   2× Milk                   2.58
               [ ]   1× Bread
            \(String(repeating: "\n", count: 12))   Total 10.56 · left 7.98 · 1 no price
             Buy a1, Aldi, 3.99
            Enter open  / find  ^N new  ^D delete
            """)
    }

    /// No hint is cut (issue 22): at 40 columns the fixed ones take a form that fits, and one that names a long saved
    /// title goes on over the legend's line, whole.
    @Test func hintsAt40ColumnsAreWhole() {
        let long = ListEntry(id: "l", title: "Organic rolled oats, large flakes", productCount: 1)
        var store = TestStore(Comparison(id: "c", title: "Oil"), size: TerminalSize(width: 40, height: 20))
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.loaded([long])))
        store.apply(.shoppingList(.startItem("b")))
        #expect(Array(ScreenView.render(store.state).lines.suffix(2)) == [" Type an item; Enter adds, Esc ends", "Enter add  Esc done  ^Q quit  ^G help"],
                "\(ScreenView.render(store.state).lines.suffix(2))")
        store.apply(.terminal(.resize(TerminalSize(width: 80, height: 24))))
        #expect(ScreenView.render(store.state).lines[22] == " Type an item; Enter adds it and starts the next, Esc ends")
        store.apply(.terminal(.resize(TerminalSize(width: 40, height: 20))))
        store.apply(.shoppingList(.clearTitle))
        _ = store.type("organic rolled oats, large flakes")
        #expect(Array(ScreenView.render(store.state).lines.suffix(3).prefix(2)) == [" Enter: one more \"Organic rolled oats,", " large flakes\" (saved)"],
                "\(ScreenView.render(store.state).lines.suffix(3))")
    }

    /// At 40×20 (a phone) every list action has a tap: the box ticks, `−`/`+` on the selected row count, the title
    /// opens, anywhere else selects.
    @Test func tapsTickCountAndOpenAt40By20() {
        var store = TestStore(Comparison(id: "c", title: "Oil"), size: TerminalSize(width: 40, height: 20))
        store.apply(.app(.showShoppingList))
        var entries = Self.shopping
        entries[0].item = ListItem(count: 2, ticked: false, pinned: "a1", comparison: Self.stocked)
        entries.append(ListEntry(id: "u", title: "", productCount: 0))   // a blank page: no box, no buttons
        store.apply(.shoppingList(.loaded(entries)))
        func tap(_ x: Int, _ row: Int) -> Action? { Input.action(for: .click(x: x, y: ShoppingListLayout.firstRowY + row), in: store.state) }
        #expect(ScreenView.render(store.state).text == """
             per │ Shopping list
                        Title                 Total
             › [ ]   2× Oats · Aldi     −   +  7.98
               [x]   2× Milk                   2.58
               [ ]   1× Bread
                        Untitled
            \(String(repeating: "\n", count: 11))   Total 10.56 · left 7.98 · 1 no price
             Buy a1, Aldi, 3.99
            Enter open  / find  ^N new  ^D delete
            """)
        // The buttons are drawn as keys, out of the row's reverse.
        #expect(Array(ScreenView.render(store.state).styleLines[2].prefix(36)) == Array("RRRRRRRRRRRRRRRRRRRRRRRRRRRBBBRBBBRR"))
        #expect(tap(3, 0) == .shoppingList(.tickRow(0)))
        #expect(tap(5, 0) == .shoppingList(.tickRow(0)))
        // Just before the total as drawn (decision 421): the title has the rest.
        #expect(tap(27, 0) == .shoppingList(.changeCount(-1)))
        #expect(tap(29, 0) == .shoppingList(.changeCount(-1)))
        #expect(tap(30, 0) == .shoppingList(.choose(0)))   // between the buttons
        #expect(tap(31, 0) == .shoppingList(.changeCount(1)))
        #expect(tap(33, 0) == .shoppingList(.changeCount(1)))
        #expect(tap(12, 0) == .shoppingList(.openRow(0)))
        #expect(tap(15, 0) == .shoppingList(.openRow(0)))   // `Oats`: 12-15 (the shop beside it is no title)
        #expect(tap(36, 0) == .shoppingList(.choose(0)))   // the total
        #expect(tap(15, 1) == .shoppingList(.openRow(1)))   // `Milk`: 12-15
        #expect(tap(16, 1) == .shoppingList(.choose(1)))
        #expect(tap(4, 3) == .shoppingList(.choose(3)))     // no box on a blank page
        #expect(tap(4, 4) == nil)                           // no row
        var ticked = entries
        ticked[0].item.ticked = true
        store.send(.shoppingList(.tickRow(0)), effects: [.setTicked("a", true)]) {
            $0.screen = .shoppingList(self.lists(ticked, selected: 0, mode: .browsing, lastChange: .tick("a", title: "Oats", ticked: true)))
        }
        // Pinned a1 (500 g): 2 × 500 g and one more, 1.5 kg (DECISIONS 344).
        let half = ListAmount(quantity: 500, unit: .gram)
        ticked[0].item.count = 3
        ticked[0].item.amount = ListAmount(quantity: 1500, unit: .gram)
        store.send(.shoppingList(.changeCount(1)), effects: [.changeListCount("a", by: 1, pack: half)]) {
            $0.screen = .shoppingList(self.lists(ticked, selected: 0, mode: .browsing, lastChange: .count("a", title: "Oats", by: 1, pack: half)))
        }
        // A tap on another row's box selects it and unticks it; the buttons follow the selection.
        ticked[1].item.ticked = false
        store.send(.shoppingList(.tickRow(1)), effects: [.setTicked("m", false)]) {
            $0.screen = .shoppingList(self.lists(ticked, selected: 1, mode: .browsing, lastChange: .tick("m", title: "Milk", ticked: false)))
        }
        #expect(tap(31, 1) == .shoppingList(.changeCount(1)))
        #expect(tap(31, 0) == .shoppingList(.choose(0)))
        let litre = ListAmount(quantity: 1, unit: .liter)
        ticked[1].item.count = 1
        ticked[1].item.amount = litre
        store.send(.shoppingList(.changeCount(-1)), effects: [.changeListCount("m", by: -1, pack: litre)]) {
            $0.screen = .shoppingList(self.lists(ticked, selected: 1, mode: .browsing, lastChange: .count("m", title: "Milk", by: -1, pack: litre)))
        }
        // An item off the list (0×) shows no box; Space or a tap there says how to put it back.
        ticked[1].item.count = 0
        ticked[1].item.amount = nil
        store.send(.shoppingList(.changeCount(-1)), effects: [.changeListCount("m", by: -1, pack: litre)]) {
            $0.screen = .shoppingList(self.lists(ticked, selected: 1, mode: .browsing, lastChange: .count("m", title: "Milk", by: -1, pack: litre)))
            $0.chrome.status = StatusMessage("\"Milk\" is off the list (kept: + puts it back)")
        }
        #expect(tap(4, 1) == .shoppingList(.choose(1)))
        store.send(.shoppingList(.tickRow(1))) {
            $0.chrome.status = StatusMessage("\"Milk\" is off the list: + puts it back", isWarning: true)
        }
        // The wheel moves the selection at this size too; the title opens.
        #expect(Input.action(for: .scroll(lines: 1, x: 20, y: 5), in: store.state) == .shoppingList(.moveSelection(1)))
        store.send(.shoppingList(.openRow(2)), effects: [.openComparison("b")]) {
            $0.screen = .comparison
            $0.chrome.status = nil
            $0.session.listPlaces = ["a", "m", "b", "u"]
        }
    }

    /// With a current store, the comparison marks the best product there as the one to buy.
    @Test func theComparisonMarksTheProductToBuyAtTheCurrentStore() {
        let state = AppState(comparison: Self.stocked, session: Session(id: "s", shop: ShopName("aldi")))
        #expect(state.editing.tablePage.row(0).verdict == "Best value")          // c1, at Costco
        #expect(state.editing.tablePage.row(1).verdict == "+14% more, to buy")   // a1: the best at Aldi
        #expect(state.editing.tablePage.row(2).verdict == "+28% more")
        var pinned = Self.stocked
        pinned.pinned = "a2"
        #expect(TablePage.productToBuy(pinned, at: ShopName("Aldi")) == "a2")
        #expect(TablePage.productToBuy(pinned, at: ShopName("Costco")) == "c1")
        #expect(TablePage.productToBuy(pinned, at: ShopName("Lidl")) == nil)
        #expect(TablePage.productToBuy(pinned, at: nil) == "a2")
    }
}

@Suite struct ShoppingListPropertyTests {
    /// Random keys on a random list: counts stay within 0…999 and every change is the effect's delta, the totals
    /// are the exact sums of the line totals (in the cart plus left is the total), and no key leaves the screen.
    @Test(arguments: 0..<20)
    func randomKeysKeepTheListsInvariants(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        let entries = (0..<6).map { i -> ListEntry in
            let products = (0..<Int.random(in: 0...3, using: &rng)).map { j in
                Product.fixture(id: ProductID("p\(i)-\(j)"), price: Decimal(Int.random(in: 1...99_999, using: &rng)) / 100,
                        quantity: Decimal(Int.random(in: 1...2_000, using: &rng)), unit: [.gram, .kilogram, .pound].randomElement(using: &rng)!)
            }
            let comparison = Comparison(id: EntityID("c\(i)"), title: "item \(i)", products: products)
            return ListEntry(id: comparison.id, title: comparison.title, productCount: products.count,
                             item: ListItem(count: Int.random(in: 0...3, using: &rng), ticked: Bool.random(using: &rng), pinned: nil, comparison: comparison))
        }
        var store = TestStore(Comparison(id: "open"))
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.loaded(entries)))
        var counts = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0.item.count) })
        let keys: [InputEvent] = [.character("+"), .character("-"), .character(" "), .key(.up), .key(.down), .key(.pageDown), .key(.home)]
        for _ in 0..<300 {
            let key = keys.randomElement(using: &rng)!
            guard let action = KeyTable.action(for: key, in: store.state) else { continue }
            for case .database(.changeListCount(let id, let delta, let pack)) in store.apply(action) {
                // A count of packs moves by them; an amount's count is the packs of the pack that hold it (DECISIONS 344):
                // off the list exactly when no amount is left.
                let item = store.state.shoppingList!.entries.first { $0.id == id }!.item
                if let pack {
                    #expect(item.count == (item.amount.map { ListAmount.packs(holding: $0.base(in: .us), of: pack.base(in: .us)) } ?? 0))
                    counts[id] = item.count
                } else {
                    counts[id] = max(0, min(ListItem.maximumCount, counts[id, default: 0] + delta))
                }
            }
            let lists = store.state.shoppingList!
            #expect(lists.entries.allSatisfy { (0...ListItem.maximumCount).contains($0.item.count) })
            #expect(lists.entries.allSatisfy { counts[$0.id] == $0.item.count }, "seed \(seed)")
            let totals = ListTotals(lists.entries)
            #expect(totals.inCart + totals.left == totals.total)
            let lines = lists.entries.filter(\.isOnTheList).compactMap { $0.item.lineTotal() }
            #expect(lines.reduce(0, +) == totals.total)
            #expect(totals.unpriced == lists.entries.filter { $0.isOnTheList && $0.item.lineTotal() == nil }.count)
        }
    }

    /// Random `[`, `]` and moves on a random list grouped by shop: what the screen shows is always what the database's
    /// list is arranged as after the same moves (the database moves an item as `QueuedListChanges` does), so the next
    /// poll does not move a row.
    @Test(arguments: 0..<20)
    func randomAisleMovesShowWhatIsSaved(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        let list = ShoppingListTests()
        let recent = (0..<8).map { i in list.stocked(EntityID("c\(i)"), "item \(i)", at: ["Aldi", "aldi", "Costco", "", "Lidl"].randomElement(using: &rng)!) }
        var store = list.opened(recent)
        store.apply(.shoppingList(.toggleOrder))
        store.apply(.shoppingList(.loaded(recent)))
        var saved = recent
        var moves = 0
        let keys: [InputEvent] = [.character("["), .character("]"), .key(.up), .key(.down), .key(.home), .key(.end)]
        for _ in 0..<200 {
            guard let action = KeyTable.action(for: keys.randomElement(using: &rng)!, in: store.state) else { continue }
            for case .database(let move) in store.apply(action) {
                guard case .moveInAisle = move else { continue }
                saved = [PendingWrite.other(move)].laidOver(saved)
                moves += 1
            }
            #expect(ListOrder.byShop.arranged(saved, at: nil) == store.state.shoppingList!.entries, "seed \(seed)")
        }
        #expect(moves > 10, "seed \(seed)")
    }
}
