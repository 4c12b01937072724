/// The name or shop field's edit: its text and a caret, edited like a text field, a character (grapheme cluster) at a
/// time. A scalar typed that joins the character before it (an accent, a variation selector, a skin tone, a joiner,
/// a flag's second letter, a Hangul vowel) makes one character with it: the caret stays after that character.
public struct TextField: Equatable, Sendable {
    public private(set) var text: String
    public private(set) var caret: Caret
    /// `text.count`, kept: a String counts its characters by walking all of them. With it, a key typed or deleted at
    /// the end, where typing happens, walks none of the text, so a key costs the same in a long text as in a short one
    /// (issue 32); an edit before the end walks the text once.
    private var count: Int
    /// `text.unicodeScalars.count`, kept the same way: the limit (`FieldText.maximumLength`) is counted in scalars.
    private var scalars: Int
    /// Characters walked over to find a place in the text, since the field was made: tests count them (none at the
    /// end). Never part of equality.
    private(set) var walked = Derived(0)

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
        count = text.count
        scalars = text.unicodeScalars.count
        caret = .at(min(max(cursor ?? count, 0), count))
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
        case .wholeText: count
        }
    }

    public var isWholeTextSelected: Bool { caret == .wholeText }

    public enum Motion: Equatable, Sendable {
        case left, right, start, end
    }

    public mutating func move(_ motion: Motion) {
        switch motion {
        case .left: caret = .at(max(cursor - 1, 0))
        case .right: caret = .at(min(cursor + 1, count))
        case .start: caret = .at(0)
        case .end: caret = .at(count)
        }
    }

    /// Whether a field takes `character` typed or pasted: anything but control characters, line breaks and bidi
    /// controls (`FieldText.refusal`).
    public static func takes(_ character: Character) -> Bool { FieldText.refusal(of: character) == nil }

    /// Types a character at the cursor; nil when typed, else why nothing changed (a character a field does not
    /// take, or a field holding `FieldText.maximumLength` scalars).
    @discardableResult
    public mutating func insert(_ character: Character) -> FieldText.Refusal? {
        if let refusal = FieldText.refusal(of: character) { return refusal }
        let added = character.unicodeScalars.count
        guard (caret == .wholeText ? 0 : scalars) + added <= FieldText.maximumLength else { return .full }
        if caret == .wholeText {
            text = ""
            count = 0
            scalars = 0
        }
        scalars += added
        let offset = cursor
        guard offset < count else {
            // At the end only the last character can join what is typed: count from its start.
            let last = count == 0 ? 0 : text.utf8.count - text.utf8.distance(from: text.index(before: text.endIndex), to: text.endIndex)
            text.append(character)
            count += text[text.utf8.index(text.startIndex, offsetBy: last)...].count - (count == 0 ? 0 : 1)
            caret = .at(count)
            return nil
        }
        let at = index(offset)
        let end = text.utf8.distance(from: text.startIndex, to: at) + String(character).utf8.count
        text.insert(character, at: at)
        count = text.count
        caret = .at(characters(before: end))
        return nil
    }

    /// Backspace: the character before the cursor.
    public mutating func deleteBackward() {
        let offset = cursor
        guard offset > 0 else { return }
        guard offset < count else {
            // The last character: what is before it stays as it was.
            scalars -= text.last!.unicodeScalars.count
            text.removeLast()
            count -= 1
            caret = .at(count)
            return
        }
        remove(at: index(offset - 1))
    }

    /// Delete: the character under the cursor.
    public mutating func deleteForward() {
        let offset = cursor
        caret = .at(offset)
        guard offset < count else { return }
        remove(at: index(offset))
    }

    public mutating func clear() { self = TextField() }

    /// The text with `mark` at the cursor, cut to `width` columns so that the cursor stays in view.
    public func display(cursor mark: Character, width: Int) -> String {
        var before: [Character] = [mark], used = TextWidth.of(mark)
        guard used <= width else { return "" }
        let at = place(cursor).index
        for c in text[..<at].reversed() {
            let w = TextWidth.of(c)
            if used + w > width { break }
            before.append(c); used += w
        }
        var shown = String(before.reversed())
        for c in text[at...] {
            let w = TextWidth.of(c)
            if used + w > width { break }
            shown.append(c); used += w
        }
        return shown
    }

    /// Removes the character at `start`, before the end: the characters either side of it may join.
    private mutating func remove(at start: String.Index) {
        let position = text.utf8.distance(from: text.startIndex, to: start)
        scalars -= text[start].unicodeScalars.count
        text.remove(at: start)
        count = text.count
        caret = .at(characters(before: position))
    }

    /// The index of the character `offset` characters in (the end when there are fewer), counted as walked.
    private mutating func index(_ offset: Int) -> String.Index {
        let (index, steps) = place(offset)
        walked.value += steps
        return index
    }

    /// The index of the character `offset` characters in, walked to from the nearer end, and the characters walked.
    private func place(_ offset: Int) -> (index: String.Index, steps: Int) {
        let offset = min(max(offset, 0), count)
        if offset > count / 2 { return (text.index(text.endIndex, offsetBy: offset - count), count - offset) }
        return (text.index(text.startIndex, offsetBy: offset), offset)
    }

    /// How many characters end at or before the first character boundary at or after `utf8` UTF-8 code units in: where
    /// the caret goes after an edit there (a scalar that joined a neighbour leaves it after the joined character).
    private mutating func characters(before utf8: Int) -> Int {
        let position = text.utf8.index(text.startIndex, offsetBy: min(utf8, text.utf8.count))
        var characters = 0, i = text.startIndex
        while i < position {
            text.formIndex(after: &i)
            characters += 1
        }
        walked.value += characters
        return characters
    }
}

extension TextField: ExpressibleByStringLiteral {
    /// The text with the cursor at its end.
    public init(stringLiteral text: String) { self.init(text) }
}
