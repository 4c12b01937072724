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

    /// The operator column, as lines from the keypad's top: each key's box (borders included, shared
    /// with its neighbours). Full: + − × ÷ one line each with borders between, `=` three lines.
    /// Compact: + − × ÷ on consecutive lines inside one box, then a two-line `=`.
    static let operatorColumn: [(key: CalculatorKey, full: ClosedRange<Int>, compact: ClosedRange<Int>)] = [
        (.operation(.plus), 0...2, 0...2),
        (.operation(.minus), 2...4, 1...3),
        (.operation(.times), 4...6, 2...4),
        (.operation(.divide), 6...8, 3...5),
        (.equals, 8...12, 5...8),
    ]

    /// Lines from one digit row's top border to the next: a two-line face (full) or one line (compact).
    static func digitRowStep(_ size: Size) -> Int {
        switch size {
        case .full: 3
        case .compact: 2
        }
    }

    /// The gap between the digit grid and the operator column.
    static let operatorGap = 1

    /// The key boxes with their origin at (x, y). Boxes share their borders.
    public static func keyCaps(x: Int, y: Int, size: Size) -> [KeyCap] {
        let w = size.keyWidth
        let step = digitRowStep(size)
        var caps: [KeyCap] = []
        for (r, row) in digitRows.enumerated() {
            for (c, key) in row.enumerated() {
                caps.append(KeyCap(key: key, frame: Rect(x: x + c * (w + 1), y: y + r * step, width: w + 2, height: step + 1)))
            }
        }
        let opX = x + digitRows[0].count * (w + 1) + 1 + operatorGap
        for entry in operatorColumn {
            let lines = switch size {
            case .full: entry.full
            case .compact: entry.compact
            }
            caps.append(KeyCap(key: entry.key, frame: Rect(x: opX, y: y + lines.lowerBound, width: w + 2, height: lines.count)))
        }
        return caps
    }

    /// The area of a cap that responds to a click and shows pressed: inside its border.
    public static func face(of cap: KeyCap) -> Rect {
        Rect(x: cap.frame.x + 1, y: cap.frame.y + 1, width: cap.frame.width - 2, height: cap.frame.height - 2)
    }

    public static func label(_ key: CalculatorKey, glyphs: GlyphSet, decimal: DecimalMark = .point) -> String {
        switch key {
        case .digit(let d): String(d)
        case .decimalPoint: String(decimal.character)
        case .operation(let op): glyphs.symbol(op)
        case .equals: "="
        case .backspace: glyphs.backspace
        case .clear: "C"
        }
    }

    /// Draws the keypad: enabled keys in the normal weight (operators in their colour), a disabled key's face blank
    /// (what is drawn tells them apart, not dim alone: mosh and some terminfo entries drop dim, a white xterm draws dim
    /// black as black), the flashed key reversed (a disabled key too, so a tap on it is seen).
    public static func draw(into canvas: inout Canvas, x: Int, y: Int, size: Size, enabled: Set<CalculatorKey>, pressed: CalculatorKey?, glyphs: GlyphSet,
                            decimal: DecimalMark = .point) {
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
            let label = label(cap.key, glyphs: glyphs, decimal: decimal)
            let lx = face.x + (face.width - TextWidth.of(label)) / 2
            let ly = face.y + (face.height - 1) / 2
            let isOperator: Bool
            switch cap.key {
            case .operation, .equals: isOperator = true
            default: isOperator = false
            }
            // Only the label shows pressed, reversed (the focused field's attributes, so a keystroke needs one
            // attribute sequence): enough to see, and few bytes over a slow link. Enabled labels are in the normal
            // weight, so the flash ends with the label alone, no attribute sequence.
            let isPressed = pressed == cap.key
            guard isEnabled || isPressed else { continue }
            canvas.put(label, x: lx, y: ly, style: isPressed ? .reverse : [], color: isOperator && isEnabled ? .operatorKey : .normal)
        }
    }
}
