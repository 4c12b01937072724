/// One key of the keypad: what it presses and the rectangle of its box (border included).
public struct KeyCap: Equatable, Sendable {
    public var key: CalculatorKey
    public var frame: Rect
}

/// The calculator keypad, as data: a 4×3 digit grid beside an operator column whose `=` is double height.
public enum KeypadView {
    public enum Size: Sendable {
        /// Two lines per digit row, boxes between every key (13 lines).
        case full(keyWidth: Int)
        /// One line per key row (9 lines).
        case compact

        public var height: Int {
            switch self {
            case .full: 13
            case .compact: 9
            }
        }

        var keyWidth: Int {
            switch self {
            case .full(let w): w
            case .compact: 3
            }
        }

        public var width: Int { 3 * (keyWidth + 1) + 1 + 1 + keyWidth + 2 }
    }

    static let digitRows: [[CalculatorKey]] = [
        [.digit(1), .digit(2), .digit(3)],
        [.digit(4), .digit(5), .digit(6)],
        [.digit(7), .digit(8), .digit(9)],
        [.decimalPoint, .digit(0), .backspace],
    ]

    /// The key boxes with their origin at (x, y). Boxes share their borders.
    public static func keyCaps(x: Int, y: Int, size: Size) -> [KeyCap] {
        let w = size.keyWidth
        var caps: [KeyCap] = []
        let rowStep = size.height == 13 ? 3 : 2
        for (r, row) in digitRows.enumerated() {
            for (c, key) in row.enumerated() {
                caps.append(KeyCap(key: key, frame: Rect(x: x + c * (w + 1), y: y + r * rowStep, width: w + 2, height: rowStep + 1)))
            }
        }
        let opX = x + 3 * (w + 1) + 2
        let ops = ArithmeticOperator.allCases.map { CalculatorKey.operation($0) }
        switch size {
        case .full:
            // + − × ÷ one line each with borders between, = three lines: rows 0-2, 2-4, 4-6, 6-8, 8-12.
            for (i, key) in ops.enumerated() {
                caps.append(KeyCap(key: key, frame: Rect(x: opX, y: y + 2 * i, width: w + 2, height: 3)))
            }
            caps.append(KeyCap(key: .equals, frame: Rect(x: opX, y: y + 8, width: w + 2, height: 5)))
        case .compact:
            // + − × ÷ on consecutive lines (their frames overlap: one box holds all four), then a two-line =.
            for (i, key) in ops.enumerated() {
                caps.append(KeyCap(key: key, frame: Rect(x: opX, y: y + i, width: w + 2, height: 3)))
            }
            caps.append(KeyCap(key: .equals, frame: Rect(x: opX, y: y + 5, width: w + 2, height: 4)))
        }
        return caps
    }

    /// The area of a cap that responds to a click and shows pressed: inside its border.
    public static func face(of cap: KeyCap) -> Rect {
        Rect(x: cap.frame.x + 1, y: cap.frame.y + 1, width: cap.frame.width - 2, height: cap.frame.height - 2)
    }

    public static func label(_ key: CalculatorKey, glyphs: GlyphSet) -> String {
        switch key {
        case .digit(let d): String(d)
        case .decimalPoint: "."
        case .operation(let op): glyphs.symbol(op)
        case .equals: "="
        case .backspace: glyphs.backspace
        case .clear: "C"
        }
    }

    /// Draws the keypad: enabled keys bold, disabled keys dim (and muted in colour), the flashed key reversed.
    public static func draw(into canvas: inout Canvas, x: Int, y: Int, size: Size, enabled: Set<CalculatorKey>, pressed: CalculatorKey?, glyphs: GlyphSet) {
        let caps = keyCaps(x: x, y: y, size: size)
        var lines = BoxLines(width: canvas.width, height: canvas.height)
        for cap in caps {
            if case .compact = size, case .operation = cap.key { continue }
            lines.addBox(cap.frame)
        }
        if case .compact = size, let plus = caps.first(where: { $0.key == .operation(.plus) }) {
            lines.addBox(Rect(x: plus.frame.x, y: y, width: plus.frame.width, height: 6))
        }
        lines.draw(into: &canvas, glyphs: glyphs)
        for cap in caps {
            let face = face(of: cap)
            let isEnabled = enabled.contains(cap.key)
            let label = label(cap.key, glyphs: glyphs)
            let lx = face.x + (face.width - TextWidth.of(label)) / 2
            let ly = face.y + (face.height - 1) / 2
            let isOperator: Bool
            switch cap.key {
            case .operation, .equals: isOperator = true
            default: isOperator = false
            }
            // Only the label shows pressed, reversed (not bold: the focused field's attributes, so a keystroke
            // needs one attribute sequence): enough to see, and few bytes over a slow link.
            let isPressed = pressed == cap.key
            canvas.put(label, x: lx, y: ly, style: isPressed ? .reverse : isEnabled ? .bold : .dim,
                       color: isEnabled ? (isOperator ? .operatorKey : .key) : .muted)
        }
    }
}
