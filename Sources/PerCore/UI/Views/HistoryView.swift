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
            count = book.entries.isEmpty ? ""
                : layout.shown.count == book.entries.count ? "\(book.entries.count) price\(book.entries.count == 1 ? "" : "s")"
                : "\(layout.shown.lowerBound + 1)-\(layout.shown.upperBound) of \(book.entries.count)"
            if book.entries.isEmpty {
                let long = "No prices yet: a product's price, quantity and unit make one."
                canvas.put(TextWidth.of(long) <= w - 2 ? long : "No prices yet.", x: 1, y: HistoryLayout.firstRowY, style: .dim, color: .muted, limit: w - 2)
            }
        }
        let titleRoom = w - (count.isEmpty ? 0 : TextWidth.of(count) + 2)
        canvas.put(Self.title(state.editing.comparison.displayTitle, room: titleRoom, glyphs: g), x: 0, y: 0, style: .bold, color: .accent)
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
            let style: CellStyle = row.isLowest ? .bold : []
            let color: ColorRole = row.isLowest ? .best : .normal
            for (column, x, width) in layout.columns where width > 0 {
                let text: String
                switch column {
                case .day: text = row.day
                case .name: text = layout.shopColumn ? row.name : row.nameAndShop
                case .shop: text = row.shop
                case .price: text = row.price
                case .quantity: text = row.quantity
                case .unit: text = row.unit
                case .unitPrice: text = row.unitPrice
                case .mark:
                    // Whole or nothing: a mark cut short would read as another word.
                    let mark = row.isLowest ? HistoryLayout.mark(full: layout.fullMark, glyphs: g) : row.isCurrent ? "now" : ""
                    text = TextWidth.of(mark) <= width ? mark : ""
                }
                let shown = Self.isNumber(column) ? NumberFit.fit(text, width: width, ellipsis: g.ellipsis) : TextWidth.truncate(text, to: width, ellipsis: g.ellipsis)
                let x = Self.isNumber(column) ? x + width - TextWidth.of(shown) : x
                let muted = column == .mark && !row.isLowest
                canvas.put(shown, x: x, y: y, style: muted ? .dim : style, color: muted ? .muted : color, limit: width)
            }
        }
    }

    /// The status line's hint: where and when the lowest was seen.
    static func hint(_ history: HistoryScreen, session: Session) -> String {
        let long = hint(history, session: session, label: "Lowest seen")
        return TextWidth.of(long) < session.size.width - 1 ? long : hint(history, session: session, label: "Lowest")
    }

    private static func hint(_ history: HistoryScreen, session: Session, label: String) -> String {
        guard case .loaded(let book) = history.content, let lowest = book.lowest, let amount = book.pricePerBasis(lowest) else {
            return "Esc goes back to the comparison"
        }
        let per = book.perLabel.isEmpty ? "" : " per \(book.perLabel)"
        let shop = lowest.record.shop.isEmpty ? "" : " at \(TerminalText.singleLine(lowest.record.shop))"
        let day = lowest.record.seen.map { LowestSeen.day($0, today: session.today, after: shop) } ?? ""
        return "\(label): \(session.currency.format(session.decimal.shown(MoneyFormat.plain.unitPrice(amount))))\(per)\(shop)\(day)"
    }

    /// ` per │ Oats: prices seen`; a long title is cut (it is the user's text), the words after it kept whole or left out.
    static func title(_ comparisonTitle: String, room: Int, glyphs g: GlyphSet) -> String {
        let start = " per \(g.vertical) ", end = ": prices seen"
        let full = start + comparisonTitle + end
        if TextWidth.of(full) <= room { return full }
        let titleRoom = room - TextWidth.of(start) - TextWidth.of(end)
        if titleRoom >= 8 { return start + TextWidth.truncate(comparisonTitle, to: titleRoom, ellipsis: g.ellipsis) + end }
        return TextWidth.truncate(start + comparisonTitle, to: room, ellipsis: g.ellipsis)
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
