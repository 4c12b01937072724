import Testing
import Glibc
import CNcurses
import PerCore
@testable import PerTerminal

/// Decision 388: per counts the columns the C library does (`wcwidth`, its Unicode version), and what it does not know
/// is drawn as a placeholder in the columns per counts.
@MainActor @Suite(.serialized) struct WidthAgreementTests {
    init() {
        if setlocale(LC_ALL, "C.UTF-8") == nil { _ = setlocale(LC_ALL, "C.utf8") }
    }

    @Test func textWidthIsWcwidthForEveryCodePoint() {
        var disagreements: [String] = []
        for v in UInt32(0)...0x10FFFF where !(0xD800...0xDFFF).contains(v) {
            let scalar = Unicode.Scalar(v)!
            let c = cn_wcwidth(v)
            if c >= 0 {
                let ours = TextWidth.of(Character(scalar))
                if ours != Int(c) { disagreements.append("U+\(String(v, radix: 16, uppercase: true)) \(ours) not \(c)") }
            } else if v >= 0xA0, !TextWidth.isUnknown(scalar) {
                disagreements.append("U+\(String(v, radix: 16, uppercase: true)) unknown to the C library")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(20))")
        // The ones issue 42 found.
        for v: UInt32 in [0xFE10, 0xFE50, 0x2329, 0xA960, 0x1B000, 0x16FE0, 0x1F200] {
            #expect(TextWidth.of(Character(Unicode.Scalar(v)!)) == 2, "U+\(String(v, radix: 16))")
        }
    }

    private func written(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        while case let c = fgetc(file), c != EOF { bytes.append(UInt8(c)) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// 🫨 (Unicode 15) is newer than glibc 2.36's tables: wcwidth says -1, and a terminal of the same age may draw it
    /// in one column or none. It is drawn as � and a blank, the two columns per counts for it.
    @Test func aCharacterTheCLibraryDoesNotKnowIsAPlaceholderInItsColumns() throws {
        let shaking = Unicode.Scalar(0x1FAE8)!
        try #require(cn_wcwidth(shaking.value) == -1, "this C library knows Unicode 15: pick a newer one")
        #expect(TextWidth.isUnknown(shaking))
        #expect(TextWidth.of(Character(shaking)) == 2)
        let terminal = try #require(Terminal.headless(width: 10, height: 1))
        defer { terminal.stop() }
        var canvas = Canvas(width: 10, height: 1)
        canvas.put("a" + String(Character(shaking)) + "b", x: 0, y: 0)
        terminal.draw(canvas, cursor: nil)
        #expect(terminal.rowText(0).hasPrefix("a\u{FFFD} b"), "\(terminal.rowText(0).debugDescription)")
    }

    /// Under LANG=C ncurses cannot show 日本店 and drew nothing: `?` in each column per counts.
    @Test func underTheCLocaleNonASCIIIsAPlaceholderNeverNothing() throws {
        let path = "/tmp/per-width-c-\(getpid()).txt"
        defer { unlink(path) }
        setlocale(LC_ALL, "C")
        defer { if setlocale(LC_ALL, "C.UTF-8") == nil { _ = setlocale(LC_ALL, "C.utf8") } }
        let terminal = try #require(Terminal.headless(width: 12, height: 1, output: path))
        #expect(terminal.glyphs == .ascii)
        var canvas = Canvas(width: 12, height: 1)
        canvas.put("日本店 ok", x: 0, y: 0)
        terminal.draw(canvas, cursor: nil)
        terminal.stop()
        #expect(written(path).contains("?????? ok"), "\(written(path).debugDescription)")
    }
}

/// Decision 428, headless (tmux has no setting that draws ambiguous characters wide): in the mode, ncurses is given
/// only what it counts as the columns per counts, `è` decomposed in one, `б` a wide placeholder in two.
@MainActor @Suite(.serialized) struct AmbiguousWidthTerminalTests {
    init() {
        if setlocale(LC_ALL, "C.UTF-8") == nil { _ = setlocale(LC_ALL, "C.utf8") }
    }

    @Test func ambiguousCharactersAreDrawnInTheColumnsPerCounts() throws {
        let path = "/tmp/per-width-ambiguous-\(getpid()).txt"
        defer { unlink(path) }
        try TextWidth.$ambiguousIsWide.withValue(true) {
            let terminal = try #require(Terminal.headless(width: 16, height: 1, output: path))
            #expect(terminal.glyphs == .ascii)
            var canvas = Canvas(width: 16, height: 1)
            canvas.put("Crème б|ok", x: 0, y: 0)
            #expect(canvas[8, 0].character == "|")
            terminal.draw(canvas, cursor: nil)
            terminal.stop()
        }
        let bytes = String(decoding: Array(written(path).utf8), as: UTF8.self)
        #expect(bytes.contains("Cre\u{300}me \u{FF1F}|ok"), "\(bytes.debugDescription)")
    }

    private func written(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        while case let c = fgetc(file), c != EOF { bytes.append(UInt8(c)) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
