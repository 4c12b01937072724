import Foundation
import GRDB
import Testing
import TestSupport

extension EndToEnd.TapsEndToEndTests {
    /// The first (x, y) where `text` begins on the screen, in columns (per draws no wide characters here).
    func place(of text: String, _ screen: String, below: Int = 0) -> (x: Int, y: Int)? {
        for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where y >= below {
            let characters = Array(line)
            let wanted = Array(text)
            guard wanted.count <= characters.count else { continue }
            for x in 0...(characters.count - wanted.count) where Array(characters[x..<(x + wanted.count)]) == wanted { return (x, y) }
        }
        return nil
    }

    /// Taps the keypad keys of `digits` (digits, `.`, `×`), each waiting for the field to show it.
    func tapKeys(_ digits: String, _ tmux: TmuxSession, shown: inout String) throws {
        var now = shown
        defer { shown = now }
        let rows = ["│7│8│9│", "│4│5│6│", "│1│2│3│", "│.│0│", "│0│⌫│"]
        var field = ""
        for c in digits {
            let at: (x: Int, y: Int)
            if c == "×" {
                let key = try #require(place(of: "│ × │", now), "\(now)")
                at = (key.x + 2, key.y)
            } else {
                let screen = now
                at = try #require(rows.lazy.compactMap { self.key(c, inRow: $0, screen) }.first, "\(c): \(screen)")
            }
            tap(tmux, at)
            field.append(c)
            let typed = field
            now = tmux.waitFor { $0.contains("\(typed)▏") }
        }
    }

    /// Issue 39, the repro: with taps only, the second product's highlighted `›g` (its suggestion, `g?`) is taken
    /// as Enter takes it, and `next ›` on a suggested unit takes it too: both products ranked.
    @Test func aTapOnTheSuggestedUnitOrOnNextTakesItAt40x20() throws { try tapsTakeTheSuggestedUnit(width: 40, height: 20) }
    @Test func aTapOnTheSuggestedUnitOrOnNextTakesItAt80x24() throws { try tapsTakeTheSuggestedUnit(width: 80, height: 24) }

    func tapsTakeTheSuggestedUnit(width: Int, height: Int) throws {
        let folder = TemporaryFolder()
        let db = folder.file("per.sqlite")
        let tmux = TmuxSession(perCommand(db: db), width: width, height: height)
        var screen = tmux.waitFor { $0.contains("Untitled") && $0.contains("│ 7 │ 8 │ 9 │") }
        let next = try #require(place(of: "next ›", screen), "\(screen)")
        func tapNext(until text: String) { tap(tmux, next); screen = tmux.waitFor { $0.contains(text) } }
        /// `next ›` from the name over the shop, the deposit and the deal to the new product's price (Enter's rhythm may be
        /// there already).
        func tapNextToTheNewProduct() {
            guard !screen.contains("new product") else { return }
            tapNext(until: "Shop")
            tapNext(until: "Deposit")
            tapNext(until: "Deal")
            tapNext(until: "new product")
        }
        try tapKeys("1.89", tmux, shown: &screen)
        tapNext(until: "Quantity")
        try tapKeys("4×125", tmux, shown: &screen)
        tapNext(until: " unit ")
        // The first product's picker: `g` tapped.
        var picker = try #require(place(of: " unit ", screen), "\(screen)")
        let gram = try #require(place(of: " g ", screen, below: picker.y), "\(screen)")
        tap(tmux, (gram.x + 1, gram.y))
        screen = tmux.waitFor { $0.contains("Name") }
        tapNext(until: "Shop")
        tapNext(until: "Deposit")
        tapNext(until: "Deal")
        tapNext(until: "new product")
        try tapKeys("3.00", tmux, shown: &screen)
        tapNext(until: "Quantity")
        try tapKeys("2×500", tmux, shown: &screen)
        tapNext(until: "›g")
        // The suggestion highlighted: a tap on it takes it.
        picker = try #require(place(of: " unit ", screen), "\(screen)")
        let suggested = try #require(place(of: "›g", screen, below: picker.y), "\(screen)")
        tap(tmux, suggested)
        screen = tmux.waitFor { $0.contains("2 of 2") || $0.contains("2×500 g ") || $0.contains("2×500 g\n") }
        // A third product: `next ›` on its suggested unit takes it as well.
        tapNextToTheNewProduct()
        try tapKeys("5", tmux, shown: &screen)
        tapNext(until: "Quantity")
        try tapKeys("1000", tmux, shown: &screen)
        tapNext(until: "›g")
        tapNext(until: "Name")
        tmux.keys("C-q")
        #expect(tmux.waitForExit() == 0)
        let queue = try DatabaseQueue(path: db)
        let saved = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT price, quantity, unit FROM product ORDER BY position, rowid").map { row in
                [row["price"] as String? ?? "-", row["quantity"] as String? ?? "-", row["unit"] as String? ?? "-"].joined(separator: " ")
            }
        }
        #expect(saved == ["1.89 500 g", "3 1000 g", "5 1000 g"])
    }
}
