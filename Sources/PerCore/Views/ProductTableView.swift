import Foundation

/// The products as a table: the form the shopper edits and the live ranking in one.
enum ProductTableView {
    static func draw(_ state: AppState, _ layout: ScreenLayout, into canvas: inout Canvas) {
        let g = state.glyphs
        let c = state.comparison
        let t = layout.table
        if layout.kind == .wide, let row = layout.rows.first ?? emptyRowTemplate(layout) {
            func header(_ text: String, _ r: Rect, right: Bool = false) {
                let x = right ? r.maxX - TextWidth.of(text) : r.x
                canvas.put(text, x: x, y: t.y, style: .underline, color: .muted, limit: r.width)
            }
            header("#", row.rank, right: true); header("Name", row.name); header("Price", row.price, right: true)
            header("Qty", row.quantity, right: true); header("Unit", row.unit)
            header("Per \(c.basis?.label ?? "unit")", row.unitPrice, right: true); header("", row.verdict)
        } else {
            let more = layout.visibleProducts.isEmpty ? "" : "products \(layout.visibleProducts.lowerBound + 1)-\(layout.visibleProducts.upperBound) of \(c.products.count)"
            canvas.put(more, x: t.x + 1, y: t.y, style: .dim, color: .muted, limit: t.width)
        }
        for row in layout.rows {
            drawRow(row, product: c.products[row.index], state: state, glyphs: g, wide: layout.kind == .wide, into: &canvas)
        }
        if layout.kind == .wide, c.products.count > layout.visibleProducts.count {
            let more = "\(layout.visibleProducts.lowerBound + 1)-\(layout.visibleProducts.upperBound) of \(c.products.count)"
            canvas.put(more, x: t.maxX - TextWidth.of(more), y: t.maxY - 1, style: .dim, color: .muted)
        }
    }

    private static func emptyRowTemplate(_ layout: ScreenLayout) -> ScreenLayout.ProductRow? { nil }

    static func drawRow(_ row: ScreenLayout.ProductRow, product: Product, state: AppState, glyphs g: GlyphSet, wide: Bool, into canvas: inout Canvas) {
        let c = state.comparison
        let isFocusedRow = row.index == state.focus.product
        let standing = c.standing(of: product)
        var rankText = "-", perText = "", verdictText = "", verdictStyle: CellStyle = .dim, verdictColor = ColorRole.muted
        switch standing {
        case .excluded(let problem):
            verdictText = problem.message
        case .ranked(let rank, let unitPrice, let verdict):
            rankText = String(rank)
            perText = c.pricePerBasis(unitPrice).map(DecimalText.displayPrice) ?? ""
            verdictText = verdict == .bestValue ? "\(g.bestMark) \(verdict.text)" : verdict.text
            (verdictStyle, verdictColor) = verdict == .bestValue ? (.bold, .best) : ([], .normal)
        }
        put(isFocusedRow ? "\(g.next)\(rankText)" : rankText, in: row.rank, right: true, style: isFocusedRow ? .bold : [], color: .accent, into: &canvas)
        put(perText, in: row.unitPrice, right: true, style: verdictStyle == .bold ? .bold : [], color: verdictStyle == .bold ? .best : .normal, into: &canvas)
        put(verdictText, in: row.verdict, right: false, style: verdictStyle, color: verdictColor, into: &canvas)
        if !wide {
            canvas.put("for", x: row.price.maxX + 1, y: row.price.y, style: .dim, color: .muted)
        }
        for field in ProductField.allCases {
            let frame = row.frame(of: field)
            let right = wide && field.isNumeric
            if isFocusedRow && field == state.focus.field {
                let text = ScreenView.editorText(state) + String(g.cursor)
                canvas.fill(frame, with: Cell(" ", style: .reverse, color: .accent))
                let shown = ScreenView.tail(text, frame.width)
                canvas.put(shown, x: right ? frame.maxX - TextWidth.of(shown) : frame.x, y: frame.y, style: [.reverse, .bold], color: .accent)
                continue
            }
            let (text, placeholder) = fieldText(product, field)
            put(text ?? placeholder, in: frame, right: right, style: text == nil ? .dim : [], color: text == nil ? .muted : .normal, into: &canvas, ellipsis: g.ellipsis)
        }
    }

    /// A field's committed value as shown, or the placeholder when it has none.
    static func fieldText(_ product: Product, _ field: ProductField) -> (String?, String) {
        switch field {
        case .price: (product.price.map { DecimalText.padFraction(DecimalText.format($0), to: 2) }, "price")
        case .quantity: (product.quantity.map(DecimalText.format), "qty")
        case .unit: (product.unit?.symbol, "unit")
        case .name: (product.name.isEmpty ? nil : product.name, "")
        }
    }

    static func put(_ text: String, in r: Rect, right: Bool, style: CellStyle, color: ColorRole, into canvas: inout Canvas, ellipsis: Character = "…") {
        let shown = TextWidth.truncate(text, to: r.width, ellipsis: ellipsis)
        canvas.put(shown, x: right ? r.maxX - TextWidth.of(shown) : r.x, y: r.y, style: style, color: color, limit: r.width)
    }
}
