/// Text from files (titles, names) on its way to a terminal or a spreadsheet.
///
/// A control character in a title could be a terminal command: ESC starts escape sequences
/// (`ESC ] 52 ; c ; … BEL` writes the clipboard, `ESC [ 2 J` clears the screen), C1 characters
/// (U+0080–U+009F) are the same commands in one character on some terminals, and NUL ends a C
/// string. Import refuses them (`forbiddenScalar`); output shows any that got in some other way as
/// visible text, `\u{1B}` (`visible`, `singleLine`). A bidi control (`isBidiControl`) is no command but would show
/// the text around it in another order (`Costco` as `octsoC`): it is escaped the same way.
public enum TerminalText {
    /// C0 (U+0000–U+001F), DEL (U+007F) and C1 (U+0080–U+009F).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The bidi controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the marks
    /// (U+200E, U+200F, U+061C). No field takes one, import refuses them, and output shows them as `\u{202E}`.
    public static func isBidiControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// What output shows escaped: a control character or a bidi control.
    static func isEscaped(_ scalar: Unicode.Scalar) -> Bool { isControl(scalar) || isBidiControl(scalar) }

    /// Tab, line feed and carriage return: the whitespace a title or name may hold (a pasted
    /// two-line name, a tab from a spreadsheet). No terminal reads them as a command.
    public static let allowedInText: Set<Unicode.Scalar> = ["\t", "\n", "\r"]

    /// The first character import refuses in a title or name: any control character but tab and line breaks.
    public static func forbiddenScalar(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { isControl($0) && !allowedInText.contains($0) }
    }

    /// `U+001B`, how a message names a control character.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `\u{1B}`: a control character as visible text.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
    }

    /// The text with every control character except `keeping`, and every bidi control, shown as `\u{1B}`.
    public static func visible(_ text: String, keeping: Set<Unicode.Scalar> = []) -> String {
        guard text.unicodeScalars.contains(where: { isEscaped($0) && !keeping.contains($0) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) && !keeping.contains(scalar) {
                out.append(contentsOf: escape(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// One line for a terminal: line breaks and tabs become spaces (CR LF one space), every other
    /// control character and bidi control `\u{1B}`. For tables, lists and messages.
    public static func singleLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        let flat = text.replacingOccurrences(of: "\r\n", with: " ")
        var out = String.UnicodeScalarView()
        for scalar in flat.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t": out.append(" ")
            case _ where isEscaped(scalar): out.append(contentsOf: escape(scalar).unicodeScalars)
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}

/// CSV cells a spreadsheet would run as a formula (OWASP's "CSV injection"): text that starts with
/// `=`, `+`, `-`, `@`, tab or carriage return. Text cells that start with one of those, or with the
/// quote itself, are written with one `'` in front; import removes one leading `'` from text cells.
/// So every text round-trips exactly (`'x` is written `''x`), and numbers are never touched.
public enum SpreadsheetText {
    static let triggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// A text cell as written to CSV.
    public static func neutralised(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, triggers.contains(first) else { return text }
        return "'" + text
    }

    /// A text cell as read from CSV: one leading `'` removed.
    public static func restored(_ cell: String) -> String {
        cell.unicodeScalars.first == "'" ? String(cell.unicodeScalars.dropFirst()) : cell
    }
}
