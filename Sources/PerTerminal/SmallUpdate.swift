import PerCore

/// A frame that changes a few plain or reversed cells (a digit and its key's flash, the flash's end), written by per
/// itself instead of ncurses' `doupdate`, because ncurses never uses the terminal's save and restore cursor (`ESC 7`,
/// `ESC 8`): a digit saves where the next one goes, so the next comes back there from the keypad in 2 bytes instead of
/// a 7-byte address (decision 152). Pure: the two canvases and what per knows of the terminal in, the bytes and what it
/// knows after them out. Only for terminals that speak these ANSI sequences (`Terminal` checks their terminfo).
struct SmallUpdate: Equatable {
    struct Point: Equatable {
        var x: Int
        var y: Int
    }

    /// What per's own bytes left in the terminal. `.unknown` once ncurses has written: it moves the cursor where it
    /// likes and may itself save and restore it.
    struct Known: Equatable {
        /// Where the cursor is; the attributes are always the normal ones between frames.
        var cursor: Point?
        /// What `ESC 7` saved last: the place and whether reverse video was on.
        var saved: Saved?

        static let unknown = Known(cursor: nil, saved: nil)
    }

    struct Saved: Equatable {
        var at: Point
        var reversed: Bool
    }

    let bytes: [UInt8]
    let known: Known

    /// Larger changes are ncurses' (it clears to the end of a line, picks among more moves...).
    static let maximumCells = 16
    static let maximumRuns = 3
    /// Unchanged cells between two changed ones that are written again rather than moved over.
    static let maximumGap = 2

    private struct Run {
        let y: Int
        let start: Int
        var end: Int  // exclusive
    }

    /// The bytes that turn `previous` into `next`, or nil when ncurses should write the frame: the sizes differ, or a
    /// changed cell is coloured, bold, dim, underlined, double-width or in the last column (where writing may wrap),
    /// or the change is larger than a few cells. `caret` is the glyph that marks where typing goes: the cursor is
    /// saved there. Bytes are UTF-8: with `asciiOnly` (a terminal whose encoding may be another) a changed cell must
    /// be ASCII.
    /// `rest`: where the cursor is left after the frame (the focus: screen readers follow it), the top-left's nil
    /// leaving it where the last write ended.
    static func plan(from previous: Canvas, to next: Canvas, known: Known, caret: Character, asciiOnly: Bool = false,
                     rest: Point? = nil) -> SmallUpdate? {
        guard previous.width == next.width, previous.height == next.height, next.width > 1 else { return nil }
        var runs: [Run] = []
        var cells = 0
        for y in 0..<next.height {
            for x in 0..<next.width where previous[x, y] != next[x, y] {
                guard x < next.width - 1, isSimple(next[x, y], asciiOnly), isSimple(previous[x, y], asciiOnly) else { return nil }
                cells += 1
                if let last = runs.last, last.y == y, x - last.end <= maximumGap,
                   (last.end..<x).allSatisfy({ isSimple(next[$0, y], asciiOnly) }) {
                    runs[runs.count - 1].end = x + 1
                } else {
                    runs.append(Run(y: y, start: x, end: x + 1))
                }
                guard cells <= maximumCells, runs.count <= maximumRuns else { return nil }
            }
        }
        if runs.isEmpty {
            // Nothing drawn, but the focus may have moved (a cursor motion over what does not change).
            guard let rest, known.cursor != rest else { return SmallUpdate(bytes: [], known: known) }
            let tail = restBytes(from: known.cursor, reversed: false, to: rest, saved: known.saved)
            return SmallUpdate(bytes: tail, known: Known(cursor: rest, saved: known.saved))
        }

        // The run the saved place starts comes first: ESC 8 takes the cursor there.
        if let saved = known.saved, let index = runs.firstIndex(where: { $0.y == saved.at.y && $0.start == saved.at.x }), index > 0 {
            runs.insert(runs.remove(at: index), at: 0)
        }
        var out: [UInt8] = []
        var cursor = known.cursor
        var saved = known.saved
        var reversed = false
        var savedThisFrame = false
        for run in runs {
            let target = Point(x: run.start, y: run.y)
            let move = moveBytes(from: cursor, to: target)
            if let saved, saved.at == target, move.count > 2 {
                out += [0x1B, 0x38]  // ESC 8
                reversed = saved.reversed
            } else {
                out += move
            }
            for x in run.start..<run.end {
                let cell = next[x, run.y]
                let wantsReverse = cell.style == .reverse
                if wantsReverse != reversed {
                    out += Array((wantsReverse ? "\u{1B}[7m" : "\u{1B}[m").utf8)
                    reversed = wantsReverse
                }
                let character = cell.character ?? " "
                if character == caret, !savedThisFrame {
                    out += [0x1B, 0x37]  // ESC 7
                    saved = Saved(at: Point(x: x, y: run.y), reversed: reversed)
                    savedThisFrame = true
                }
                out += Array(String(character).utf8)
            }
            cursor = Point(x: run.end, y: run.y)
        }
        if let rest, cursor != rest {
            out += restBytes(from: cursor, reversed: reversed, to: rest, saved: saved)
            return SmallUpdate(bytes: out, known: Known(cursor: rest, saved: saved))
        }
        if reversed { out += Array("\u{1B}[m".utf8) }
        return SmallUpdate(bytes: out, known: Known(cursor: cursor, saved: saved))
    }

    /// The cursor to `rest` with the normal attributes: `ESC 8` where the place saved is there (it brings back the
    /// attributes saved with it), else a move.
    private static func restBytes(from cursor: Point?, reversed: Bool, to rest: Point, saved: Saved?) -> [UInt8] {
        let reset = Array("\u{1B}[m".utf8)
        let moved = moveBytes(from: cursor, to: rest) + (reversed ? reset : [])
        guard let saved, saved.at == rest else { return moved }
        let restored: [UInt8] = [0x1B, 0x38] + (saved.reversed ? reset : [])
        return restored.count < moved.count ? restored : moved
    }

    /// One scalar one column wide, plain or reversed, in the terminal's own colours (and ASCII, with `asciiOnly`). A
    /// character of several scalars (✌ with a skin tone, e with a combining mark) is left to the frame, which draws it
    /// as its first scalar with its marks (decision 154): written whole here, a terminal drew ✌🏽 two columns wide.
    private static func isSimple(_ cell: Cell, _ asciiOnly: Bool) -> Bool {
        guard let character = cell.character, character.unicodeScalars.count == 1,
              cell.color == .normal, cell.style == [] || cell.style == .reverse else { return false }
        if asciiOnly { return character.isASCII && character != "\u{7F}" && (character.asciiValue ?? 0) >= 0x20 }
        return TextWidth.of(character) == 1
    }

    /// The shortest of an absolute address and the relative moves every ANSI terminal has.
    static func moveBytes(from cursor: Point?, to target: Point) -> [UInt8] {
        var best = Array("\u{1B}[\(target.y + 1);\(target.x + 1)H".utf8)
        guard let cursor else { return best }
        if cursor == target { return [] }
        /// `ESC[nX`, the 1 left out (the parameter's default).
        func step(_ n: Int, _ final: String) -> String { "\u{1B}[" + (n == 1 ? "" : String(n)) + final }
        var relative: String?
        if cursor.y == target.y {
            let dx = target.x - cursor.x
            relative = dx < 0 && -dx <= 4 ? String(repeating: "\u{8}", count: -dx) : dx < 0 ? step(-dx, "D") : step(dx, "C")
        } else if cursor.x == target.x {
            let dy = target.y - cursor.y
            relative = dy < 0 ? step(-dy, "A") : step(dy, "B")
        }
        if let relative, relative.utf8.count < best.count { best = Array(relative.utf8) }
        return best
    }
}
