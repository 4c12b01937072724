/// Display width of a character in a terminal: 0 for controls and for a character of zero-width scalars alone (a lone
/// accent or joiner), 2 for East Asian wide and emoji, else 1.
public enum TextWidth {
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        // The first scalar that takes a column decides: `e` of `e` + U+0301, the digit after a prepended mark.
        guard let scalar = character.unicodeScalars.first(where: { !isZeroWidth($0) }) else { return 0 }
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch v {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }

    /// A scalar a terminal draws in no column of its own (wcwidth 0): combining marks, format characters (joiners,
    /// direction marks), variation selectors, Hangul vowels and final consonants of a syllable typed in parts.
    public static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xAD: return false  // the soft hyphen takes a column
        case 0x1160...0x11FF, 0xD7B0...0xD7FF, 0x200B: return true
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    public static func of(_ text: String) -> Int { asciiWidth(text) ?? text.reduce(0) { $0 + of($1) } }

    /// The width of printable ASCII text (one column a byte), or nil for anything else: the common
    /// case, measured without Unicode grapheme breaking.
    static func asciiWidth(_ text: String) -> Int? {
        var count = 0
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F else { return nil }
            count += 1
        }
        return count
    }

    /// Cuts `text` to at most `columns` columns, ending with `…` (or `~`) when cut. Only what can show is measured: a
    /// long text (a title typed on and on) costs what a short one does.
    public static func truncate(_ text: String, to columns: Int, ellipsis: Character = "…") -> String {
        guard columns > 0 else { return "" }
        // Printable ASCII is a column a byte, and a character ends between two such bytes.
        let ascii = text.utf8.prefix(columns + 1).prefix { $0 >= 0x20 && $0 < 0x7F }.count
        if ascii > columns { return String(decoding: text.utf8.prefix(columns - 1), as: UTF8.self) + String(ellipsis) }
        if ascii == text.utf8.count { return text }
        var used = 0, kept = 0
        for c in text {
            used += of(c)
            if used > columns { return String(text.prefix(kept)) + String(ellipsis) }
            if used <= columns - 1 { kept += 1 }
        }
        return text
    }

    /// Breaks `text` into lines of at most `columns` columns, at spaces where it can (a word longer
    /// than a line is cut, never dropped).
    public static func wrap(_ text: String, to columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = [], line = "", used = 0
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            var width = of(word)
            if used > 0, used + 1 + width <= columns {
                line += " " + word; used += 1 + width
                continue
            }
            if used > 0 { lines.append(line); line = ""; used = 0 }
            var rest = word[...]
            while width > columns {
                var end = rest.startIndex, headWidth = 0
                while end < rest.endIndex, headWidth + of(rest[end]) <= columns {
                    headWidth += of(rest[end])
                    rest.formIndex(after: &end)
                }
                if end == rest.startIndex { return lines }  // a character wider than the line
                lines.append(String(rest[..<end]))
                rest = rest[end...]; width -= headWidth
            }
            line = String(rest); used = width
        }
        if used > 0 { lines.append(line) }
        return lines
    }

    /// Like `truncate`, but cut between words (`Name of 3.99 for…`, never `3.99 for 5…`); a first word too
    /// long for the columns is cut as `truncate` does. The words kept are the most that fit with the ellipsis, not
    /// ending on a space; only they are measured.
    public static func truncateWords(_ text: String, to columns: Int, ellipsis: Character = "…") -> String {
        if of(text) <= columns { return text }
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        var kept: Int?, used = -1   // the width of the first k words and the spaces between them
        for k in 1..<max(1, words.count) {
            used += 1 + of(String(words[k - 1]))
            if used + 1 > columns { break }
            if k == 1 || !words[k - 1].isEmpty { kept = k }
        }
        if let kept { return words[..<kept].joined(separator: " ") + String(ellipsis) }
        return truncate(text, to: columns, ellipsis: ellipsis)
    }
}
