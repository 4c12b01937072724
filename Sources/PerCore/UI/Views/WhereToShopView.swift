import Foundation

/// Where to shop: the title (and which lines show when they do not all fit), then the screen's text, the answer
/// first. Every line says what it means in words (`Cheapest shop:`, `3 of 3`, `missing Oats`); bold and dim only
/// repeat it.
enum WhereToShopView {
    static func draw(_ shops: WhereToShopScreen, state: AppState, into canvas: inout Canvas) {
        let w = canvas.width
        let size = state.session.size
        let lines = shops.lines(width: w, currency: state.session.currency, decimal: state.session.decimal)
        let rows = WhereToShopScreen.linesPerPage(size)
        let top = max(0, min(shops.top, lines.count - rows))
        let shown = top..<min(lines.count, top + rows)
        let items = shops.shops.items.count
        let count = shown.count == lines.count ? (items == 0 ? "" : "\(items) item\(items == 1 ? "" : "s")")
            : "\(shown.lowerBound + 1)-\(shown.upperBound) of \(lines.count)"
        let title = " per \(state.session.glyphs.vertical) Where to shop"
        canvas.put(title, x: 0, y: 0, style: .bold, color: .accent, limit: w - (count.isEmpty ? 0 : TextWidth.of(count) + 2))
        if !count.isEmpty { canvas.put(count, x: w - TextWidth.of(count) - 1, y: 0, style: .dim, color: .muted) }
        for (offset, index) in shown.enumerated() {
            let line = lines[index]
            let style: CellStyle, color: ColorRole
            switch line.emphasis {
            case .plain: (style, color) = ([], .normal)
            case .verdict: (style, color) = (.bold, .best)
            case .heading: (style, color) = (.underline, .muted)
            case .quiet: (style, color) = (.dim, .muted)
            }
            canvas.put(line.text, x: 1, y: WhereToShopScreen.linesAboveText + offset, style: style, color: color, limit: w - 2)
        }
    }

    /// The status line's hint: what the text is about and the way back.
    static func hint(_ shops: WhereToShopScreen, session: Session) -> String {
        let items = shops.shops.items.count
        let long = "For the \(items) item\(items == 1 ? "" : "s") on the list, at their counts; Esc goes back"
        return TextWidth.of(long) < session.size.width - 1 ? long : "For the \(items) item\(items == 1 ? "" : "s") on the list; Esc back"
    }
}
