/// The name or shop field's edit: its text and a caret, edited like a text field, a character (grapheme cluster) at a
/// time. A scalar typed that joins the character before it (an accent, a variation selector, a skin tone, a joiner,
/// a flag's second letter, a Hangul vowel) makes one character with it: the caret stays after that character.
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

    /// Whether a field takes `character` typed or pasted: anything but control characters and line breaks.
    public static func takes(_ character: Character) -> Bool {
        !character.isNewline && !character.unicodeScalars.contains(where: TerminalText.isControl)
    }

    /// Types a character at the cursor; false (nothing changes) for one a field does not take.
    @discardableResult
    public mutating func insert(_ character: Character) -> Bool {
        guard Self.takes(character) else { return false }
        if caret == .wholeText { text = "" }
        let at = index(cursor)
        let end = text.unicodeScalars.distance(from: text.startIndex, to: at) + character.unicodeScalars.count
        text.insert(character, at: at)
        caret = .at(characters(before: end))
        return true
    }

    /// Backspace: the character before the cursor.
    public mutating func deleteBackward() {
        let offset = cursor
        guard offset > 0 else { return }
        let start = index(offset - 1)
        let scalars = text.unicodeScalars.distance(from: text.startIndex, to: start)
        text.remove(at: start)
        caret = .at(characters(before: scalars))
    }

    /// Delete: the character under the cursor.
    public mutating func deleteForward() {
        let offset = cursor
        caret = .at(offset)
        guard offset < text.count else { return }
        let start = index(offset)
        let scalars = text.unicodeScalars.distance(from: text.startIndex, to: start)
        text.remove(at: start)
        caret = .at(characters(before: scalars))
    }

    public mutating func clear() { self = TextField() }

    /// The text with `mark` at the cursor, cut to `width` columns so that the cursor stays in view.
    public func display(cursor mark: Character, width: Int) -> String {
        var before: [Character] = [mark], used = TextWidth.of(mark)
        guard used <= width else { return "" }
        for c in text[..<index(cursor)].reversed() {
            let w = TextWidth.of(c)
            if used + w > width { break }
            before.append(c); used += w
        }
        var shown = String(before.reversed())
        for c in text[index(cursor)...] {
            let w = TextWidth.of(c)
            if used + w > width { break }
            shown.append(c); used += w
        }
        return shown
    }

    /// The index of the character `offset` characters in (the end when there are fewer).
    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: max(offset, 0), limitedBy: text.endIndex) ?? text.endIndex
    }

    /// How many characters end at or before the first character boundary at or after `scalars` scalars in: where the
    /// caret goes after an edit there (a scalar that joined a neighbour leaves it after the joined character).
    private func characters(before scalars: Int) -> Int {
        let position = text.unicodeScalars.index(text.startIndex, offsetBy: scalars, limitedBy: text.endIndex) ?? text.endIndex
        var count = 0, i = text.startIndex
        while i < position {
            text.formIndex(after: &i)
            count += 1
        }
        return count
    }
}

extension TextField: ExpressibleByStringLiteral {
    /// The text with the cursor at its end.
    public init(stringLiteral text: String) { self.init(text) }
}
