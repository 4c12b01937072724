/// The one rule for text a person gives per in a field (a title, a name, a shop, a list item; typed, pasted or on
/// the command line), and that import reads back: at most `maximumLength` Unicode scalars and no bidi control. Both
/// hold where text enters (typed text past the limit is cut, a bidi control left out, saying so; the command line
/// refuses), so every export per writes imports again.
public enum FieldText {
    /// The most per keeps in one text field, in Unicode scalars (import's limit too): no title or name comes near it.
    public static let maximumLength = 4096

    /// A character a field leaves out, and why.
    public enum Refusal: Equatable, Sendable {
        /// A control character or a line break: not text a field takes (tab and line breaks are left out quietly).
        case notText
        /// A bidi control (U+202E...), which would show the text around it in another order.
        case bidiControl(Unicode.Scalar)
        /// The field holds `maximumLength` scalars already.
        case full
    }

    /// `Cut to 4,096 characters, the most per keeps in one field`.
    public static let cutMessage = "Cut to \(grouped(maximumLength)) characters, the most per keeps in one field"

    /// `Left out U+202E, a bidi control: it would show the text in another order`.
    public static func leftOutMessage(_ scalar: Unicode.Scalar) -> String {
        "Left out \(TerminalText.codePoint(scalar)), a bidi control: it would show the text in another order"
    }

    /// The message for what a typed or pasted text lost (the limit first), or nil when nothing was refused but
    /// controls and line breaks.
    public static func message(for refusals: [Refusal]) -> String? {
        if refusals.contains(.full) { return cutMessage }
        for case .bidiControl(let scalar) in refusals { return leftOutMessage(scalar) }
        return nil
    }

    /// Why `character` can't be typed into a field, or nil when it can.
    public static func refusal(of character: Character) -> Refusal? {
        if character.isNewline || character.unicodeScalars.contains(where: TerminalText.isControl) { return .notText }
        if let scalar = character.unicodeScalars.first(where: TerminalText.isBidiControl) { return .bidiControl(scalar) }
        return nil
    }

    /// Whether `text` can take `added` more scalars. Walks `text` only when its UTF-8 is longer than the limit
    /// (at most four times it in a text that fits), so a key typed costs the same at any length below it.
    public static func fits(_ text: String, adding added: Int) -> Bool {
        if text.utf8.count + added <= maximumLength { return true }
        return text.unicodeScalars.count + added <= maximumLength
    }

    /// `text` with what a field takes appended, cut at the limit: the refusals say what was left out.
    public static func appending(_ added: String, to text: inout String) -> [Refusal] {
        var refusals: [Refusal] = []
        for character in added {
            if let refusal = refusal(of: character) { refusals.append(refusal); continue }
            guard fits(text, adding: character.unicodeScalars.count) else { refusals.append(.full); break }
            text.append(character)
        }
        return refusals
    }

    /// What the command line refuses in a title, name or shop (`the shop holds ...`), or nil: a control
    /// character, a bidi control, more than the limit.
    public static func commandLineProblem(in text: String) -> String? {
        if let scalar = TerminalText.forbiddenScalar(in: text) {
            return "holds the control character \(TerminalText.codePoint(scalar))"
        }
        if let scalar = text.unicodeScalars.first(where: TerminalText.isBidiControl) {
            return "holds \(TerminalText.codePoint(scalar)), a bidi control (it would show the text in another order)"
        }
        if !fits(text, adding: 0) { return tooLong(text) }
        return nil
    }

    /// `5891 characters, more than the 4096 per takes in one field`.
    public static func tooLong(_ text: String) -> String {
        "\(text.unicodeScalars.count) characters, more than the \(maximumLength) per takes in one field"
    }

    private static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
