import Foundation

/// Display width of a character in a terminal, as the C library's `wcwidth` says for its Unicode version (decision 388:
/// `WidthTable`, written by Scripts/width-table): 0 for controls and for a character of zero-width scalars alone (a
/// lone accent or joiner), 2 for East Asian wide and emoji, else 1. A scalar newer than the C library's tables
/// (`isUnknown`) counts as Unicode says (an emoji 2) and is drawn as a placeholder in those columns.
public enum TextWidth {
    /// East Asian Ambiguous characters (`é`, `б`, `°`, `×`, box lines) take two columns: the terminal draws them wide
    /// (VTE's "ambiguous-width: wide", a CJK locale: decision 428). Set for a run with `$ambiguousIsWide.withValue`.
    /// An ambiguous character is then counted as it is drawn (`narrowForm`): its decomposition in one column where it
    /// has one (`é` as `e` and its accent), else a placeholder in two.
    @TaskLocal public static var ambiguousIsWide = false

    /// Whether the locale (the first set of LC_ALL, LC_CTYPE, LANG, as the C library reads them) is Chinese, Japanese
    /// or Korean (`ja`, `zh`, `ko`, then `_`, `.`, `@` or nothing): terminals there draw ambiguous characters wide.
    public static func localeDrawsAmbiguousWide(lcAll: String?, lcCtype: String?, lang: String?) -> Bool {
        guard let locale = [lcAll, lcCtype, lang].lazy.compactMap({ $0 }).first(where: { !$0.isEmpty }) else { return false }
        return ["ja", "zh", "ko"].contains { code in
            locale.hasPrefix(code) && (locale.count == 2 || ["_", ".", "@"].contains(locale[locale.index(locale.startIndex, offsetBy: 2)]))
        }
    }

    /// A scalar of East Asian Ambiguous width that the C library counts as one column (`WidthTable.ambiguousRanges`).
    public static func isAmbiguous(_ scalar: Unicode.Scalar) -> Bool { scalar.value >= 0xA0 && inRanges(ambiguousRanges, scalar.value) }

    /// How an ambiguous `character` is drawn while `ambiguousIsWide`: its canonical decomposition when that begins with
    /// a scalar of one column in every terminal (`é` → `e` U+0301: one column), else nil (`б`, `°`: a placeholder in
    /// two columns, as ncurses and the terminal then agree).
    public static func narrowForm(of character: Character) -> [Unicode.Scalar]? {
        guard let first = character.unicodeScalars.first(where: { !isZeroWidth($0) }), isAmbiguous(first) else { return nil }
        let decomposed = Array(String(character).decomposedStringWithCanonicalMapping.unicodeScalars)
        guard let base = decomposed.first, base.value >= 0x20, base.value < 0x7F || (base.value >= 0xA0 && !isAmbiguous(base)
              && !inRanges(wideRanges, base.value) && !isZeroWidth(base) && !isUnknown(base)),
              decomposed.dropFirst().allSatisfy(isZeroWidth) else { return nil }
        return decomposed
    }

    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        // The first scalar that takes a column decides: `e` of `e` + U+0301, the digit after a prepended mark.
        guard let scalar = character.unicodeScalars.first(where: { !isZeroWidth($0) }) else { return 0 }
        let v = scalar.value
        if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 0 }
        if inRanges(wideRanges, v) { return 2 }
        if v >= 0xA0, inRanges(ambiguousRanges, v), ambiguousIsWide { return narrowForm(of: character) == nil ? 2 : 1 }
        if inRanges(unknownRanges, v) {
            return scalar.properties.isEmojiPresentation || scalar.properties.isIdeographic ? 2 : 1
        }
        return 1
    }

    /// A scalar a terminal draws in no column of its own (wcwidth 0): combining marks, format characters (joiners,
    /// direction marks), variation selectors, Hangul vowels and final consonants of a syllable typed in parts; one
    /// newer than the C library's tables by its category.
    public static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0xA0 { return false }
        if inRanges(zeroRanges, v) { return true }
        guard inRanges(unknownRanges, v) else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// A scalar the C library does not know (wcwidth -1 from U+00A0 on: newer than its Unicode version, or
    /// unassigned): the terminal may not know it either, so it is drawn as a placeholder (decision 388).
    public static func isUnknown(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 0xA0 && inRanges(unknownRanges, scalar.value)
    }

    static func inRanges(_ ranges: [(UInt32, UInt32)], _ v: UInt32) -> Bool {
        var low = 0, high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if v < ranges[middle].0 { high = middle - 1 } else if v > ranges[middle].1 { low = middle + 1 } else { return true }
        }
        return false
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
