/// The characters used to draw; one set is picked at start-up.
public struct GlyphSet: Equatable, Sendable {
    public var times: String, divide: String, minus: String, backspace: String
    public var previous: String, next: String
    public var horizontal: Character, vertical: Character
    public var topLeft: Character, topRight: Character, bottomLeft: Character, bottomRight: Character
    public var teeDown: Character, teeUp: Character, teeRight: Character, teeLeft: Character, cross: Character
    public var bestMark: String, ellipsis: Character, cursor: Character

    public static let utf8 = GlyphSet(
        times: "×", divide: "÷", minus: "−", backspace: "⌫", previous: "‹", next: "›",
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        teeDown: "┬", teeUp: "┴", teeRight: "├", teeLeft: "┤", cross: "┼", bestMark: "★", ellipsis: "…", cursor: "▏")

    public static let ascii = GlyphSet(
        times: "*", divide: "/", minus: "-", backspace: "<-", previous: "<", next: ">",
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        teeDown: "+", teeUp: "+", teeRight: "+", teeLeft: "+", cross: "+", bestMark: "*", ellipsis: ">", cursor: "_")

    /// The ASCII form of the glyphs per's own texts use (help, hints, messages, units): `⌫` → `<-`, `×` → `*`, `…` →
    /// `...`, `m²` → `m2`. Other characters (the user's own text: `Café`) stay as they are.
    public static func asciiText(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII { out.unicodeScalars.append(scalar); continue }
            switch scalar {
            case "×": out += "*"
            case "÷": out += "/"
            case "−", "–", "—", "─", "⁻": out += "-"
            case "…": out += "..."
            case "⌫": out += "<-"
            case "‹": out += "<"
            case "›": out += ">"
            case "★": out += "*"
            case "·": out += "."
            case "→": out += "->"
            case "≥": out += ">="
            case "≤": out += "<="
            case "⏎": out += "Enter"
            case "▏": out += "_"
            case "│": out += "|"
            case "┌", "┐", "└", "┘", "├", "┤", "┬", "┴", "┼": out += "+"
            case "⁰", "₀": out += "0"
            case "¹", "₁": out += "1"
            case "²", "₂": out += "2"
            case "³": out += "3"
            case "⁴": out += "4"
            case "⁵": out += "5"
            case "⁶": out += "6"
            case "⁷": out += "7"
            case "⁸": out += "8"
            case "⁹": out += "9"
            case "ⁿ": out += "n"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// UTF-8 when the locale's codeset is UTF-8 and the terminal is not the Linux console; ASCII, one column in every
    /// terminal, where ambiguous characters are drawn wide (`TextWidth.ambiguousIsWide`, decision 428): the box lines,
    /// `× − ▏ ★ ›` and `…` are all East Asian Ambiguous.
    public static func choose(codeset: String, term: String, ambiguousIsWide: Bool = TextWidth.ambiguousIsWide) -> GlyphSet {
        if ambiguousIsWide { return .ascii }
        let utf8Codeset = codeset.uppercased().filter { $0 != "-" } == "UTF8"  // no Foundation: it costs at start
        // vt100, vt220...: DEC terminals with no UTF-8; vte (GNOME Terminal's library) is a UTF-8 terminal (decision 386).
        let dec = term.hasPrefix("vt") && !term.hasPrefix("vte")
        return utf8Codeset && term != "linux" && !dec ? .utf8 : .ascii
    }

    public func symbol(_ op: ArithmeticOperator) -> String {
        switch op {
        case .plus: "+"
        case .minus: minus
        case .times: times
        case .divide: divide
        }
    }

    /// An expression's ASCII text with this set's operator glyphs: `12*3` → `12×3`.
    public func display(_ expressionText: String) -> String {
        guard let e = CalculatorExpression(parsing: expressionText) else { return expressionText }
        switch e {
        case .empty: return ""
        case .first(let a): return a.text
        case .pending(let a, let op): return a.text + symbol(op)
        case .both(let a, let op, let b): return a.text + symbol(op) + b.text
        }
    }
}
