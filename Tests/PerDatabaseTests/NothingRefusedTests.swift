import Foundation
@testable import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// Issue 40: whatever the app takes, import takes back. Random states made through `update` (titles, names and shops
/// typed key by key or pasted, long pastes, emoji, combining marks, bidi controls, line breaks), saved, exported as
/// `per export` does, import into an empty database and come back with the same content, JSON and CSV.
@Suite struct NothingRefusedTests {
    let folder = TemporaryFolder()

    static let pieces = [
        "👨\u{200D}👩\u{200D}👧", "Cafe\u{301}", "a\u{308}\u{304}", "שָׁלוֹם", "مَرْحَبًا", "\u{202E}", "\u{2066}", "\u{200F}", "=SUM(A1)",
        "\"q\"", ",", "'", " ", "寿司", "🇩🇪", "👍🏽", "x", "Lidl", "\u{1112}\u{1161}\u{11AB}", "\t", "\n", "\r\n",
    ]

    /// Short text most of the time; one time in four a paste of thousands of scalars, past the limit or near it.
    static func anyText(_ rng: inout SeededRandom) -> String {
        var text = ""
        let long = rng.next() % 4 == 0
        let pieceCount = long ? 1000 + Int(rng.next() % 2500) : 1 + Int(rng.next() % 6)
        for _ in 0..<pieceCount { text += pieces[Int(rng.next() % UInt64(pieces.count))] }
        return text
    }

    /// Gives `text` to the focused field as a terminal would: pasted (bracketed paste), or typed a scalar a key.
    static func give(_ text: String, to state: inout AppState, _ rng: inout SeededRandom) {
        if text.unicodeScalars.count > 100 || rng.next() % 2 == 0 {
            if let action = KeyTable.action(for: .paste(text), in: state) { state.update(action) }
            return
        }
        for scalar in text.unicodeScalars where !["\t", "\n", "\r"].contains(scalar) {
            if let action = KeyTable.action(for: .character(Character(scalar)), in: state) { state.update(action) }
        }
    }

    /// Comparisons as the app makes them: one with products typed field by field and a title given on the list
    /// (Ctrl-R), and the list items typed after it (a letter, then the rest typed or pasted, Enter).
    static func madeByTheApp(seed: UInt64) -> [Comparison] {
        var rng = SeededRandom(seed: seed)
        var state = AppState(comparison: Comparison(id: "c"), session: Session(id: "s", today: CalendarDay(year: 2026, month: 11, day: 22)!))
        for index in 0..<(1 + Int(rng.next() % 3)) {
            state.enter(price: "\(1 + rng.next() % 9).99", quantity: "\(100 * (1 + rng.next() % 9))", unit: "g", then: .keepEditing)
            for field in [ProductField.name, .shop] {
                state.update(.comparison(.focus(FieldFocus(product: index, field: field))))
                give(anyText(&rng), to: &state, &rng)
            }
            state.update(.comparison(.focus(FieldFocus(product: index + 1, field: .price))))
        }
        let typed = state.editing.comparison
        var made = Comparison(id: typed.id, products: typed.products.filter { !$0.isBlank })
        state.update(.app(.showShoppingList))
        state.update(.shoppingList(.loaded([ListEntry(id: made.id, title: "", productCount: made.products.count)])))
        if let rename = KeyTable.action(for: .control("r"), in: state) { state.update(rename) }
        give(anyText(&rng), to: &state, &rng)
        for case .database(.renameComparison(_, let title)) in state.update(.shoppingList(.acceptTitle)) { made.title = title }
        var items: [Comparison] = []
        for _ in 0..<Int(rng.next() % 3) {
            if let start = KeyTable.action(for: .character("n"), in: state) { state.update(start) }
            give(anyText(&rng), to: &state, &rng)
            for case .database(.addListItem(let item)) in state.update(.shoppingList(.acceptTitle)) { items.append(item) }
        }
        return [made] + items
    }

    /// What `per export` writes for the database (ExportCommand's calls).
    static func export(_ store: ComparisonDatabase, as format: ExchangeFormat) throws -> String {
        let comparisons = try store.loadAll()
        var histories: [ComparisonID: [PriceRecord]] = [:]
        for comparison in comparisons { histories[comparison.id] = try store.history(of: comparison.id) }
        return ComparisonExchange.encode(comparisons, histories: histories, as: format, lists: try store.listStates())
    }

    struct Content: Equatable {
        var title: [Unicode.Scalar]
        var products: [[[Unicode.Scalar]]]
        var numbers: [[String]]

        init(_ comparison: Comparison) {
            title = Array(comparison.title.unicodeScalars)
            products = comparison.products.map { [Array($0.name.unicodeScalars), Array($0.shop.unicodeScalars)] }
            numbers = comparison.products.map { ["\($0.price.map { "\($0)" } ?? "")", "\($0.quantity.map { "\($0)" } ?? "")", $0.unit?.symbol ?? ""] }
        }
    }

    @Test(arguments: ExchangeFormat.allCases)
    func everyStateTheAppMakesExportsAndImportsBack(format: ExchangeFormat) throws {
        var comparisons = 0
        for seed in 0..<40 {
            let made = Self.madeByTheApp(seed: 4000 + UInt64(seed))
            comparisons += made.count
            let source = try ComparisonDatabase(path: folder.file("a-\(format)-\(seed).sqlite"))
            for comparison in made { try source.save(comparison) }
            let exported = try Self.export(source, as: format)
            let target = try ComparisonDatabase(path: folder.file("b-\(format)-\(seed).sqlite"))
            do {
                _ = try target.importing { writer in try ComparisonExchange.decode(from: UnitFamilyTests.once(exported), into: &writer) }
            } catch {
                Issue.record("seed \(seed): the export is refused: \(error)")
                continue
            }
            let back = try target.loadAll()
            #expect(back.map(Content.init).sorted { $0.title.lexicographicallyPrecedes($1.title) { $0.value < $1.value } }
                    == made.map(Content.init).sorted { $0.title.lexicographicallyPrecedes($1.title) { $0.value < $1.value } }, "seed \(seed)")
            #expect(try Self.export(target, as: format) == exported, "seed \(seed)")
        }
        // List items were made too, not only the typed comparison.
        #expect(comparisons > 60, "\(comparisons) comparisons in 40 states")
    }
}
