import Foundation

/// The saved comparisons, one per line, the selected one reversed and the open one marked.
enum ListsView {
    static func draw(_ lists: ListsScreen, state: AppState, into canvas: inout Canvas) {
        let g = state.glyphs
        canvas.put(" per \(g.vertical) Saved comparisons", x: 0, y: 0, style: .bold, color: .accent)
        let w = canvas.width
        let countW = 9, dateW = w >= 60 ? 17 : 0
        let titleW = max(4, w - countW - dateW - 6)
        canvas.put("Title", x: 3, y: 1, style: .underline, color: .muted)
        canvas.put("Products", x: 3 + titleW + 1, y: 1, style: .underline, color: .muted)
        if dateW > 0 { canvas.put("Last edited", x: 3 + titleW + countW + 2, y: 1, style: .underline, color: .muted) }
        let (first, rows, selectedRow, _) = lists.visibleRows(height: canvas.height)
        var entries = lists.entries
        if case .naming(_, isNew: true) = lists.mode {
            entries.append(ListEntry(id: "new", title: "", productCount: 0))
        }
        if entries.isEmpty {
            canvas.put("No saved comparisons yet: Ctrl-N makes one.", x: 3, y: 3, style: .dim, color: .muted)
        }
        for (offset, index) in (first..<min(entries.count, first + rows)).enumerated() {
            let entry = entries[index]
            let y = 2 + offset
            let isSelected = index == selectedRow
            let isOpen = entry.id == state.comparison.id
            var title = entry.displayTitle
            if isSelected, case .naming(let text, _) = lists.mode { title = text + String(g.cursor) }
            let style: CellStyle = isSelected ? [.reverse, .bold] : []
            if isSelected { canvas.fill(Rect(x: 0, y: y, width: w, height: 1), with: Cell(" ", style: .reverse, color: .accent)) }
            canvas.put(isOpen ? String(g.next) : " ", x: 1, y: y, style: style, color: .accent)
            canvas.put(TextWidth.truncate(title, to: titleW, ellipsis: g.ellipsis), x: 3, y: y, style: style, color: isSelected ? .accent : .normal)
            let count = String(entry.productCount)
            canvas.put(count, x: 3 + titleW + 1 + countW - 1 - count.count, y: y, style: style, color: isSelected ? .accent : .normal)
            if dateW > 0, let date = entry.updatedAt {
                canvas.put(ListEntry.displayDate(date), x: 3 + titleW + countW + 2, y: y, style: style, color: isSelected ? .accent : .muted)
            }
        }
    }
}
