import CNcurses
import Testing
import PerCore
@testable import PerTerminal

private func char(_ code: UInt32) -> DecodedInput { KeyDecoder.decode(status: OK, code: code) }
private func key(_ code: Int32) -> DecodedInput { KeyDecoder.decode(status: KEY_CODE_YES, code: UInt32(bitPattern: code)) }

@Suite struct KeyDecoderTests {
    @Test func backspaceFromDelAndCtrlH() {
        #expect(char(0x7F) == .event(.key(.backspace)))
        #expect(char(0x08) == .event(.key(.backspace)))
    }

    @Test func tabEnterEscape() {
        #expect(char(0x09) == .event(.key(.tab)))
        #expect(char(0x0D) == .event(.key(.enter)))
        #expect(char(0x0A) == .event(.key(.enter)))
        #expect(char(0x1B) == .event(.key(.escape)))
    }

    @Test func controlLettersAreLowerCase() {
        #expect(char(0x01) == .event(.control("a")))
        #expect(char(0x03) == .event(.control("c")))
        #expect(char(0x11) == .event(.control("q")))
        #expect(char(0x15) == .event(.control("u")))
        #expect(char(0x0C) == .event(.control("l")))
        #expect(char(0x1A) == .event(.control("z")))
    }

    @Test func otherControlsAreIgnored() {
        for code: UInt32 in [0x00, 0x1C, 0x1D, 0x1E, 0x1F, 0x80, 0x9B, 0x9F] {
            #expect(char(code) == .ignored, "code \(code)")
        }
    }

    @Test func printableCharacters() {
        #expect(char(0x20) == .event(.character(" ")))
        #expect(char(0x37) == .event(.character("7")))
        #expect(char(0x71) == .event(.character("q")))
        #expect(char(0xE9) == .event(.character("é")))
        #expect(char(0xF7) == .event(.character("÷")))
        #expect(char(0x1F600) == .event(.character("😀")))
    }

    @Test func invalidScalarIsIgnored() {
        #expect(char(0xD800) == .ignored)
        #expect(char(0x11_0000) == .ignored)
    }

    @Test func arrows() {
        #expect(key(KEY_UP) == .event(.key(.up)))
        #expect(key(KEY_DOWN) == .event(.key(.down)))
        #expect(key(KEY_LEFT) == .event(.key(.left)))
        #expect(key(KEY_RIGHT) == .event(.key(.right)))
    }

    @Test func editingAndPagingKeys() {
        #expect(key(KEY_BTAB) == .event(.key(.backTab)))
        #expect(key(KEY_ENTER) == .event(.key(.enter)))
        #expect(key(KEY_BACKSPACE) == .event(.key(.backspace)))
        #expect(key(KEY_DC) == .event(.key(.delete)))
        #expect(key(KEY_HOME) == .event(.key(.home)))
        #expect(key(KEY_END) == .event(.key(.end)))
        #expect(key(KEY_PPAGE) == .event(.key(.pageUp)))
        #expect(key(KEY_NPAGE) == .event(.key(.pageDown)))
    }

    @Test func functionKeys() {
        #expect(key(cn_key_f(1)) == .event(.key(.function(1))))
        #expect(key(cn_key_f(10)) == .event(.key(.function(10))))
        #expect(key(cn_key_f(12)) == .event(.key(.function(12))))
        #expect(key(cn_key_f(0)) == .ignored)
    }

    @Test func resizeMouseAndPasteMarkers() {
        #expect(key(KEY_RESIZE) == .resize)
        #expect(key(KEY_MOUSE) == .mouse)
        #expect(key(KEY_MAX + 1) == .pasteBegin)
        #expect(key(KEY_MAX + 2) == .pasteEnd)
    }

    @Test func unknownKeyCodesAreIgnored() {
        #expect(key(KEY_SRIGHT) == .ignored)
        #expect(key(KEY_IC) == .ignored)
        #expect(key(KEY_MAX + 3) == .ignored)
        #expect(KeyDecoder.decode(status: ERR, code: 0x41) == .ignored)
    }

    @Test func clickOncePerPressAndTheWheelScrolls() {
        #expect(KeyDecoder.mouse(buttonState: CN_BUTTON1_PRESSED, x: 3, y: 4) == .click(x: 3, y: 4))
        #expect(KeyDecoder.mouse(buttonState: CN_BUTTON1_CLICKED, x: 0, y: 0) == .click(x: 0, y: 0))
        #expect(KeyDecoder.mouse(buttonState: CN_BUTTON1_RELEASED, x: 3, y: 4) == .release(x: 3, y: 4))
        #expect(KeyDecoder.mouse(buttonState: CN_REPORT_MOUSE_POSITION, x: 5, y: 4) == .drag(x: 5, y: 4))
        #expect(KeyDecoder.mouse(buttonState: CN_BUTTON4_PRESSED, x: 3, y: 4) == .scroll(lines: -1, x: 3, y: 4))
        #expect(KeyDecoder.mouse(buttonState: CN_BUTTON5_PRESSED, x: 3, y: 4) == .scroll(lines: 1, x: 3, y: 4))
        #expect(KeyDecoder.mouse(buttonState: CN_BUTTON1_PRESSED, x: -1, y: 4) == nil)
    }

    @Test func noColorRule() {
        #expect(KeyDecoder.colorAllowed(hasColors: true, noColor: nil))
        #expect(KeyDecoder.colorAllowed(hasColors: true, noColor: ""))
        #expect(!KeyDecoder.colorAllowed(hasColors: true, noColor: "1"))
        #expect(!KeyDecoder.colorAllowed(hasColors: false, noColor: nil))
    }

    @Test func errorMessagesAreOneLine() {
        let unusable = TerminalError.unusableTerminal(term: "xyz").message
        #expect(unusable == "per: terminal type 'xyz' is unknown or cannot address the cursor; set TERM (e.g. xterm-256color)")
        #expect(!TerminalError.notATerminal.message.contains("\n"))
        #expect(TerminalError.notATerminal.message.hasPrefix("per: "))
    }
}

/// Feeds (status, code) pairs and collects what the assembler delivers.
private func assemble(_ inputs: [(Int32, UInt32)], into assembler: inout InputAssembler) -> [DecodedInput] {
    inputs.compactMap { assembler.feed(status: $0.0, code: $0.1) }
}

private func text(_ s: String) -> [(Int32, UInt32)] { s.unicodeScalars.map { (OK, $0.value) } }
private let pasteBegin = (KEY_CODE_YES, UInt32(KEY_MAX + 1))
private let pasteEnd = (KEY_CODE_YES, UInt32(KEY_MAX + 2))

@Suite struct InputAssemblerTests {
    @Test func pasteArrivesAsOneEvent() {
        var a = InputAssembler()
        let out = assemble([(OK, 0x31)] + [pasteBegin] + text("12\rq4\u{3}x") + [pasteEnd] + [(OK, 0x32)], into: &a)
        #expect(out == [.event(.character("1")), .event(.paste("12\nq4x")), .event(.character("2"))])
    }

    @Test func pasteKeepsNewlinesAndFoldsCRLF() {
        var a = InputAssembler()
        let out = assemble([pasteBegin] + text("a\nb\r\nc\rd\té") + [pasteEnd], into: &a)
        #expect(out == [.event(.paste("a\nb\nc\nd\té"))])
    }

    @Test func keysInsidePasteDoNotSurface() {
        var a = InputAssembler()
        let out = assemble([pasteBegin, (KEY_CODE_YES, UInt32(KEY_UP)), (OK, 0x1B), (OK, 0x35),
                            (KEY_CODE_YES, UInt32(KEY_ENTER)), pasteEnd], into: &a)
        #expect(out == [.event(.paste("5\n"))])
    }

    @Test func resizeInsidePasteIsDeliveredAfterIt() {
        var a = InputAssembler()
        var out = assemble([pasteBegin, (OK, 0x35), (KEY_CODE_YES, UInt32(KEY_RESIZE))], into: &a)
        #expect(out.isEmpty)
        #expect(a.popDeferred() == nil)  // not before the paste ends
        out = assemble([pasteEnd], into: &a)
        #expect(out == [.event(.paste("5"))])
        #expect(a.popDeferred() == .resize)
        #expect(a.popDeferred() == nil)
    }

    @Test func unfinishedPasteIsFlushed() {
        var a = InputAssembler()
        _ = assemble([pasteBegin] + text("42"), into: &a)
        #expect(a.isPasting)
        #expect(a.finishPaste() == .paste("42"))
        #expect(!a.isPasting)
        #expect(a.finishPaste() == nil)
    }

    @Test func emptyPasteAndStrayEndAreDropped() {
        var a = InputAssembler()
        let out = assemble([pasteBegin, pasteEnd, pasteEnd, (OK, 0x33)], into: &a)
        #expect(out == [.event(.character("3"))])
    }

    @Test func keysOutsidePasteKeepTheirOrder() {
        var a = InputAssembler()
        let out = assemble([(OK, 0x31), (KEY_CODE_YES, UInt32(KEY_SRIGHT)), (OK, 0x09), (KEY_CODE_YES, UInt32(KEY_LEFT)), (OK, 0x11)], into: &a)
        #expect(out == [.event(.character("1")), .event(.key(.tab)), .event(.key(.left)), .event(.control("q"))])
    }

    // MARK: Escape sequences ncurses does not know

    /// Feeds the input, then a read that times out (nothing more came).
    private func typed(_ inputs: [(Int32, UInt32)]) -> [InputEvent] {
        var a = InputAssembler()
        var out: [InputEvent] = []
        for input in inputs {
            if case .event(let event) = a.feed(status: input.0, code: input.1) { out.append(event) }
            while case .event(let event)? = a.popDeferred() { out.append(event) }
        }
        if let last = a.finishEscape() { out.append(last) }
        return out
    }

    @Test func aBareEscapeIsTheEscapeKey() {
        #expect(typed([(OK, 0x1B)]) == [.key(.escape)])
        #expect(typed([(OK, 0x1B), (OK, 0x1B)]) == [.key(.escape), .key(.escape)])
        #expect(typed([(OK, 0x1B), (KEY_CODE_YES, UInt32(KEY_UP))]) == [.key(.escape), .key(.up)])
    }

    /// Issue 32: per binds no Alt key, so ESC and a key that starts no sequence is Esc, then that key: `5`, Esc, `7.77`
    /// arriving in one read (a laggy link) was read as Alt-7 and dropped, and 5.77 was saved.
    @Test func escapeThenAKeyIsTheEscapeKeyThenThatKey() {
        #expect(typed(text("5\u{1B}7.77")) == [.character("5"), .key(.escape), .character("7"), .character("."), .character("7"), .character("7")])
        #expect(typed(Array("5\u{1B}7.77".utf8).map { (OK, UInt32($0)) }) == typed(text("5\u{1B}7.77")))
        #expect(typed(text("\u{1B}x\u{1B}\u{7F}\u{1B}é")) == [.key(.escape), .character("x"), .key(.escape), .key(.backspace), .key(.escape), .character("é")])
        // The printable keys that once began a sequence of no terminal's input (intermediates, PM, SOS): a calculator's.
        #expect(typed(text("\u{1B}.5\u{1B}-\u{1B}X\u{1B} \u{1B}^")) == [.key(.escape), .character("."), .character("5"), .key(.escape), .character("-"),
                                                                       .key(.escape), .character("X"), .key(.escape), .character(" "), .key(.escape), .character("^")])
        // Esc and then a control key, typed quickly: both act.
        #expect(typed(text("\u{1B}\r\u{1B}\u{11}")) == [.key(.escape), .key(.enter), .key(.escape), .control("q")])
    }

    /// `ESC [` and `ESC O` begin a key's sequence: followed by printable bytes that make no key per knows, the whole is
    /// dropped, never typed; cut off by the link, nothing. So are a terminal's answers (`ESC ]`, `ESC P`, `ESC _`) and a
    /// string's lone end (`ESC \`).
    @Test func escapeBracketAndEscapeONeverTypeWhatFollowsInTheSequence() {
        #expect(typed(text("\u{1B}[7.77q5")) == [.character("5")])
        #expect(typed(text("\u{1B}O7\u{1B}Oq\u{1B}O~5")) == [.character("5")])
        #expect(typed(text("\u{1B}[")) == [])
        #expect(typed(text("\u{1B}O")) == [])
        #expect(typed(text("\u{1B}]11;rgb:0/0/0\u{7}\u{1B}P>|XTerm(390)\u{1B}\\\u{1B}_Gi=1;OK\u{1B}\\\u{1B}\\5")) == [.character("5")])
    }

    @Test func unknownSequencesAreReadWholeAndDropped() {
        for sequence in ["\u{1B}[1;5A", "\u{1B}[200;3~", "\u{1B}]0;title\u{7}", "\u{1B}]52;c;eHl6\u{1B}\\",
                         "\u{1B}P1$r0m\u{1B}\\", "\u{1B}[?1049h", "\u{1B}[<35;10;7M", "\u{1B}[<2;10;7m",
                         "\u{1B}[" + String(repeating: "9", count: 200) + "q", "\u{1B}[57441u"] {
            #expect(typed(text(sequence + "7")) == [.character("7")], "\(sequence.debugDescription)")
        }
    }

    @Test func knownSequencesMeanTheirKey() {
        #expect(typed(text("\u{1B}OA\u{1B}[B\u{1B}[5~\u{1B}[6~\u{1B}OP\u{1B}[Z\u{1B}[3~"))
            == [.key(.up), .key(.down), .key(.pageUp), .key(.pageDown), .key(.function(1)), .key(.backTab), .key(.delete)])
        // the kitty protocol's keypad and plain keys, left on by another program
        #expect(typed(text("\u{1B}[57399u\u{1B}[57401u\u{1B}[57413u\u{1B}[57414u\u{1B}[113;5u\u{1B}[97;2u"))
            == [.character("0"), .character("2"), .character("+"), .key(.enter), .control("q"), .character("A")])
    }

    @Test func sgrMouseReportsAreClicksAndScrolls() {
        #expect(typed(text("\u{1B}[<0;10;7M\u{1B}[<0;10;7m")) == [.click(x: 9, y: 6), .release(x: 9, y: 6)])
        #expect(typed(text("\u{1B}[<64;3;4M\u{1B}[<65;3;4M")) == [.scroll(lines: -1, x: 2, y: 3), .scroll(lines: 1, x: 2, y: 3)])
        #expect(typed(text("\u{1B}[<0;0;7M")) == [])
    }

    @Test func aControlKeyCutsASequenceShortAndStillActs() {
        #expect(typed(text("\u{1B}[12\u{3}")) == [.control("c")])
        #expect(typed(text("\u{1B}[12")) == [])  // cut off by the link: nothing
    }
}

/// Issue 22: a press on the keypad is followed to its release (button-event tracking, mode 1002).
@Suite struct PointerTrackingTests {
    private func typed(_ s: String) -> [InputEvent] {
        var a = InputAssembler()
        var out: [InputEvent] = []
        for scalar in s.unicodeScalars {
            if case .event(let event) = a.feed(status: OK, code: scalar.value) { out.append(event) }
        }
        return out
    }

    @Test func aPressDragsAndReleasesAsXtermSendsThem() {
        // Down on (9, 6), moved with the button down (32 + 0) to two cells, let go at the last.
        #expect(typed("\u{1B}[<0;10;7M\u{1B}[<32;11;7M\u{1B}[<32;11;9M\u{1B}[<0;11;9m")
                == [.click(x: 9, y: 6), .drag(x: 10, y: 6), .drag(x: 10, y: 8), .release(x: 10, y: 8)])
        // With Shift, Alt or Ctrl held the same; other buttons' moves and releases mean nothing.
        #expect(typed("\u{1B}[<4;1;1M\u{1B}[<36;2;1M\u{1B}[<4;2;1m") == [.click(x: 0, y: 0), .drag(x: 1, y: 0), .release(x: 1, y: 0)])
        #expect(typed("\u{1B}[<2;1;1M\u{1B}[<34;2;1M\u{1B}[<2;2;1m\u{1B}[<35;2;1M7") == [.character("7")])
    }

    @Test func x10ReportsWhereTheTerminalHasNoSGRForm() {
        // ESC [ M, then button + 32, column + 32, line + 32 (1-based): press on (9, 6), move, release (3), a digit.
        #expect(typed("\u{1B}[M *'\u{1B}[M@+'\u{1B}[M#+'7")
                == [.click(x: 9, y: 6), .drag(x: 10, y: 6), .release(x: 10, y: 6), .character("7")])
        #expect(typed("\u{1B}[M`!!\u{1B}[Ma!!") == [.scroll(lines: -1, x: 0, y: 0), .scroll(lines: 1, x: 0, y: 0)])
    }

    @Test func ncursesReportsBecomeTheSameEvents() {
        #expect(KeyDecoder.mouse(buttonState: CN_BUTTON1_PRESSED, x: 9, y: 6) == .click(x: 9, y: 6))
        #expect(KeyDecoder.mouse(buttonState: CN_REPORT_MOUSE_POSITION, x: 10, y: 6) == .drag(x: 10, y: 6))
        #expect(KeyDecoder.mouse(buttonState: CN_BUTTON1_RELEASED, x: 10, y: 8) == .release(x: 10, y: 8))
        #expect(KeyDecoder.mouse(buttonState: CN_BUTTON1_RELEASED, x: -1, y: 8) == nil)
    }
}

/// Issue 22: bytes that are not UTF-8 are Latin-1, and nothing after them is dropped.
@Suite struct InputBytesTests {
    /// Bytes as `wgetch` gives them, then nothing more (the read times out): what the user typed.
    private func typed(_ bytes: [UInt8]) -> [InputEvent] {
        var decoder = InputBytes()
        var assembler = InputAssembler()
        var out: [InputEvent] = []
        func deliver(_ codes: [UInt32]) {
            for code in codes {
                if case .event(let event) = assembler.feed(status: OK, code: code) { out.append(event) }
            }
        }
        for byte in bytes { deliver(decoder.feed(byte)) }
        deliver(decoder.flush())
        return out
    }

    private func characters(_ s: String) -> [InputEvent] { s.map { .character($0) } }

    @Test func aLatin1BurstIsReadWhole() {
        #expect(typed(Array("Caf".utf8) + [0xE9] + Array(" au lait".utf8)) == characters("Café au lait"))
    }

    @Test func validUTF8AroundALatin1Byte() {
        // ü in UTF-8, then a Latin-1 é, then ÷ and 😀 in UTF-8.
        #expect(typed(Array("Müsli ".utf8) + [0xE9] + Array("t÷😀".utf8)) == characters("Müsli ét÷😀"))
    }

    @Test func aLoneLeadByteAtTheEndOfARead() {
        var decoder = InputBytes()
        #expect(decoder.feed(0xE9) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [0xE9])
        #expect(!decoder.isWaiting)
        #expect(typed(Array("Caf".utf8) + [0xE9]) == characters("Café"))
        // A UTF-8 character split across two reads is still one character.
        #expect(decoder.feed(0xC3) == [])
        #expect(decoder.feed(0xA9) == [0xE9])
    }

    @Test func anInvalidContinuationKeepsEveryByte() {
        // é in UTF-8 is C3 A9; C3 then a letter: Ã and the letter. E2 82 then a space: â, the control 0x82 (never
        // typed), the space. An overlong E0 80 and a surrogate's ED A0: each byte Latin-1.
        #expect(typed([0xC3, 0x78, 0x79]) == characters("Ãxy"))
        #expect(typed([0xE2, 0x82, 0x20, 0x31]) == characters("â 1"))
        #expect(typed([0xE0, 0x80, 0x41]) == characters("àA"))
        #expect(typed([0xED, 0xA0, 0x80, 0x42]) == characters("í\u{A0}B"))
        // A continuation byte alone, and bytes never in UTF-8.
        #expect(typed([0xA9, 0xFF, 0xC0, 0x7A]) == characters("©ÿÀz"))
    }

    @Test func controlsAndSequencesAfterALatin1ByteStillAct() {
        // A Latin-1 é then Enter, and then an arrow's escape sequence.
        #expect(typed([0xE9, 0x0D] + Array("\u{1B}[A".utf8)) == [.character("é"), .key(.enter), .key(.up)])
    }
}
