/// Draws the help screen (F1): a page of `HelpPages`' columns (the keys, then the last messages), its number, and
/// `HelpLayout`'s buttons.
enum HelpView {
    static func draw(_ scopes: [KeyScope], messages: [StatusMessage] = [], into canvas: inout Canvas, page: Int, buttons: [ScreenLayout.Button] = [],
                     glyphs: GlyphSet) {
        let size = TerminalSize(width: canvas.width, height: canvas.height)
        let columns = HelpPages.columns(scopes, messages: messages, size: size, glyphs: glyphs)
        let widths = HelpPages.columnWidths(canvas.width)
        let pages = max(1, (columns.count + widths.count - 1) / widths.count)
        let more = pages > 1 ? " \(page + 1)/\(pages)" : ""
        let onMessages = columns.indices.contains(page * widths.count) && columns[page * widths.count].first == .heading(HelpPages.messagesHeading)
        canvas.put(" per \(glyphs.vertical) \(onMessages ? "messages" : "keys")\(more)", x: 0, y: 0, style: .bold, color: .accent)
        for (column, width) in widths.enumerated() where columns.indices.contains(page * widths.count + column) {
            drawColumn(columns[page * widths.count + column], x: column == 0 ? 0 : widths[0], width: width, into: &canvas)
        }
        for button in buttons {
            canvas.put(button.label, x: button.frame.x, y: button.frame.y, style: .bold, color: .accent)
        }
    }

    private static func drawColumn(_ lines: [HelpPages.Line], x: Int, width: Int, into canvas: inout Canvas) {
        for (i, line) in lines.enumerated() where 2 + i < canvas.height - 1 {
            let y = 2 + i
            switch line {
            case .heading(let text):
                canvas.put(text, x: x + 1, y: y, style: [.bold, .underline], color: .accent)
            case .binding(let keys, let keyWidth, let summary):
                canvas.put(keys, x: x + 2, y: y, style: .bold, limit: keyWidth)
                canvas.put(summary, x: x + 3 + keyWidth, y: y, limit: max(0, width - keyWidth - 4))
            case .text(let text):
                canvas.put(text, x: x + 2, y: y, limit: max(0, width - 3))
            case .blank:
                break
            }
        }
    }
}
