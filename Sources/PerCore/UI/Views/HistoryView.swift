import Foundation

/// The comparison's price history, newest first: day, product, shop, price, quantity, unit, unit price; the lowest
/// ever seen marked (bold and `★`, so it reads without colour), the prices now marked `now`.
enum HistoryView {
    static func draw(_ history: HistoryScreen, state: AppState, into canvas: inout Canvas) {
        let g = state.session.glyphs
        let w = canvas.width
        let layout = HistoryLayout(history, session: state.session)
        let count: String
        switch history.content {
        case .loading:
            count = ""
            canvas.put("Reading the prices…", x: 1, y: HistoryLayout.firstRowY, style: .dim, color: .muted)
        case .loaded(let book):
            let total = history.entryCount
            let noun = history.view == .lowestPerShop ? (total == 1 ? " shop" : " shops") : (total == 1 ? " price" : " prices")
            count = book.entries.isEmpty ? ""
                : state.session.accessible ? ShoppingListView.selectedWords(history.selected, of: total)
                : layout.shown.count == total ? "\(total)\(noun)"
                : "\(layout.shown.lowerBound + 1)-\(layout.shown.upperBound) of \(total)"
            if book.entries.isEmpty {
                let long = "No prices yet: a product's price, quantity and unit make one."
                canvas.put(TextWidth.of(long) <= w - 2 ? long : "No prices yet.", x: 1, y: HistoryLayout.firstRowY, style: .dim, color: .muted, limit: w - 2)
            }
        }
        let titleRoom = w - (count.isEmpty ? 0 : TextWidth.of(count) + 2)
        canvas.put(Self.title(state.editing.comparison.displayTitle, room: titleRoom, glyphs: g, view: history.view), x: 0, y: 0, style: .bold, color: .accent)
        if !count.isEmpty { canvas.put(count, x: w - TextWidth.of(count) - 1, y: 0, style: .dim, color: .muted) }
        guard case .loaded(let book) = history.content, !book.entries.isEmpty else { return }
        for (column, x, width) in layout.columns {
            let heading = Self.heading(column, book: book, layout: layout)
            let right = Self.isNumber(column)
            // Whole headings only: `Product @ shop` becomes `Product`, never `Product @ s…`.
            let shown = TextWidth.of(heading) <= width ? heading : column == .name && TextWidth.of("Product") <= width ? "Product" : ""
            if !shown.isEmpty {
                canvas.put(shown, x: right ? x + width - TextWidth.of(shown) : x, y: 1, style: .underline, color: .muted, limit: width)
            }
        }
        for (offset, row) in layout.rows.enumerated() {
            let y = HistoryLayout.firstRowY + offset
            let isSelected = layout.shown.lowerBound + offset == history.selected
            // The selected row is one style, the selection's, the lowest among them too (bold and `★` still say it).
            let selection = Cell(" ", style: row.isLowest ? [.reverse, .bold] : .reverse, color: .accent)
            if isSelected {
                // Reversed and marked `›` (`>`), as the shopping list's selected row: it reads without colour.
                canvas.fill(Rect(x: 0, y: y, width: w, height: 1), with: selection)
                if !state.session.accessible { canvas.put(g.next, x: 0, y: y, style: [.reverse, .bold], color: .accent) }
            }
            for (column, x, width) in layout.columns where width > 0 {
                let text: String
                switch column {
                case .day: text = layout.showsAges ? row.age : row.day
                case .name: text = layout.shopColumn ? row.name : row.nameAndShop(in: width, ellipsis: g.ellipsis)
                case .shop: text = row.shop
                case .price: text = row.price
                case .quantity: text = row.quantity
                case .unit: text = row.unit
                case .unitPrice: text = row.unitPrice
                case .mark:
                    // Whole or nothing: a mark cut short would read as another word.
                    let mark = row.mark(full: layout.fullMark, glyphs: g, accessible: state.session.accessible)
                    text = TextWidth.of(mark) <= width ? mark : ""
                }
                let shown = Self.isNumber(column) ? NumberFit.fit(text, width: width, ellipsis: g.ellipsis) : TextWidth.truncate(text, to: width, ellipsis: g.ellipsis)
                let x = Self.isNumber(column) ? x + width - TextWidth.of(shown) : x
                let muted = column == .mark && !row.isLowest && row.lowestOffers.isEmpty
                let (style, color): (CellStyle, ColorRole) = isSelected ? (selection.style, selection.color)
                    : muted ? (.dim, .muted) : row.isLowest ? (.bold, .best) : ([], .normal)
                canvas.put(shown, x: x, y: y, style: style, color: color, limit: width)
            }
        }
    }

    /// The status line's hint: where and when the lowest was seen; while fixing, what is typed.
    static func hint(_ history: HistoryScreen, session: Session) -> String {
        if case .fixing(let fix) = history.mode {
            let label = fix.field == .shop ? "Shop" : "Day (\(session.today?.iso ?? "YYYY-MM-DD"); empty: not known)"
            let typed = TerminalText.singleLine(fix.text) + String(session.glyphs.cursor)
            let long = "\(label): \(typed)  Enter saves, Esc cancels"
            if TextWidth.of(long) < session.size.width - 1 { return long }
            let start = "\(fix.field == .shop ? "Shop" : "Day"): "
            let room = session.size.width - 3
            if TextWidth.of(start + typed) <= room { return start + typed }
            // The label and the end of what is typed stay in view; its start gives way, marked `…`.
            var end = Substring(typed)
            while !end.isEmpty, TextWidth.of(start) + 1 + TextWidth.of(String(end)) > room { end = end.dropFirst() }
            return start + String(session.glyphs.ellipsis) + end
        }
        // The lowest shelf price seen, and beside it the lowest deal and member price seen where there is room (decision 412).
        for label in ["Lowest seen", "Lowest"] {
            for offers in [true, false] {
                let text = hint(history, session: session, label: label, offers: offers)
                if TextWidth.of(text) < session.size.width - 1 { return text }
            }
        }
        return hint(history, session: session, label: "Lowest", offers: false)
    }

    private static func hint(_ history: HistoryScreen, session: Session, label: String, offers: Bool) -> String {
        guard case .loaded(let book) = history.content, let lowest = book.lowest, let amount = book.pricePerBasis(lowest) else {
            return "Esc goes back to the comparison"
        }
        let per = book.perLabel.isEmpty ? "" : " per \(book.perLabel)"
        let shop = lowest.record.shop.isEmpty ? "" : " at \(TerminalText.singleLine(lowest.record.shop))"
        let day = lowest.record.seen.map { LowestSeen.day($0, today: session.today, after: shop) } ?? ""
        func money(_ amount: Decimal) -> String { session.currency.format(session.decimal.shown(MoneyFormat.plain.unitPrice(amount))) }
        var text = "\(label): \(money(amount))\(per)\(shop)\(day)"
        if offers {
            for (kind, word) in [(PriceKind.deal, "deal"), (.member, "member")] {
                guard let entry = book.lowestOffer(kind), let offer = book.pricePerBasis(entry, as: kind) else { continue }
                text += "; \(word) \(money(offer))"
            }
        }
        return text
    }

    /// ` per │ Oats: prices seen`; a long title is cut (it is the user's text), the words after it kept whole or left out.
    static func title(_ comparisonTitle: String, room: Int, glyphs g: GlyphSet, end: String = ": prices seen") -> String {
        let start = " per \(g.vertical) "
        let full = start + comparisonTitle + end
        if TextWidth.of(full) <= room { return full }
        let titleRoom = room - TextWidth.of(start) - TextWidth.of(end)
        if titleRoom >= 8 { return start + TextWidth.truncate(comparisonTitle, to: titleRoom, ellipsis: g.ellipsis) + end }
        return TextWidth.truncate(start + comparisonTitle, to: room, ellipsis: g.ellipsis)
    }

    /// The title for the view: the lowest per shop says so at every width (`: lowest at each shop`, shorter where
    /// narrow), so it never reads as every price.
    static func title(_ comparisonTitle: String, room: Int, glyphs g: GlyphSet, view: HistoryScreen.View) -> String {
        switch view {
        case .everyPrice: return title(comparisonTitle, room: room, glyphs: g)
        case .lowestPerShop:
            for end in [": lowest at each shop", ": lowest per shop"] {
                let whole = " per \(g.vertical) " + comparisonTitle + end
                if TextWidth.of(whole) <= room { return whole }
            }
            return title(comparisonTitle, room: room, glyphs: g, end: ": lowest")
        }
    }

    static func heading(_ column: HistoryLayout.Column, book: PriceBook, layout: HistoryLayout) -> String {
        switch column {
        case .day: "Seen"
        case .name: layout.shopColumn ? "Product" : "Product @ shop"
        case .shop: "Shop"
        case .price: "Price"
        case .quantity: "Qty"
        case .unit: "Unit"
        case .unitPrice: HistoryLayout.unitPriceHeading(book)
        case .mark: ""
        }
    }

    static func isNumber(_ column: HistoryLayout.Column) -> Bool {
        switch column {
        case .price, .quantity, .unitPrice: true
        case .day, .name, .shop, .unit, .mark: false
        }
    }
}
