import Foundation
import GRDB
import Testing
import TestSupport

extension EndToEnd {
    /// Issue 38's real shelves in the real binary: a comparison per wash, the yoghurt offer, a crate's deposit and a
    /// Clubcard price, typed with keys at 80×24 and with taps at 40×20; the trip's multiples of an offer.
    ///
    /// "With taps" is a phone user's way: every number on the keypad, every field by `next ›` or a tap on it, a unit
    /// tapped in the picker, the basis stepped by a tap on `per`; only words (a name, an offer's `2 for 3`) come from
    /// the phone's own keyboard, as keys, for per draws no keys for letters.
    @Suite struct ShelvesEndToEndTests {
        let taps = TapsEndToEndTests()

        /// The screen's lines.
        func lines(_ screen: String) -> [String] { screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

        /// The one row holding `text`.
        func row(_ text: String, _ screen: String) throws -> String {
            try #require(lines(screen).first { $0.contains(text) }, "\(text): \(screen)")
        }

        /// A tap on the first `text` on the screen (at its first column, or `offset` columns in), then the screen once
        /// `until` holds.
        @discardableResult
        func tap(_ text: String, offset: Int = 0, below: Int = 0, _ tmux: TmuxSession, _ screen: String,
                 until: (String) -> Bool) throws -> String {
            let at = try #require(taps.place(of: text, screen, below: below), "\(text): \(screen)")
            taps.tap(tmux, (at.x + offset, at.y))
            return tmux.waitFor { until($0) }
        }

        /// `next ›` tapped until the prompt above the toolbar begins with `field` (`Uses of`, `Price (new`).
        func tapNext(to field: String, _ tmux: TmuxSession, _ screen: inout String) throws {
            for _ in 0..<8 where !lines(screen).contains(where: { $0.hasPrefix(field) }) {
                let before = screen
                screen = try tap("next ›", tmux, screen) { $0 != before }
            }
            #expect(lines(screen).contains { $0.hasPrefix(field) }, "\(field): \(screen)")
        }

        /// `‹ prev` tapped until the prompt begins with `field`.
        func tapPrev(to field: String, _ tmux: TmuxSession, _ screen: inout String) throws {
            for _ in 0..<8 where !lines(screen).contains(where: { $0.hasPrefix(field) }) {
                let before = screen
                screen = try tap("‹ prev", tmux, screen) { $0 != before }
            }
            #expect(lines(screen).contains { $0.hasPrefix(field) }, "\(field): \(screen)")
        }

        /// The unit `symbol` tapped in the picker (its family stepped by taps on the picker's title until it shows).
        func tapUnit(_ symbol: String, _ tmux: TmuxSession, _ screen: inout String) throws {
            for _ in 0..<6 {
                let picker = try #require(taps.place(of: " unit ", screen), "\(screen)")
                if let unit = taps.place(of: " \(symbol) ", screen, below: picker.y + 1) ?? taps.place(of: "›\(symbol) ", screen, below: picker.y + 1) {
                    taps.tap(tmux, (unit.x + 1, unit.y))
                    screen = tmux.waitFor { !$0.contains(" unit ") }
                    return
                }
                // The title's `volume ›` steps the picker to the next family.
                let before = screen
                let step = try #require(taps.place(of: "›─┐", screen, below: picker.y), "\(screen)")
                taps.tap(tmux, step)
                screen = tmux.waitFor { $0 != before }
            }
            Issue.record("no \(symbol) in the picker: \(screen)")
        }

        /// The comparison's basis stepped by taps on the header's `per` until it is `per word`.
        func tapPer(until word: String, _ tmux: TmuxSession, _ screen: inout String) throws {
            for _ in 0..<10 where !lines(screen)[0].contains("per \(word)") {
                let header = lines(screen)[0]
                let at = try #require(header.range(of: "per ", options: .backwards).map { header.distance(from: header.startIndex, to: $0.lowerBound) }, "\(screen)")
                let before = header
                taps.tap(tmux, (at + 1, 0))
                screen = tmux.waitFor { self.lines($0)[0] != before }
            }
            #expect(lines(screen)[0].contains("per \(word)"), "\(screen)")
        }

        func quit(_ tmux: TmuxSession) {
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
        }

        // MARK: Detergent per wash

        /// The detergent: 2.5 L with 50 washes at 11.99, 1.5 L with 30 washes at 7.49, 40 pods (40 washes) at 12.99,
        /// compared by wash. By hand: 11.99 / 50 = 0.2398 a wash, the best; 7.49 / 30 = 0.24966…: 0.24966 / 0.2398 =
        /// 1.0411, +4%; 12.99 / 40 = 0.32475: 0.32475 / 0.2398 = 1.3542, +35%. Per litre the pods could not be ranked
        /// at all, and the 1.5 L (4.99/L) would lose to the 2.5 L (4.80/L) by 4% as well.
        @Test func theDetergentIsComparedPerWashTypedWithKeysAt80x24() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Untitled")
            tmux.fill(price: "11.99", quantity: "2.5", unit: "l", name: "bottle")
            tmux.waitFor { $0.contains("Price (new") && $0.contains("bottle") }
            // Ctrl-P steps the basis: L, 100 mL, mL, fl oz, cup, gal, then per wash.
            for _ in 0..<6 { tmux.keys("C-p") }
            tmux.waitFor("per wash")
            // The bottle has no uses yet: back to them (Shift-Tab walks the Uses field now), 50⏎ goes on to a new product.
            tmux.backTab(fromPriceTo: .uses, usesInPlay: true)
            tmux.waitFor("Uses of bottle")
            tmux.type("50"); tmux.keys("Enter")
            tmux.waitFor { $0.contains("Price (new") && $0.contains("50 washes") }
            // By use Enter on the unit goes on to the uses: price⏎ quantity⏎ unit⏎ uses⏎.
            for text in ["7.49", "1.5", "l"] { tmux.type(text); tmux.keys("Enter") }
            tmux.waitFor("Uses of 7.49")
            tmux.type("30"); tmux.keys("Enter")
            tmux.waitFor { $0.contains("Price (new") && $0.contains("30 washes") }
            for text in ["12.99", "40", "pod"] { tmux.type(text); tmux.keys("Enter") }
            tmux.waitFor("Uses of 12.99")
            tmux.type("40"); tmux.keys("Enter")
            let screen = tmux.waitFor { $0.contains("Price (new") && $0.contains("40 washes") && $0.contains("+35%") }
            #expect(lines(screen)[0].contains("per wash"), "\(screen)")
            let bottle = try row("50 washes", screen)
            #expect(bottle.contains("11.99") && bottle.contains("0.240") && bottle.contains("★ Best"), "\(bottle)")
            let small = try row("30 washes", screen)
            #expect(small.contains("7.49") && small.contains("0.250") && small.contains("+4%"), "\(small)")
            let pods = try row("40 washes", screen)
            #expect(pods.contains("12.99") && pods.contains("pod") && pods.contains("0.325") && pods.contains("+35%"), "\(pods)")
            quit(tmux)
            let shown = run([perBinary, "show", "--db", db, "Untitled"])
            #expect(shown.status == 0 && shown.stdout.contains("Per wash") && shown.stdout.contains("+35% more"), "\(shown.stdout)\(shown.stderr)")
        }

        /// The same detergent with taps only at 40×20 (the pods are 40 `each`, the count a phone user taps in the
        /// picker): the same per-wash prices and verdicts as by hand above.
        @Test func theDetergentIsComparedPerWashWithTapsAt40x20() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db), width: 40, height: 20)
            var screen = tmux.waitFor { $0.contains("Untitled") && $0.contains("│ 1 │ 2 │ 3 │") }
            func product(_ price: String, _ quantity: String, _ unit: String, uses: String, first: Bool = false) throws {
                try taps.tapKeys(price, tmux, shown: &screen)
                try tapNext(to: "Quantity of", tmux, &screen)
                try taps.tapKeys(quantity, tmux, shown: &screen)
                try tapNext(to: "Unit of", tmux, &screen)
                try tapUnit(unit, tmux, &screen)
                if first {
                    // `per` tapped: L, 100 mL, mL, fl oz, cup, gal, then per wash.
                    try tapPer(until: "wash", tmux, &screen)
                }
                try tapNext(to: "Uses of", tmux, &screen)
                try taps.tapKeys(uses, tmux, shown: &screen)
                try tapNext(to: "Price (new", tmux, &screen)
            }
            try product("11.99", "2.5", "L", uses: "50", first: true)
            try product("7.49", "1.5", "L", uses: "30")
            try product("12.99", "40", "each", uses: "40")
            screen = tmux.waitFor { $0.contains("Price (new") && $0.contains("+35%") }
            let bottle = try row("50 washes", screen)
            #expect(bottle.contains("11.99") && bottle.contains("0.240") && bottle.contains("★ Best"), "\(bottle)")
            let small = try row("30 washes", screen)
            #expect(small.contains("7.49") && small.contains("0.250") && small.contains("+4%"), "\(small)")
            let pods = try row("40 washes", screen)
            #expect(pods.contains("12.99") && pods.contains("0.325") && pods.contains("+35%"), "\(pods)")
            quit(tmux)
            let queue = try DatabaseQueue(path: db)
            let saved = try queue.read { db in
                try Row.fetchAll(db, sql: "SELECT price, quantity, unit, uses FROM product WHERE price IS NOT NULL ORDER BY position, rowid").map { row in
                    [row["price"] as String? ?? "-", row["quantity"] as String? ?? "-", row["unit"] as String? ?? "-", row["uses"] as String? ?? "-"].joined(separator: " ")
                }
            }
            #expect(saved == ["11.99 2.5 L 50 washes", "7.49 1.5 L 30 washes", "12.99 40 each 40 washes"])
            let basis = try queue.read { db in try String.fetchOne(db, sql: "SELECT basis_unit FROM comparison") }
            #expect(basis == "use:wash")
        }

        // MARK: The yoghurt offer

        /// The yoghurt offer with taps only at 40×20: 4 × 125 g at 1.89, 500 g at 1.79 with `2 for 3` in its Deal field
        /// (reached by `next ›`), 1 kg at 2.79. By hand, per kg: 1.89 / 0.5 = 3.78; the offer 3.00 / (2 × 0.5) = 3.00, its
        /// shelf 1.79 / 0.5 = 3.58; 2.79 / 1 = 2.79, the best. 3.00 / 2.79 = 1.0753: +8%; 3.78 / 2.79 = 1.3548: +35%.
        @Test func theYoghurtOfferIsTypedWithTapsAt40x20() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db), width: 40, height: 20)
            var screen = tmux.waitFor { $0.contains("Untitled") && $0.contains("│ 1 │ 2 │ 3 │") }
            try taps.tapKeys("1.89", tmux, shown: &screen)
            try tapNext(to: "Quantity of", tmux, &screen)
            try taps.tapKeys("4×125", tmux, shown: &screen)
            try tapNext(to: "Unit of", tmux, &screen)
            try tapUnit("g", tmux, &screen)
            try tapNext(to: "Price (new", tmux, &screen)
            try taps.tapKeys("1.79", tmux, shown: &screen)
            try tapNext(to: "Quantity of", tmux, &screen)
            try taps.tapKeys("500", tmux, shown: &screen)
            try tapNext(to: "Unit of", tmux, &screen)
            // `›g` suggested: a tap on it takes it as Enter does, on to a new product's price; `‹ prev` goes back
            // to the tub's last field, its Deal.
            try tapUnit("g", tmux, &screen)
            try tapPrev(to: "Deal of", tmux, &screen)
            tmux.type("2 for 3")
            screen = tmux.waitFor("2 for 3▏")
            try tapNext(to: "Price (new", tmux, &screen)
            screen = tmux.waitFor("shelf 3.58")
            try taps.tapKeys("2.79", tmux, shown: &screen)
            try tapNext(to: "Quantity of", tmux, &screen)
            try taps.tapKeys("1", tmux, shown: &screen)
            try tapNext(to: "Unit of", tmux, &screen)
            try tapUnit("kg", tmux, &screen)
            try tapNext(to: "Price (new", tmux, &screen)
            screen = tmux.waitFor { $0.contains("Price (new") && $0.contains("+35%") && $0.contains("+8%") }
            let tub = try row("shelf 3.58", screen)
            #expect(tub.contains("3.00") && tub.contains("+8%"), "\(tub)")
            let pots = try row("+35%", screen)
            #expect(pots.contains("3.78"), "\(pots)")
            let big = try row("★", screen)
            #expect(big.contains("2.79"), "\(big)")
            quit(tmux)
            let shown = run([perBinary, "show", "--db", db, "Untitled"])
            #expect(shown.stdout.contains("+8% more (deal 2 for 3.00)") && shown.stdout.contains("2 for 3.00 (shelf 3.58"), "\(shown.stdout)")
        }

        // MARK: A crate's deposit

        /// A crate of 24 × 0.33 L at 12.99 with a 3.42 deposit beside a 1 L bottle at 1.89 without one. By hand: the crate
        /// holds 24 × 0.33 = 7.92 L, 12.99 / 7.92 = 1.6401… per L, the best; 1.89 / 1.6401 = 1.1523: +15%. Were the deposit
        /// in the unit price the crate would be (12.99 + 3.42) / 7.92 = 2.07 and lose: it is not.
        func crateRows(_ screen: String) throws {
            let crate = try row("+3.42 dep", screen)
            #expect(crate.contains("12.99") && crate.contains("1.64") && crate.contains("★") && !crate.contains("2.07"), "\(crate)")
            let bottle = try row("+15%", screen)
            #expect(bottle.contains("1.89"), "\(bottle)")
        }

        func crateSaved(_ db: String) throws {
            let queue = try DatabaseQueue(path: db)
            let saved = try queue.read { db in
                try Row.fetchAll(db, sql: "SELECT price, quantity, unit, deposit FROM product WHERE price IS NOT NULL ORDER BY position, rowid").map { row in
                    [row["price"] as String? ?? "-", row["quantity"] as String? ?? "-", row["unit"] as String? ?? "-", row["deposit"] as String? ?? "-"].joined(separator: " ")
                }
            }
            #expect(saved == ["12.99 7.92 L 3.42", "1.89 1 L -"])
            let shown = run([perBinary, "show", "--db", db, "Untitled"])
            #expect(shown.stdout.contains("+15% more"), "\(shown.stdout)")
        }

        @Test func aCratesDepositIsTypedWithKeysAt80x24() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Untitled")
            tmux.type("12.99"); tmux.keys("Enter"); tmux.type("24x0.33"); tmux.keys("Enter"); tmux.type("l")
            tmux.keys("Tab"); tmux.waitFor("Name of"); tmux.type("crate")
            tmux.keys("Tab"); tmux.waitFor("Shop of")
            tmux.keys("Tab"); tmux.waitFor("Deposit of")
            tmux.type("3.42"); tmux.keys("Enter")
            tmux.waitFor { $0.contains("Price (new") && $0.contains("+3.42 dep") }
            tmux.fill(price: "1.89", quantity: "1", unit: "l", name: "bottle")
            let screen = tmux.waitFor { $0.contains("Price (new") && $0.contains("bottle") && $0.contains("+15%") }
            try crateRows(screen)
            quit(tmux)
            try crateSaved(db)
        }

        @Test func aCratesDepositIsTypedWithTapsAt40x20() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db), width: 40, height: 20)
            var screen = tmux.waitFor { $0.contains("Untitled") && $0.contains("│ 1 │ 2 │ 3 │") }
            try taps.tapKeys("12.99", tmux, shown: &screen)
            try tapNext(to: "Quantity of", tmux, &screen)
            try taps.tapKeys("24×0.33", tmux, shown: &screen)
            try tapNext(to: "Unit of", tmux, &screen)
            try tapUnit("L", tmux, &screen)
            try tapNext(to: "Deposit of", tmux, &screen)
            try taps.tapKeys("3.42", tmux, shown: &screen)
            try tapNext(to: "Price (new", tmux, &screen)
            screen = tmux.waitFor("+3.42 dep")
            try taps.tapKeys("1.89", tmux, shown: &screen)
            try tapNext(to: "Quantity of", tmux, &screen)
            try taps.tapKeys("1", tmux, shown: &screen)
            try tapNext(to: "Unit of", tmux, &screen)
            // L is suggested (`›L`): a tap on it takes it.
            try tapUnit("L", tmux, &screen)
            try tapNext(to: "Price (new", tmux, &screen)
            screen = tmux.waitFor { $0.contains("Price (new") && $0.contains("+15%") }
            try crateRows(screen)
            // A tap on the crate's one-line row opens its price; `next ›` walks on to its deposit, kept as typed.
            screen = try tap("+3.42 dep", offset: 1, tmux, screen) { $0.contains("Price of 12.99") }
            try tapNext(to: "Deposit of", tmux, &screen)
            #expect(screen.contains("3.42▏"), "\(screen)")
            quit(tmux)
            try crateSaved(db)
        }

        // MARK: A Clubcard price

        /// A Clubcard price with taps only at 40×20, by a member: 1 kg at 2.50 with `Clubcard 1.99` in its Deal field,
        /// beside 1 kg at 2.20. By hand: the member pays 1.99, the best; 2.20 / 1.99 = 1.1055: +11%. Read by a shopper
        /// who is no member, the shelf's 2.50 ranks: 2.50 / 2.20 = 1.1364: +14%.
        @Test func aClubcardPriceIsTypedWithTapsAt40x20() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let config = folder.file("config")
            try FileManager.default.createDirectory(atPath: config + "/per", withIntermediateDirectories: true)
            try "member = Clubcard\n".write(toFile: config + "/per/config", atomically: true, encoding: .utf8)
            let tmux = TmuxSession("XDG_CONFIG_HOME='\(config)' " + perCommand(db: db), width: 40, height: 20)
            var screen = tmux.waitFor { $0.contains("Untitled") && $0.contains("│ 1 │ 2 │ 3 │") }
            try taps.tapKeys("2.50", tmux, shown: &screen)
            try tapNext(to: "Quantity of", tmux, &screen)
            try taps.tapKeys("1", tmux, shown: &screen)
            try tapNext(to: "Unit of", tmux, &screen)
            try tapUnit("kg", tmux, &screen)
            try tapNext(to: "Deal of", tmux, &screen)
            // A scheme without a price stays in the field, said, with the text kept: `next ›` does what Tab does.
            tmux.type("Clubcard")
            screen = tmux.waitFor("Clubcard▏")
            screen = try tap("next ›", tmux, screen) { $0.contains("no offer") }
            #expect(screen.contains("Clubcard▏"), "\(screen)")
            tmux.type(" 1.99")
            screen = tmux.waitFor("Clubcard 1.99▏")
            try tapNext(to: "Price (new", tmux, &screen)
            screen = tmux.waitFor("shelf 2.50")
            try taps.tapKeys("2.20", tmux, shown: &screen)
            try tapNext(to: "Quantity of", tmux, &screen)
            try taps.tapKeys("1", tmux, shown: &screen)
            try tapNext(to: "Unit of", tmux, &screen)
            try tapUnit("kg", tmux, &screen)
            try tapNext(to: "Price (new", tmux, &screen)
            screen = tmux.waitFor { $0.contains("Price (new") && $0.contains("+11%") }
            let card = try row("shelf 2.50", screen)
            #expect(card.contains("1.99") && card.contains("★"), "\(card)")
            quit(tmux)
            let member = run([perBinary, "show", "--db", db, "Untitled"], environment: ["XDG_CONFIG_HOME": config])
            #expect(member.stdout.contains("* Best value (Clubcard price)") && member.stdout.contains("+11% more"), "\(member.stdout)")
            let other = run([perBinary, "show", "--db", db, "Untitled"], environment: ["XDG_CONFIG_HOME": folder.file("none")])
            #expect(other.stdout.contains("+14% more (shelf: no Clubcard member)"), "\(other.stdout)")
        }

        // MARK: The trip's multiples

        /// The yoghurt offer on the list (the tub at Aldi, 500 g at 1.79 with 2 for 3.00, beside pots at Lidl, 4 × 125 g
        /// at 1.89: the tub is the best at 3.00 per kg). By hand: twice on the list is one offer, 3.00 (not 2 × 1.79 = 3.58);
        /// three times one offer and one at the shelf price, 3.00 + 1.79 = 4.79 (two offers would be 6.00); four times two
        /// offers, 6.00. The list's totals line and row, `per trip` and `per trip --shops` say the same.
        @Test func theTripBuysTheYoghurtOfferInItsMultiples() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Untitled")
            tmux.type("1.79"); tmux.keys("Enter"); tmux.type("500"); tmux.keys("Enter"); tmux.type("g")
            tmux.keys("Tab"); tmux.waitFor("Name of"); tmux.type("tub")
            tmux.keys("Tab"); tmux.waitFor("Shop of"); tmux.type("Aldi")
            tmux.keys("Tab"); tmux.waitFor("Deposit of")
            tmux.keys("Tab"); tmux.waitFor("Deal of"); tmux.type("2 for 3"); tmux.keys("Enter")
            tmux.waitFor { $0.contains("Price (new") && $0.contains("shelf 3.58") }
            tmux.fill(price: "1.89", quantity: "4x125", unit: "g", name: "pots", shop: "Lidl")
            tmux.waitFor { $0.contains("Price (new") && $0.contains("pots") }
            // Twice on the list, then the list.
            tmux.keys("C-x"); tmux.waitFor("on the list")
            tmux.keys("C-x"); tmux.waitFor("2× on the list")
            tmux.keys("C-o")
            var screen = tmux.waitFor { $0.contains("Shopping list") && $0.contains("Total 3.00") }
            let row = try self.row("Untitled", screen)
            #expect((row.contains("(2 for 3.00)") || row.contains("(2/3.00)")) && row.hasSuffix("3.00"), "\(row)")
            // `+` wants one more: one offer and one tub at its shelf price.
            tmux.type("+")
            screen = tmux.waitFor { $0.contains("Total 4.79") }
            quit(tmux)
            let three = run([perBinary, "trip", "--db", db])
            #expect(three.status == 0 && three.stdout.contains("3× 500 g (2 for 3.00)") && three.stdout.contains("Total 4.79"), "\(three.stdout)")
            let shops = run([perBinary, "trip", "--shops", "--db", db])
            #expect(shops.stdout.contains("Aldi, 4.79"), "\(shops.stdout)")
            // Four: two offers, one more `+` on the list in the app again.
            let again = TmuxSession(perCommand(db: db))
            again.waitFor("Untitled")
            again.keys("C-o")
            again.waitFor { $0.contains("Shopping list") && $0.contains("Total 4.79") }
            again.type("+")
            again.waitFor { $0.contains("Total 6.00") }
            quit(again)
            let four = run([perBinary, "trip", "--db", db])
            #expect(four.stdout.contains("4× 500 g (2× 2 for 3.00)") && four.stdout.contains("Total 6.00"), "\(four.stdout)")
        }
    }
}
