import Testing
import PerCore
@testable import PerTerminal
#if canImport(Glibc)
import Glibc
#endif

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
