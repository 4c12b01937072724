import Foundation

/// The products as a table: the form the shopper edits and the live ranking in one.
enum ProductTableView {
    static func draw(_ state: AppState, _ layout: ScreenLayout, into canvas: inout Canvas) {
        let g = state.session.glyphs
        let c = state.editing.comparison
        let t = layout.table
        let shown = layout.visibleProducts
        let counters = c.products.count > shown.count ? ScreenLayout.counters(shown, of: c.products.count) : []
        guard let first = layout.rows.first else { return }
        func header(_ text: String, _ r: Rect, right: Bool = false) {
            let x = right ? r.maxX - TextWidth.of(text) : r.x
            canvas.put(text, x: x, y: t.y, style: .underline, color: .muted, limit: r.width)
        }
        // `Per fl oz (US)` where the column is wide enough, else `Per fl oz` (the title bar says `(US)` too).
        let marked = ScreenLayout.unitPriceHeading(c.perLabel)
        let perHeading = TextWidth.of(marked) <= first.unitPrice.width || layout.kind != .wide ? marked : ScreenLayout.unitPriceHeading(c.basis?.label ?? "")
        if layout.kind == .wide {
            header("#", first.rank, right: true); header("Name", first.name); header("Price", first.price, right: true)
            header("Qty", first.quantity, right: true); header("Unit", first.unit)
            header(perHeading, first.unitPrice, right: true)
            if first.age.width >= TextWidth.of(ScreenLayout.ageHeading) { header(ScreenLayout.ageHeading, first.age) }
            // Which products this page shows, where the verdict column's heading would be.
            if let counter = counters.first(where: { TextWidth.of($0) <= first.verdict.width }) {
                header(counter, first.verdict)
            }
        } else {
            // The counter at the left, the comparison unit over its column when both fit.
            let perX = first.unitPrice.maxX - TextWidth.of(perHeading)
            let counter = (["products " + (counters.first ?? "")] + counters).first { counters.isEmpty ? false : TextWidth.of($0) + 2 <= perX - t.x }
            if let counter { canvas.put(counter, x: t.x + 1, y: t.y, style: .dim, color: .muted) }
            if perX > t.x { canvas.put(perHeading, x: perX, y: t.y, style: .dim, color: .muted) }
            // `Seen` over the ages when it fits between the counter and the unit price's heading.
            let seenEnd = first.age.x + TextWidth.of(ScreenLayout.ageHeading)
            if first.age.width >= TextWidth.of(ScreenLayout.ageHeading), seenEnd < perX, first.age.x > t.x + 1 + TextWidth.of(counter ?? "") {
                canvas.put(ScreenLayout.ageHeading, x: first.age.x, y: t.y, style: .dim, color: .muted)
            }
        }
        for row in layout.rows {
            drawRow(row, text: layout.page.row(row.index), suggested: layout.page.suggestion(row.index), state: state, glyphs: g, wide: layout.kind == .wide, tableEnd: t.maxX,
                    keepsShop: layout.page.showsSeveralShops, into: &canvas)
        }
    }

    /// The name cell's `name @ shop +3.42 dep` in `width` columns: the shop and the deposit whole, the name cut before
    /// them (`Qua… @ Costco`), while they and a letter of the name fit; then the deposit whole without the shop (a deposit
    /// is a number: never cut); else nil (cut at its end as any text).
    static func nameKeepingShop(_ text: ProductRowText, width: Int, ellipsis: Character) -> String? {
        guard text.shop != nil || text.numbers != nil || text.deal != nil, let whole = text.nameAndShop, TextWidth.of(whole) > width else { return nil }
        // An offer's long mark gives way to its short one (`shelf 3.58`, decision 286), kept as a deposit is.
        let marks = [text.numbers, text.shortDeal].compactMap { $0 }.map { " " + $0 }.joined()
        let tails = [text.tail] + (text.deal == nil ? [] : [text.shortTail]) + (marks.isEmpty ? [] : [marks])
        for tail in tails {
            let room = width - TextWidth.of(tail)
            guard let name = text.name else {
                if room >= -1 { return String(tail.dropFirst()) }
                continue
            }
            if room >= 2 { return TextWidth.truncate(name, to: room, ellipsis: ellipsis) + tail }
        }
        if let numbers = text.numbers, TextWidth.of(numbers) <= width { return numbers }
        if let deal = text.shortDeal, TextWidth.of(deal) <= width { return deal }
        return nil
    }

    static func drawRow(_ row: ScreenLayout.ProductRow, text: ProductRowText, suggested: Suggestion, state: AppState, glyphs g: GlyphSet, wide: Bool, tableEnd: Int,
                        keepsShop: Bool = false, into canvas: inout Canvas) {
        let isFocusedRow = row.index == state.editing.focus.product
        let (verdictStyle, verdictColor): (CellStyle, ColorRole) = text.isBest ? (.bold, .best) : text.isRanked ? ([], .normal) : (.dim, .muted)
        put(isFocusedRow && !state.session.accessible ? "\(g.next)\(text.rank)" : text.rank, in: row.rank, right: true, style: isFocusedRow ? .bold : [], color: .accent, into: &canvas)
        // The currency, left out of a cell too narrow for it, so the amount is never cut.
        func money(_ amount: String, _ frame: Rect) -> String {
            let amount = state.session.decimal.shown(amount)
            let shown = state.session.currency.format(amount)
            return TextWidth.of(shown) <= frame.width ? shown : amount
        }
        put(NumberFit.fit(money(text.unitPrice, row.unitPrice), width: row.unitPrice.width, ellipsis: g.ellipsis), in: row.unitPrice, right: true, style: text.isBest ? .bold : [], color: text.isBest ? .best : .normal, into: &canvas)
        // Whole words or nothing; a percent too long even as `+N%` cut after its first digits (`+14999…%`).
        let fitted = NumberFit.fit(String(text.shortVerdict.dropFirst().prefix { $0 != "%" }), width: row.verdict.width - 2, ellipsis: g.ellipsis)
        // A percent with no digit left (`+…%`) says nothing: then none.
        let percent = text.isRanked && !text.isBest && text.shortVerdict.count > 2 && fitted.contains(where: \.isNumber) ? "+" + fitted + "%" : ""
        // The product being typed says nothing of what it lacks: its placeholders and the editor's title say it.
        let verdict = isFocusedRow && text.isIncomplete ? ""
            : [text.verdict, text.shortVerdict, percent.isEmpty ? "" : percent + " more", percent].map { text.isBest && !state.session.accessible ? "\(g.bestMark) \($0)" : $0 }.first { TextWidth.of($0) <= row.verdict.width } ?? ""
        put(state.session.decimal.shown(verdict), in: row.verdict, right: false, style: verdictStyle, color: verdictColor, into: &canvas)
        if row.age.width > 0, let age = state.session.freshness.text(text.product.seen) {
            // A stale price's age is dim and marked (`5 mo!`), so it reads without colour; in a column too narrow for
            // ages, the mark alone (`!`, `old`: decision 325).
            let freshness = state.session.freshness
            let stale = freshness.isStale(text.product.seen)
            let isCueColumn = row.age.width < TextWidth.of("today")
            let shown = isCueColumn ? (stale ? freshness.staleCue : "") : age
            put(shown, in: row.age, right: false, style: stale ? .dim : [], color: stale ? .muted : .normal, into: &canvas)
        }
        if !wide && row.price.width > 0 {
            canvas.put("for", x: row.price.maxX + 1, y: row.price.y, style: .dim, color: .muted)
        }
        // A suggestion is drawn as a placeholder with a `?`: it is not the product's until Enter takes it.
        for field in ProductField.allCases {
            let frame = row.frame(of: field)
            guard frame.width > 0 else { continue }
            let isFocused = isFocusedRow && field == state.editing.focus.field
            // The name and the shop share a cell: it shows the one being edited, else "name @ shop".
            if field.spec.cell == .besideTheName && !isFocused { continue }
            if field.spec.cell == .column(.name) && isFocusedRow && state.editing.focus.field.spec.cell == .besideTheName { continue }
            // The field being typed is drawn last, over the cells it may run into.
            if isFocused { continue }
            var (value, placeholder) = fieldText(text, field)
            // The `?` kept where the symbol is cut (`she…?`).
            if field == .unit, let unit = suggested.unit { placeholder = TextWidth.truncate(unit.symbol, to: frame.width - 1, ellipsis: g.ellipsis) + "?" }
            if field == .name, let shop = suggested.shop.map({ "@ " + TerminalText.singleLine($0) + "?" }) {
                if let name = value { value = name + " " + shop } else { placeholder = shop }
            }
            // A compact row without its fields says what the product is with its name (a blank one, its suggestion).
            if field == .name, !wide, row.price.width == 0 {
                let described = text.described(in: frame.width, keepsShop: keepsShop, decimal: state.session.decimal, ellipsis: g.ellipsis)
                if !described.isEmpty || suggested.shop == nil {
                    put(described, in: frame, right: false, style: [], color: .normal, into: &canvas)
                    continue
                }
            }
            if field == .quantity, let shape = value, shape.contains("×") {
                // A multipack's shape (`6×330`) when it fits; else its quantity, as any number.
                let shown = state.session.decimal.shown(shape)
                if TextWidth.of(shown) <= frame.width {
                    put(shown, in: frame, right: wide, style: [], color: .normal, into: &canvas)
                    continue
                }
                value = text.product.quantity.map(DecimalText.format)
            }
            if field == .name, keepsShop || text.numbers != nil || text.deal != nil, let kept = nameKeepingShop(text, width: frame.width, ellipsis: g.ellipsis) { value = kept }
            if field == .price { value = value.map { money($0, frame) } }
            if field.isNumeric, let number = value {
                put(state.session.decimal.shown(NumberFit.fit(number, width: frame.width, ellipsis: g.ellipsis)), in: frame, right: wide, style: [], color: .normal, into: &canvas)
                continue
            }
            put(value ?? placeholder, in: frame, right: wide && field.isNumeric, style: value == nil ? .dim : [],
                color: value == nil ? .muted : .normal, into: &canvas, ellipsis: g.ellipsis)
        }
        if isFocusedRow {
            let field = state.editing.focus.field
            let frame = row.frame(of: field)
            guard frame.width > 0 else { return }
            // Left-aligned while typing, so a keystroke only appends. A number longer than its cell runs on over
            // the row's next cells, as a spreadsheet's cell editor does, rather than changing form (`1.23e6`):
            // the keystroke still changes one place on screen.
            let room = editRoom(row, field: field, tableEnd: tableEnd)
            let full = ScreenView.editorText(state) + String(g.cursor)
            let runsOn = field.isNumeric && TextWidth.of(full) > frame.width && TextWidth.of(full) <= room
            let typed = runsOn ? full : editedText(state, width: frame.width)
            // Reverse alone, without colour: the same attributes as a pressed key and as the rest of the cell,
            // so typing needs no switch, and the shortest attribute sequence.
            canvas.fill(runsOn ? Rect(x: frame.x, y: frame.y, width: TextWidth.of(full), height: 1) : frame, with: Cell(" ", style: .reverse))
            canvas.put(typed, x: frame.x, y: frame.y, style: .reverse)
            // A name or shop entered with its text selected underlines the text: typing replaces it.
            if case .text(let edit) = state.editing.editor, edit.isWholeTextSelected {
                canvas.put(String(typed.dropLast()), x: frame.x, y: frame.y, style: [.reverse, .underline])
            }
        }
    }

    /// How far the focused field's typing may run: its cell, or for a number to the end of the row.
    static func editRoom(_ row: ScreenLayout.ProductRow, field: ProductField, tableEnd: Int) -> Int {
        let frame = row.frame(of: field)
        return field.isNumeric ? max(frame.width, tableEnd - frame.x) : frame.width
    }

    /// The focused field's edit and cursor in `width` columns: a number too long for it is cut after its point
    /// (or rounded), never to its tail; of a long expression, the end from its operator on.
    static func editedText(_ state: AppState, width: Int) -> String {
        let g = state.session.glyphs
        if case .text(let field) = state.editing.editor { return field.display(cursor: g.cursor, width: width) }
        let cursor = String(g.cursor)
        let full = ScreenView.editorText(state) + cursor
        guard TextWidth.of(full) > width else { return full }
        guard case .numeric = state.editing.editor, let expression = CalculatorExpression(parsing: state.editing.editor.text) else {
            return ScreenView.tail(full, width)
        }
        let room = width - 1
        let ellipsis = String(g.ellipsis)
        switch expression {
        case .empty: return cursor
        case .first(let a): return state.session.decimal.shown(NumberFit.fit(a.text, width: room, ellipsis: g.ellipsis)) + cursor
        case .pending(let a, let op):
            let symbol = g.symbol(op)
            return state.session.decimal.shown(NumberFit.fit(a.text, width: room - TextWidth.of(symbol), ellipsis: g.ellipsis)) + symbol + cursor
        case .both(_, let op, let b):
            let kept = ellipsis + g.symbol(op)
            return kept + state.session.decimal.shown(NumberFit.fit(b.text, width: room - TextWidth.of(kept), ellipsis: g.ellipsis)) + cursor
        }
    }

    /// A field's committed value as shown, or the placeholder when it has none.
    static func fieldText(_ text: ProductRowText, _ field: ProductField) -> (String?, String) {
        switch field.spec.cell {
        case .column(.price): (text.price, "price")
        case .column(.quantity): (text.quantity, "qty")
        case .column(.unit): (text.unit, "unit")
        case .column(.name): (text.nameAndShop, "")
        // Shown within `nameAndShop`, or as it is typed.
        case .besideTheName: (nil, "")
        }
    }

    static func put(_ text: String, in r: Rect, right: Bool, style: CellStyle, color: ColorRole, into canvas: inout Canvas, ellipsis: Character = "…") {
        let shown = TextWidth.truncate(text, to: r.width, ellipsis: ellipsis)
        canvas.put(shown, x: right ? r.maxX - TextWidth.of(shown) : r.x, y: r.y, style: style, color: color, limit: r.width)
    }
}
