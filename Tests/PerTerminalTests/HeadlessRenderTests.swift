import Testing
import CNcurses
import PerCore
@testable import PerTerminal
import Glibc

/// Renders through the real ncurses path into a screen whose output is /dev/null, then reads the cells back.
/// ncurses has one current screen per process, so these run one at a time on the main actor.
@MainActor @Suite(.serialized) struct HeadlessRenderTests {
    init() {
        if setlocale(LC_ALL, "C.UTF-8") == nil { _ = setlocale(LC_ALL, "C.utf8") }
    }

    private func keypadRow() -> Canvas {
        var canvas = Canvas(width: 20, height: 3)
        canvas.put("7", x: 0, y: 1, style: .bold, color: .accent)
        canvas.put(" 8 9 ", x: 1, y: 1)
        canvas.put("÷", x: 6, y: 1, style: .reverse, color: .operatorKey)
        canvas.put("dim", x: 0, y: 2, style: .dim, color: .muted)
        canvas.put("u", x: 4, y: 2, style: .underline)
        return canvas
    }

    @Test func drawsTextAndAttributes() throws {
        let terminal = try #require(Terminal.headless(width: 20, height: 3))
        defer { terminal.stop() }
        #expect(terminal.size == (width: 20, height: 3))
        terminal.draw(keypadRow(), cursor: nil)
        #expect(terminal.rowText(1).hasPrefix("7 8 9 ÷"))
        let seven = try #require(terminal.cellAt(x: 0, y: 1))
        #expect(seven.character == "7")
        #expect(seven.style == .bold)
        let divide = try #require(terminal.cellAt(x: 6, y: 1))
        #expect(divide.character == "÷")
        #expect(divide.style == .reverse)
        #expect(terminal.cellAt(x: 2, y: 1)?.style == [])
        #expect(terminal.cellAt(x: 0, y: 2)?.style == .dim)
        #expect(terminal.cellAt(x: 4, y: 2)?.style == .underline)
    }

    @Test func colourPairsFollowRolesWhenColourIsOn() throws {
        let terminal = try #require(Terminal.headless(width: 20, height: 3))
        defer { terminal.stop() }
        terminal.draw(keypadRow(), cursor: nil)
        let expectColour = terminal.hasColor
        #expect(terminal.cellAt(x: 0, y: 1)?.pair == (expectColour ? Int16(ColorRole.accent.rawValue) : 0))
        #expect(terminal.cellAt(x: 6, y: 1)?.pair == (expectColour ? Int16(ColorRole.operatorKey.rawValue) : 0))
        #expect(terminal.cellAt(x: 2, y: 1)?.pair == 0)
    }

    @Test func monochromeTerminalKeepsAttributes() throws {
        let terminal = try #require(Terminal.headless(term: "vt100", width: 20, height: 3))
        defer { terminal.stop() }
        #expect(!terminal.hasColor)
        #expect(terminal.glyphs == .ascii)
        terminal.draw(keypadRow(), cursor: nil)
        #expect(terminal.cellAt(x: 0, y: 1)?.style == .bold)
        #expect(terminal.cellAt(x: 6, y: 1)?.pair == 0)
    }

    @Test func nextDrawReplacesThePrevious() throws {
        let terminal = try #require(Terminal.headless(width: 20, height: 3))
        defer { terminal.stop() }
        terminal.draw(keypadRow(), cursor: nil)
        var second = Canvas(width: 20, height: 3)
        second.put("12×3", x: 2, y: 0)
        terminal.draw(second, cursor: (x: 5, y: 0))
        #expect(terminal.cursorPosition == (x: 5, y: 0))
        #expect(terminal.rowText(0) == "  12×3" + String(repeating: " ", count: 14))
        #expect(terminal.rowText(1).allSatisfy { $0 == " " })
    }

    @Test func wideCharactersAndTheBottomRightCell() throws {
        let terminal = try #require(Terminal.headless(width: 10, height: 2))
        defer { terminal.stop() }
        var canvas = Canvas(width: 10, height: 2)
        canvas.put("a中b", x: 0, y: 0)
        canvas.put("Z", x: 9, y: 1, style: .bold)
        terminal.draw(canvas, cursor: nil)
        #expect(terminal.rowText(0).hasPrefix("a中b"))
        #expect(terminal.cellAt(x: 3, y: 0)?.character == "b")
        #expect(terminal.cellAt(x: 9, y: 1)?.character == "Z")
        #expect(terminal.cellAt(x: 9, y: 1)?.style == .bold)
    }

    /// A character of several scalars that take columns (a skin tone, a ZWJ sequence) is drawn as its first with the
    /// marks over it, in the columns per counts for it: sent whole, tmux drew each in columns of its own and the rest
    /// of the line moved (a `Lïdl` after `👨‍👩` read `Li‍̈dl`, the woman gone). Combining accents stay on their letter.
    @Test func aCharacterOfSeveralWideScalarsIsDrawnInTheColumnsPerCounts() throws {
        let terminal = try #require(Terminal.headless(width: 10, height: 3))
        defer { terminal.stop() }
        var canvas = Canvas(width: 10, height: 3)
        canvas.put("👨\u{200D}👩x", x: 0, y: 0)
        canvas.put("👍🏽y", x: 0, y: 1)
        canvas.put("e\u{301}\u{308}z", x: 0, y: 2)
        terminal.draw(canvas, cursor: nil)
        #expect(terminal.cellAt(x: 0, y: 0)?.character == "👨")
        #expect(terminal.cellAt(x: 2, y: 0)?.character == "x")
        #expect(terminal.cellAt(x: 0, y: 1)?.character == "👍")
        #expect(terminal.cellAt(x: 2, y: 1)?.character == "y")
        #expect(terminal.cellAt(x: 0, y: 2)?.character == "e\u{301}\u{308}")
        #expect(terminal.cellAt(x: 1, y: 2)?.character == "z")
    }

    @Test func canvasLargerThanScreenIsClipped() throws {
        let terminal = try #require(Terminal.headless(width: 5, height: 2))
        defer { terminal.stop() }
        var canvas = Canvas(width: 30, height: 10)
        canvas.put("abcdefgh", x: 0, y: 1)
        terminal.draw(canvas, cursor: (x: 20, y: 8))
        #expect(terminal.rowText(1) == "abcde")
    }

    @Test func utf8LocaleChoosesUTF8Glyphs() throws {
        let terminal = try #require(Terminal.headless(width: 5, height: 2))
        defer { terminal.stop() }
        #expect(terminal.glyphs == .utf8)  // C.UTF-8 and xterm-256color
    }

    @Test func stopIsIdempotentAndDrawAfterStopIsIgnored() throws {
        let terminal = try #require(Terminal.headless(width: 5, height: 2))
        terminal.stop()
        terminal.stop()
        terminal.draw(Canvas(width: 5, height: 2), cursor: nil)
        #expect(terminal.readEvent(timeoutMilliseconds: 0) == nil)
    }
}

/// The bytes ncurses writes for a frame, with the attribute strings trimmed as `Terminal.start` trims them.
extension HeadlessRenderTests {
    /// Everything written to `path` from byte `offset` on.
    private func written(_ path: String, from offset: Int) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        fseek(file, offset, SEEK_SET)
        var bytes: [UInt8] = []
        while case let c = fgetc(file), c != EOF { bytes.append(UInt8(c)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func size(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }

    /// The price being typed (reversed, with the cursor glyph, the focus on it) and the keypad's 3, as the bench
    /// types it (section 2).
    private func frame(typed: String, pressed: Bool) -> Canvas {
        var canvas = Canvas(width: 80, height: 24)
        canvas.put(typed + "▏", x: 10, y: 2, style: .reverse)
        canvas.put("3", x: 62, y: 11, style: pressed ? .reverse : [])
        canvas.focus = Canvas.Place(x: 10 + typed.count, y: 2)
        return canvas
    }

    @Test func sgrStartsFromAnEmptyParameter() throws {
        let terminal = try #require(Terminal.headless(width: 20, height: 3))
        defer { terminal.stop() }
        _ = cn_trim_attribute_strings()
        let sgr = try #require(cn_tigetstr("sgr").map { String(cString: $0) })
        #expect(sgr == "%?%p9%t\u{1B}(0%;\u{1B}[%?%p6%t;1%;%?%p5%t;2%;%?%p2%t;4%;%?%p1%p3%|%t;7%;%?%p4%t;5%;%?%p7%t;8%;m")
        #expect(cn_tigetstr("sgr0").map { String(cString: $0) } == "\u{1B}[m")
    }

    /// One renderer (decision 384): a digit, its key's flash and the flash's end are frames ncurses writes like any
    /// other, only what changed, and each leaves the cursor at the caret. The figure `make bench` section 2 counts,
    /// here without timing: it fails when it grows.
    @Test func aDigitAndItsFlashCostTheirCellsAndTheWayBackToTheCaret() throws {
        let path = "/tmp/per-frame-bytes-\(getpid()).txt"
        defer { unlink(path) }
        let terminal = try #require(Terminal.headless(width: 80, height: 24, output: path))
        defer { terminal.stop() }
        _ = cn_trim_attribute_strings()
        terminal.draw(frame(typed: "12", pressed: false), cursor: nil)
        let before = size(path)
        terminal.draw(frame(typed: "123", pressed: true), cursor: nil)
        let digit = written(path, from: before)
        let pressed = size(path)
        terminal.draw(frame(typed: "123", pressed: false), cursor: nil)
        let end = written(path, from: pressed)
        // The caret's place saved as the digit passes it, the key, ESC 8 back; the flash's end saves it again with the
        // normal attributes, so the way back is ESC 8 alone.
        #expect(digit == "\u{1B}[7m3\u{1B}7▏\u{1B}[12;63H3\u{1B}8\u{1B}[m")
        #expect(end == "\u{1B}7\u{1B}[12;63H3\u{1B}8")
        #expect(terminal.cursorPosition == (x: 13, y: 2))
        #expect(digit.utf8.count + end.utf8.count <= Self.digitAndFlashBytes, "\(digit.debugDescription) then \(end.debugDescription)")
        #expect(terminal.rowText(2, onScreen: true).hasPrefix("          123▏ "))
        #expect(terminal.rowText(11, onScreen: true).hasPrefix(String(repeating: " ", count: 62) + "3"))
    }

    /// What a digit and its flash's end may cost (`make bench` section 2 measures the same frames in a pty).
    static let digitAndFlashBytes = 37

    /// A repaint (Ctrl-L) or another size forgets what ESC 7 saved: ESC 8 only returns to a place saved since.
    @Test func aRepaintForgetsTheSavedPlace() throws {
        let path = "/tmp/per-frame-bytes-forget-\(getpid()).txt"
        defer { unlink(path) }
        let terminal = try #require(Terminal.headless(width: 80, height: 24, output: path))
        defer { terminal.stop() }
        _ = cn_trim_attribute_strings()
        terminal.draw(frame(typed: "1", pressed: false), cursor: nil)
        terminal.draw(frame(typed: "12", pressed: true), cursor: nil)  // the caret's place saved
        terminal.repaintAll()
        var from = size(path)
        terminal.draw(frame(typed: "12", pressed: false), cursor: nil)
        let repaint = written(path, from: from)
        // ESC 8 only back to a place saved after the clear, in this frame.
        let cleared = try #require(repaint.range(of: "\u{1B}[2J"), "a full repaint: \(repaint.debugDescription)")
        let tail = repaint[cleared.upperBound...]
        #expect(!repaint[..<cleared.lowerBound].contains("\u{1B}8"))
        if let back = tail.range(of: "\u{1B}8") { #expect(tail[..<back.lowerBound].contains("\u{1B}7")) }
        from = size(path)
        terminal.draw(frame(typed: "12", pressed: true), cursor: nil)
        #expect(written(path, from: from).hasSuffix("\u{1B}8"), "saved again by the repaint")
        // Another size: the same.
        resizeterm(24, 70)
        from = size(path)
        var narrow = Canvas(width: 70, height: 24)
        narrow.put("12▏", x: 10, y: 2, style: .reverse)
        narrow.focus = Canvas.Place(x: 12, y: 2)
        terminal.draw(narrow, cursor: nil)
        let resized = written(path, from: from)
        if let back = resized.range(of: "\u{1B}8") { #expect(resized[..<back.lowerBound].contains("\u{1B}7"), "\(resized.debugDescription)") }
    }
}

extension HeadlessRenderTests {
    /// xterm-direct (decision 385): the accent's colour goes out as its RGB value, #5f5fff, not as RGB 63 (#00003f).
    @Test func aDirectColourTerminalGetsThePalettesRGBValues() throws {
        let path = "/tmp/per-frame-bytes-direct-\(getpid()).txt"
        defer { unlink(path) }
        // swift test may set NO_COLOR for what it runs.
        let noColor = getenv("NO_COLOR").map { String(cString: $0) }
        unsetenv("NO_COLOR")
        defer { if let noColor { setenv("NO_COLOR", noColor, 1) } }
        let terminal = try #require(Terminal.headless(term: "xterm-direct", width: 20, height: 3, output: path))
        defer { terminal.stop() }
        try #require(terminal.hasColor)
        #expect(cn_colors() > 256)
        var canvas = Canvas(width: 20, height: 3)
        canvas.put("Title", x: 0, y: 0, color: .accent)
        terminal.draw(canvas, cursor: nil)
        let bytes = written(path, from: 0)
        #expect(bytes.contains("95:95:255") && !bytes.contains(":0:63"), "\(bytes.debugDescription)")
    }
}

/// `make bench` section 2 without a pty or timing: the real screen (`ScreenView.render` of the state the key table's
/// actions make) through the real renderer, every byte of one digit counted, its flash's end included if it has one.
extension HeadlessRenderTests {
    /// Types `keys` at the keyboard as the app's loop does: the key table's action, then the frame; a flash's timer
    /// fires at once (its end is a frame of its own). Returns the bytes each key cost, its flash's end included.
    private func typed(_ keys: [InputEvent], into state: inout AppState, on terminal: Terminal, path: String) -> [String] {
        keys.map { key in
            let before = size(path)
            guard let action = KeyTable.action(for: key, in: state) else { return "" }
            let effects = state.update(action)
            terminal.draw(ScreenView.render(state), cursor: nil)
            if effects.contains(.after(milliseconds: AppState.flashMilliseconds, .terminal(.flashEnded))) {
                state.update(.terminal(.flashEnded))
                terminal.draw(ScreenView.render(state), cursor: nil)
            }
            return written(path, from: before)
        }
    }

    /// Decision 420: a digit typed into a price at 80×24 costs at most `typedDigitBytes`, and the cursor rests at the
    /// caret after it (decision 252); a tap's key still flashes, and the flash leaves the cursor at the caret too.
    @Test func aTypedDigitCostsItsCellsAndTheCursorRestsAtTheCaret() throws {
        let path = "/tmp/per-typed-digit-\(getpid()).txt"
        defer { unlink(path) }
        let terminal = try #require(Terminal.headless(width: 80, height: 24, output: path))
        defer { terminal.stop() }
        _ = cn_trim_attribute_strings()
        var state = AppState(comparison: Comparison(id: "c"), session: Session(id: "s", size: TerminalSize(width: 80, height: 24)))
        terminal.draw(ScreenView.render(state), cursor: nil)
        _ = typed([.character("1"), .character("2")], into: &state, on: terminal, path: path)  // warm-up, as the bench
        let digits = typed("34567".map { .character($0) }, into: &state, on: terminal, path: path)
        for digit in digits {
            #expect(digit.utf8.count <= Self.typedDigitBytes, "\(digit.debugDescription): \(digit.utf8.count) bytes")
        }
        let focus = try #require(ScreenView.render(state).focus)
        #expect(terminal.cursorPosition == (x: focus.x, y: focus.y))
        #expect(terminal.rowText(focus.y, onScreen: true).contains("1234567▏"))
        // An operator typed still flashes its key (× is not what was typed), and the cursor comes back to the caret.
        let plus = typed([.character("+")], into: &state, on: terminal, path: path)
        #expect(plus[0].utf8.count > Self.typedDigitBytes, "the + key flashed: \(plus[0].debugDescription)")
        let after = try #require(ScreenView.render(state).focus)
        #expect(terminal.cursorPosition == (x: after.x, y: after.y))
    }

    /// Decision 441: Tab after a price (the commit that brings `^Y undo` to the legend) draws the legend's end only, in
    /// the place of the entry it leaves no room for (`Esc cancel`), and costs at most `priceCommitBytes` (323 when it
    /// came first, the whole line drawn again with each of the eight entries naming its colour: `make bench` section 2).
    @Test func aFieldCommitDrawsTheLegendsEndOnly() throws {
        let path = "/tmp/per-commit-\(getpid()).txt"
        defer { unlink(path) }
        let terminal = try #require(Terminal.headless(width: 80, height: 24, output: path))
        defer { terminal.stop() }
        _ = cn_trim_attribute_strings()
        var state = AppState(comparison: Comparison(id: "c"), session: Session(id: "s", size: TerminalSize(width: 80, height: 24)))
        terminal.draw(ScreenView.render(state), cursor: nil)
        _ = typed("1234567".map { .character($0) }, into: &state, on: terminal, path: path)
        #expect(!KeyTable.legend(for: state).contains("^Y undo"))
        let commit = typed([.key(.tab)], into: &state, on: terminal, path: path)[0]
        #expect(KeyTable.legend(for: state).hasSuffix("S-Tab prev  ^Y undo"), "\(KeyTable.legend(for: state))")
        #expect(commit.contains("^Y undo") && !commit.contains("^Q quit") && !commit.contains("S-Tab prev"),
                "the legend's head drawn again: \(commit.debugDescription)")
        #expect(commit.utf8.count <= Self.priceCommitBytes, "\(commit.utf8.count) bytes: \(commit.debugDescription)")
    }

    /// What Tab after a price may cost at 80×24 (legend, field, row and keypad's changes).
    static let priceCommitBytes = 180

    /// What a typed digit may cost (`make bench` section 2's target is 25 with its flash; 35 when a typed digit flashed).
    static let typedDigitBytes = 16
}
