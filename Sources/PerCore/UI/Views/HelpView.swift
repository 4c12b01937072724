/// The help screen (F1), written from the same key table that dispatches keys: the keys of the
/// screen it was opened on.
/// Two columns when the screen is wide enough, one on a narrow screen; in pages that Down, Tab
/// or PgDn turn when it does not fit.
enum HelpView {
    /// What the help says, before it is cut into rows of a column.
    private enum Entry {
        case heading(String)
        /// A key and what it does; `keyWidth` is its section's key column.
        case binding(KeyBinding, keyWidth: Int)
        /// Prose under a heading.
        case text(String)
        case blank
    }

    /// One row of a column.
    private enum Line {
        case heading(String)
        case binding(keys: String, keyWidth: Int, summary: String)
        case text(String)
        case blank
    }

    /// The widest key column; longer keys wrap onto the next row.
    private static let keyColumn = 16

    private static func entries(for scopes: [KeyScope], glyphs: GlyphSet) -> [Entry] {
        let keyed = scopes.flatMap { scope -> [Entry] in
            let bindings = KeyTable.bindings.filter { $0.scope == scope }
            guard !bindings.isEmpty else { return [] }
            let keyWidth = min(keyColumn, bindings.map { TextWidth.of($0.keys) }.max() ?? 0)
            return [.heading(scope.rawValue)] + bindings.map { .binding($0, keyWidth: keyWidth) } + [.blank]
        }
        let mouse = "Click a key, a field, \(glyphs.previous) prev / next \(glyphs.next), or \"per kg\" (top right); the wheel scrolls."
        return keyed + [.heading("Mouse"), .text(mouse)]
    }

    /// An entry's rows in a column `width` wide: descriptions (and long keys) wrap, never cut.
    private static func lines(of entry: Entry, width: Int) -> [Line] {
        switch entry {
        case .heading(let text): return [.heading(text)]
        case .blank: return [.blank]
        case .text(let text): return TextWidth.wrap(text, to: max(1, width - 3)).map(Line.text)
        case .binding(let binding, let keyWidth):
            let keys = TextWidth.wrap(binding.keys, to: keyWidth)
            let words = TextWidth.wrap(binding.summary, to: max(1, width - keyWidth - 4))
            return (0..<max(keys.count, words.count)).map { i in
                .binding(keys: i < keys.count ? keys[i] : "", keyWidth: keyWidth, summary: i < words.count ? words[i] : "")
            }
        }
    }

    private static func columnWidths(_ width: Int) -> [Int] {
        // The first column is wider: the keys that work everywhere come first, with the longest descriptions.
        width >= 80 ? [width * 3 / 5, width - width * 3 / 5] : [width]
    }
    private static func rowsPerColumn(_ height: Int) -> Int { max(1, height - 3) }

    static func pageCount(_ scopes: [KeyScope], width: Int, height: Int, glyphs: GlyphSet = .utf8) -> Int {
        let perPage = columnWidths(width).count
        return max(1, (flow(scopes, width: width, rows: rowsPerColumn(height), glyphs: glyphs).count + perPage - 1) / perPage)
    }

    /// The entries cut into columns of `rows`, pages of columns side by side: an entry stays whole
    /// in one column when it can, a heading never ends a column (it moves on with its first key)
    /// and a blank line never starts one.
    private static func flow(_ scopes: [KeyScope], width: Int, rows: Int, glyphs: GlyphSet) -> [[Line]] {
        let widths = columnWidths(width)
        let entries = entries(for: scopes, glyphs: glyphs)
        var columns: [[Line]] = [[]]
        for (i, entry) in entries.enumerated() {
            var lines = Self.lines(of: entry, width: widths[(columns.count - 1) % widths.count])
            let room = rows - columns[columns.count - 1].count
            let isHeading = if case .heading = entry { true } else { false }
            let moves = room <= 0 || (lines.count > room && lines.count <= rows)
                || (isHeading && room < 2 && rows >= 2 && i + 1 < entries.count)
            if moves, !columns[columns.count - 1].isEmpty {
                columns.append([])
                lines = Self.lines(of: entry, width: widths[(columns.count - 1) % widths.count])
            }
            if case .blank = entry, columns[columns.count - 1].isEmpty { continue }
            for line in lines {
                if columns[columns.count - 1].count >= rows { columns.append([]) }
                columns[columns.count - 1].append(line)
            }
        }
        return columns
    }

    static func draw(_ scopes: [KeyScope], into canvas: inout Canvas, page: Int, glyphs: GlyphSet) {
        let pages = pageCount(scopes, width: canvas.width, height: canvas.height, glyphs: glyphs)
        let more = pages > 1 ? " \(page + 1)/\(pages)" : ""
        canvas.put(" per \(glyphs.vertical) keys\(more)", x: 0, y: 0, style: .bold, color: .accent)
        let flowed = flow(scopes, width: canvas.width, rows: rowsPerColumn(canvas.height), glyphs: glyphs)
        let widths = columnWidths(canvas.width)
        for (column, width) in widths.enumerated() where flowed.indices.contains(page * widths.count + column) {
            drawColumn(flowed[page * widths.count + column], x: column == 0 ? 0 : widths[0], width: width, into: &canvas)
        }
        let hints = page + 1 < pages ? ["Down, Tab or ^F: more; other keys close", "Down/Tab/^F: more; other keys close", "Down: more; other keys close"]
                                     : ["Any key closes this"]
        let hint = hints.first { TextWidth.of($0) <= canvas.width - 2 } ?? TextWidth.truncateWords(hints.last!, to: canvas.width - 2, ellipsis: glyphs.ellipsis)
        canvas.put(hint, x: 1, y: canvas.height - 1, style: .dim, color: .muted)
    }

    private static func drawColumn(_ lines: [Line], x: Int, width: Int, into canvas: inout Canvas) {
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
