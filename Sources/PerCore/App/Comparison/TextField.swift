/// The name or shop field's edit: its text and a caret, edited like a text field.
public struct TextField: Equatable, Sendable {
    public private(set) var text: String
    public private(set) var caret: Caret

    public enum Caret: Equatable, Sendable {
        /// A cursor: the count of characters before it, 0 the start, `text.count` the end.
        case at(Int)
        /// The whole text is selected, as a field with a value is entered (Tab, Enter, a click): the first
        /// character typed or pasted replaces it, as a digit replaces a number; a motion or a deletion keeps
        /// it and edits it from its end.
        case wholeText
    }

    /// The cursor at the end, as after typing `text`.
    public init(_ text: String = "", cursor: Int? = nil) {
        self.text = text
        self.caret = .at(min(max(cursor ?? text.count, 0), text.count))
    }

    /// The field as it is entered: its whole text selected (an empty one has nothing to select).
    public static func entered(_ text: String) -> TextField {
        var field = TextField(text)
        if !text.isEmpty { field.caret = .wholeText }
        return field
    }

    /// Characters before the cursor (the selected whole text has it at its end).
    public var cursor: Int {
        switch caret {
        case .at(let offset): offset
        case .wholeText: text.count
        }
    }

    public var isWholeTextSelected: Bool { caret == .wholeText }

    public enum Motion: Equatable, Sendable {
        case left, right, start, end
    }

    public mutating func move(_ motion: Motion) {
        switch motion {
        case .left: caret = .at(max(cursor - 1, 0))
        case .right: caret = .at(min(cursor + 1, text.count))
        case .start: caret = .at(0)
        case .end: caret = .at(text.count)
        }
    }

    /// Types a printable character at the cursor; false (nothing changes) for a control character.
    @discardableResult
    public mutating func insert(_ character: Character) -> Bool {
        guard TextWidth.of(character) > 0 else { return false }
        if caret == .wholeText { text = "" }
        let offset = cursor
        text.insert(character, at: index(offset))
        caret = .at(offset + 1)
        return true
    }

    /// Backspace: the character before the cursor.
    public mutating func deleteBackward() {
        let offset = cursor
        guard offset > 0 else { return }
        text.remove(at: index(offset - 1))
        caret = .at(offset - 1)
    }

    /// Delete: the character under the cursor.
    public mutating func deleteForward() {
        let offset = cursor
        caret = .at(offset)
        guard offset < text.count else { return }
        text.remove(at: index(offset))
    }

    public mutating func clear() { self = TextField() }

    /// The text with `mark` at the cursor, cut to `width` columns so that the cursor stays in view.
    public func display(cursor mark: Character, width: Int) -> String {
        guard width > 0 else { return "" }
        var shown = "", used = 0
        for c in (text[..<index(cursor)] + String(mark)).reversed() {
            let w = TextWidth.of(c)
            if used + w > width { break }
            shown.insert(c, at: shown.startIndex); used += w
        }
        for c in text[index(cursor)...] {
            let w = TextWidth.of(c)
            if used + w > width { break }
            shown.append(c); used += w
        }
        return shown
    }

    private func index(_ offset: Int) -> String.Index { text.index(text.startIndex, offsetBy: offset) }
}

extension TextField: ExpressibleByStringLiteral {
    /// The text with the cursor at its end.
    public init(stringLiteral text: String) { self.init(text) }
}
