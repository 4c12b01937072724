/// How a cell is drawn. Meaning never rests on colour alone: every role also has an attribute.
public struct CellStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = CellStyle(rawValue: 1 << 0)
    public static let dim = CellStyle(rawValue: 1 << 1)
    public static let reverse = CellStyle(rawValue: 1 << 2)
    public static let underline = CellStyle(rawValue: 1 << 3)
}

/// A colour by meaning; the terminal maps it to a colour pair, or ignores it without colour.
public enum ColorRole: UInt8, CaseIterable, Sendable {
    case normal
    case accent      // titles, the focused field
    case muted       // disabled keys, hints
    case best        // best value
    case warning     // messages, problems
    case key         // enabled keypad labels
    case operatorKey // + − × ÷ =
}

public struct Cell: Equatable, Sendable {
    /// The character shown; nil in the right half of a double-width character.
    public var character: Character?
    public var style: CellStyle
    public var color: ColorRole

    public init(_ character: Character? = " ", style: CellStyle = [], color: ColorRole = .normal) {
        self.character = character
        self.style = style
        self.color = color
    }

    public static let blank = Cell()
}

public struct Rect: Equatable, Sendable {
    public var x: Int, y: Int, width: Int, height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x; self.y = y; self.width = max(0, width); self.height = max(0, height)
    }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }
}

/// An in-memory grid of cells: views draw here, the terminal copies it to the screen, tests read it back.
/// Writes outside the grid are clipped, never trapped.
public struct Canvas: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get { x >= 0 && x < width && y >= 0 && y < height ? cells[y * width + x] : .blank }
        set { if x >= 0 && x < width && y >= 0 && y < height { cells[y * width + x] = newValue } }
    }

    /// Writes `text` from (x, y), clipped to `limit` columns; returns the columns used.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = [], color: ColorRole = .normal, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let end = min(width, limit.map { x + $0 } ?? width)
        var column = x
        if TextWidth.asciiWidth(text) != nil {
            for byte in text.utf8 {
                if column >= end { break }
                if column >= 0 { self[column, y] = Cell(Character(Unicode.Scalar(byte)), style: style, color: color) }
                column += 1
            }
            return column - x
        }
        for character in text {
            let w = TextWidth.of(character)
            guard w > 0 else { continue }
            if column + w > end { break }
            if column >= 0 {
                self[column, y] = Cell(character, style: style, color: color)
                if w == 2 { self[column + 1, y] = Cell(nil, style: style, color: color) }
            }
            column += w
        }
        return column - x
    }

    /// Fills a rectangle with one character and style.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
        for y in max(0, rect.y)..<min(height, rect.maxY) where rect.x < width {
            for x in max(0, rect.x)..<min(width, rect.maxX) { self[x, y] = cell }
        }
    }

    /// Adds attributes to every cell of a rectangle (e.g. reverse video for a pressed key).
    public mutating func addStyle(_ style: CellStyle, in rect: Rect) {
        for y in max(0, rect.y)..<min(height, rect.maxY) where rect.x < width {
            for x in max(0, rect.x)..<min(width, rect.maxX) { cells[y * width + x].style.formUnion(style) }
        }
    }

    /// The text of each row, right-trimmed; double-width characters appear once.
    public var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width { if let c = self[x, y].character { line.append(c) } }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The whole canvas as text, rows joined by newlines (for snapshots).
    public var text: String { lines.joined(separator: "\n") }

    /// One character per cell saying how it is styled without colour: `R` reverse, `B` bold, `d` dim, `u` underline, `.` plain.
    public var styleLines: [String] {
        (0..<height).map { y in
            String((0..<width).map { x -> Character in
                let s = self[x, y].style
                if s.contains(.reverse) { return "R" }
                if s.contains(.bold) { return "B" }
                if s.contains(.dim) { return "d" }
                if s.contains(.underline) { return "u" }
                return "."
            })
        }
    }
}

/// Display width of a character in a terminal: 0 for controls, 2 for East Asian wide and emoji, else 1.
public enum TextWidth {
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
        guard let scalar = character.unicodeScalars.first else { return 0 }
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

    /// Cuts `text` to at most `columns` columns, ending with `…` (or `~`) when cut.
    public static func truncate(_ text: String, to columns: Int, ellipsis: Character = "…") -> String {
        guard columns > 0 else { return "" }
        if let width = asciiWidth(text) {
            return width <= columns ? text : String(decoding: text.utf8.prefix(columns - 1), as: UTF8.self) + String(ellipsis)
        }
        if of(text) <= columns { return text }
        var result = "", used = 0
        for c in text {
            let w = of(c)
            if used + w > columns - 1 { break }
            result.append(c); used += w
        }
        result.append(ellipsis)
        return result
    }
}
