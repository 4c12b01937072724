import Foundation
import Testing
@testable import PerCore

/// Canvas snapshots as string literals. `styleLines` shows attributes without colour:
/// B bold, d dim, R reverse (so disabled keys are told apart under NO_COLOR and on a vt100).
@Suite struct SnapshotTests {
    /// Three products typed on the keyboard, the fourth's price half-typed as `12+3`.
    static func threeProducts(currency: Currency? = nil) -> AppState {
        var s = AppState(comparison: Comparison(id: "c", title: "Oats"), session: Session(id: "s", size: TerminalSize(width: 80, height: 24), currency: currency))
        for c in "3.99\t500\tg\tsmall\t\t6.99\t1\tkg\tbig\t\t3\t1\tlb\tpound\t\t12+3" {
            s.update(c == "\t" ? .comparison(.nextField) : KeyTable.action(for: .character(c), in: s)!)
        }
        return s
    }

    @Test func wideLayoutAt80x24() {
        var s = Self.threeProducts()
        let text = ScreenView.render(s).text
        #expect(text == """
         per │ Oats                                                            per kg ›
         # Name              Price    Qty Unit  Per kg              Price (new)    = 15
         3 small              3.99    500 g       7.98 +21% more
         2 big                6.99      1 kg      6.99 +6% more     ‹ prev next › clear
         1 pound              3.00      1 lb      6.61 ★ Best value ┌───┬───┬───┐ ┌───┐
        ›-                 12+3▏      qty lb           no price yet │ 1 │ 2 │ 3 │ │ + │
                                                                    │   │   │   │ ├───┤
                                                                    ├───┼───┼───┤ │ − │
                                                                    │ 4 │ 5 │ 6 │ ├───┤
                                                                    │   │   │   │ │ × │
                                                                    ├───┼───┼───┤ ├───┤
                                                                    │ 7 │ 8 │ 9 │ │ ÷ │
                                                                    │   │   │   │ ├───┤
                                                                    ├───┼───┼───┤ │   │
                                                                    │ . │ 0 │ ⌫ │ │ = │
                                                                    │   │   │   │ │   │
                                                                    └───┴───┴───┘ └───┘
                                                                     3 of 3 ranked
                                                                     Best: pound
                                                                     6.61 per kg


         Type a number on the keypad; Tab for next
        ^Q quit  F1 help  ^O lists  Tab next  S-Tab prev  Esc cancel  F2 per  ^D del
        """)
    }

    @Test func currencyShowsWithPricesAndUnitPricesAt80x24() throws {
        let s = Self.threeProducts(currency: try Currency(validating: "€"))
        let text = ScreenView.render(s).text
        #expect(text == """
         per │ Oats                                                            per kg ›
         # Name              Price    Qty Unit  Per kg              Price (new)    = 15
         3 small             €3.99    500 g      €7.98 +21% more
         2 big               €6.99      1 kg     €6.99 +6% more     ‹ prev next › clear
         1 pound             €3.00      1 lb     €6.61 ★ Best value ┌───┬───┬───┐ ┌───┐
        ›-                 12+3▏      qty lb           no price yet │ 1 │ 2 │ 3 │ │ + │
                                                                    │   │   │   │ ├───┤
                                                                    ├───┼───┼───┤ │ − │
                                                                    │ 4 │ 5 │ 6 │ ├───┤
                                                                    │   │   │   │ │ × │
                                                                    ├───┼───┼───┤ ├───┤
                                                                    │ 7 │ 8 │ 9 │ │ ÷ │
                                                                    │   │   │   │ ├───┤
                                                                    ├───┼───┼───┤ │   │
                                                                    │ . │ 0 │ ⌫ │ │ = │
                                                                    │   │   │   │ │   │
                                                                    └───┴───┴───┘ └───┘
                                                                     3 of 3 ranked
                                                                     Best: pound
                                                                     €6.61 per kg


         Type a number on the keypad; Tab for next
        ^Q quit  F1 help  ^O lists  Tab next  S-Tab prev  Esc cancel  F2 per  ^D del
        """)
    }

    @Test func aCountWordComparisonAt40x20() {
        var s = AppState(comparison: Comparison(id: "c", title: "Paper"), session: Session(id: "s", size: TerminalSize(width: 40, height: 20)))
        for c in "5.49\t12x200\tsheets\ttp\t\t1.99\t600\t" {
            s.update(c == "\t" ? .comparison(.nextField) : KeyTable.action(for: .character(c), in: s)!)
        }
        let text = ScreenView.render(s).text
        #expect(text == """
         per │ Paper                per sheet ›
                          Per sheet
         1 tp               0.00229 ★ Best value
        ›2                  0.00332 +45% more
           1.99       for 600        sheet▏


        Unit of 1.99 for 600 sheet:
         ‹ prev next › clear
         ┌─ unit ──────────┐  2 of 2 ranked
         │›sheet           │  Best: tp
         │                 │  0.00229 per sheet
         │                 │
         │                 │
         │                 │
         │                 │
         │                 │
         └─────────────────┘
         Counted in sheets: type sheet or ›
        ^Q quit  ^G help  ^O lists  Tab next
        """)
    }

    @Test func compactLayoutAt40x20() {
        var s = Self.threeProducts()
        s.update(.terminal(.resize(TerminalSize(width: 40, height: 20))))
        let text = ScreenView.render(s).text
        #expect(text == """
         per │ Oats                    per kg ›
                             Per kg
         3 small               7.98 +21% more
         2 big                 6.99 +6% more
         1 pound               6.61 ★ Best value
        ›-                          no price yet
           12+3▏      for qty        lb
        Price (new product):                = 15
         ‹ prev next › clear
         ┌───┬───┬───┐ ┌───┐  3 of 3 ranked
         │ 1 │ 2 │ 3 │ │ + │  Best: pound
         ├───┼───┼───┤ │ − │  6.61 per kg
         │ 4 │ 5 │ 6 │ │ × │
         ├───┼───┼───┤ │ ÷ │
         │ 7 │ 8 │ 9 │ ├───┤
         ├───┼───┼───┤ │ = │
         │ . │ 0 │ ⌫ │ │   │
         └───┴───┴───┘ └───┘
         Type a number; Tab for next
        ^Q quit  ^G help  ^O lists  Tab next
        """)
    }

    @Test func asciiGlyphs() {
        var s = Self.threeProducts()
        s.session.glyphs = .ascii
        let text = ScreenView.render(s).text
        #expect(text == """
         per | Oats                                                            per kg >
         # Name              Price    Qty Unit  Per kg              Price (new)    = 15
         3 small              3.99    500 g       7.98 +21% more
         2 big                6.99      1 kg      6.99 +6% more     < prev next > clear
         1 pound              3.00      1 lb      6.61 * Best value +---+---+---+ +---+
        >-                 12+3_      qty lb           no price yet | 1 | 2 | 3 | | + |
                                                                    |   |   |   | +---+
                                                                    +---+---+---+ | - |
                                                                    | 4 | 5 | 6 | +---+
                                                                    |   |   |   | | * |
                                                                    +---+---+---+ +---+
                                                                    | 7 | 8 | 9 | | / |
                                                                    |   |   |   | +---+
                                                                    +---+---+---+ |   |
                                                                    | . | 0 |<- | | = |
                                                                    |   |   |   | |   |
                                                                    +---+---+---+ +---+
                                                                     3 of 3 ranked
                                                                     Best: pound
                                                                     6.61 per kg


         Type a number on the keypad; Tab for next
        ^Q quit  F1 help  ^O lists  Tab next  S-Tab prev  Esc cancel  F2 per  ^D del
        """)
    }

    @Test func unitPickerReplacesTheKeypad() {
        var s = Self.threeProducts()
        s.update(.comparison(.nextField)); s.update(.comparison(.type("1"))); s.update(.comparison(.nextField))
        s.update(.terminal(.resize(TerminalSize(width: 40, height: 20))))
        let text = ScreenView.render(s).text
        #expect(text == """
         per │ Oats                    per kg ›
                             Per kg
         3 small               7.98 +21% more
         2 big                 6.99 +6% more
         1 pound               6.61 ★ Best value
        ›4                    33.07 +400% more
           15.00      for 1          lb▏
        Unit of 15.00 for 1 lb:
         ‹ prev next › clear
         ┌─ unit ──────────┐  4 of 4 ranked
         │ mg              │  Best: pound
         │ g               │  6.61 per kg
         │ kg              │
         │ oz              │
         │›lb              │
         │                 │
         │                 │
         └─────────────────┘
         Type a mass unit, or Left/Right
        ^Q quit  ^G help  ^O lists  Tab next
        """)
    }

    @Test func helpComesFromTheKeyTable() {
        var s = Self.threeProducts()
        s.update(.app(.toggleHelp))
        let text = ScreenView.render(s).text
        #expect(text == """
         per │ keys 1/2

         Everywhere                                       Ctrl-W           pin / unpin
          Ctrl-Q, Ctrl-C save and quit                    Ctrl-Y           undo Ctrl-D
          F1, Ctrl-G     this help                                         / Ctrl-K
          Ctrl-L         redraw
          Ctrl-Z         suspend (fg resumes)            Price and quantity
                                                          0-9     digit
         Comparison                                       . or ,  decimal point
          Ctrl-O           saved comparisons              + -     plus, minus
          Tab, Enter, Down next field (Enter: finish)     * x X   times (×)
          Shift-Tab, Up    previous field (commits it)    /       divide (÷)
          PgDn, Ctrl-F     next product, same field       =       evaluate now
          PgUp, Ctrl-B     previous product, same field   letters warns, not typed
          Esc              cancel this field's edit
          Backspace        delete last character (⌫)     Unit
          Ctrl-U           clear the field                Left, Right step the unit
          F2, Ctrl-P       the "per" unit: kg, 100 g…     letters     a unit symbol
          Shift-F2, Ctrl-T the "per" unit, backwards
          F3, Ctrl-E       US / UK volume units          Name
          Ctrl-D           delete product (asks first)    Left, Right  cursor
          Ctrl-K           delete all products (asks)     Home, Ctrl-A to the start
          Ctrl-S           order: best first / as typed   End, Ctrl-E  to the end
         Down, Tab or ^F: more; other keys close
        """)
    }

    @Test func disabledKeysAreDimAndPressedKeyReversedWithoutColour() {
        var k = Canvas(width: 19, height: 13)
        KeypadView.draw(into: &k, x: 0, y: 0, size: .full(keyWidth: 3), enabled: CalculatorEngine().enabledKeys, pressed: .digit(5), glyphs: .utf8)
        let text = k.styleLines.joined(separator: "\n")
        #expect(text == """
        ...................
        ..B...B...B.....d..
        ...................
        ................d..
        ..B...R...B........
        ................d..
        ...................
        ..B...B...B.....d..
        ...................
        ...................
        ..B...B...d.....d..
        ...................
        ...................
        """)
    }

    @Test func tooSmallSaysWhatItNeeds() {
        var s = Self.threeProducts()
        s.update(.terminal(.resize(TerminalSize(width: 30, height: 10))))
        #expect(ScreenView.render(s).lines == ["", "", "", "", "", "    Too small: need 40x20", "", "", "", ""])
        s.update(.terminal(.resize(TerminalSize(width: 60, height: 12))))
        #expect(ScreenView.render(s).lines[6] == "         Terminal too small: need 40x20, have 60x12")
    }

    @Test func zeroAndTinyCanvasesNeverTrap() {
        var s = Self.threeProducts()
        for (w, h) in [(0, 0), (1, 1), (0, 24), (80, 0), (2, 40)] {
            s.update(.terminal(.resize(TerminalSize(width: w, height: h))))
            let canvas = ScreenView.render(s)
            #expect(canvas.width == w && canvas.height == h)
            #expect(ScreenLayout(s).action(atX: 0, y: 0) == nil)
        }
    }

    @Test func wideCharactersTakeTwoColumns() {
        var c = Canvas(width: 6, height: 1)
        #expect(c.put("日本x", x: 0, y: 0) == 5)
        #expect(c.text == "日本x")
        #expect(c[1, 0].character == nil)
    }
}
