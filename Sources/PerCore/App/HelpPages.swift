/// The help's text (F1), written from the same key table that dispatches keys: the keys of the
/// screen it was opened on, cut into columns of lines to fit a size. Two columns side by side make
/// a page when the screen is wide enough, one on a narrow screen; Down, Tab or PgDn turn the pages.
/// The UI draws them.
public enum HelpPages {
    /// What the help says, before it is cut into rows of a column.
    private enum Entry {
        case heading(String)
        /// A key and what it does; `keyWidth` is its section's key column.
        case binding(KeyBinding, keyWidth: Int)
        /// Prose under a heading.
        case text(String)
        /// One of the last status messages.
        case message(String)
        case blank
    }

    /// One row of a column.
    enum Line: Equatable {
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
        let mouse = scopes.contains(.shoppingList)
            ? "Tap [ ] to tick an item, \(glyphs.minus) or + on the selected one to count, a title to open it, elsewhere to select; the wheel scrolls."
            : "Press a key (it acts when let go; slide off to cancel), a field, \(glyphs.previous) prev / "
                + "next \(glyphs.next) or \"per kg\"; the wheel scrolls."
        // How to put the price book right, where it can be done.
        let book = scopes.contains(.comparison) || scopes.contains(.history)
            ? [.heading("Price book"), .text("A change the same day corrects, never records (Ctrl-Y: undo). "
                + "A wrong entry: Ctrl-V, select, Ctrl-D; s, d fix shop, day.")] as [Entry]
            : []
        // What no key says: which words are units, which pint is meant, what `--shop` does, what an offer is typed as.
        let units = scopes.contains(.comparison)
            ? [.heading("Units, shops, deals"), .text("Any word is a unit (sheets), compared only with itself. Pints and fl oz "
                + "are US unless per --uk or uk = yes (Ctrl-E: UK). per --shop NAME: you are there; new products take it. "
                + "Deal field: 2 for 3.00, 3 pay 2, Clubcard 1.50 (ranked with member = Clubcard).")] as [Entry]
            : []
        return keyed + units + book + [.heading("Mouse"), .text(mouse)]
    }

    /// An entry's rows in a column `width` wide: descriptions (and long keys) wrap, never cut.
    private static func lines(of entry: Entry, width: Int) -> [Line] {
        switch entry {
        case .heading(let text): return [.heading(text)]
        case .blank: return [.blank]
        case .text(let text): return TextWidth.wrap(text, to: max(1, width - 3)).map(Line.text)
        case .message(let text):
            // `- ` before each, its next lines under its first word.
            return TextWidth.wrap(text, to: max(1, width - 5)).enumerated().map { .text(($0.offset == 0 ? "- " : "  ") + $0.element) }
        case .binding(let binding, let keyWidth):
            let keys = TextWidth.wrap(binding.keys, to: keyWidth)
            let words = TextWidth.wrap(binding.summary, to: max(1, width - keyWidth - 4))
            return (0..<max(keys.count, words.count)).map { i in
                .binding(keys: i < keys.count ? keys[i] : "", keyWidth: keyWidth, summary: i < words.count ? words[i] : "")
            }
        }
    }

    /// The widths of a page's columns, left to right.
    static func columnWidths(_ width: Int) -> [Int] {
        // The first column is wider: the keys that work everywhere come first, with the longest descriptions.
        width >= 80 ? [width * 3 / 5, width - width * 3 / 5] : [width]
    }

    /// The rows of a column: the screen less the title, a blank row and the hint.
    static func rowsPerColumn(_ height: Int) -> Int { max(1, height - 3) }

    public static func pageCount(_ scopes: [KeyScope], messages: [StatusMessage] = [], size: TerminalSize, glyphs: GlyphSet = .utf8) -> Int {
        let perPage = columnWidths(size.width).count
        return max(1, (columns(scopes, messages: messages, size: size, glyphs: glyphs).count + perPage - 1) / perPage)
    }

    /// The heading of the last page(s): the last status messages, newest first.
    static let messagesHeading = "Messages"

    /// The last messages, on a page of their own after the keys.
    private static func messageEntries(_ messages: [StatusMessage]) -> [Entry] {
        [.heading(messagesHeading)] + (messages.isEmpty ? [.text("None yet: what the status line says is kept here.")]
                                                        : messages.map { .message(TerminalText.singleLine($0.text)) })
    }

    /// The entries cut into columns of `rowsPerColumn` rows, pages of `columnWidths` columns side by
    /// side: an entry stays whole in one column when it can, a heading never ends a column nor stands apart from
    /// what follows it (it moves on with it) and a blank line never starts one.
    static func columns(_ scopes: [KeyScope], messages: [StatusMessage] = [], size: TerminalSize, glyphs: GlyphSet) -> [[Line]] {
        let widths = columnWidths(size.width)
        var columns = columns(of: entries(for: scopes, glyphs: glyphs), widths: widths, rows: rowsPerColumn(size.height))
        // The messages start a page.
        while columns.count % widths.count != 0 { columns.append([]) }
        return columns + Self.columns(of: messageEntries(messages), widths: widths, rows: rowsPerColumn(size.height))
    }

    private static func columns(of entries: [Entry], widths: [Int], rows: Int) -> [[Line]] {
        var columns: [[Line]] = [[]]
        for (i, entry) in entries.enumerated() {
            var lines = Self.lines(of: entry, width: widths[(columns.count - 1) % widths.count])
            let room = rows - columns[columns.count - 1].count
            let isHeading = if case .heading = entry { true } else { false }
            // A heading goes with what follows it: where that moves on to the next column, so does the heading.
            let next = i + 1 < entries.count ? Self.lines(of: entries[i + 1], width: widths[(columns.count - 1) % widths.count]).count : 0
            let moves = room <= 0 || (lines.count > room && lines.count <= rows)
                || (isHeading && i + 1 < entries.count && rows >= 2 && (room < 2 || (next > room - 1 && next + 1 <= rows)))
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
}
