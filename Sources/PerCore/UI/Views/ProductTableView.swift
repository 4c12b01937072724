import Foundation

/// The products as a table: the form the shopper edits and the live ranking in one.
enum ProductTableView {
    static func draw(_ state: AppState, _ layout: ScreenLayout, page: TablePage, into canvas: inout Canvas) {
        let g = state.session.glyphs
        let c = state.editing.comparison
        let t = layout.table
        if layout.kind == .wide, let row = layout.rows.first {
            func header(_ text: String, _ r: Rect, right: Bool = false) {
                let x = right ? r.maxX - TextWidth.of(text) : r.x
                canvas.put(text, x: x, y: t.y, style: .underline, color: .muted, limit: r.width)
            }
            header("#", row.rank, right: true); header("Name", row.name); header("Price", row.price, right: true)
            header("Qty", row.quantity, right: true); header("Unit", row.unit)
            header("Per \(c.basis?.label ?? "unit")", row.unitPrice, right: true)
            // Which products this page shows, where the verdict column's heading would be.
            if c.products.count > layout.visibleProducts.count {
                header("\(layout.visibleProducts.lowerBound + 1)-\(layout.visibleProducts.upperBound) of \(c.products.count)", row.verdict)
            }
        } else {
            let more = layout.visibleProducts.isEmpty ? "" : "products \(layout.visibleProducts.lowerBound + 1)-\(layout.visibleProducts.upperBound) of \(c.products.count)"
            canvas.put(more, x: t.x + 1, y: t.y, style: .dim, color: .muted, limit: t.width)
        }
        for row in layout.rows {
            drawRow(row, text: page.row(row.index), state: state, glyphs: g, wide: layout.kind == .wide, into: &canvas)
        }
    }

    static func drawRow(_ row: ScreenLayout.ProductRow, text: ProductRowText, state: AppState, glyphs g: GlyphSet, wide: Bool, into canvas: inout Canvas) {
        let isFocusedRow = row.index == state.editing.focus.product
        let (verdictStyle, verdictColor): (CellStyle, ColorRole) = text.isBest ? (.bold, .best) : text.isRanked ? ([], .normal) : (.dim, .muted)
        put(isFocusedRow ? "\(g.next)\(text.rank)" : text.rank, in: row.rank, right: true, style: isFocusedRow ? .bold : [], color: .accent, into: &canvas)
        // Currency: added here until money formatting has its one place in Text/ (then it moves there).
        // Left out of a cell too narrow for it, so the amount is never cut.
        func money(_ amount: String, _ frame: Rect) -> String {
            let shown = state.session.currency.format(amount)
            return TextWidth.of(shown) <= frame.width ? shown : amount
        }
        put(money(text.unitPrice, row.unitPrice), in: row.unitPrice, right: true, style: text.isBest ? .bold : [], color: text.isBest ? .best : .normal, into: &canvas)
        put(text.isBest ? "\(g.bestMark) \(text.verdict)" : text.verdict, in: row.verdict, right: false, style: verdictStyle, color: verdictColor, into: &canvas)
        if !wide {
            canvas.put("for", x: row.price.maxX + 1, y: row.price.y, style: .dim, color: .muted)
        }
        for field in ProductField.allCases {
            let frame = row.frame(of: field)
            if isFocusedRow && field == state.editing.focus.field {
                // Left-aligned while typing, so a keystroke only appends.
                let typed = ScreenView.tail(ScreenView.editorText(state) + String(g.cursor), frame.width)
                // Reverse alone, without colour: the same attributes as a pressed key and as the rest of the cell,
                // so typing needs no switch, and the shortest attribute sequence.
                canvas.fill(frame, with: Cell(" ", style: .reverse))
                canvas.put(typed, x: frame.x, y: frame.y, style: .reverse)
                continue
            }
            var (value, placeholder) = fieldText(text, field)
            if field == .price { value = value.map { money($0, frame) } }
            put(value ?? placeholder, in: frame, right: wide && field.isNumeric, style: value == nil ? .dim : [],
                color: value == nil ? .muted : .normal, into: &canvas, ellipsis: g.ellipsis)
        }
    }

    /// A field's committed value as shown, or the placeholder when it has none.
    static func fieldText(_ text: ProductRowText, _ field: ProductField) -> (String?, String) {
        switch field {
        case .price: (text.price, "price")
        case .quantity: (text.quantity, "qty")
        case .unit: (text.unit, "unit")
        case .name: (text.name, "")
        }
    }

    static func put(_ text: String, in r: Rect, right: Bool, style: CellStyle, color: ColorRole, into canvas: inout Canvas, ellipsis: Character = "…") {
        let shown = TextWidth.truncate(text, to: r.width, ellipsis: ellipsis)
        canvas.put(shown, x: right ? r.maxX - TextWidth.of(shown) : r.x, y: r.y, style: style, color: color, limit: r.width)
    }
}
