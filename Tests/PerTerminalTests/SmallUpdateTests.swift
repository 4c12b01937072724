import Testing
import PerCore
@testable import PerTerminal

/// A digit and its key's flash written by per itself (decision 152): exact bytes, and where ncurses writes instead.
@Suite struct SmallUpdateTests {
    /// The price being typed (reversed, with the caret glyph) and the keypad's key `key` at (62, 11) or (66, 11),
    /// pressed or not, as the bench types them (section 2).
    static func frame(typed: String, key: Character? = nil, at keyX: Int = 62, pressed: Bool = false) -> Canvas {
        var canvas = Canvas(width: 80, height: 24)
        canvas.put(typed + "▏", x: 10, y: 2, style: .reverse)
        canvas.put("3", x: 62, y: 11)
        canvas.put("4", x: 66, y: 11)
        if let key { canvas.put(String(key), x: keyX, y: 11, style: pressed ? .reverse : []) }
        return canvas
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func aDigitSavesWhereTheNextGoesAndTheNextComesBackThereIn2Bytes() throws {
        // The first digit after ncurses wrote: the field's address, the caret's place saved, the key (27 + 2 bytes).
        let first = try #require(SmallUpdate.plan(from: Self.frame(typed: "12"), to: Self.frame(typed: "123", key: "3", pressed: true),
                                                  known: .unknown, caret: "▏"))
        #expect(Self.text(first.bytes) == "\u{1B}[3;13H\u{1B}[7m3\u{1B}7▏\u{1B}[12;63H3\u{1B}[m")
        #expect(first.known == SmallUpdate.Known(cursor: .init(x: 63, y: 11), saved: .init(at: .init(x: 13, y: 2), reversed: true)))
        // The flash's end: back over the key, its label.
        let end = try #require(SmallUpdate.plan(from: Self.frame(typed: "123", key: "3", pressed: true), to: Self.frame(typed: "123", key: "3"),
                                                known: first.known, caret: "▏"))
        #expect(Self.text(end.bytes) == "\u{8}3")
        #expect(end.known == SmallUpdate.Known(cursor: .init(x: 63, y: 11), saved: first.known.saved))
        // The next digit: ESC 8 to the caret, already reversed; the key; 20 bytes, and 2 for its flash's end.
        let next = try #require(SmallUpdate.plan(from: Self.frame(typed: "123", key: "3"), to: Self.frame(typed: "1234", key: "4", at: 66, pressed: true),
                                                 known: end.known, caret: "▏"))
        #expect(Self.text(next.bytes) == "\u{1B}84\u{1B}7▏\u{1B}[12;67H4\u{1B}[m")
        #expect(next.bytes.count == 20)
        #expect(next.known.saved == SmallUpdate.Saved(at: .init(x: 14, y: 2), reversed: true))
    }

    /// per's bytes are UTF-8: where the terminal's encoding may be another (the ASCII glyph set), a changed cell
    /// that is not ASCII is ncurses' to write, in the locale's encoding.
    @Test func nonASCIIIsNcursesWhereTheTerminalMayNotBeUTF8() {
        var before = Canvas(width: 20, height: 3)
        before.put("Caf_", x: 2, y: 1)
        var accented = before
        accented.put("é_", x: 5, y: 1)
        var plain = before
        plain.put("e_", x: 5, y: 1)
        #expect(SmallUpdate.plan(from: before, to: accented, known: .unknown, caret: "_", asciiOnly: true) == nil)
        #expect(SmallUpdate.plan(from: before, to: plain, known: .unknown, caret: "_", asciiOnly: true) != nil)
        #expect(SmallUpdate.plan(from: before, to: accented, known: .unknown, caret: "_").map { Self.text($0.bytes) }
                == "\u{1B}[2;6Hé\u{1B}7_")
    }

    /// A character of several scalars (a skin tone after ✌, typed one scalar at a time; e and a combining acute) is
    /// left to the frame, which draws it as Ctrl-L's repaint does (decision 154): written whole, tmux drew ✌🏽 in two
    /// columns and the name field read otherwise than after a repaint.
    @Test func aCharacterOfSeveralScalarsIsLeftToTheFrame() {
        var before = Canvas(width: 20, height: 3)
        before.put("\u{270C}_", x: 2, y: 1)
        var toned = Canvas(width: 20, height: 3)
        toned.put("\u{270C}\u{1F3FD}_", x: 2, y: 1)
        var marked = Canvas(width: 20, height: 3)
        marked.put("e\u{301}_", x: 2, y: 1)
        #expect(SmallUpdate.plan(from: before, to: toned, known: .unknown, caret: "_") == nil)
        #expect(SmallUpdate.plan(from: before, to: marked, known: .unknown, caret: "_") == nil)
    }

    /// ESC 8 brings back reverse video as it was saved: a plain cell at the saved place turns it off first. A move
    /// shorter than ESC 8 (the cursor is already there) wins. A coloured cell between two changes is not written
    /// again plain: it splits them.
    @Test func whatESC8BringsBackAndWhenItIsNotUsed() throws {
        var before = Canvas(width: 20, height: 3)
        before.put("ab", x: 2, y: 1)
        let saved = SmallUpdate.Known(cursor: .init(x: 10, y: 2), saved: .init(at: .init(x: 2, y: 1), reversed: true))
        var plain = before
        plain.put("X", x: 2, y: 1)
        #expect(SmallUpdate.plan(from: before, to: plain, known: saved, caret: "▏").map { Self.text($0.bytes) } == "\u{1B}8\u{1B}[mX")
        let there = SmallUpdate.Known(cursor: .init(x: 2, y: 1), saved: saved.saved)
        #expect(SmallUpdate.plan(from: before, to: plain, known: there, caret: "▏").map { Self.text($0.bytes) } == "X")
        var coloured = before
        coloured.put("c", x: 4, y: 1, color: .accent)
        var around = coloured
        around.put("A", x: 3, y: 1)
        around.put("D", x: 5, y: 1)
        #expect(SmallUpdate.plan(from: coloured, to: around, known: .unknown, caret: "▏").map { Self.text($0.bytes) } == "\u{1B}[2;4HA\u{1B}[CD")
    }

    @Test func aFrameLikeTheLastSendsNothing() throws {
        let same = try #require(SmallUpdate.plan(from: Self.frame(typed: "1"), to: Self.frame(typed: "1"), known: .unknown, caret: "▏"))
        #expect(same.bytes.isEmpty)
        #expect(same.known == .unknown)
    }

    @Test func ncursesWritesWhatIsColouredStyledWideLargeOrInTheLastColumn() {
        let before = Self.frame(typed: "1")
        func changed(_ change: (inout Canvas) -> Void) -> SmallUpdate? {
            var after = before
            change(&after)
            return SmallUpdate.plan(from: before, to: after, known: .unknown, caret: "▏")
        }
        #expect(changed { $0.put("x", x: 5, y: 5, color: .accent) } == nil)
        #expect(changed { $0.put("x", x: 5, y: 5, style: .bold) } == nil)
        #expect(changed { $0.put("x", x: 5, y: 5, style: .dim) } == nil)
        #expect(changed { $0.put("中", x: 5, y: 5) } == nil)
        #expect(changed { $0.put("x", x: 79, y: 5) } == nil)
        #expect(changed { $0.put(String(repeating: "x", count: 17), x: 0, y: 5) } == nil)
        #expect(changed { for y in 5..<9 { $0.put("x", x: 0, y: y) } } == nil)  // four places
        #expect(SmallUpdate.plan(from: before, to: Canvas(width: 40, height: 20), known: .unknown, caret: "▏") == nil)
        #expect(changed { $0.put("x", x: 5, y: 5) } != nil)
    }

    @Test func twoChangesCloseTogetherAreOneRunWithWhatIsBetweenWrittenAgain() throws {
        var before = Canvas(width: 20, height: 3)
        before.put("abcd efgh", x: 2, y: 1)
        var after = before
        after.put("A", x: 2, y: 1)
        after.put("D", x: 5, y: 1)  // two cells between: written again (2 bytes, less than a move)
        after.put("H", x: 10, y: 1)  // four between: moved over
        let update = try #require(SmallUpdate.plan(from: before, to: after, known: .unknown, caret: "▏"))
        #expect(Self.text(update.bytes) == "\u{1B}[2;3HAbcD\u{1B}[4CH")
    }

    @Test func movesAreTheShortestOfAnAddressAndARelativeMove() {
        func move(_ from: (Int, Int)?, _ to: (Int, Int)) -> String {
            Self.text(SmallUpdate.moveBytes(from: from.map { .init(x: $0.0, y: $0.1) }, to: .init(x: to.0, y: to.1)))
        }
        #expect(move(nil, (4, 2)) == "\u{1B}[3;5H")
        #expect(move((4, 2), (4, 2)) == "")
        #expect(move((6, 2), (4, 2)) == "\u{8}\u{8}")
        #expect(move((60, 2), (4, 2)) == "\u{1B}[56D")
        #expect(move((4, 2), (30, 2)) == "\u{1B}[26C")
        #expect(move((4, 2), (4, 9)) == "\u{1B}[7B")
        #expect(move((4, 2), (5, 2)) == "\u{1B}[C")
        #expect(move((4, 12), (4, 2)) == "\u{1B}[10A")
        #expect(move((4, 12), (70, 2)) == "\u{1B}[3;71H")
    }

    /// Issue 39: with a focus to rest at, a digit and its flash's end leave the cursor on the caret (ESC 8 and the
    /// attributes back to normal), and the next digit starts there without a move.
    @Test func aDigitAndItsFlashEndLeaveTheCursorOnTheCaret() throws {
        let caret = SmallUpdate.Point(x: 13, y: 2)
        let first = try #require(SmallUpdate.plan(from: Self.frame(typed: "12"), to: Self.frame(typed: "123", key: "3", pressed: true),
                                                  known: .unknown, caret: "▏", rest: caret))
        #expect(Self.text(first.bytes) == "\u{1B}[3;13H\u{1B}[7m3\u{1B}7▏\u{1B}[12;63H3\u{1B}8\u{1B}[m")
        #expect(first.known.cursor == caret)
        let end = try #require(SmallUpdate.plan(from: Self.frame(typed: "123", key: "3", pressed: true), to: Self.frame(typed: "123", key: "3"),
                                                known: first.known, caret: "▏", rest: caret))
        #expect(Self.text(end.bytes) == "\u{1B}[12;63H3\u{1B}8\u{1B}[m")
        #expect(end.known.cursor == caret)
        let next = try #require(SmallUpdate.plan(from: Self.frame(typed: "123", key: "3"), to: Self.frame(typed: "1234", key: "4", at: 66, pressed: true),
                                                 known: end.known, caret: "▏", rest: SmallUpdate.Point(x: 14, y: 2)))
        #expect(Self.text(next.bytes) == "\u{1B}[7m4\u{1B}7▏\u{1B}[12;67H4\u{1B}8\u{1B}[m")
        // Nothing changed but the focus moved: the cursor alone goes there.
        let moved = try #require(SmallUpdate.plan(from: Self.frame(typed: "1234"), to: Self.frame(typed: "1234"), known: next.known, caret: "▏",
                                                  rest: SmallUpdate.Point(x: 12, y: 2)))
        #expect(Self.text(moved.bytes) == "\u{8}\u{8}")
    }
}
