import Testing
@testable import PerTerminal

/// The one pass over ncurses' bytes (decision 384): it shortens moves and attribute changes and never changes what is
/// drawn.
@Suite struct MoveFoldingTests {
    private func fold(_ text: String, _ known: inout MoveFolding.Known, focus: (Int, Int)?, width: Int = 80) -> String {
        String(decoding: MoveFolding.fold(Array(text.utf8), known: &known, focus: focus.map { .init(x: $0.0, y: $0.1) }, width: width),
               as: UTF8.self)
    }

    @Test func theWayBackToTheCaretIsESC8WhereItsPlaceWasSaved() {
        var known = MoveFolding.Known(cursor: .init(x: 12, y: 2), normal: true, saved: nil)
        // ncurses: the digit reversed, the caret, the key, its move back in reverse and the reset after it.
        #expect(fold("\u{1B}[;7m3▏\u{1B}[12;63H3\u{1B}[3;14H\u{1B}[m", &known, focus: (13, 2))
                == "\u{1B}[7m3\u{1B}7▏\u{1B}[12;63H3\u{1B}8\u{1B}[m")
        #expect(known.saved == .init(at: .init(x: 13, y: 2), normal: false))
        #expect(known.normal)
        known.cursor = .init(x: 13, y: 2)
        #expect(fold("\u{1B}[12;63H3\u{1B}[3;14H", &known, focus: (13, 2)) == "\u{1B}7\u{1B}[12;63H3\u{1B}8")
    }

    @Test func afterAnythingButASCIIAndMovesThePlaceIsUnknownAndNothingIsSaved() {
        var known = MoveFolding.Known(cursor: .init(x: 0, y: 0), normal: true, saved: nil)
        // ✌🏽 is the terminal's to measure: the focus after it is not recognised, and nothing is rewritten.
        let text = "✌🏽x\u{1B}[5;5Hy\u{1B}[1;4H"
        #expect(fold(text, &known, focus: (3, 0)) == text)
        #expect(known.saved == nil)
    }

    @Test func attributesResetWithNothingDrawnAreDroppedButNotBeforeAnErase() {
        var known = MoveFolding.Known.unknown
        #expect(fold("\u{1B}[1;1Ha\u{1B}[39m\u{1B}[2;1H\u{1B}[m", &known, focus: nil) == "\u{1B}[1;1Ha\u{1B}[m\u{1B}[2;1H")
        known = .unknown
        // The erase is drawn in the background colour set before it.
        let erase = "\u{1B}[1;1H\u{1B}[44m\u{1B}[K\u{1B}[m"
        #expect(fold(erase, &known, focus: nil) == erase)
    }

    @Test func writingIntoTheLastColumnLeavesThePlaceUnknown() {
        var known = MoveFolding.Known(cursor: .init(x: 8, y: 0), normal: true, saved: .init(at: .init(x: 0, y: 1), normal: true))
        #expect(fold("ab\u{1B}[2;1Hc", &known, focus: (0, 1), width: 10) == "ab\u{1B}8c")
        #expect(known.cursor == .init(x: 1, y: 1))
        known = MoveFolding.Known(cursor: .init(x: 8, y: 0), normal: true, saved: nil)
        // After the last column the terminal may wrap: no save where the cursor might not be.
        #expect(fold("ab", &known, focus: nil, width: 10) == "ab")
        #expect(known.cursor == nil)
    }
}
