import Foundation

/// The shopping list (the saved comparisons), one per line, the selected one reversed and marked `›`:
/// check box, count, title (the selected item's ends in its `−`/`+` buttons), the product to buy, its price and the
/// line total; the trip's totals under them.
enum ShoppingListView {
    /// The selected row in words, for ACCESSIBLE=1: `selected 2 of 5` (the list and the price history, decision 440).
    static func selectedWords(_ row: Int, of count: Int) -> String { "selected \(row + 1) of \(count)" }

    static func draw(_ lists: ShoppingListScreen, state: AppState, into canvas: inout Canvas) {
        let g = state.session.glyphs
        let money = MoneyFormat(currency: state.session.currency, decimal: state.session.decimal)
        let layout = ShoppingListLayout(lists, size: state.session.size, order: state.session.listOrder, shop: state.session.shop, money: money)
        let shop = state.session.shop
        let heading = " per \(g.vertical) Shopping list" + (shop.map { " at \(TerminalText.singleLine($0.text))" } ?? "")
            + (state.session.listOrder == .byShop ? ", by shop" : "")
        let w = canvas.width
        // With ACCESSIBLE=1 the selected row is said in words at the title line's end (`selected 2 of 5`), and its `›`
        // is left out (decision 440): the title line is never covered by a message.
        let said = state.session.accessible && lists.rowCount > 0 ? Self.selectedWords(lists.selectedRow, of: lists.rowCount) : ""
        let headingRoom = said.isEmpty ? w : w - TextWidth.of(said) - 2
        canvas.put(TextWidth.truncate(heading, to: headingRoom, ellipsis: g.ellipsis), x: 0, y: 0, style: .bold, color: .accent)
        if !said.isEmpty { canvas.put(said, x: w - TextWidth.of(said) - 1, y: 0, style: .bold, color: .accent) }
        var headings = [("Title", ShoppingListLayout.titleX), ("Total", layout.totalEndX - 5)]
        if layout.showsProducts { headings += [("Buy", layout.buyX), ("Price", layout.priceEndX - 5)] }
        if layout.showsDates { headings.append(("Last edited", layout.dateX)) }
        for (text, x) in headings { canvas.put(text, x: x, y: ShoppingListLayout.headingY, style: .underline, color: .muted) }
        if case .finding(let text) = lists.mode {
            // A long text shows its end, where typing goes: only what fits is measured.
            let room = w - ShoppingListLayout.boxX - TextWidth.of("Find: ") - TextWidth.of(g.cursor)
            let shown = ScreenView.tail(TerminalText.singleLine(text), room)
            canvas.put("Find: \(shown)\(g.cursor)", x: ShoppingListLayout.boxX, y: layout.findY, style: .bold, color: .accent)
        } else if !lists.entries.isEmpty {
            canvas.put(totalsLine(ListTotals(lists.entries, at: shop), at: shop, money: money, width: w - ShoppingListLayout.boxX), x: ShoppingListLayout.boxX, y: layout.findY,
                       style: .bold, color: .normal)
        }
        if lists.rowCount == 0 {
            let forms = ["Nothing saved yet: type an item, or Ctrl-N for a comparison.", "Nothing yet: type an item, or Ctrl-N", "Nothing saved yet"]
            canvas.put(forms.first { TextWidth.of($0) <= w - ShoppingListLayout.boxX } ?? "", x: ShoppingListLayout.boxX, y: ShoppingListLayout.firstRowY + 1, style: .dim, color: .muted)
        }
        // Grouped by shop: each shop's name above its items, bold and between rules, so it reads without colour.
        for (text, y) in layout.headings {
            let rule = String(repeating: g.horizontal, count: 2)
            canvas.put(TextWidth.truncate("\(rule) \(text) \(rule)", to: w - 2, ellipsis: g.ellipsis), x: 1, y: y, style: .bold, color: .accent)
        }
        for (index, y) in layout.visibleRows {
            let entry = lists.entry(atRow: index)
            let isSelected = index == lists.selectedRow
            var title = entry?.displayTitle ?? ""
            if isSelected, case .naming(let text, _) = lists.mode { title = text + String(g.cursor) }
            if isSelected, case .adding(let text) = lists.mode { title = text + String(g.cursor) }
            let style: CellStyle = isSelected ? [.reverse, .bold] : []
            let color: ColorRole = isSelected ? .accent : .normal
            if isSelected { canvas.fill(Rect(x: 0, y: y, width: w, height: 1), with: Cell(" ", style: .reverse, color: .accent)) }
            // `›` marks the selected row, as it marks the focused product in a comparison (Enter opens it).
            canvas.put(isSelected && !state.session.accessible ? String(g.next) : " ", x: 1, y: y, style: style, color: .accent)
            let item = entry?.item ?? ListItem()
            let purchase = item.purchase(at: shop)
            let buy = purchase?.offer
            // Without the product column (a narrow screen), the title carries the shop, so a list grouped by shop reads.
            let buyShop = shop == nil ? buy.map { ShopName.trimmed($0.product.shop) } ?? "" : ""
            if !layout.showsProducts, !buyShop.isEmpty, entry != nil, !(isSelected && lists.isTyping) { title += " \(g.vertical == "|" ? "-" : "·") \(buyShop)" }
            // An item off the list (count 0), or in the cart, reads dim beside the ones still to buy.
            let quiet: CellStyle = isSelected ? style : (item.isListed && !item.ticked ? [] : .dim)
            // A blank page (no title, no product) is not an item: no box, no count.
            let isItem = entry.map(ShoppingListLayout.isItem) ?? true
            if item.isListed && isItem {
                canvas.put(item.ticked ? "[x]" : "[ ]", x: ShoppingListLayout.boxX, y: y, style: style, color: color)
            }
            // The packs bought here: count × price is the line total (DECISIONS 346).
            let shownCount = item.shownCount(at: shop)
            let count = shownCount > ListItem.maximumCount ? "999+" : "\(shownCount)\(g.times == "*" ? "x" : g.times)"
            if isItem {
                canvas.put(count, x: ShoppingListLayout.countX + ShoppingListLayout.countWidth - TextWidth.of(count), y: y, style: quiet, color: color)
            }
            canvas.put(TextWidth.truncate(TerminalText.singleLine(title), to: layout.titleRoom(row: index), ellipsis: g.ellipsis), x: ShoppingListLayout.titleX, y: y,
                       style: quiet, color: color)
            // Typing a list: the rest of the saved title it begins, after the cursor, dim and underlined (the status
            // line says Tab takes it).
            if isSelected, case .adding(let text) = lists.mode, !lists.completionRest.isEmpty {
                let typedWidth = TextWidth.of(TerminalText.singleLine(text + String(g.cursor)))
                let room = layout.titleRoom(row: index) - typedWidth
                if room > 0 {
                    canvas.put(TextWidth.truncate(TerminalText.singleLine(lists.completionRest), to: room, ellipsis: g.ellipsis),
                               x: ShoppingListLayout.titleX + typedWidth, y: y, style: [.reverse, .dim, .underline], color: color)
                }
            }
            // The selected item's count by taps: `−` and `+` drawn as keys, out of the row's reverse.
            for button in layout.countButtons where button.y == y {
                canvas.put(" \(button.delta < 0 ? g.minus : "+") ", x: button.x, y: y, style: .bold, color: .accent)
            }
            guard let entry else { continue }
            if layout.showsProducts {
                // The product's shop, unless every product to buy is at the current shop (or anywhere).
                let missing = entry.productCount == 0 ? "" : item.isNotAt(shop) ? notAt(shop) : "no price yet"
                // At the current shop, packs of another size than the one wanted say how many: `o2 3× 400 g = 1.2 kg`.
                // The amount asked is said where it fits (`2× 6 each (12 each)`), else the packs alone.
                let label = purchase.map { p in
                    let decimal = state.session.decimal
                    func withShop(_ text: String) -> String { TerminalText.singleLine([text, buyShop].filter { !$0.isEmpty }.joined(separator: ", ")) }
                    let forms = [true, false].map { says in withShop(p.buyText(decimal: decimal, saysAmount: says)) }
                    if let fits = forms.first(where: { TextWidth.of($0) <= layout.buyWidth }) { return fits }
                    // The packs and a multi-buy's offer stay whole, the name cut before them (`t… 2× 500 g (2 for
                    // 3.00)`), else the name left out, then the offer short (`(2/3.00)`), at last the shop cut: a number
                    // cut (`(2 f…`) would misread the price (decision 433).
                    var candidates: [String] = []
                    for short in [false, true] {
                        guard let note = p.packsNote(decimal: decimal, saysAmount: false, shortOffer: short) else { continue }
                        let rest = " " + withShop(note)
                        let room = layout.buyWidth - TextWidth.of(rest)
                        if !p.offer.product.name.isEmpty, room >= 2 {
                            candidates.append(TextWidth.truncate(TerminalText.singleLine(p.offer.label(decimal: decimal)), to: room, ellipsis: g.ellipsis) + rest)
                        }
                        candidates.append(withShop(note))
                    }
                    return candidates.first { TextWidth.of($0) <= layout.buyWidth } ?? candidates.last ?? forms[1]
                } ?? missing
                canvas.put(TextWidth.truncate(label, to: layout.buyWidth, ellipsis: g.ellipsis), x: layout.buyX, y: y, style: quiet,
                           color: isSelected ? .accent : (buy == nil ? .muted : .normal))
                if let price = buy?.product.price {
                    put(amount: money.price(price), money: money, endX: layout.priceEndX, width: ShoppingListLayout.priceWidth, y: y,
                        style: quiet, color: color, into: &canvas, glyphs: g)
                }
            }
            if let line = purchase?.cost, item.isListed {
                put(amount: money.price(line), money: money, endX: layout.totalEndX, width: ShoppingListLayout.totalWidth, y: y,
                    style: quiet, color: color, into: &canvas, glyphs: g)
            }
            if layout.showsDates, let date = entry.updatedAt {
                canvas.put(ListEntry.displayDate(date), x: layout.dateX, y: y, style: style, color: isSelected ? .accent : .muted)
            }
        }
    }

    /// Below the width of the product column, the hint says what to buy for the selected item: `Buy o1, Costco,
    /// 6.99` (a phone in the aisle); nil when the column shows it, or there is nothing to buy.
    static func narrowBuyHint(_ lists: ShoppingListScreen, state: AppState) -> String? {
        let money = MoneyFormat(currency: state.session.currency, decimal: state.session.decimal)
        guard !ShoppingListLayout(lists, size: state.session.size, order: state.session.listOrder, shop: state.session.shop).showsProducts, let entry = lists.selectedEntry,
              let purchase = entry.item.purchase(at: state.session.shop) else { return nil }
        let buy = purchase.offer, shop = ShopName.trimmed(buy.product.shop)
        let parts = [purchase.buyText(decimal: money.decimal), shop.isEmpty ? nil : shop, buy.product.price.map { money.shown(money.price($0)) }].compactMap { $0 }
        return TerminalText.singleLine("Buy " + parts.joined(separator: ", "))
    }

    /// An amount right-aligned to end at `endX`: with the currency when it fits, else alone, cut after its point
    /// when even that is too long (never to its tail).
    private static func put(amount: String, money: MoneyFormat, endX: Int, width: Int, y: Int, style: CellStyle, color: ColorRole,
                            into canvas: inout Canvas, glyphs: GlyphSet) {
        let text = ShoppingListLayout.totalText(amount, money: money, width: width, ellipsis: glyphs.ellipsis)
        canvas.put(text, x: endX - TextWidth.of(text), y: y, style: style, color: color)
    }

    /// `Total 45.92 · in cart 13.98 · left 31.94 (2 without a price)`, shorter when the width asks; items without a
    /// price (or not at the current shop: `1 not at Lidl`) are said before the cart is left out, so a total never looks
    /// complete when it is not.
    static func totalsLine(_ totals: ListTotals, at shop: ShopName? = nil, money: MoneyFormat, width: Int) -> String {
        let total = money.shown(money.price(totals.total)), cart = money.shown(money.price(totals.inCart)), left = money.shown(money.price(totals.left))
        let missing = [totals.unpriced == 0 ? nil : "\(totals.unpriced) without a price",
                       totals.notHere == 0 ? nil : "\(totals.notHere) \(notAt(shop))",
                       totals.tooMany == 0 ? nil : "\(totals.tooMany) in too many packs"].compactMap { $0 }
        let short = [totals.unpriced == 0 ? nil : "\(totals.unpriced) no price", totals.notHere == 0 ? nil : "\(totals.notHere) not here",
                     totals.tooMany == 0 ? nil : "\(totals.tooMany) uncounted"].compactMap { $0 }
        // Deposits are never in the total: said beside it, with the money to bring, while a form holds them.
        let deposit = money.shown(money.price(totals.deposits)), bring = money.shown(money.price(totals.toBring))
        let deposits = totals.deposits == 0 ? [] : [
            "Total \(total) · in cart \(cart) · left \(left) · deposits \(deposit) (back for the empties) · to bring \(bring)",
            "Total \(total) · left \(left) · +\(deposit) dep · bring \(bring)",
            "Total \(total) +\(deposit) dep · bring \(bring)",
        ]
        let forms = deposits + [
            "Total \(total) · in cart \(cart) · left \(left)" + (missing.isEmpty ? "" : " (\(missing.joined(separator: ", ")))"),
        ] + (short.isEmpty ? [] : ["Total \(total) · left \(left) · " + short.joined(separator: " · ")]) + [
            "Total \(total) · in cart \(cart) · left \(left)",
            "Total \(total) cart \(cart) left \(left)",
            "Left \(left) of \(total)",
        ]
        return forms.first { TextWidth.of($0) <= width } ?? forms.last!
    }

    /// What an item reads when none of its products can be bought at the current shop: `not at Lidl`.
    static func notAt(_ shop: ShopName?) -> String {
        "not at " + TerminalText.singleLine(shop?.text ?? "")
    }
}
