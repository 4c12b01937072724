/// The help screen (F1), written from the same key table that dispatches keys: the keys of the
/// screen it was opened on.
/// Two columns when the screen is wide enough, one on a narrow screen; in pages that Down, Tab
/// or PgDn turn when it does not fit.
enum HelpView {
    private enum Line {
        case heading(String)
        case binding(KeyBinding)
        case blank
    }

    private static func lines(for scopes: [KeyScope]) -> [Line] {
        scopes.flatMap { scope -> [Line] in
            let bindings = KeyTable.bindings.filter { $0.scope == scope }
            return bindings.isEmpty ? [] : [.heading(scope.rawValue)] + bindings.map(Line.binding) + [.blank]
        }
    }

    private static func columns(_ width: Int) -> Int { width >= 80 ? 2 : 1 }
    private static func rowsPerColumn(_ height: Int) -> Int { max(1, height - 4) }

    static func pageCount(_ scopes: [KeyScope], width: Int, height: Int) -> Int {
        let perPage = columns(width)
        return max(1, (flow(lines(for: scopes), rows: rowsPerColumn(height)).count + perPage - 1) / perPage)
    }

    /// The lines cut into columns of `rows`: a heading never ends a column (it moves on with its
    /// first key) and a blank line never starts one.
    private static func flow(_ lines: [Line], rows: Int) -> [[Line]] {
        var columns: [[Line]] = [[]]
        for (i, line) in lines.enumerated() {
            let room = rows - columns[columns.count - 1].count
            let isHeading = if case .heading = line { true } else { false }
            if room == 0 || (isHeading && room < 2 && rows >= 2 && i + 1 < lines.count) {
                columns.append([])
            }
            if case .blank = line, columns[columns.count - 1].isEmpty { continue }
            columns[columns.count - 1].append(line)
        }
        return columns
    }

    static func draw(_ scopes: [KeyScope], into canvas: inout Canvas, page: Int, glyphs: GlyphSet) {
        let pages = pageCount(scopes, width: canvas.width, height: canvas.height)
        let more = pages > 1 ? " \(page + 1)/\(pages)" : ""
        canvas.put(" per \(glyphs.vertical) keys\(more)", x: 0, y: 0, style: .bold, color: .accent)
        // Lines flow down the first column, then the second; the first column is wider
        // because the keys that work everywhere come first and have the longest descriptions.
        let flowed = flow(lines(for: scopes), rows: rowsPerColumn(canvas.height))
        let columnCount = columns(canvas.width)
        let leftWidth = columnCount == 2 ? canvas.width * 3 / 5 : canvas.width
        for column in 0..<columnCount where flowed.indices.contains(page * columnCount + column) {
            let x = column == 0 ? 0 : leftWidth
            let width = column == 0 ? leftWidth : canvas.width - leftWidth
            drawColumn(flowed[page * columnCount + column], x: x, width: width, into: &canvas, glyphs: glyphs)
        }
        let hint = page + 1 < pages ? "Down: more; any other key closes this" : "Any key closes this"
        let note = "Mouse: click a key, a field, \(glyphs.previous) prev / next \(glyphs.next), or \"per kg\" (top right)."
        if columnCount == 2 {
            canvas.put(TextWidth.truncate(note, to: canvas.width - 2, ellipsis: glyphs.ellipsis), x: 1, y: canvas.height - 2, style: .dim, color: .muted)
        }
        canvas.put(TextWidth.truncate(hint, to: canvas.width - 2, ellipsis: glyphs.ellipsis), x: 1, y: canvas.height - 1, style: .dim, color: .muted)
    }

    private static func drawColumn(_ lines: [Line], x: Int, width: Int, into canvas: inout Canvas, glyphs: GlyphSet) {
        let keyWidth = min(16, lines.compactMap { if case .binding(let b) = $0 { TextWidth.of(b.keys) } else { nil } }.max() ?? 0)
        for (i, line) in lines.enumerated() where 2 + i < canvas.height - 2 {
            let y = 2 + i
            switch line {
            case .heading(let text):
                canvas.put(text, x: x + 1, y: y, style: [.bold, .underline], color: .accent)
            case .binding(let binding):
                canvas.put(binding.keys, x: x + 2, y: y, style: .bold, limit: keyWidth)
                let room = width - keyWidth - 4
                canvas.put(TextWidth.truncate(binding.summary, to: room, ellipsis: glyphs.ellipsis), x: x + 3 + keyWidth, y: y)
            case .blank:
                break
            }
        }
    }
}
