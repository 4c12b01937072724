import Foundation

/// The saved comparisons, one per line, the selected one reversed and the open one marked.
enum ListsView {
    static func draw(_ lists: ListsScreen, state: AppState, into canvas: inout Canvas) {
        let g = state.session.glyphs
        let layout = ListsLayout(lists, size: state.session.size)
        canvas.put(" per \(g.vertical) Saved comparisons", x: 0, y: 0, style: .bold, color: .accent)
        let w = canvas.width
        canvas.put("Title", x: ListsLayout.titleX, y: ListsLayout.headingY, style: .underline, color: .muted)
        canvas.put("Products", x: layout.countX, y: ListsLayout.headingY, style: .underline, color: .muted)
        if layout.showsDates { canvas.put("Last edited", x: layout.dateX, y: ListsLayout.headingY, style: .underline, color: .muted) }
        if case .finding(let text) = lists.mode {
            var shown = Substring(TerminalText.singleLine(text))   // a long text shows its end, where typing goes
            while TextWidth.of("Find: \(shown)\(g.cursor)") > w - ListsLayout.titleX, !shown.isEmpty { shown = shown.dropFirst() }
            canvas.put("Find: \(shown)\(g.cursor)", x: ListsLayout.titleX, y: layout.findY, style: .bold, color: .accent)
        }
        if lists.rowCount == 0 {
            canvas.put("No saved comparisons yet: Ctrl-N makes one.", x: ListsLayout.titleX, y: ListsLayout.firstRowY + 1, style: .dim, color: .muted)
        }
        for (index, y) in layout.visibleRows {
            let entry = lists.entry(atRow: index)
            let isSelected = index == lists.selectedRow
            let isOpen = entry?.id == state.editing.comparison.id
            var title = entry?.displayTitle ?? ""
            if isSelected, case .naming(let text, _) = lists.mode { title = text + String(g.cursor) }
            if isSelected, case .adding(let text) = lists.mode { title = text + String(g.cursor) }
            let style: CellStyle = isSelected ? [.reverse, .bold] : []
            if isSelected { canvas.fill(Rect(x: 0, y: y, width: w, height: 1), with: Cell(" ", style: .reverse, color: .accent)) }
            canvas.put(isOpen ? String(g.next) : " ", x: 1, y: y, style: style, color: .accent)
            canvas.put(TextWidth.truncate(title, to: layout.titleWidth, ellipsis: g.ellipsis), x: ListsLayout.titleX, y: y, style: style,
                       color: isSelected ? .accent : .normal)
            let count = String(entry?.productCount ?? 0)
            canvas.put(count, x: layout.countX + ListsLayout.countWidth - 1 - count.count, y: y, style: style, color: isSelected ? .accent : .normal)
            if layout.showsDates, let date = entry?.updatedAt {
                canvas.put(ListEntry.displayDate(date), x: layout.dateX, y: y, style: style, color: isSelected ? .accent : .muted)
            }
        }
    }
}
