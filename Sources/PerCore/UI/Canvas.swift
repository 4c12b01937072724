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
    case operatorKey // + − × ÷ =
    case frame       // box lines
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
    /// Every text put is drawn in ASCII (`GlyphSet.asciiText`): the ASCII glyph set is in use.
    public var asciiOnly = false
    /// Where the terminal's cursor rests after the frame (hidden or not): the focused field's caret, the selected
    /// row's first cell; nil: the top-left. Screen readers, braille displays, input methods and tmux copy mode follow it.
    public var focus: Place?

    public struct Place: Equatable, Sendable {
        public var x: Int
        public var y: Int
        public init(x: Int, y: Int) { self.x = x; self.y = y }
    }

    /// The caret glyph where typing goes: the one drawn reversed (the focused field's), else the first on the canvas.
    public func place(ofCaret glyph: Character) -> Place? {
        var first: Place?
        for y in 0..<height {
            for x in 0..<width where cells[y * width + x].character == glyph {
                if cells[y * width + x].style.contains(.reverse) { return Place(x: x, y: y) }
                first = first ?? Place(x: x, y: y)
            }
        }
        return first
    }

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }


    public subscript(x: Int, y: Int) -> Cell {
        get { x >= 0 && x < width && y >= 0 && y < height ? cells[y * width + x] : .blank }
        set { if x >= 0 && x < width && y >= 0 && y < height { cells[y * width + x] = newValue } }
    }

    /// Writes `text` from (x, y), clipped to `limit` columns; returns the columns used.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: CellStyle = [], color: ColorRole = .normal, limit: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        let end = min(width, limit.map { x + $0 } ?? width)
        if TextWidth.asciiWidth(text) != nil { return putBytes(text, x: x, y: y, end: end, style: style, color: color) }
        let shown = asciiOnly ? GlyphSet.asciiText(text) : text
        if asciiOnly, TextWidth.asciiWidth(shown) != nil { return putBytes(shown, x: x, y: y, end: end, style: style, color: color) }
        var column = x
        for character in shown {
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

    /// `put` for text that is all ASCII, a byte a column.
    private mutating func putBytes(_ text: String, x: Int, y: Int, end: Int, style: CellStyle, color: ColorRole) -> Int {
        var column = x
        for byte in text.utf8 {
            if column >= end { break }
            if column >= 0 { self[column, y] = Cell(Character(Unicode.Scalar(byte)), style: style, color: color) }
            column += 1
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

    /// One character per cell saying how it is styled without colour: `R` reverse, `U` reverse and underlined (a selected
    /// text), `B` bold, `d` dim, `u` underline, `.` plain.
    public var styleLines: [String] {
        (0..<height).map { y in
            String((0..<width).map { x -> Character in
                let s = self[x, y].style
                if s.contains(.reverse) { return s.contains(.underline) ? "U" : "R" }
                if s.contains(.bold) { return "B" }
                if s.contains(.dim) { return "d" }
                if s.contains(.underline) { return "u" }
                return "."
            })
        }
    }
}
