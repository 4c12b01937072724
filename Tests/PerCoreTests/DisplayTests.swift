import Foundation
import Testing
import TestSupport
@testable import PerCore
import TestSupport

/// What a shopper reads is true: numbers keep their point, money reads as money, nothing is cut in
/// half, the comparison stays in view, best first on demand (issue 9).
@Suite struct DisplayTests {
    static let wide = TerminalSize(width: 80, height: 24)
    static let narrow = TerminalSize(width: 40, height: 20)

    /// Issue 28: a multipack typed as `6×330` reads so wherever the app names the product (a compact row at 40
    /// columns, the best value's line), `6*330` with the ASCII glyph set; the stored shape stays `6*330`.
    @Test(arguments: [(GlyphSet.utf8, "6×330"), (GlyphSet.ascii, "6*330")])
    func aMultipackReadsWithTheTimesGlyph(glyphs: GlyphSet, shape: String) {
        let drinks = Product.fixture(id: "d", price: Decimal(string: "4.99"), quantity: 1980, unit: .milliliter, pack: Multipack(count: 6, size: 330))
        let bottle = Product.fixture(id: "b", price: Decimal(string: "9.99"), quantity: 1, unit: .liter)
        var session = Session(id: "s", size: Self.narrow)
        session.glyphs = glyphs
        let lines = ScreenView.render(AppState(comparison: Comparison(id: "c", title: "Cola", products: [bottle, drinks]), session: session)).lines
        #expect(lines.contains { $0.contains("4.99 for \(shape) mL") }, "\(lines.joined(separator: "\n"))")
        // The best value's line, wrapped: `Best: 4.99 for` over `6×330 mL`.
        let trimmed = lines.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(trimmed.contains { $0.hasSuffix("Best: 4.99 for") } && trimmed.contains { $0.hasSuffix("  \(shape) mL") },
                "\(lines.joined(separator: "\n"))")
        #expect(lines.allSatisfy { TextWidth.of($0) <= 40 })
        #expect(drinks.pack?.text == "6*330")
    }

    /// A comparison with `enter`'s products typed into it, then `keys` (Ctrl-S is "\u{13}").
    static func typed(_ keys: String = "", title: String = "Oats", size: TerminalSize = wide,
                      _ enter: (inout AppState) -> Void = { _ in }) -> AppState {
        var s = AppState(comparison: Comparison(id: "c", title: title), session: Session(id: "s", size: size))
        enter(&s)
        for c in keys {
            let event: InputEvent = c == "\u{13}" ? .control("s") : .character(c)
            if let action = KeyTable.action(for: event, in: s) { s.update(action) }
        }
        return s
    }

    static func comparison(products count: Int) -> Comparison {
        Comparison(id: "c", title: "Many", products: (1...count).map {
            Product.fixture(id: ProductID("p\($0)"), name: "item \($0)", price: Decimal($0 % 7 + 1), quantity: 1, unit: .kilogram)
        })
    }

    static func screen(_ s: AppState, _ size: TerminalSize, name: String = #function) -> String {
        var s = s
        s.update(.terminal(.resize(size)))
        let text = ScreenView.render(s).text
        if let dir = ProcessInfo.processInfo.environment["PER_SNAPSHOT_DIR"] {
            var n = 1
            while FileManager.default.fileExists(atPath: dir + "/\(name.prefix { $0 != "(" })-\(n).txt") { n += 1 }
            try? text.write(toFile: dir + "/\(name.prefix { $0 != "(" })-\(n).txt", atomically: true, encoding: .utf8)
        }
        return text
    }

    /// The first `lines` lines of a screen (the table), for snapshots of the part that matters.
    static func top(_ text: String, _ lines: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).prefix(lines).joined(separator: "\n")
    }

    /// An unnamed product with a store still says what it is on a compact row: `6.99 for 1 kg @ Lidl`.
    @Test func anUnnamedProductWithAStoreSaysWhatItIs() {
        let s = Self.typed {
            $0.enter(price: "3.99", quantity: "500", unit: "g", name: "Cornflakes", shop: "Lidl", then: .nextProduct)
            $0.enter(price: "6.99", quantity: "1", unit: "kg", then: .nextProduct)
        }
        #expect(Self.top(Self.screen(s, Self.narrow), 5) == """
         per │ Oats                    per kg ›
                                 Per kg
         2 3.99 for 500 g C… today 7.98 +14%
         1 6.99 for 1 kg     today 6.99 ★ Best
        ›- @ Lidl?
        """)
    }

    // MARK: Numbers keep their point

    @Test func tenThirdsInThePriceCellKeepsItsPoint() {
        let s = Self.typed("10/3=")
        #expect(Self.top(Self.screen(s, Self.wide), 4) == """
         per │ Oats                                                            per unit
         # Name        Price    Qty Unit  Seen  Per unit            Price (new product)
        ›-           3.33333333333▏ unit
                                                                    ‹ prev next › clear
        """)
        #expect(Self.top(Self.screen(s, Self.narrow), 8) == """
         per │ Oats                    per unit
                     Per unit
        ›-
           3.33333333333▏ qty        unit



        Price (new product):
        """)
    }

    @Test func aThirdTimesThreeIsNotNineMillion() {
        let s = Self.typed { $0.enter(price: "1/3=*3=", quantity: "1", unit: "kg", then: .nextProduct) }
        #expect(Self.top(Self.screen(s, Self.wide), 4) == """
         per │ Oats                                                            per kg ›
         # Name        Price    Qty Unit  Seen  Per kg              Price (new product)
         1        0.9999999…      1 kg    today   1.00 ★ Best value
        ›-        ▏             qty kg?                             ‹ prev next ›
        """)
        #expect(Self.top(Self.screen(s, Self.narrow), 6) == """
         per │ Oats                    per kg ›
                                 Per kg
         1 0.999999999999 for 1 kg 1.00 ★ Best
        ›-
           ▏          for qty        kg?

        """)
    }

    // MARK: Money reads as money

    @Test func pricesShowTwoDecimalsOrMoreAsTypedAndUnitPricesThreeDigits() {
        let s = Self.typed {
            $0.enter(price: "2.5", quantity: "1", unit: "kg", name: "jam", then: .nextProduct)
            $0.enter(price: "1.299", quantity: "10", unit: "kg", name: "sugar", then: .nextProduct)
            $0.enter(price: "1.47", quantity: "10", unit: "kg", name: "salt", then: .nextProduct)
        }
        #expect(Self.top(Self.screen(s, Self.wide), 6) == """
         per │ Oats                                                            per kg ›
         # Name        Price    Qty Unit  Seen  Per kg              Price (new product)
         3 jam          2.50      1 kg    today   2.50 +1825% more
         1 sugar       1.299     10 kg    today  0.130 ★ Best value ‹ prev next ›
         2 salt         1.47     10 kg    today  0.147 +13% more    ┌───┬───┬───┐ ┌───┐
        ›-           ▏          qty kg?                             │ 1 │ 2 │ 3 │ │   │
        """)
        #expect(Self.top(Self.screen(s, Self.narrow), 7) == """
         per │ Oats                    per kg ›
                            Seen Per kg
         3 2.50 1 kg jam    today  2.50 +1825%
         1 1.299 10 kg sug… today 0.130 ★ Best
         2 1.47 10 kg salt  today 0.147 +13%
        ›-
           ▏          for qty        kg?
        """)
    }

    // MARK: Headers name the comparison unit in full

    @Test func headersNameTheComparisonUnitInFull() {
        var grams = Self.typed { $0.enter(price: "3.99", quantity: "500", unit: "g") }
        grams.update(.comparison(.stepBasis(1)))
        #expect(Self.top(Self.screen(grams, Self.wide), 3) == """
         per │ Oats                                                         per 100 g ›
         # Name        Price    Qty Unit  Seen  Per 100 g           \(ProductField.afterUnit.title) of 3.99 for…
        ›1 ▏            3.99    500 g     today     0.798 ★ Best
        """)
        #expect(Self.top(Self.screen(grams, Self.narrow), 3) == """
         per │ Oats                 per 100 g ›
                    Per 100 g
        ›1 ▏      today 0.798 ★ Best value
        """)
        var millilitres = Self.typed { $0.enter(price: "1.49", quantity: "330", unit: "ml") }
        millilitres.update(.comparison(.stepBasis(1)))
        #expect(Self.top(Self.screen(millilitres, Self.wide), 3) == """
         per │ Oats                                                        per 100 mL ›
         # Name        Price    Qty Unit  Seen  Per 100 mL          \(ProductField.afterUnit.title) of 1.49 for…
        ›1 ▏            1.49    330 mL    today      0.452 ★ Best
        """)
        var ounces = Self.typed { $0.enter(price: "1.49", quantity: "12", unit: "floz") }
        while ounces.editing.comparison.basis?.unit != .fluidOunce { ounces.update(.comparison(.stepBasis(1))) }
        #expect(Self.top(Self.screen(ounces, Self.wide), 3) == """
         per │ Oats                                                    per fl oz (US) ›
         # Name        Price    Qty Unit  Seen  Per fl oz           \(ProductField.afterUnit.title) of 1.49 for…
        ›1 ▏            1.49     12 fl oz today     0.124 ★ Best
        """)
        #expect(Self.top(Self.screen(ounces, Self.narrow), 3) == """
         per │ Oats            per fl oz (US) ›
               Per fl oz (US)
        ›1 ▏      today 0.124 ★ Best value
        """)
    }

    // MARK: The comparison stays in view

    @Test func fortyProductsOpenShowingAsManyAsFit() {
        let session = Session(id: "s", size: Self.wide)
        let s = AppState(comparison: Self.comparison(products: 40), session: session)
        #expect(Self.screen(s, Self.wide) == """
         per │ Many                                                            per kg ›
          # Name       Price    Qty Unit  Seen  Per kg 22-41 of 41  Price (new product)
          6 item 22     2.00      1 kg            2.00 +100% more
         12 item 23     3.00      1 kg            3.00 +200% more   ‹ prev next ›
         18 item 24     4.00      1 kg            4.00 +300% more   ┌───┬───┬───┐ ┌───┐
         24 item 25     5.00      1 kg            5.00 +400% more   │ 1 │ 2 │ 3 │ │   │
         30 item 26     6.00      1 kg            6.00 +500% more   │   │   │   │ ├───┤
         36 item 27     7.00      1 kg            7.00 +600% more   ├───┼───┼───┤ │   │
          1 item 28     1.00      1 kg            1.00 ★ Best value │ 4 │ 5 │ 6 │ ├───┤
          6 item 29     2.00      1 kg            2.00 +100% more   │   │   │   │ │   │
         12 item 30     3.00      1 kg            3.00 +200% more   ├───┼───┼───┤ ├───┤
         18 item 31     4.00      1 kg            4.00 +300% more   │ 7 │ 8 │ 9 │ │   │
         24 item 32     5.00      1 kg            5.00 +400% more   │   │   │   │ ├───┤
         30 item 33     6.00      1 kg            6.00 +500% more   ├───┼───┼───┤ │   │
         36 item 34     7.00      1 kg            7.00 +600% more   │ . │ 0 │   │ │   │
          1 item 35     1.00      1 kg            1.00 ★ Best value │   │   │   │ │   │
          6 item 36     2.00      1 kg            2.00 +100% more   └───┴───┴───┘ └───┘
         12 item 37     3.00      1 kg            3.00 +200% more    40 of 40 ranked
         18 item 38     4.00      1 kg            4.00 +300% more    Best: item 28
         24 item 39     5.00      1 kg            5.00 +400% more    1.00 per kg
         30 item 40     6.00      1 kg            6.00 +500% more
         ›-          ▏          qty kg?
         Type a number on the keypad; Tab for next
        ^Q quit  F1 help  ^O list  ^T title  ^N new  Tab next  S-Tab prev  Esc cancel
        """)
        #expect(Self.top(Self.screen(s, Self.narrow), 8) == """
         per │ Many                    per kg ›
         products 38-41 of 41    Per kg
         18 4.00 1 kg item …       4.00 +300%
         24 5.00 1 kg item …       5.00 +400%
         30 6.00 1 kg item …       6.00 +500%
         ›-
            ▏          for qty        kg?
        Price (new product):
        """)
    }

    @Test func threeProductsStayWholeWhileAFourthIsTyped() {
        let three = Self.typed(size: Self.narrow) { $0.enterSmallBigAndPound() }
        #expect(Self.top(Self.screen(three, Self.narrow), 8) == """
         per │ Oats                    per kg ›
                                 Per kg
         3 3.99 500 g small  today 7.98 +21%
         2 6.99 for 1 kg big today 6.99 +6% more
         1 3.00 1 lb pound   today 6.61 ★ Best
        ›-
           ▏          for qty        lb?
        Price (new product):
        """)
        var four = three
        for c in "2.5" { four.update(.comparison(.type(c))) }
        #expect(Self.top(Self.screen(four, Self.narrow), 8) == """
         per │ Oats                    per kg ›
                                 Per kg
         3 3.99 500 g small  today 7.98 +21%
         2 6.99 for 1 kg big today 6.99 +6% more
         1 3.00 1 lb pound   today 6.61 ★ Best
        ›-
           2.5▏       for qty        lb?
        Price (new product):
        """)
        four.update(.comparison(.nextField))
        #expect(Self.top(Self.screen(four, Self.narrow), 8) == """
         per │ Oats                    per kg ›
                                 Per kg
         3 3.99 500 g small  today 7.98 +21%
         2 6.99 for 1 kg big today 6.99 +6% more
         1 3.00 1 lb pound   today 6.61 ★ Best
        ›-                   today
           2.50       for ▏          lb?
        Quantity of 2.50:
        """)
    }

    @Test func aThousandProductsKeepWholeRanks() {
        let s = AppState(comparison: Self.comparison(products: 1200), session: Session(id: "s", size: Self.wide))
        #expect(Self.top(Self.screen(s, Self.wide), 4) == """
         per │ Many                                                            per kg ›
            # Name        Price    Qty Unit  Seen  Per kg 1201/1201 Price (new product)
         1030 item 1182    7.00      1 kg            7.00 +600%
            1 item 1183    1.00      1 kg            1.00 ★ Best    ‹ prev next ›
        """)
        #expect(Self.top(Self.screen(s, Self.narrow), 4) == """
         per │ Many                    per kg ›
         1198-1201 of 1201       Per kg
          172 2.00 1 kg ite…       2.00 +100%
          344 3.00 1 kg ite…       3.00 +200%
        """)
    }

    /// `+2035830931…% more`, `no quantity…`, half names: extreme products keep every word and number whole.
    @Test func extremeProductsKeepWordsAndNumbersWhole() {
        let products = [
            Product.fixture(id: "p1", name: "cola", price: Decimal(string: "1.49"), quantity: 330, unit: .milliliter),
            Product.fixture(id: "p2", name: "water", price: Decimal(string: "0.001"), quantity: 1500, unit: .milliliter),
            Product.fixture(id: "p3", name: "gold", price: 999999, quantity: 1, unit: .milliliter),
            Product.fixture(id: "p4", price: 2, quantity: 2, unit: .liter),
            Product.fixture(id: "p5", name: "half", price: 3),
        ]
        let s = AppState(comparison: Comparison(id: "c", title: "Drinks", products: products, basis: ComparisonBasis(amount: 100, unit: .milliliter)),
                         session: Session(id: "s", size: Self.wide))
        #expect(Self.top(Self.screen(s, Self.wide), 8) == """
         per │ Drinks                                                      per 100 mL ›
         # Name       Price    Qty Unit  Seen   Per 100 mL          Price (new product)
         3 cola        1.49    330 mL                0.452 +677173%
         1 water      0.001   1500 mL            0.0000667 ★ Best   ‹ prev next ›
         4 gold   999999.00      1 mL          99999900.00 +14999…% ┌───┬───┬───┐ ┌───┐
         2             2.00      2 L                 0.100 +149900% │ 1 │ 2 │ 3 │ │   │
         - half        3.00    qty unit                    no qty   │   │   │   │ ├───┤
        ›-        ▏            qty L?                               ├───┼───┼───┤ │   │
        """)
        #expect(Self.top(Self.screen(s, Self.narrow), 8) == """
         per │ Drinks              per 100 mL ›
         products 3-6 of 6   Per 100 mL
         4 999999.00 1 mL   99999900.00 +14999…%
         2 2.00 for 2 L           0.100 +149900%
         - 3.00 half                    no qty
        ›-
           ▏          for qty        L?
        Price (new product):
        """)
    }

    /// A unit being typed is shown whole (`dozen▏`, never `ozen▏`), at both sizes.
    @Test func aFocusedUnitIsShownWhole() {
        let s = Self.typed { $0.enter(price: "3.49", quantity: "1", unit: "dozen", then: .keepEditing) }
        for size in [Self.wide, Self.narrow] {
            let screen = Self.screen(s, size)
            #expect(screen.contains("dozen▏"), "\(screen)")
        }
    }

    // MARK: Best first on demand

    @Test func ctrlSListsBestValueFirstAndBack() {
        let entry = Self.typed { $0.enterSmallBigAndPound() }
        let best = Self.typed("\u{13}") { $0.enterSmallBigAndPound() }
        #expect(Self.top(Self.screen(best, Self.wide), 6) == """
         per │ Oats                                                            per kg ›
         # Name        Price    Qty Unit  Seen  Per kg              Price (new product)
         1 pound        3.00      1 lb    today   6.61 ★ Best value
         2 big          6.99      1 kg    today   6.99 +6% more     ‹ prev next ›
         3 small        3.99    500 g     today   7.98 +21% more    ┌───┬───┬───┐ ┌───┐
        ›-           ▏          qty lb?                             │ 1 │ 2 │ 3 │ │   │
        """)
        #expect(Self.top(Self.screen(best, Self.narrow), 7) == """
         per │ Oats                    per kg ›
                                 Per kg
         1 3.00 1 lb pound   today 6.61 ★ Best
         2 6.99 for 1 kg big today 6.99 +6% more
         3 3.99 500 g small  today 7.98 +21%
        ›-
           ▏          for qty        lb?
        """)
        let back = Self.typed("\u{13}\u{13}") { $0.enterSmallBigAndPound() }
        #expect(Self.top(Self.screen(back, Self.wide), 6) == Self.top(Self.screen(entry, Self.wide), 6))
    }
}

/// Money and numbers in cells, for any number per keeps (seeded).
@Suite struct NumberDisplayPropertyTests {
    /// A cell never shows a number's tail: it is the number, or its own digits from its start cut with an ellipsis
    /// (never rounded, never in powers of ten); never wider than the cell.
    @Test(arguments: 0..<10)
    func aNumberInACellIsItsHeadNeverItsTail(seed: Int) {
        var rng = SeededRandom(seed: UInt64(7000 + seed))
        for _ in 0..<300 {
            let text = DecimalText.format(DecimalText.parse(extremeInRange(using: &rng))!)
            for width in 1...16 {
                let shown = NumberFit.fit(text, width: width)
                #expect(TextWidth.of(shown) <= width, "\(text) in \(width): \(shown)")
                // Too narrow for any digit: an ellipsis alone, no digits at all.
                if shown == text || shown == "…" { continue }
                let head = shown.dropLast()
                #expect(shown.hasSuffix("…") && text.hasPrefix(head) && head.last?.isNumber == true, "\(text) in \(width): \(shown)")
            }
        }
    }

    /// Unit prices: at least two decimals and three significant digits; prices: at least two decimals, as typed.
    @Test(arguments: 0..<5)
    func moneyKeepsItsDigits(seed: Int) {
        var rng = SeededRandom(seed: UInt64(8000 + seed))
        for _ in 0..<500 {
            let value = DecimalText.parse(extremeInRange(using: &rng))!
            let unit = MoneyFormat.plain.unitPrice(value)
            let decimals = unit.split(separator: ".").last!.count
            #expect(unit.contains(".") && decimals >= 2, "\(unit)")
            let significant = unit.filter(\.isNumber).drop { $0 == "0" }.count
            #expect(significant >= 3, "\(value) → \(unit)")
            let price = MoneyFormat.plain.price(value)
            #expect(DecimalText.parse(price) == value && price.split(separator: ".").last!.count >= 2, "\(value) → \(price)")
        }
        #expect(MoneyFormat.plain.unitPrice(Decimal(string: "0.1")!) == "0.100")
        #expect(MoneyFormat.plain.unitPrice(Decimal(string: "0.147")!) == "0.147")
        #expect(MoneyFormat.plain.unitPrice(Decimal(string: "0.99999")!) == "1.00")
        #expect(MoneyFormat.plain.price(Decimal(string: "2.5")!) == "2.50")
        #expect(MoneyFormat.plain.price(Decimal(string: "1.299")!) == "1.299")
        #expect(NumberFit.fit("3.333333333333", width: 8) == "3.33333…")
        #expect(NumberFit.fit("123456789012", width: 8) == "1234567…")
        #expect(NumberFit.fit("12.5", width: 3) == "12…")
    }

    /// The table's unit prices come from a Double estimate when it decides every digit: always the exact text
    /// (`MoneyFormat.unitPrice` of the Decimal), for extreme numbers, every unit and basis, and values at rounding
    /// boundaries (where the estimate must step aside).
    @Test(arguments: 0..<6)
    func estimatedUnitPricesAreTheExactText(seed: Int) {
        var rng = SeededRandom(seed: UInt64(8100 + seed))
        var quick = 0
        for round in 0..<400 {
            let price = DecimalText.parse(round % 3 == 0 ? extremeInRange(using: &rng) : "\(Int.random(in: 1...9999, using: &rng)).\(Int.random(in: 0...99, using: &rng))")!
            let quantity = DecimalText.parse(round % 4 == 0 ? extremeInRange(using: &rng) : "\(Int.random(in: 1...2000, using: &rng))")!
            let unit = MeasureUnit.standard.randomElement(using: &rng)!
            let basis = ComparisonBasis(amount: [1, 100, 1000].randomElement(using: &rng)!, unit: MeasureUnit.standard.filter { $0.family == unit.family }.randomElement(using: &rng)!)
            let system: VolumeSystem = Bool.random(using: &rng) ? .us : .imperial
            let unitPrice = UnitPrice(price: price, baseQuantity: quantity * unit.factor(in: system))
            let base = basis.baseAmount(in: system)
            let exact = MoneyFormat.plain.unitPrice(unitPrice.price(per: base))
            if let estimated = MoneyFormat.unitPriceText(estimate: unitPrice.estimatedPrice(per: base)) {
                quick += 1
                #expect(estimated == exact, "\(price) for \(quantity) \(unit.symbol) per \(basis.label)")
            }
        }
        #expect(quick > 300)  // the estimate decides almost all of them
        // At a boundary the exact path decides: 0.125 rounds half up, 0.99999 reads 1.00.
        for (value, text) in [("0.125", "0.125"), ("2.005", "2.01"), ("0.99999", "1.00"), ("0.0099995", "0.0100"), ("1234.565", "1234.57")] {
            let decimal = DecimalText.parse(value)!
            #expect(MoneyFormat.plain.unitPrice(decimal) == text)
            let estimated = MoneyFormat.unitPriceText(estimate: NSDecimalNumber(decimal: decimal).doubleValue)
            #expect(estimated == nil || estimated == text, "\(value): \(estimated ?? "nil")")
        }
    }

    /// Random comparisons at random sizes: the columns stay inside the table and every shown price cell is
    /// the head of its number.
    @Test(arguments: 0..<6)
    func columnsNeverExceedTheWidth(seed: Int) {
        var rng = SeededRandom(seed: UInt64(9000 + seed))
        for _ in 0..<20 {
            let count = [1, 3, 12, 1500].randomElement(using: &rng)!
            let comparison = ExtremePipelineTests.randomComparison(using: &rng, products: count)
            let size = TerminalSize(width: Int.random(in: 40...130, using: &rng), height: Int.random(in: 20...40, using: &rng))
            var state = AppState(comparison: Comparison(id: comparison.id, title: "x", products: comparison.products, basis: comparison.chosenBasis),
                                 session: Session(id: "s", size: size))
            if Bool.random(using: &rng) { state.update(.comparison(.toggleTableOrder)) }
            let layout = ScreenLayout(state)
            let canvas = ScreenView.render(state)
            for row in layout.rows {
                for r in [row.rank, row.name, row.price, row.quantity, row.unit, row.unitPrice, row.verdict] {
                    #expect(r.x >= layout.table.x && r.maxX <= layout.table.maxX, "\(size): \(r)")
                }
                let product = state.editing.comparison.products[row.index]
                guard row.index != state.editing.focus.product, row.price.width > 0, let price = product.price else { continue }
                let cell = canvas.text.split(separator: "\n", omittingEmptySubsequences: false)[row.price.y]
                let shown = String(cell.dropFirst(row.price.x).prefix(row.price.width)).trimmingCharacters(in: .whitespaces)
                let full = MoneyFormat.plain.price(price)
                #expect(shown == NumberFit.fit(full, width: row.price.width), "\(full) shown as \(shown)")
            }
        }
    }
}
