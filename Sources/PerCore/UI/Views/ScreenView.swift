import Foundation

/// Renders the whole app into a canvas. Cost follows what is visible, not how many products exist.
public enum ScreenView {
    public static func render(_ state: AppState) -> Canvas {
        var canvas = Canvas(width: state.session.size.width, height: state.session.size.height)
        canvas.asciiOnly = state.session.glyphs == .ascii
        let layout = ScreenLayout(state)
        let g = state.session.glyphs
        guard layout.kind != .tooSmall else {
            TooSmallView.draw(into: &canvas)
            return canvas
        }
        switch state.chrome.overlay {
        case .help(let page):
            HelpView.draw(state.screen.helpScopes, messages: state.chrome.messages, into: &canvas, page: page,
                          buttons: HelpLayout(state, page: page).buttons, glyphs: g)
            return canvas
        case .none, .confirm, .quitting:
            break   // drawn on the status line
        }
        switch state.screen {
        case .shoppingList(let lists):
            ShoppingListView.draw(lists, state: state, into: &canvas)
        case .history(let history):
            HistoryView.draw(history, state: state, into: &canvas)
        case .whereToShop(let shops):
            WhereToShopView.draw(shops, state: state, into: &canvas)
        case .comparison:
            drawComparison(state, layout, into: &canvas)
        }
        drawFooter(state, layout, into: &canvas)
        canvas.focus = focus(state, layout, canvas)
        return canvas
    }

    /// Where the cursor rests: the caret being typed at, else the selected row's first cell (list, history).
    static func focus(_ state: AppState, _ layout: ScreenLayout, _ canvas: Canvas) -> Canvas.Place? {
        if let caret = canvas.place(ofCaret: state.session.glyphs.cursor) { return caret }
        switch state.screen {
        case .shoppingList(let lists):
            let rows = ShoppingListLayout(lists, size: state.session.size, order: state.session.listOrder, shop: state.session.shop).visibleRows
            return rows.first { $0.index == lists.selectedRow }.map { Canvas.Place(x: 0, y: $0.y) }
        case .history(let history):
            let y = HistoryLayout.firstRowY + history.selected - history.top
            return y >= HistoryLayout.firstRowY && y < canvas.height ? Canvas.Place(x: 0, y: y) : nil
        case .comparison, .whereToShop: return nil
        }
    }

    /// The comparison screen above the footer: title, table, editor, toolbar, keypad (or unit picker), summary.
    static func drawComparison(_ state: AppState, _ layout: ScreenLayout, into canvas: inout Canvas) {
        let g = state.session.glyphs
        drawTitle(state, layout, into: &canvas)
        // The state keeps the page current (a state that skipped `update` gets it derived by the layout).
        let page = layout.page
        ProductTableView.draw(state, layout, into: &canvas)
        drawEditor(state, layout, into: &canvas)
        drawToolbar(state, layout, into: &canvas)
        switch state.editing.editor {
        case .numeric:
            let pressed: CalculatorKey? = if case .over(let held) = state.chrome.keypadPress { held }
                else if case .key(let k) = state.chrome.flash { k } else { nil }
            KeypadView.draw(into: &canvas, x: layout.keypadOrigin.x, y: layout.keypadOrigin.y, size: layout.keypadSize,
                            enabled: state.editing.enabledKeys, pressed: pressed, glyphs: g, decimal: state.session.decimal)
        case .unit(let picker):
            UnitPickerView.draw(picker, layout, flash: state.chrome.flash, glyphs: g, accessible: state.session.accessible, into: &canvas)
        case .text:
            drawNameHint(state.editing, layout, glyphs: g, into: &canvas)
        }
        drawSummary(state, layout, page: page, into: &canvas)
    }

    /// The status line and the legend under it.
    static func drawFooter(_ state: AppState, _ layout: ScreenLayout, into canvas: inout Canvas) {
        // A message too long for its line goes up over the lines above it, never over the legend's: a tap on the
        // legend is its key whatever is said (decision 141).
        drawStatus(state, layout, into: &canvas)
        let entries = KeyTable.legendEntries(for: state, width: layout.legend.width)
        // The gaps between entries in the entries' style, so the line is one run of it: the terminal is told the colour
        // once, not at every entry (a legend redrawn when `^Y undo` comes cost 185 bytes, decision 441).
        if let last = entries.last {
            canvas.fill(Rect(x: layout.legend.x, y: layout.legend.y, width: last.x + last.width, height: 1), with: Cell(" ", style: .dim, color: .muted))
        }
        for entry in entries {
            canvas.put(entry.text, x: entry.x, y: layout.legend.y, style: .dim, color: .muted)
        }
    }

    static func drawTitle(_ state: AppState, _ layout: ScreenLayout, into canvas: inout Canvas) {
        let title = state.editing.comparison.displayTitle
        var text = " per \(state.session.glyphs.vertical) \(title)"
        if state.session.isReadOnly { text += "  [READ-ONLY]" }
        canvas.put(text, x: 0, y: 0, style: .bold, color: .accent, limit: layout.basisButton.x - 1)
        canvas.put(ScreenLayout.basisTitle(state.editing.comparison, glyphs: state.session.glyphs), x: layout.basisButton.x + 1, y: 0, style: [.bold, .underline], color: .accent)
    }

    /// `Price of big`, `Unit of 3.99 for 500`, `Price (new product)`: the field, and the product by what names
    /// it, never by a number (`#` is the rank); long to short, for the room there is.
    static func fieldTitles(_ state: AppState) -> [String] {
        let product = state.editing.focusedProduct
        let field = state.editing.focus.field.title
        return product.isBlank ? ["\(field) (new product)", "\(field) (new)", field] : ["\(field) of \(TerminalText.singleLine(product.label(decimal: state.session.decimal)))"]
    }

    /// The focused field's edit as shown: operator glyphs, the unit being typed, or the name.
    static func editorText(_ state: AppState) -> String {
        if case .numeric = state.editing.editor { return state.session.decimal.shown(state.session.glyphs.display(state.editing.editor.text)) }
        return state.editing.editor.text
    }

    static func pendingText(_ state: AppState) -> String? {
        guard case .numeric(let engine) = state.editing.editor, case .typing(.both) = engine.state,
              let value = engine.pendingValue else { return nil }
        return "= " + state.session.decimal.shown(DecimalText.format(value))
    }

    /// The editor shows the field's title and pending result; it repeats the expression only when
    /// the expression is too long for the field's cell (so a keystroke changes one place on screen).
    static func drawEditor(_ state: AppState, _ layout: ScreenLayout, into canvas: inout Canvas) {
        let r = layout.editor
        let text = editorText(state) + String(state.session.glyphs.cursor)
        // As far as the typing may run in the table (a number runs on over its row).
        let room = layout.rows.first { $0.index == state.editing.focus.product }
            .map { ProductTableView.editRoom($0, field: state.editing.focus.field, tableEnd: layout.table.maxX) } ?? 0
        let showExpression = TextWidth.of(text) > room
        let ellipsis = state.session.glyphs.ellipsis
        // The pending result keeps its point (`= 3.33333…`) in at most half the line.
        let pending = pendingText(state).map { "= " + NumberFit.fit(String($0.dropFirst(2)), width: max(1, r.width / 2 - 2), ellipsis: ellipsis) }
        let pendingWidth = pending.map { TextWidth.of($0) + 1 } ?? 0
        let titles = fieldTitles(state).map { $0 + (layout.kind == .wide ? "" : ":") }
        // On one line with the expression (compact), the title takes at most half of it.
        let titleRoom = layout.kind == .compact && showExpression ? min(r.width - pendingWidth, r.width / 2) : r.width - pendingWidth
        // Cut between words when it keeps a word of the product (`Price of Organic…`), else the field alone, never
        // `Quantity of…`.
        let field = state.editing.focus.field.title
        let cut = TextWidth.truncateWords(titles[0], to: max(0, titleRoom), ellipsis: ellipsis)
        let keepsAWord = cut.hasPrefix(field + " of ") && cut.count > field.count + " of ".count + 1
        let shownTitle = titles.first { TextWidth.of($0) <= titleRoom } ?? (keepsAWord ? cut : field + (layout.kind == .wide ? "" : ":"))
        // Bold, without colour: it changes at every field, and colour would double its attribute bytes.
        canvas.put(shownTitle, x: r.x, y: r.y, style: .bold, limit: r.width)
        if let pending {
            canvas.put(pending, x: r.maxX - TextWidth.of(pending), y: r.y, color: .accent)
        }
        guard showExpression else { return }
        if layout.kind == .wide {
            canvas.put(ProductTableView.editedText(state, width: r.width), x: r.x, y: r.y + 1, style: .bold)
        } else {
            let x = r.x + TextWidth.of(shownTitle) + 1
            let room = r.width - (x - r.x) - pendingWidth
            canvas.put(ProductTableView.editedText(state, width: room), x: x, y: r.y, style: .bold)
        }
    }

    /// The last `width` columns of text (the end of a long expression is what matters).
    static func tail(_ text: String, _ width: Int) -> String {
        guard width > 0 else { return "" }
        var out = "", used = 0
        for c in text.reversed() {
            let w = TextWidth.of(c)
            if used + w > width { break }
            out.insert(c, at: out.startIndex); used += w
        }
        return out
    }

    static func drawToolbar(_ state: AppState, _ layout: ScreenLayout, into canvas: inout Canvas) {
        for button in layout.toolbarButtons {
            let pressed = button.shows != nil && button.shows == state.chrome.flash
            let enabled: Bool = button.action == .comparison(.clearField) ? !state.editing.editor.text.isEmpty : true
            // A button that does nothing now is not drawn (not dim alone, which some terminals drop).
            guard enabled || pressed else { continue }
            canvas.put(button.label, x: button.frame.x, y: button.frame.y, style: pressed ? .reverse : .bold, color: .accent)
        }
    }

    static func drawNameHint(_ editing: ComparisonScreen, _ layout: ScreenLayout, glyphs: GlyphSet, into canvas: inout Canvas) {
        let f = layout.keypadFrame
        var lines = BoxLines(width: canvas.width, height: canvas.height)
        lines.addBox(f)
        lines.draw(into: &canvas, glyphs: glyphs)
        let what = editing.focus.field.spec.hints?.what ?? ""
        let selected = if case .text(let field) = editing.editor { field.isWholeTextSelected } else { false }
        let hints = selected ? ["Typing replaces", "the \(what);", "Left/Right edit", "", "Tab: next", "Esc: undo"]
                             : ["Type the \(what)", "(optional)", "", "Tab: next", "Esc: undo"]
        for (i, hint) in hints.enumerated() where f.y + 1 + i < f.maxY - 1 {
            canvas.put(hint, x: f.x + 2, y: f.y + 1 + i, style: .dim, color: .muted, limit: f.width - 3)
        }
    }

    /// How many are ranked (the empty new row is not counted), and the best value: its product and unit price.
    static func drawSummary(_ state: AppState, _ layout: ScreenLayout, page: TablePage, into canvas: inout Canvas) {
        let r = layout.summary
        guard r.height > 0, r.width > 4 else { return }
        let c = state.editing.comparison
        let typed = c.products.count - (c.products.last?.isBlank == true ? 1 : 0)
        var lines: [(String, CellStyle, ColorRole)] = []
        let ranked = ["\(c.rankedCount) of \(typed) ranked", "\(c.rankedCount)/\(typed) ranked", "\(c.rankedCount) of \(typed)"]
        lines.append((ranked.first { TextWidth.of($0) <= r.width - 1 } ?? ranked[2], .dim, .muted))
        if let best = page.bestText.map({ state.session.currency.format(state.session.decimal.shown($0)) }), c.basis != nil {
            let unnamed = page.bestIndex.map { c.products.indices.contains($0) && c.products[$0].name.isEmpty } ?? false
            let label = "Best: " + (unnamed ? state.session.decimal.shown(page.bestLabel ?? "") : page.bestLabel ?? "")
            // On two lines rather than cut (`Best: 3.99 for 2…` hid the quantity): words whole, a number with its unit.
            lines += statusLines(label, width: r.width - 1, lines: 2, ellipsis: state.session.glyphs.ellipsis).map { ($0, .bold, .best) }
            // One line when it fits, else the price over its unit.
            let perBasis = "\(best) per \(c.perLabel)"
            if TextWidth.of(perBasis) <= r.width - 1 {
                lines.append((perBasis, .bold, .best))
            } else {
                lines.append((best, .bold, .best))
                lines.append(("per \(c.perLabel)", .bold, .best))
            }
            // The product to buy when it is not the best value: said here whole, as its row's verdict may have room only
            // for `+22%` (decision 324).
            if let toBuy = page.context?.toBuy, let index = c.products.firstIndex(where: { $0.id == toBuy }), index != page.bestIndex {
                let product = c.products[index]
                let shop = ShopName.trimmed(product.shop)
                let label = "To buy: " + state.session.decimal.shown(TerminalText.singleLine(product.label + (shop.isEmpty ? "" : " @ " + shop)))
                lines += statusLines(label, width: r.width - 1, lines: 2, ellipsis: state.session.glyphs.ellipsis).map { ($0, [], .normal) }
            }
        }
        if let count = state.editing.onTheList.count {
            let said = count == 0 ? [["Not on the list: ^X adds"], ["Not on the list", "^X adds it"], ["Not on list", "^X adds"]]
                                  : [["On the list: \(count)×"], ["On list: \(count)×"], ["\(count)× on list"]]
            let fitting = said.first { $0.allSatisfy { TextWidth.of($0) <= r.width - 1 } } ?? said[2]
            lines += fitting.map { ($0, [], .normal) }
        }
        for (i, line) in lines.enumerated() where i < r.height {
            let text = TextWidth.truncateWords(line.0, to: r.width - 1, ellipsis: state.session.glyphs.ellipsis)
            canvas.put(text, x: r.x + 1, y: r.y + i, style: line.1, color: line.2, limit: r.width - 1)
        }
    }

    /// A message in at most `lines` lines of `width` columns, words whole (a number is never split): what does not fit
    /// ends the last line with `…` between words, and a question keeps its `y/n` at the end.
    static func statusLines(_ text: String, width: Int, lines: Int, ellipsis: Character) -> [String] {
        guard width > 0, lines > 0 else { return [] }
        guard TextWidth.of(text) > width else { return [text] }
        let suffix = text.hasSuffix(" y/n") ? " y/n" : ""
        let body = String(text.dropLast(suffix.count))
        // A day or a count stays with its word (`1 Jul`, `12 products`): the space after a whole number does not break.
        let glued = body.split(separator: " ", omittingEmptySubsequences: false)
            .map { $0.allSatisfy(\.isNumber) && !$0.isEmpty ? $0 + "\u{A0}" : $0 + " " }.joined().dropLast()
        var wrapped = TextWidth.wrap(String(glued), to: width).map { $0.replacingOccurrences(of: "\u{A0}", with: " ") }
        if wrapped.count <= lines, let last = wrapped.last, TextWidth.of(last + suffix) <= width {
            wrapped[wrapped.count - 1] = last + suffix
            return wrapped
        }
        let kept = Array(wrapped.prefix(lines - 1))
        let rest = kept.isEmpty ? body : wrapped.dropFirst(lines - 1).joined(separator: " ")
        return kept + [TextWidth.truncateWords(rest, to: width - TextWidth.of(suffix), ellipsis: ellipsis) + suffix]
    }

    /// What the status line says and how.
    struct Status {
        var text: String
        var style: CellStyle
        var color: ColorRole
        /// A question's or a quit's banner: the whole line reversed.
        var filled = false
    }

    /// The most lines a message takes: wrapped rather than cut (`fix it, or Esc undoes it` kept whole at 40 columns).
    static let statusLineLimit = 3

    /// The status line's lines: one, or more where one does not hold it (over the lines above it).
    static func statusLines(_ state: AppState, _ layout: ScreenLayout) -> [String] {
        statusLines(status(state, layout).text, width: layout.status.width - 1, lines: statusLineLimit, ellipsis: state.session.glyphs.ellipsis)
    }

    /// The lines a message of several lines covers above the status line (nothing there answers a tap while it does).
    static func coveredByMessage(_ state: AppState, _ layout: ScreenLayout) -> Range<Int> {
        if layout.kind == .tooSmall { return 0..<0 }
        if case .help = state.chrome.overlay { return 0..<0 }
        let count = statusLines(state, layout).count
        return max(0, layout.status.y - (count - 1))..<layout.status.y
    }

    /// Whether the legend is on screen (a tap on it is its key): not over the help; a message never covers it.
    static func showsLegend(_ state: AppState, _ layout: ScreenLayout) -> Bool {
        if layout.kind == .tooSmall { return false }
        if case .help = state.chrome.overlay { return false }
        return true
    }

    /// The status line (the fixed hints have forms that fit 40 columns). Returns how many lines it took.
    @discardableResult
    static func drawStatus(_ state: AppState, _ layout: ScreenLayout, into canvas: inout Canvas) -> Int {
        let r = layout.status
        let said = status(state, layout)
        let lines = statusLines(said.text, width: r.width - 1, lines: statusLineLimit, ellipsis: state.session.glyphs.ellipsis)
        // The last line on the status line, the ones before it above it.
        let top = max(0, r.y - (lines.count - 1))
        for (i, line) in lines.enumerated() {
            let row = Rect(x: r.x, y: top + i, width: r.width, height: 1)
            if top + i < r.y { canvas.fill(row, with: Cell(" ")) }
            if said.filled { canvas.fill(row, with: Cell(" ", style: .reverse, color: said.color)) }
            canvas.put(" " + line, x: 0, y: row.y, style: said.style, color: said.color)
        }
        return max(1, lines.count)
    }

    /// A question, a notice, a message or the hint.
    static func status(_ state: AppState, _ layout: ScreenLayout) -> Status {
        let r = layout.status
        let saving = state.saving
        let banner: String? = switch state.chrome.overlay {
        // A question whose answers are not in it (Enter, Esc) is said shorter where the whole would cover the legend.
        case .confirm(let question): TextWidth.of(question.question) < r.width ? question.question : question.shortQuestion
        case .quitting:
            if let reason = saving.reason { "Esc gives up (keeps a recovery file). Quitting once saved: \(reason)" } else { "Quitting..." }
        case .none, .help: nil
        }
        if let banner {
            return Status(text: banner, style: [.reverse, .bold], color: .warning, filled: true)
        }
        // What waits stays said while it waits, beside any message (in its short form, first) where the two fit.
        let notice: [String]? = saving.notice ?? (saving.openDeletedElsewhere ? [
            "Another session deleted \"\(state.editing.comparison.displayTitle)\": a change here saves it again; Ctrl-O leaves it",
            "Deleted elsewhere: a change saves it again"] : nil)
        func fits(_ text: String) -> Bool { TextWidth.wrap(text, to: r.width - 1).count <= 2 }
        switch (notice, state.chrome.status) {
        case (let notice?, nil):
            return Status(text: notice.first(where: fits) ?? notice[notice.count - 1], style: .bold, color: .warning)
        case (let notice?, let status?) where fits(notice[notice.count - 1] + " \(state.session.glyphs.vertical) " + status.text):
            return Status(text: notice[notice.count - 1] + " \(state.session.glyphs.vertical) " + status.text, style: .bold, color: .warning)
        case (_, let status?):   // a message with no room beside it: the notice is back at the next key
            return Status(text: status.shown(width: r.width - 1), style: status.isWarning ? .bold : [], color: status.isWarning ? .warning : .normal)
        case (nil, nil):
            break
        }
        let hint: String
        switch state.screen {
        case .shoppingList(let lists):
            switch lists.mode {
            case .naming: hint = firstFitting(["Type the title; Enter saves it, Esc cancels", "Title: Enter saves, Esc cancels"], width: r.width)
            case .adding:
                if let saved = lists.completion {
                    let title = TerminalText.singleLine(saved.title)
                    hint = lists.completionRest.isEmpty ? "Enter: one more \"\(title)\" (saved)" : "Tab: \"\(title)\" (saved); Enter: a new item"
                } else {
                    hint = firstFitting(["Type an item; Enter adds it and starts the next, Esc ends", "Type an item; Enter adds, Esc ends"], width: r.width)
                }
            case .browsing, .finding:
                hint = ShoppingListView.narrowBuyHint(lists, state: state)
                    ?? firstFitting(["\(lists.entries.count) saved; Enter opens the selected one", "\(lists.entries.count) saved; Enter opens it"], width: r.width)
            }
        case .history(let history):
            hint = HistoryView.hint(history, session: state.session)
        case .whereToShop(let shops):
            hint = WhereToShopView.hint(shops, session: state.session)
        case .comparison:
            hint = comparisonHint(state, width: r.width)
        }
        return Status(text: hint, style: .dim, color: .muted)
    }

    /// The first of `forms` that fits a status line `width` wide (after its leading space), else the last (which then
    /// takes two lines).
    static func firstFitting(_ forms: [String], width: Int) -> String {
        forms.first { TextWidth.of($0) < width } ?? forms[forms.count - 1]
    }

    /// What the focused field takes, on the status line when nothing else is said.
    static func comparisonHint(_ state: AppState, width: Int) -> String {
        let g = state.session.glyphs
        if let suggested = state.editing.focusedSuggestion.map(TerminalText.singleLine) {
            return firstFitting(["Suggested \(suggested)? Enter takes it; typing replaces it", "\(suggested)? Enter takes it, or type"], width: width)
        }
        switch state.editing.editor {
        case .numeric:  // the editor names the field
            return firstFitting(["Type a number on the keypad; Tab for next", "Type a number; Tab for next"], width: width)
        case .unit(let picker):
            switch picker.family {
            case nil:
                let long = "Type a unit (g, ml, m, m2, ea...) or a word (sheet); \(g.previous) \(g.next) step"
                return firstFitting([long, "Type a unit (g, ml, ea...) or a word"], width: width)
            case .counted(let word)?:
                let long = "Counted in \(word.plural): type \(word.singular) or \(g.next)"
                return firstFitting([long, "Type \(word.singular) or \(g.next)"], width: width)
            case let family?:
                let long = "Type a \(family.name) unit or step with Left/Right"
                return firstFitting([long, "Type a \(family.name) unit, or Left/Right"], width: width)
            }
        case .text(let field):
            // A text field's hints are its own (`FieldSpec.hints`).
            guard let hints = state.editing.focus.field.spec.hints else { return "" }
            if field.isWholeTextSelected {
                let long = "Typing replaces the \(hints.what); Left/Right or Backspace edit it"
                return firstFitting([long, "Typing replaces it; Left/Right edit it"], width: width)
            }
            return firstFitting([hints.long, hints.short], width: width)
        }
    }
}

enum TooSmallView {
    static func draw(into canvas: inout Canvas) {
        guard canvas.width > 0, canvas.height > 0 else { return }
        let message = "Terminal too small: need \(ScreenLayout.minimumWidth)x\(ScreenLayout.minimumHeight), have \(canvas.width)x\(canvas.height)"
        let short = "Too small: need \(ScreenLayout.minimumWidth)x\(ScreenLayout.minimumHeight)"
        let text = TextWidth.of(message) <= canvas.width ? message : short
        let x = max(0, (canvas.width - TextWidth.of(text)) / 2)
        canvas.put(text, x: x, y: canvas.height / 2, style: .bold, color: .warning)
    }
}
