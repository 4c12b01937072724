/// The name field's edit: its text and a cursor (a count of characters from the start), edited like a text field.
public struct TextField: Equatable, Sendable {
    public private(set) var text: String
    /// Characters before the cursor: 0 is the start, `text.count` the end.
    public private(set) var cursor: Int

    /// The cursor at the end, as after typing `text`.
    public init(_ text: String = "", cursor: Int? = nil) {
        self.text = text
        self.cursor = min(max(cursor ?? text.count, 0), text.count)
    }

    public enum Motion: Equatable, Sendable {
        case left, right, start, end
    }

    public mutating func move(_ motion: Motion) {
        switch motion {
        case .left: cursor = max(cursor - 1, 0)
        case .right: cursor = min(cursor + 1, text.count)
        case .start: cursor = 0
        case .end: cursor = text.count
        }
    }

    /// Types a printable character at the cursor; false (nothing changes) for a control character.
    @discardableResult
    public mutating func insert(_ character: Character) -> Bool {
        guard TextWidth.of(character) > 0 else { return false }
        text.insert(character, at: index(cursor))
        cursor += 1
        return true
    }

    /// Backspace: the character before the cursor.
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        text.remove(at: index(cursor - 1))
        cursor -= 1
    }

    /// Delete: the character under the cursor.
    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: index(cursor))
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
