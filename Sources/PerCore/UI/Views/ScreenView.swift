import Foundation

/// Renders the whole app into a canvas. Cost follows what is visible, not how many products exist.
public enum ScreenView {
    public static func render(_ state: AppState) -> Canvas {
        var canvas = Canvas(width: state.size.width, height: state.size.height)
        let layout = ScreenLayout(state)
        let g = state.glyphs
        guard layout.kind != .tooSmall else {
            TooSmallView.draw(into: &canvas)
            return canvas
        }
        if case .help(let page) = state.overlay {
            HelpView.draw(into: &canvas, page: page, glyphs: g)
            return canvas
        }
        if let lists = state.lists {
            ListsView.draw(lists, state: state, into: &canvas)
            drawFooter(state, layout, into: &canvas)
            return canvas
        }
        drawTitle(state, layout, into: &canvas)
        // The state keeps the page current; a state that skipped `update` gets it derived here.
        let page = state.tablePage.isCurrent(for: state.comparison, range: layout.visibleProducts)
            ? state.tablePage : TablePage(state.comparison, range: layout.visibleProducts)
        ProductTableView.draw(state, layout, page: page, into: &canvas)
        drawEditor(state, layout, into: &canvas)
        drawToolbar(state, layout, into: &canvas)
        switch state.editor {
        case .numeric:
            let pressed: CalculatorKey? = if case .key(let k) = state.flash { k } else { nil }
            KeypadView.draw(into: &canvas, x: layout.keypadOrigin.x, y: layout.keypadOrigin.y, size: layout.keypadSize,
                            enabled: state.enabledKeys, pressed: pressed, glyphs: g)
        case .unit(let picker):
            UnitPickerView.draw(picker, layout, flash: state.flash, glyphs: g, into: &canvas)
        case .text:
            drawNameHint(layout, glyphs: g, into: &canvas)
        }
        drawSummary(state, layout, best: page.bestText, into: &canvas)
        drawFooter(state, layout, into: &canvas)
        return canvas
    }

    /// The status line and the legend under it.
    static func drawFooter(_ state: AppState, _ layout: ScreenLayout, into canvas: inout Canvas) {
        drawStatus(state, layout, into: &canvas)
        canvas.put(TextWidth.truncate(KeyTable.legend(for: state), to: layout.legend.width, ellipsis: state.glyphs.ellipsis),
                   x: 0, y: layout.legend.y, style: .dim, color: .muted)
    }

    static func drawTitle(_ state: AppState, _ layout: ScreenLayout, into canvas: inout Canvas) {
        let title = state.comparison.title.isEmpty ? "New comparison" : state.comparison.title
        var text = " per \(state.glyphs.vertical) \(title)"
        if state.isReadOnly { text += "  [READ-ONLY]" }
        canvas.put(text, x: 0, y: 0, style: .bold, color: .accent, limit: layout.basisButton.x - 1)
        canvas.put(basisTitle(state), x: layout.basisButton.x + 1, y: 0, style: [.bold, .underline], color: .accent)
    }

    /// `per kg ›`, `per pt (UK) ›`: the comparison unit, clickable to step it.
    static func basisTitle(_ state: AppState) -> String {
        let c = state.comparison
        let uk = c.family == .volume && c.volumeSystem == .imperial ? " (UK)" : ""
        return "per \(c.basis?.label ?? "unit")\(uk)" + (c.family == nil ? "" : " \(state.glyphs.next)")
    }

    static func fieldTitle(_ state: AppState) -> String {
        "#\(state.focus.product + 1) \(state.focus.field.title)"
    }

    /// The focused field's edit as shown: operator glyphs, the unit being typed, or the name.
    static func editorText(_ state: AppState) -> String {
        if case .numeric = state.editor { return state.glyphs.display(state.editor.text) }
        return state.editor.text
    }

    static func pendingText(_ state: AppState) -> String? {
        guard case .numeric(let engine) = state.editor, case .typing(.both) = engine.state,
              let value = engine.pendingValue else { return nil }
        return "= " + DecimalText.format(value)
    }

    /// The editor shows the field's title and pending result; it repeats the expression only when
    /// the expression is too long for the field's cell (so a keystroke changes one place on screen).
    static func drawEditor(_ state: AppState, _ layout: ScreenLayout, into canvas: inout Canvas) {
        let r = layout.editor
        let text = editorText(state) + String(state.glyphs.cursor)
        let cellWidth = layout.rows.first { $0.index == state.focus.product }?.frame(of: state.focus.field).width ?? 0
        let showExpression = TextWidth.of(text) > cellWidth
        let pending = pendingText(state)
        let title = fieldTitle(state) + (layout.kind == .wide ? "" : ":")
        canvas.put(title, x: r.x, y: r.y, style: .bold, color: .accent, limit: r.width)
        if let pending {
            canvas.put(pending, x: r.maxX - TextWidth.of(pending), y: r.y, color: .accent)
        }
        guard showExpression else { return }
        if layout.kind == .wide {
            canvas.put(tail(text, r.width), x: r.x, y: r.y + 1, style: .bold)
        } else {
            let x = r.x + TextWidth.of(title) + 1
            let room = r.width - (x - r.x) - (pending.map { TextWidth.of($0) + 1 } ?? 0)
            canvas.put(tail(text, room), x: x, y: r.y, style: .bold)
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
        for button in layout.toolbarButtons(glyphs: state.glyphs) {
            let pressed = button.shows != nil && button.shows == state.flash
            let enabled: Bool = button.action == .clearField ? !state.editor.text.isEmpty : true
            canvas.put(button.label, x: button.frame.x, y: button.frame.y,
                       style: pressed ? .reverse : (enabled ? .bold : .dim), color: enabled ? .accent : .muted)
        }
    }

    static func drawNameHint(_ layout: ScreenLayout, glyphs: GlyphSet, into canvas: inout Canvas) {
        let f = layout.keypadFrame
        var lines = BoxLines(width: canvas.width, height: canvas.height)
        lines.addBox(f)
        lines.draw(into: &canvas, glyphs: glyphs)
        let hints = ["Type the name", "(optional)", "", "Tab: next", "Esc: undo"]
        for (i, hint) in hints.enumerated() where f.y + 1 + i < f.maxY - 1 {
            canvas.put(hint, x: f.x + 2, y: f.y + 1 + i, style: .dim, color: .muted, limit: f.width - 3)
        }
    }

    static func drawSummary(_ state: AppState, _ layout: ScreenLayout, best: String?, into canvas: inout Canvas) {
        let r = layout.summary
        guard r.height > 0, r.width > 4 else { return }
        let c = state.comparison
        var lines: [(String, CellStyle, ColorRole)] = []
        lines.append(("\(c.rankedCount) of \(c.products.count) ranked", .dim, .muted))
        if let best, let basis = c.basis {
            lines.append(("Best: " + best, .bold, .best))
            lines.append(("per \(basis.label)", [], .best))
        }
        for (i, line) in lines.enumerated() where i < r.height {
            canvas.put(line.0, x: r.x + 1, y: r.y + i, style: line.1, color: line.2, limit: r.width - 1)
        }
    }

    static func drawStatus(_ state: AppState, _ layout: ScreenLayout, into canvas: inout Canvas) {
        let r = layout.status
        if case .confirm(let question) = state.overlay {
            canvas.fill(r, with: Cell(" ", style: .reverse, color: .warning))
            canvas.put(" " + question.question, x: 0, y: r.y, style: [.reverse, .bold], color: .warning)
            return
        }
        if let status = state.status {
            canvas.put(" " + TextWidth.truncate(status.text, to: r.width - 1, ellipsis: state.glyphs.ellipsis), x: 0, y: r.y, style: status.isWarning ? .bold : [], color: status.isWarning ? .warning : .normal)
            return
        }
        let hint: String
        if let lists = state.lists {
            if case .naming = lists.mode {
                hint = "Type the title; Enter saves it, Esc cancels"
            } else {
                hint = "\(lists.entries.count) saved; Enter opens the selected one"
            }
            canvas.put(" " + TextWidth.truncate(hint, to: r.width - 1, ellipsis: state.glyphs.ellipsis), x: 0, y: r.y, style: .dim, color: .muted)
            return
        }
        switch state.editor {
        case .numeric: hint = "Type a number on the keypad; Tab for next"  // the editor names the field
        case .unit(let picker):
            hint = picker.offered.count == MeasureUnit.allCases.count
                ? "Type a unit (g, kg, ml, l, oz, lb, ea...) or use \(state.glyphs.previous) \(state.glyphs.next) arrows"
                : "Type a \(picker.offered.first!.family.rawValue) unit or step with Left/Right"
        case .text: hint = "Name this product (optional); Tab for the next product"
        }
        canvas.put(" " + TextWidth.truncate(hint, to: r.width - 1, ellipsis: state.glyphs.ellipsis), x: 0, y: r.y, style: .dim, color: .muted)
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
