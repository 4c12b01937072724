import Foundation
import Testing
import TestSupport
@testable import PerCore
import TestSupport

/// Canvas snapshots: whole screens in `__Snapshots__/SnapshotTests/` (`PER_RECORD_SNAPSHOTS=1` records them again).
/// `styleLines` shows attributes without colour:
/// B bold, d dim, R reverse (so disabled keys are told apart under NO_COLOR and on a vt100).
@Suite struct SnapshotTests {
    /// Three products typed on the keyboard, the fourth's price half-typed as `12+3`.
    static func threeProducts(currency: Currency? = nil, size: TerminalSize = TerminalSize(width: 80, height: 24)) -> AppState {
        var s = AppState(comparison: Comparison(id: "c", title: "Oats"), session: Session(id: "s", size: size, currency: currency))
        s.enterSmallBigAndPound()
        s.enter(price: "12+3", then: .keepEditing)
        return s
    }

    @Test func wideLayoutAt80x24() {
        let s = Self.threeProducts()
        let text = ScreenView.render(s).text
        expectSnapshot(text, named: "wideLayoutAt80x24")
    }

    /// Issue 31: a 12-digit price is cut in its cell with its own digits (`123456789…`), never in powers of ten
    /// (`1.23457e11`), and the wider numbers leave the verdicts their room: `★ Best` shows.
    @Test(arguments: [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 20)])
    func aTwelveDigitPriceIsCutAndTheBestStillShows(size: TerminalSize) {
        var s = AppState(comparison: Comparison(id: "c", title: "Oats"), session: Session(id: "s", size: size))
        s.enterSmallBigAndPound()
        s.enter(price: "123456789012", quantity: "1", unit: "kg", then: .keepEditing)
        // Far from every other price: asked about (decision 270), and kept.
        s.update(.comparison(.nextField))
        #expect(s.chrome.overlay != .none)
        s.update(.app(.answer(yes: true)))
        s.enter(name: "gold", then: .nextProduct)
        let text = ScreenView.render(s).text
        expectSnapshot(text, named: "aTwelveDigitPriceAt\(size.width)x\(size.height)")
        #expect(text.contains("★ Best"), "\(text)")
        #expect(!text.contains("e1") && !text.contains("e9"), "\(text)")
    }

    /// Under tmux's status line (80×23) or a column short (79×24) the screen is the full one: the rows of 80×24, every
    /// column there (at 79 the verdict in its short form), beside the whole keypad; the phone layout only below.
    @Test(arguments: [TerminalSize(width: 80, height: 23), TerminalSize(width: 79, height: 24)])
    func theFullLayoutAt80x23And79x24(size: TerminalSize) {
        let full = ScreenView.render(Self.threeProducts()).lines
        let s = Self.threeProducts(size: size)
        #expect(ScreenLayout(s).kind == .wide)
        let lines = ScreenView.render(s).lines
        #expect(lines.count == size.height)
        for y in 1...5 { #expect(lines[y].prefix(47) == full[y].prefix(47), "line \(y): \(lines[y])") }
        #expect(lines[1].hasPrefix(" # Name        Price    Qty Unit  Seen  Per kg"))
        #expect(lines[4].contains("6.61 ★ Best"))
        let keypad = lines.filter { $0.contains("│ . │ 0 │ ⌫ │ │ = │") }
        #expect(keypad.count == 1, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.contains("└───┴───┴───┘ └───┘") })
        #expect(ScreenLayout(Self.threeProducts(size: TerminalSize(width: 78, height: 24))).kind == .compact)
        #expect(ScreenLayout(Self.threeProducts(size: TerminalSize(width: 80, height: 22))).kind == .compact)
    }

    @Test func currencyShowsWithPricesAndUnitPricesAt80x24() throws {
        let s = Self.threeProducts(currency: try Currency(validating: "€"))
        let text = ScreenView.render(s).text
        expectSnapshot(text, named: "currencyShowsWithPricesAndUnitPricesAt80x24")
    }

    @Test func decimalCommaWithTheEuroAfterAt80x24() throws {
        var s = Self.threeProducts(currency: try Currency(validating: "€").placed(.conventional(for: "€", decimal: .comma)))
        s.session.decimal = .comma
        // The keypad's decimal key reads `,` (while it does something: once the number has one, it is blank).
        #expect(ScreenView.render(s).text.contains("│ , │ 0 │ ⌫ │"))
        s.update(.comparison(.keypad(.decimalPoint)))
        s.update(.comparison(.keypad(.digit(5))))
        let text = ScreenView.render(s).text
        expectSnapshot(text, named: "decimalCommaWithTheEuroAfterAt80x24")
    }

    @Test func aCountWordComparisonAt40x20() {
        var s = AppState(comparison: Comparison(id: "c", title: "Paper"), session: Session(id: "s", size: TerminalSize(width: 40, height: 20)))
        s.enter(price: "5.49", quantity: "12x200", unit: "sheets", name: "tp", then: .nextProduct)
        s.enter(price: "1.99", quantity: "600")
        let text = ScreenView.render(s).text
        expectSnapshot(text, named: "aCountWordComparisonAt40x20")
    }

    /// Issue 38: `2.79⏎1⏎kg⏎1.50⏎500⏎⏎`, the kg suggested and taken by Enter: asked about, the row not ranked.
    @Test(arguments: [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 20)])
    func anUnlikelyPriceIsAskedAbout(size: TerminalSize) {
        var s = AppState(comparison: Comparison(id: "c", title: "Yoghurt"), session: Session(id: "s", size: size))
        s.update(.comparison(.historyLoaded("c", [])))
        s.enter(price: "2.79", quantity: "1", unit: "kg", then: .nextProduct)
        s.enter(price: "1.50", quantity: "500")
        s.update(.comparison(.finishProduct))
        expectSnapshot(ScreenView.render(s).text, named: "anUnlikelyPriceIsAskedAbout\(size.width)x\(size.height)")
    }

    /// Issue 38: a crate's deposit on its row, in the name's cell (`+3.42 dep`): words and digits, no colour.
    @Test(arguments: [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 20)])
    func aDepositShowsOnItsRow(size: TerminalSize) {
        var s = AppState(comparison: Comparison(id: "c", title: "Beer"), session: Session(id: "s", size: size))
        s.enter(price: "12.99", quantity: "24x0.33", unit: "l", name: "crate", shop: "Aldi", then: .keepEditing)
        s.update(.comparison(.nextField))
        for character in "3.42" { s.update(.comparison(.type(character))) }
        s.update(.comparison(.nextField))
        s.update(.comparison(.nextField))   // past the deal
        s.enter(price: "4.49", quantity: "6x0.33", unit: "l", name: "six", then: .nextProduct)
        let text = ScreenView.render(s).text
        #expect(text.contains("+3.42 dep"), "\(text)")
        expectSnapshot(text, named: "aDepositShowsOnItsRow\(size.width)x\(size.height)")
    }

    /// Issue 38: each kind of price on its row (at 40x20 the first three): a multi-buy's, a member's (the shopper is a Clubcard
    /// member), an offer past its last day and one for a scheme the shopper is not in, both at the shelf price (decision 286).
    @Test(arguments: [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 20)])
    func eachKindOfPriceShowsOnItsRow(size: TerminalSize) {
        var session = Session(id: "s", size: size)
        session.members = ["Clubcard"]
        session.today = CalendarDay(year: 2026, month: 11, day: 22)
        var s = AppState(comparison: Comparison(id: "c", title: "Yoghurt"), session: session)
        func deal(_ text: String) {
            s.update(.comparison(.focus(FieldFocus(product: s.editing.focus.product, field: .deal))))
            for character in text { s.update(.comparison(.type(character))) }
            s.update(.comparison(.nextField))
        }
        s.enter(price: "1.79", quantity: "500", unit: "g", name: "tub", then: .keepEditing)
        deal("2 for 3")
        s.enter(price: "2.79", quantity: "1000", unit: "g", name: "big", then: .keepEditing)
        deal("Clubcard 2.49")
        s.enter(price: "0.99", quantity: "150", unit: "g", name: "cup", then: .keepEditing)
        deal("2 for 1.50 until 2026-11-25")
        s.enter(price: "2.20", quantity: "500", unit: "g", name: "greek", then: .keepEditing)
        deal("Nectar 1.60")
        // The cup's offer is over a week on.
        s.update(.terminal(.today(CalendarDay(year: 2026, month: 11, day: 30))))
        let text = ScreenView.render(s).text
        #expect(text.contains("shelf 2.79") && text.contains("ended"), "\(text)")
        expectSnapshot(text, named: "eachKindOfPriceShowsOnItsRow\(size.width)x\(size.height)")
    }

    /// Issue 38: a comparison by use (per wash) on its rows: each product's uses beside its name, its price per wash, and
    /// one without uses not ranked and saying why. By hand: 11.99 / 50 = 0.2398 (0.240), the best; 7.49 / 30 = 0.2497
    /// (0.250), +4%; 12.99 / 40 = 0.3248 (0.325), +35%. At 40 columns each row fits whole: no number or word cut.
    @Test(arguments: [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 20)])
    func aComparisonByUseShowsEachRowsUsesAndPricePerUse(size: TerminalSize) throws {
        var s = AppState(comparison: Comparison(id: "c", title: "Detergent"), session: Session(id: "s", size: size))
        func uses(_ count: String) {
            s.update(.comparison(.focus(FieldFocus(product: s.editing.focus.product, field: .uses))))
            for character in count { s.update(.comparison(.type(character))) }
            s.update(.comparison(.nextField))
        }
        s.enter(price: "11.99", quantity: "2.5", unit: "l", name: "bottle", shop: "Tesco", then: .keepEditing)
        s.update(.comparison(.nextField))
        // L, 100 mL, mL, fl oz, cup, gal, then per wash.
        for _ in 0..<6 { s.update(.comparison(.stepBasis(1))) }
        #expect(s.editing.comparison.basis == .perUse(CountWord("wash")!))
        uses("50")
        s.enter(price: "7.49", quantity: "1.5", unit: "l", name: "small", shop: "Aldi", then: .keepEditing)
        uses("30")
        s.enter(price: "12.99", quantity: "40", unit: "pod", name: "pods", shop: "Lidl", then: .keepEditing)
        uses("40")
        s.enter(price: "5.99", quantity: "1", unit: "l", name: "jug", shop: "Aldi", then: .nextProduct)
        // Back to the bottle's price, so every row is in view at 40×20 too (its price on the line under its name there).
        s.update(.comparison(.focus(FieldFocus(product: 0, field: .price))))
        let text = ScreenView.render(s).text
        expectSnapshot(text, named: "aComparisonByUseShowsEachRowsUsesAndPricePerUse\(size.width)x\(size.height)")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0].contains("per wash"), "\(text)")
        // Each ranked row whole on its line: its price, its uses, its price per wash and its verdict.
        for (price, usesText, perWash, verdict) in [("11.99", "50 washes", "0.240", "Best"), ("7.49", "30 washes", "0.250", "+4%"),
                                                   ("12.99", "40 washes", "0.325", "+35%")] {
            let row = try #require(lines.first { $0.contains(usesText) }, "\(usesText): \(text)")
            #expect(text.contains(price) && row.contains(perWash) && row.contains(verdict), "\(row)")
            #expect(TextWidth.of(row) <= size.width, "\(row)")
        }
        // The jug, with no uses, says why it is not ranked, in whole words (`no uses` where `no washes yet` has no room).
        let page = s.editing.tablePage
        #expect((0..<4).map { page.row($0).verdict } == ["Best value", "+4% more", "+35% more", "no washes yet"])
        let jug = try #require(lines.first { $0.contains("jug") }, "\(text)")
        #expect(jug.contains("5.99") && (jug.contains("no washes yet") || jug.contains("no uses")), "\(jug)")
    }

    @Test func compactLayoutAt40x20() {
        var s = Self.threeProducts()
        s.update(.terminal(.resize(TerminalSize(width: 40, height: 20))))
        let text = ScreenView.render(s).text
        expectSnapshot(text, named: "compactLayoutAt40x20")
    }

    @Test func asciiGlyphs() {
        var s = Self.threeProducts()
        s.session.glyphs = .ascii
        let text = ScreenView.render(s).text
        expectSnapshot(text, named: "asciiGlyphs")
    }

    @Test func unitPickerReplacesTheKeypad() {
        var s = Self.threeProducts()
        s.update(.comparison(.nextField)); s.update(.comparison(.type("1"))); s.update(.comparison(.nextField))
        s.update(.terminal(.resize(TerminalSize(width: 40, height: 20))))
        let text = ScreenView.render(s).text
        expectSnapshot(text, named: "unitPickerReplacesTheKeypad")
    }

    @Test func helpComesFromTheKeyTable() {
        var s = Self.threeProducts()
        s.update(.app(.toggleHelp))
        let text = ScreenView.render(s).text
        expectSnapshot(text, named: "helpComesFromTheKeyTable")
    }

    /// Issue 28: a help page between others, with `‹ prev` and `next ›` on its last line.
    @Test func helpPagesAt40x20And80x24() {
        for (size, page) in [(TerminalSize(width: 40, height: 20), 1), (TerminalSize(width: 80, height: 24), 1)] {
            var store = TestStore(size: size)
            store.apply(.app(.toggleHelp))
            for _ in 0..<page { store.apply(.app(.nextHelpPage)) }
            expectSnapshot(ScreenView.render(store.state).text, named: "helpPage\(page + 1)At\(size.width)x\(size.height)")
        }
    }

    /// What a terminal that drops dim shows (mosh, Debian's xterm-kitty, a white xterm) with NO_COLOR: the characters,
    /// and each cell's attributes but dim (`R` reverse, `B` bold, `u` underline) after a `|` per line.
    static func withoutDim(_ canvas: Canvas) -> [String] {
        zip(canvas.lines, canvas.styleLines).map { text, styles in text + "|" + styles.replacingOccurrences(of: "d", with: ".") }
    }

    /// The disabled `=` (nothing typed) and the enabled one (`12+3`) differ in what is drawn, with dim and colour dropped.
    @Test func aDisabledKeyDiffersFromAnEnabledOneWithoutDimOrColour() {
        var disabled = Canvas(width: 19, height: 13), enabled = Canvas(width: 19, height: 13)
        var engine = CalculatorEngine()
        KeypadView.draw(into: &disabled, x: 0, y: 0, size: .full(keyWidth: 3), enabled: engine.enabledKeys, pressed: nil, glyphs: .utf8)
        for key: CalculatorKey in [.digit(1), .operation(.plus), .digit(3)] { _ = engine.press(key) }
        #expect(engine.isEnabled(.equals) && !CalculatorEngine().isEnabled(.equals))
        KeypadView.draw(into: &enabled, x: 0, y: 0, size: .full(keyWidth: 3), enabled: engine.enabledKeys, pressed: nil, glyphs: .utf8)
        let equalsFace = 15...17
        func face(_ canvas: Canvas) -> [String] {
            Self.withoutDim(canvas)[9...11].map { line in
                let parts = line.split(separator: "|", omittingEmptySubsequences: false)
                let text = Array(parts[0].padding(toLength: 19, withPad: " ", startingAt: 0)), styles = Array(parts.last!)
                return String(text[equalsFace]) + "/" + String(styles[equalsFace])
            }
        }
        #expect(face(enabled) == ["   /...", " = /...", "   /..."])
        #expect(face(disabled) == ["   /...", "   /...", "   /..."])
        // The same for ⌫ and the operators, in the full and the compact keypad.
        for (size, glyphs) in [(KeypadView.Size.full(keyWidth: 3), GlyphSet.utf8), (.compact, .utf8)] {
            var none = Canvas(width: 19, height: 13)
            KeypadView.draw(into: &none, x: 0, y: 0, size: size, enabled: [], pressed: nil, glyphs: glyphs)
            for key: CalculatorKey in [.equals, .backspace, .operation(.plus), .operation(.minus), .operation(.times), .operation(.divide)] {
                #expect(!Self.withoutDim(none).joined().contains(KeypadView.label(key, glyphs: glyphs)), "\(key) drawn while disabled")
            }
        }
    }

    /// The toolbar's `clear` is not drawn while it would do nothing (nothing typed): not dim alone.
    @Test func aDisabledClearIsNotDrawn() {
        var s = AppState(comparison: Comparison(id: "c", title: "Oats"), session: Session(id: "s", size: TerminalSize(width: 80, height: 24)))
        #expect(!Self.withoutDim(ScreenView.render(s))[3].contains("clear"))
        s.update(KeyTable.action(for: .character("4"), in: s)!)
        #expect(Self.withoutDim(ScreenView.render(s))[3].contains("clear"))
    }

    @Test func disabledKeysAreBlankAndPressedKeyReversedWithoutColour() {
        var k = Canvas(width: 19, height: 13)
        KeypadView.draw(into: &k, x: 0, y: 0, size: .full(keyWidth: 3), enabled: CalculatorEngine().enabledKeys, pressed: .digit(5), glyphs: .utf8)
        let text = k.styleLines.joined(separator: "\n")
        expectSnapshot(text, named: "disabledKeysAreBlankAndPressedKeyReversedWithoutColour")
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

/// The price book on screen: ages and stale marks in the table, and the history screen (Ctrl-V).
@Suite struct PriceBookSnapshotTests {
    static let today = CalendarDay(year: 2026, month: 11, day: 22)!

    /// Oats bought at three shops over the year; one price is stale.
    static func state(_ width: Int, _ height: Int) -> AppState {
        let products = [
            Product.fixture(id: "a", name: "Oats", price: dec("5.49"), quantity: 1, unit: .kilogram, shop: "Costco", seen: today.adding(days: -50)),
            Product.fixture(id: "b", name: "Oats", price: dec("2.29"), quantity: 500, unit: .gram, shop: "Lidl", seen: today.adding(days: -3)),
            Product.fixture(id: "c", name: "Jumbo", price: dec("8.99"), quantity: 2, unit: .kilogram, shop: "Aldi", seen: today.adding(days: -150)),
        ]
        return AppState(comparison: Comparison(id: "o", title: "Oats", products: products),
                        session: Session(id: "s", size: TerminalSize(width: width, height: height), today: today, shop: ShopName("Costco")))
    }

    static let history = [
        PriceRecord(product: "a", name: "Oats", shop: "Costco", seen: today.adding(days: -400), price: dec("4.99"), quantity: 1, unit: .kilogram),
        PriceRecord(product: "a", name: "Oats", shop: "Costco", seen: today.adding(days: -200), price: dec("6.61"), quantity: 1, unit: .kilogram),
        PriceRecord(product: "b", name: "Oats", shop: "Lidl", seen: today.adding(days: -60), price: dec("1.99"), quantity: 500, unit: .gram),
    ]

    static func historyState(_ width: Int, _ height: Int) -> AppState {
        var s = state(width, height)
        s.update(.app(.showHistory))
        s.update(.history(.loaded("o", history)))
        return s
    }

    /// The best value named by its price and quantity goes on a second line at 40 columns rather than lose its
    /// quantity (`Best: 3.99 for 2…`).
    @Test func theBestValuesLabelWrapsRatherThanCut() {
        let products = [Product.fixture(id: "a", price: dec("2.49"), quantity: 1, unit: .liter), Product.fixture(id: "b", price: dec("3.99"), quantity: 2, unit: .liter)]
        let s = AppState(comparison: Comparison(id: "c", products: products), session: Session(id: "s", size: TerminalSize(width: 40, height: 20)))
        let summary = ScreenView.render(s).text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0.dropFirst(22)) }
        #expect(summary[9...12] == ["2 of 2 ranked", "Best: 3.99 for", "2 L", "2.00 per L"], "\(summary)")
    }

    /// At 40 columns the price, quantity and unit give way before a product's shop is cut (`Oats @ …` hid where).
    @Test func theHistoryKeepsTheShopWholeBeforeTheAmountsAt40() {
        let oats = Product.fixture(id: "a", name: "Oats", price: dec("5.49"), quantity: 1, unit: .kilogram, shop: "Costco", seen: Self.today.adding(days: -50))
        var s = AppState(comparison: Comparison(id: "o", title: "Oats", products: [oats]),
                         session: Session(id: "s", size: TerminalSize(width: 40, height: 20), today: Self.today))
        s.update(.app(.showHistory))
        s.update(.history(.loaded("o", [PriceRecord(product: "a", name: "Oats", shop: "Aldi", seen: Self.today.adding(days: -80), price: 4, quantity: 1,
                                                    unit: .kilogram)])))
        let rows = ScreenView.render(s).text.split(separator: "\n").dropFirst(2).prefix(4).map(String.init)
        #expect(rows.contains { $0.contains("Oats @ Costco") } && rows.contains { $0.contains("Oats @ Aldi") }, "\(rows)")
        #expect(!rows.contains { $0.contains("…") }, "\(rows)")
    }

    @Test func agesAndAStaleMarkAt80x24() {
        let canvas = ScreenView.render(Self.state(80, 24))
        expectSnapshot(canvas.text, named: "agesAndAStaleMarkAt80x24")
        // The stale age is dim (and marked `!`); the best value bold.
        #expect(canvas.styleLines[4] == "......................................ddddd...BBBB.BBBBBB.......................")
    }

    @Test func agesAndAStaleMarkAt40x20() {
        expectSnapshot(ScreenView.render(Self.state(40, 20)).text, named: "agesAndAStaleMarkAt40x20")
    }

    @Test func theHistoryAt80x24() {
        let canvas = ScreenView.render(Self.historyState(80, 24))
        expectSnapshot(canvas.text, named: "theHistoryAt80x24")
        // The selected entry (the newest) reversed and marked `›`.
        #expect(canvas.styleLines[2...7].joined(separator: "\n") == """
        RRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRRR
        .......................................................................ddd......
        .BBBBBBBBBB.BBBB..........................BBBB....BBBB.BBB.B......BBBB.BBBBBBBB.
        .......................................................................ddd......
        ................................................................................
        ................................................................................
        """)
    }

    /// A long comparison title is cut; the words after it stay whole or go.
    @Test func theHistoryTitleCutsTheUsersTitleNotItsOwnWords() {
        let g = GlyphSet.utf8
        #expect(HistoryView.title("Oats", room: 40, glyphs: g) == " per │ Oats: prices seen")
        #expect(HistoryView.title("Organic rolled oats, large flakes", room: 30, glyphs: g) == " per │ Organic r…: prices seen")
        #expect(HistoryView.title("Organic rolled oats, large flakes", room: 24, glyphs: g) == " per │ Organic rolled o…")
    }

    @Test func theHistoryAt40x20() {
        expectSnapshot(ScreenView.render(Self.historyState(40, 20)).text, named: "theHistoryAt40x20")
    }

    /// Issue 38 (decision 432): the history marks the lowest deal and the lowest member price seen in words beside the
    /// lowest shelf price's `★ lowest`, as `per history` does; at 40 columns short (`★deal`) where the name stays whole
    /// beside it (the tub is at no shop there, and its member price is left out: `★member` would take the name's room).
    @Test(arguments: [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 20)])
    func theHistoryMarksTheLowestDealSeen(size: TerminalSize) {
        let nov1 = CalendarDay(iso: "2026-11-01")!, nov10 = CalendarDay(iso: "2026-11-10")!
        func tub(_ price: String, _ seen: CalendarDay, _ deal: Deal?) -> PriceRecord {
            PriceRecord(product: "t", name: "tub", shop: shop, seen: seen, price: dec(price), quantity: 500, unit: .gram, deal: deal)
        }
        let wide = size.width >= 80
        let shop = wide ? "Aldi" : ""
        let tubNow = Product.fixture(id: "t", name: "tub", price: dec("1.79"), quantity: 500, unit: .gram, shop: shop, seen: nov10)
        var s = AppState(comparison: Comparison(id: "y", title: "Yoghurt", products: [tubNow], basis: ComparisonBasis(amount: 1, unit: .kilogram)),
                         session: Session(id: "s", size: size, today: nov10))
        s.update(.app(.showHistory))
        let member = wide ? [tub("1.79", nov10, Deal(.member(scheme: "Clubcard", price: dec("1.40"))))] : []
        s.update(.history(.loaded("y", [tub("1.79", nov1, Deal(.multibuy(count: 2, price: 3))), tub("1.59", nov1, nil),
                                        tub("1.79", nov10, Deal(.multibuy(count: 2, price: dec("2.80"))))] + member)))
        let text = ScreenView.render(s).text
        #expect(text.contains(wide ? "★ lowest deal" : "★deal") && text.contains("tub"), "\(text)")
        #expect(!wide || text.contains("★ lowest member price"), "\(text)")
        #expect(!text.contains("…"), "\(text)")
        expectSnapshot(text, named: "theHistoryMarksTheLowestDealSeen\(size.width)x\(size.height)")
    }

    /// The history with its entries' ids (as read from the database): entries can be fixed.
    static func historyStateWithIDs(_ width: Int, _ height: Int) -> AppState {
        var s = state(width, height)
        s.update(.app(.showHistory))
        s.update(.history(.loaded("o", history.enumerated().map { index, record in
            var record = record
            record.entry = PriceEntryID(Int64(index + 1))
            return record
        })))
        return s
    }

    /// `l`: the lowest seen at each shop, cheapest first; the title says which view it is.
    @Test func theLowestAtEachShopAt80x24() {
        var s = Self.historyStateWithIDs(80, 24)
        s.update(.history(.toggleLowest))
        let canvas = ScreenView.render(s)
        expectSnapshot(canvas.text, named: "theLowestAtEachShopAt80x24")
        #expect(canvas.styleLines[2] == String(repeating: "R", count: 80))
    }

    /// The selected row is drawn in one style, the selection's, when it is the lowest too: its text was green on black
    /// between gaps in the selection's colour. The lowest still reads without colour: `★ lowest`.
    @Test func theSelectedLowestRowIsOneStyle() {
        var s = Self.historyStateWithIDs(80, 24)
        s.update(.history(.toggleLowest))
        let canvas = ScreenView.render(s)
        let row = (1..<80).map { canvas[$0, 2] }
        #expect(Set(row.map(\.color)) == [.accent], "\(Set(row.map(\.color)))")
        #expect(Set(row.map(\.style)) == [[.reverse, .bold]], "\(Set(row.map(\.style)))")
        #expect(canvas.lines[2].hasSuffix("★ lowest"), "\(canvas.lines[2])")
    }

    @Test func theLowestAtEachShopAt40x20() {
        var s = Self.historyStateWithIDs(40, 20)
        s.update(.history(.toggleLowest))
        expectSnapshot(ScreenView.render(s).text, named: "theLowestAtEachShopAt40x20")
        // A long title is cut; `: lowest` stays.
        #expect(HistoryView.title("Organic rolled oats, large flakes", room: 31, glyphs: .utf8, view: .lowestPerShop) == " per │ Organic rolled …: lowest")
    }

    /// `d` on the third entry: the day typed on the status line, today's date as the example; the entry stays selected.
    @Test func fixingADayAt80x24() {
        var s = Self.historyStateWithIDs(80, 24)
        s.update(.history(.scroll(2)))
        s.update(.history(.startFix(.day)))
        expectSnapshot(ScreenView.render(s).text, named: "fixingADayAt80x24")
    }

    @Test func fixingAShopAndADayAt40x20() {
        var s = Self.historyStateWithIDs(40, 20)
        s.update(.history(.scroll(2)))
        s.update(.history(.startFix(.shop)))
        let lines = { (s: AppState) in ScreenView.render(s).text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        #expect(lines(s)[4] == "›8 wk  Oats @ Lidl 1.99 500 g    3.98 ★")
        #expect(lines(s)[18...19] == [" Shop: Lidl▏  Enter saves, Esc cancels", "Enter save  Esc cancel  ^Q quit  ^G help"])
        s.update(.history(.cancelFix))
        s.update(.history(.startFix(.day)))
        expectSnapshot(ScreenView.render(s).text, named: "fixingAShopAndADayAt40x20")
        // A long shop: the end of what is typed stays in view.
        s.update(.history(.cancelFix))
        s.update(.history(.startFix(.shop)))
        for c in "Supermarket on the corner of Main St" { s.update(.history(.typeFix(c))) }
        #expect(lines(s)[18] == " Shop: …rket on the corner of Main St▏", "\(lines(s)[18])")
    }

    @Test func theHistoryScrollsAPageAtATimeAndSaysWhichEntriesItShows() {
        var s = Self.historyState(40, 20)
        let many = (0..<40).map { i in PriceRecord(product: "gone", name: "Oats \(i)", shop: "Costco", seen: Self.today.adding(days: -i - 1),
                                                    price: dec("5"), quantity: 1, unit: .kilogram) }
        s.update(.history(.loaded("o", many)))
        s.update(KeyTable.action(for: .control("f"), in: s)!)
        let lines = ScreenView.render(s).text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasSuffix(" 17-32 of 43"), "\(lines[0])")
        // 16 rows a page at 40×20; the day of today's Lidl price (a product's price now) comes before the 16th earlier one.
        #expect(lines[2].hasPrefix(" 6 Nov  Oa… @ Costco 5.00 1 kg"), "\(lines[2])")
        #expect(lines.count == 20)
    }
}

/// Every row says which product it is, at every width (issue 28): Aldi's 3.99 for 500 g and 6.99 for 1 kg, Lidl's 3.49
/// for 500 g, typed today without names.
@Suite struct WhichProductSnapshotTests {
    static let today = CalendarDay(year: 2026, month: 11, day: 27)!

    static func state(_ width: Int, _ height: Int) -> AppState {
        var s = AppState(comparison: Comparison(id: "c", title: "Rice"),
                         session: Session(id: "s", size: TerminalSize(width: width, height: height), today: today))
        s.enter(price: "3.99", quantity: "500", unit: "g", shop: "Aldi", then: .nextProduct)
        s.enter(price: "6.99", quantity: "1", unit: "kg", shop: "Aldi", then: .nextProduct)
        s.enter(price: "3.49", quantity: "500", unit: "g", shop: "Lidl", then: .nextProduct)
        return s
    }

    static func history(_ width: Int, _ height: Int) -> AppState {
        var s = state(width, height)
        s.update(.app(.showHistory))
        s.update(.history(.loaded("c", [])))
        return s
    }

    /// At 40 columns each row keeps its price, size and shop (the rows read `3 3.99 today 7.98` before).
    @Test func theTableAt40x20() {
        let lines = ScreenView.render(Self.state(40, 20)).lines
        expectSnapshot(lines.joined(separator: "\n"), named: "whichProductTableAt40x20")
        #expect(lines[2].hasPrefix(" 3 3.99 500 g @ Aldi today 7.98"), "\(lines[2])")
        #expect(lines[3].hasPrefix(" 2 6.99 1 kg @ Aldi  today 6.99"), "\(lines[3])")
        #expect(lines[4].hasPrefix(" 1 3.49 500 g @ Lidl today 6.98 ★"), "\(lines[4])")
    }

    @Test func theTableAt80x24() {
        expectSnapshot(ScreenView.render(Self.state(80, 24)).text, named: "whichProductTableAt80x24")
    }

    /// A suggested shop is a second shop on view: with `--shop Lidl`, Costco's row says it is Costco's while the blank
    /// row below it offers `@ Lidl?`, before any Lidl price is typed (it read `8.99 for 2 kg Quaker` before).
    @Test func aSuggestedShopIsASecondShopOnView() {
        var s = AppState(comparison: Comparison(id: "c", title: "Quaker"),
                         session: Session(id: "s", size: TerminalSize(width: 40, height: 20), today: Self.today, shop: ShopName("Lidl")))
        s.enter(price: "8.99", quantity: "2", unit: "kg", name: "Quaker oats", shop: "Costco", then: .nextProduct)
        let lines = ScreenView.render(s).lines
        #expect(lines[2].hasPrefix(" 1 8.99 2 kg Qua… @ Costco "), "\(lines[2])")
        #expect(lines[3].hasPrefix("›- @ Lidl?"), "\(lines[3])")
    }

    /// The history keeps each price's size and price and its shop at 40 columns (`27 Nov @ Lidl 6.98 ★` before).
    @Test func theHistoryAt40x20() {
        let lines = ScreenView.render(Self.history(40, 20)).lines
        expectSnapshot(lines.joined(separator: "\n"), named: "whichProductHistoryAt40x20")
        for (shop, price, size) in [("Lidl", "3.49", "500 g"), ("Aldi", "6.99", "1 kg"), ("Aldi", "3.99", "500 g")] {
            #expect(lines.contains { $0.contains("@ \(shop)") && $0.contains(price) && $0.contains(size) }, "\(lines)")
        }
    }

    @Test func theHistoryAt80x24() {
        expectSnapshot(ScreenView.render(Self.history(80, 24)).text, named: "whichProductHistoryAt80x24")
    }
}

/// Issue 39, the phone in the aisle: every screen at 40×20 with long names, two shops and a stale price.
@Suite struct PhoneSnapshotTests {
    static let today = CalendarDay(year: 2026, month: 11, day: 22)!
    static let roll = MeasureUnit.counted(CountWord("roll")!)

    /// Three packs of toilet rolls at Aldi and Lidl, the dearest seen six months ago.
    static func state() -> AppState {
        let products = [
            Product.fixture(id: "a", name: "Toilet paper extra soft", price: dec("9.99"), quantity: 24, unit: roll, shop: "Aldi", seen: today.adding(days: -180)),
            Product.fixture(id: "b", name: "Toilet paper recycled", price: dec("4.49"), quantity: 12, unit: roll, shop: "Lidl", seen: today.adding(days: -3)),
            Product.fixture(id: "c", name: "Own brand", price: dec("3.49"), quantity: 9, unit: roll, shop: "Aldi", seen: today),
        ]
        return AppState(comparison: Comparison(id: "t", title: "Toilet paper", products: products),
                        session: Session(id: "s", size: TerminalSize(width: 40, height: 20), today: today))
    }

    @Test func theComparisonAt40x20() {
        expectSnapshot(ScreenView.render(Self.state()).text, named: "phoneComparisonAt40x20")
    }

    @Test func theShoppingListAt40x20() {
        var s = Self.state()
        s.update(.app(.showShoppingList))
        let item = ListItem(count: 2, ticked: false, pinned: nil, comparison: s.editing.comparison)
        s.update(.shoppingList(.loaded([ListEntry(id: "t", title: "Toilet paper", productCount: 3, item: item),
                                        ListEntry(id: "o", title: "Organic rolled oats, large flakes", productCount: 0)])))
        expectSnapshot(ScreenView.render(s).text, named: "phoneShoppingListAt40x20")
    }

    /// Two items, each with long names at Aldi and Lidl and a price seen six months ago: the list and where to shop.
    static func twoItems() -> [ListEntry] {
        let toilet = state().editing.comparison
        let oats = Comparison(id: "o", title: "Organic rolled oats, large flakes", products: [
            Product.fixture(id: "o1", name: "Organic jumbo rolled oats", price: dec("2.79"), quantity: 1, unit: .kilogram, shop: "Aldi", seen: today.adding(days: -190)),
            Product.fixture(id: "o2", name: "Porridge oats wholegrain", price: dec("1.19"), quantity: 500, unit: .gram, shop: "Lidl", seen: today),
        ])
        return [ListEntry(id: "t", title: "Toilet paper", productCount: 3, item: ListItem(count: 2, ticked: false, pinned: nil, comparison: toilet)),
                ListEntry(id: "o", title: oats.title, productCount: 2, item: ListItem(count: 1, ticked: false, pinned: nil, comparison: oats))]
    }

    /// Decision 421: at 40 columns the selected item's title has what its total and buttons leave (`Toilet paper · Lidl`
    /// was `Toilet …` with 13 columns free), and every title what its total leaves.
    @Test func theShoppingListWithLongNamesAtTwoShopsAt40x20() {
        var s = Self.state()
        s.update(.app(.showShoppingList))
        s.update(.shoppingList(.loaded(Self.twoItems())))
        let text = ScreenView.render(s).text
        expectSnapshot(text, named: "phoneShoppingListTwoShopsAt40x20")
        #expect(text.contains(" › [ ]   2× Toilet paper …  −   +  8.98"), "\(text)")
        s.update(.shoppingList(.moveSelection(1)))
        expectSnapshot(ScreenView.render(s).text, named: "phoneShoppingListTwoShopsSecondSelectedAt40x20")
    }

    @Test func whereToShopWithLongNamesAtTwoShopsAt40x20() {
        var s = Self.state()
        s.update(.app(.showShoppingList))
        s.update(.shoppingList(.loaded(Self.twoItems())))
        s.update(KeyTable.action(for: .control("w"), in: s)!)
        expectSnapshot(ScreenView.render(s).text, named: "phoneWhereToShopAt40x20")
    }

    @Test func theHistoryAt40x20() {
        var s = Self.state()
        s.update(.app(.showHistory))
        s.update(.history(.loaded("t", [PriceRecord(product: "a", name: "Toilet paper extra soft", shop: "Aldi", seen: Self.today.adding(days: -400),
                                                    price: dec("8.99"), quantity: 24, unit: Self.roll)])))
        expectSnapshot(ScreenView.render(s).text, named: "phoneHistoryAt40x20")
    }

    /// Names get the room there is (`5.49 1 kg alpha`, not `5.49 for 1 kg a…` with columns free), and whether a row shows
    /// its age does not change as the focus moves (it came and went with the focus, and every row's form with it).
    @Test func namesAreWholeWhereTheyFitAndTheAgesStayAsTheFocusMoves() {
        let products = [
            Product.fixture(id: "a", name: "alpha", price: dec("5.49"), quantity: 1, unit: .kilogram, seen: Self.today.adding(days: -180)),
            Product.fixture(id: "b", name: "bravo", price: dec("2.29"), quantity: 500, unit: .gram, seen: Self.today.adding(days: -3)),
            Product.fixture(id: "c", name: "charlie", price: dec("8.99"), quantity: 2, unit: .kilogram, seen: Self.today),
        ]
        var s = AppState(comparison: Comparison(id: "o", title: "Oats", products: products),
                         session: Session(id: "s", size: TerminalSize(width: 40, height: 20), today: Self.today))
        let lines = ScreenView.render(s).lines
        #expect(lines[2].hasPrefix(" 3 5.49 1 kg alpha   6 mo!"), "\(lines.joined(separator: "\n"))")
        #expect(lines[3].hasPrefix(" 2 2.29 500 g bravo  3 d"), "\(lines.joined(separator: "\n"))")
        #expect(lines[4].hasPrefix(" 1 8.99 2 kg charlie today"), "\(lines.joined(separator: "\n"))")
        // Long names at two shops: the ages are left out at every focus, or shown at every focus.
        var shops = PhoneSnapshotTests.state()
        var showsAges: [Bool] = []
        for _ in 0..<4 {
            showsAges.append(ScreenView.render(shops).text.contains("6 mo!"))
            shops.update(.comparison(.previousProduct))
        }
        #expect(Set(showsAges).count == 1, "\(showsAges)")
        // And the short names keep their ages and their whole form with the focus on any row.
        for _ in 0..<3 {
            s.update(.comparison(.previousProduct))
            let text = ScreenView.render(s).text
            #expect(text.contains("6 mo!") && text.contains("3 d ") && text.contains("today"), "\(text)")
        }
    }
}

/// Decision 428: where the terminal draws East Asian Ambiguous characters wide, per draws its keypad, box lines and
/// cues in ASCII (one column in every terminal) and counts an ambiguous character of a name as it is drawn: `è` one
/// column (its decomposition), `б` two (a placeholder there).
@Suite struct AmbiguousWidthTests {
    @Test func theScreenIsDrawnInOneColumnGlyphsAndNamesCountAsDrawn() {
        TextWidth.$ambiguousIsWide.withValue(true) {
            var s = AppState(comparison: Comparison(id: "c", title: "Oats"),
                             session: Session(id: "s", size: TerminalSize(width: 80, height: 24), glyphs: GlyphSet.choose(codeset: "UTF-8", term: "xterm-256color")))
            #expect(s.session.glyphs == .ascii)
            s.enterSmallBigAndPound()
            let plain = ScreenView.render(s).text
            #expect(plain.allSatisfy { $0.isASCII }, "\(plain)")
            s.enter(name: "Crème б日本", then: .keepEditing)
            let text = ScreenView.render(s).text
            expectSnapshot(text, named: "ambiguousWideAt80x24")
            #expect(TextWidth.of("Crème б日本") == 5 + 1 + 2 + 4)
        }
        #expect(TextWidth.of("Crème б") == 7)
        #expect(GlyphSet.choose(codeset: "UTF-8", term: "xterm-256color") == .utf8)
    }

    @Test(arguments: [
        ("ja_JP.UTF-8", nil, nil, true), (nil, "zh_CN.UTF-8", nil, true), (nil, nil, "ko_KR.UTF-8", true), (nil, nil, "ja", true),
        (nil, nil, "zh_TW@stroke", true), ("en_US.UTF-8", nil, "ja_JP.UTF-8", false), ("", "", "ko_KR.UTF-8", true),
        (nil, nil, "C", false), (nil, nil, nil, false), (nil, nil, "jam_JM", false), (nil, nil, "kok_IN", false),
    ] as [(String?, String?, String?, Bool)])
    func theLocaleSaysWhereAmbiguousIsWide(lcAll: String?, lcCtype: String?, lang: String?, wide: Bool) {
        #expect(TextWidth.localeDrawsAmbiguousWide(lcAll: lcAll, lcCtype: lcCtype, lang: lang) == wide)
    }

    /// Every glyph of the ASCII set is one column in every terminal, and every one of the UTF-8 set that is drawn wide
    /// there is ambiguous: the set is what the mode must replace.
    @Test func theUTF8GlyphsAreAmbiguousAndTheASCIIOnesAreNot() {
        let g = GlyphSet.utf8
        for glyph in [g.times, g.minus, String(g.cursor), g.bestMark, g.next, String(g.horizontal), String(g.vertical), String(g.topLeft)] {
            #expect(glyph.unicodeScalars.contains(where: TextWidth.isAmbiguous) || glyph == g.minus || glyph == g.next, "\(glyph)")
        }
        let a = GlyphSet.ascii
        for glyph in [a.times, a.divide, a.minus, a.backspace, a.previous, a.next, a.bestMark] + [a.horizontal, a.vertical, a.cross, a.cursor, a.ellipsis].map(String.init) {
            #expect(glyph.allSatisfy { $0.isASCII }, "\(glyph)")
        }
    }
}
