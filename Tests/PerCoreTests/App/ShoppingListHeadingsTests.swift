import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Grouped by shop (Ctrl-S), the list screen names each shop on a line of its own above its items; the selection,
/// paging, taps and the wheel work on the rows around them.
@Suite struct ShoppingListHeadingsTests {
    let helper = ShoppingListTests()

    /// Eggs, Oats and Milk at Aldi, Rice at Costco, Bread without a shop.
    var recent: [ListEntry] {
        [helper.stocked("e", "Eggs", at: "Aldi"), helper.stocked("r", "Rice", at: "Costco"), helper.stocked("o", "Oats", at: "aldi "),
         helper.stocked("b", "Bread", at: ""), helper.stocked("m", "Milk", at: "Aldi")]
    }

    func grouped(_ entries: [ListEntry], size: TerminalSize) -> TestStore {
        var store = TestStore(Comparison(id: "c", title: "Oil"), size: size)
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.toggleOrder))
        store.apply(.shoppingList(.loaded(entries)))
        return store
    }

    @Test func theLinesOfTheGroupedList() {
        let store = grouped(recent, size: TerminalSize(width: 80, height: 24))
        let lists = store.state.shoppingList!
        #expect(lists.lines(order: .byShop, shop: nil) == [
            .heading("Aldi"), .row(0), .row(1), .row(2), .heading("Costco"), .row(3), .heading("Any shop"), .row(4),
        ])
        #expect(lists.lines(order: .recent, shop: nil) == (0..<5).map(ShoppingListScreen.Line.row))
        // At Costco, Bread (no shop) can be bought there, the Aldi items cannot.
        #expect(ListOrder.byShop.arranged(recent, at: ShopName("Costco")).map(\.title) == ["Rice", "Bread", "Eggs", "Oats", "Milk"])
    }

    /// At Lidl: the shops, then what any shop has, what Lidl hasn't, and what has no price yet, each under a heading
    /// that says which (not one "No shop" for all three).
    @Test func afterTheShopsTheHeadingsSayWhyAnItemHasNone() {
        let tea = ListEntry(id: "t", title: "Tea", productCount: 0)
        let entries = [helper.stocked("o", "Oats", at: "Aldi"), tea, helper.stocked("s", "Salt", at: ""), helper.stocked("m", "Milk", at: "lidl")]
        let lidl = ShopName("Lidl")
        #expect(entries.map { ListGroup($0.item, at: lidl) } == [.notAt(lidl!), .noPrice, .anyShop, .shop("lidl")])
        #expect(entries.map { ListGroup($0.item, at: lidl).heading } == ["Not at Lidl", "No price yet", "Any shop", "lidl"])
        #expect(entries.map { ListGroup($0.item, at: nil) } == [.shop("Aldi"), .noPrice, .anyShop, .shop("lidl")])
        #expect(ListOrder.byShop.arranged(entries, at: lidl).map(\.title) == ["Milk", "Salt", "Oats", "Tea"])
        var store = TestStore(Comparison(id: "c", title: "Oil"), size: TerminalSize(width: 40, height: 12), shop: "Lidl")
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.toggleOrder))
        store.apply(.shoppingList(.loaded(entries)))
        #expect(store.state.shoppingList!.lines(order: .byShop, shop: lidl).compactMap { line -> String? in
            if case .heading(let text) = line { return text } else { return nil }
        } == ["lidl", "Any shop", "Not at Lidl", "No price yet"])
    }

    @Test func headingsAt80By24() {
        let store = grouped(recent, size: TerminalSize(width: 80, height: 24))
        #expect(ScreenView.render(store.state).text == """
             per │ Shopping list, by shop
                        Title                       Buy                    Price      Total
             ── Aldi ──
             › [ ]   1× Eggs                 −   +  1 kg, Aldi              1.00       1.00
               [ ]   1× Oats                        1 kg, aldi              1.00       1.00
               [ ]   1× Milk                        1 kg, Aldi              1.00       1.00
             ── Costco ──
               [ ]   1× Rice                        1 kg, Costco            1.00       1.00
             ── Any shop ──
               [ ]   1× Bread                       1 kg                    1.00       1.00
            \(String(repeating: "\n", count: 11))   Total 5.00 · in cart 0.00 · left 5.00
             Grouped by shop
            Enter open  / find  ^N new  ^D delete  ^Y undo  ^R rename  Esc back  +/- count
            """)
        // Bold, not dim: the heading reads without colour.
        #expect(ScreenView.render(store.state).styleLines[2].hasPrefix(".BBBBBBBBBB."))
    }

    @Test func headingsAt40By20() {
        let store = grouped(recent, size: TerminalSize(width: 40, height: 20))
        #expect(ScreenView.render(store.state).text == """
             per │ Shopping list, by shop
                        Title                 Total
             ── Aldi ──
             › [ ]   1× Eggs · Aldi     −   +  1.00
               [ ]   1× Oats · aldi            1.00
               [ ]   1× Milk · Aldi            1.00
             ── Costco ──
               [ ]   1× Rice · Costco          1.00
             ── Any shop ──
               [ ]   1× Bread                  1.00
            \(String(repeating: "\n", count: 7))   Total 5.00 · in cart 0.00 · left 5.00
             Grouped by shop
            Enter open  / find  ^N new  ^D delete
            """)
    }

    /// Taps land on the entry drawn on their line, a tap on a heading does nothing, and the wheel moves by rows.
    @Test func tapsLandOnTheRightEntryWithHeadingsPresent() {
        let store = grouped(recent, size: TerminalSize(width: 40, height: 20))
        func tap(_ x: Int, line: Int) -> Action? { Input.action(for: .click(x: x, y: ShoppingListLayout.firstRowY + line), in: store.state) }
        #expect(tap(4, line: 0) == nil)                                 // ── Aldi ──
        #expect(tap(12, line: 0) == nil)
        #expect(tap(4, line: 1) == .shoppingList(.tickRow(0)))          // Eggs
        #expect(tap(12, line: 2) == .shoppingList(.openRow(1)))         // Oats
        #expect(tap(30, line: 3) == .shoppingList(.choose(2)))          // Milk
        #expect(tap(4, line: 4) == nil)                                 // ── Costco ──
        #expect(tap(4, line: 5) == .shoppingList(.tickRow(3)))          // Rice
        #expect(tap(4, line: 6) == nil)                                 // ── Any shop ──
        #expect(tap(12, line: 7) == .shoppingList(.openRow(4)))         // Bread
        #expect(tap(4, line: 8) == nil)                                 // under the rows
        #expect(Input.action(for: .scroll(lines: 2, x: 10, y: 5), in: store.state) == .shoppingList(.moveSelection(2)))
        let layout = ShoppingListLayout(store.state.shoppingList!, size: store.state.session.size, order: .byShop)
        #expect(layout.visibleRows.map(\.index) == [0, 1, 2, 3, 4])
        #expect(layout.visibleRows.map(\.y) == [3, 4, 5, 7, 9])
        #expect(layout.headings.map(\.text) == ["Aldi", "Costco", "Any shop"])
        #expect(layout.headings.map(\.y) == [2, 6, 8])
    }

    /// PgDn moves by a page of lines (headings count): to the row on the line a page down, the page shows it, and
    /// taps there land on its rows.
    @Test func pagingCountsTheHeadings() {
        // 12 items at each of Aldi and Costco; at 40×20 a page is 15 lines.
        let entries = (0..<24).map { helper.stocked(ComparisonID("i\($0)"), "Item \($0)", at: $0 < 12 ? "Aldi" : "Costco") }
        var store = grouped(entries, size: TerminalSize(width: 40, height: 20))
        #expect(ShoppingListScreen.rowsPerPage(store.state.session.size) == 15)
        let lines = store.state.shoppingList!.lines(order: .byShop, shop: nil)
        #expect(lines.count == 26 && lines[0] == .heading("Aldi") && lines[13] == .heading("Costco"))
        // Item 0 is on line 1; line 1 + 15 = line 16: row 14 (Item 14), on the page of lines 15 to 29.
        store.apply(.shoppingList(.movePage(1)))
        #expect(store.state.shoppingList!.selected == 14)
        var layout = ShoppingListLayout(store.state.shoppingList!, size: store.state.session.size, order: .byShop)
        #expect(layout.firstRow == 13 && layout.headings.isEmpty)
        #expect(layout.visibleRows.first!.y == ShoppingListLayout.firstRowY && layout.visibleRows.count == 11)
        #expect(Input.action(for: .click(x: 4, y: ShoppingListLayout.firstRowY), in: store.state) == .shoppingList(.tickRow(13)))
        store.apply(.shoppingList(.movePage(-1)))   // line 16 - 15 = line 1: row 0
        #expect(store.state.shoppingList!.selected == 0)
        store.apply(.shoppingList(.moveSelection(12)))   // row 12, the first at Costco, on line 14
        store.apply(.shoppingList(.movePage(-1)))        // line 14 - 15: line 0, a heading: the row after it
        #expect(store.state.shoppingList!.selected == 0)
        layout = ShoppingListLayout(store.state.shoppingList!, size: store.state.session.size, order: .byShop)
        #expect(layout.firstRow == 0 && layout.visibleRows.last!.index == 12 && layout.headings.map(\.text) == ["Aldi", "Costco"])
        store.apply(.shoppingList(.selectFirst))
        store.apply(.shoppingList(.movePage(1)))
        store.apply(.shoppingList(.movePage(1)))   // past the end: the last row
        #expect(store.state.shoppingList!.selected == 23)
        // Not grouped: PgDn moves by rows, as before.
        store.apply(.shoppingList(.toggleOrder))
        store.apply(.shoppingList(.selectFirst))
        store.apply(.shoppingList(.movePage(1)))
        #expect(store.state.shoppingList!.selected == 15)
    }
}
