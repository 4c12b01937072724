import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Typing is linear (issue 32): a key typed at the end of a long text costs what one typed into a short one does. Not
/// timed: the work is counted. A text edited in place moves to a larger buffer a few times as it grows (its storage
/// doubles), where one copied at every key moves at every key; a name typed at its end walks none of its characters.
@Suite struct LinearTypingTests {
    /// Within the 4,096 scalars a field holds (decision 235): every key typed is kept.
    static let keys = 4_000
    /// Letters, and characters that are not one byte: an accent on its own (it joins the letter before), CJK, an emoji.
    static let pieces: [Character] = ["a", "b", "z", "é", "\u{301}", "寿", "🍣", " "]

    static func typed() -> String {
        var rng = SeededRandom(seed: 32)
        return String((0..<keys).map { _ in pieces.randomElement(using: &rng)! })
    }

    /// Types `text` a key at a time through the key table; returns how often the storage of the text `typing` reads
    /// moved (counted once it is too long to be kept inline, 15 bytes).
    static func type(_ text: String, into state: inout AppState, _ typing: (AppState) -> String?) -> Int {
        var moves = 0, last: UnsafeRawPointer?
        for c in text {
            if let action = KeyTable.action(for: .character(c), in: state) { state.update(action) }
            guard let now = typing(state), now.utf8.count > 15 else { continue }
            let storage = now.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
            if last != nil, storage != last { moves += 1 }
            last = storage
        }
        return moves
    }

    /// A text that doubles its storage as it grows moves about log2(its bytes) times.
    static let fewMoves = 40

    @Test func aNameTypedOnAndOnIsEditedInPlaceAndWalksNothing() throws {
        var state = TestStore(Comparison(id: "c", products: [Product.fixture(id: "p")])).state
        state.update(.comparison(.focus(FieldFocus(product: 0, field: .name))))
        let text = Self.typed()
        let moves = Self.type(text, into: &state) { if case .text(let field) = $0.editing.editor { field.text } else { nil } }
        guard case .text(let field) = state.editing.editor else { Issue.record("the name is not being edited"); return }
        #expect(field.text == text)
        #expect(field.cursor == text.count)
        #expect(moves <= Self.fewMoves, "the name's text moved \(moves) times in \(Self.keys) keys: copied at every key")
        #expect(field.walked.value == 0, "typing at the end walked \(field.walked.value) characters of the name")
    }

    @Test func aTitleTypedOnAndOnIsEditedInPlace() {
        var state = TestStore().state
        state.update(.app(.showShoppingList))
        state.update(.shoppingList(.loaded([])))
        state.update(.shoppingList(.new))
        let text = Self.typed()
        let moves = Self.type(text, into: &state) { state in
            if case .shoppingList(let list) = state.screen, case .naming(let title, _) = list.mode { title } else { nil }
        }
        guard case .shoppingList(let list) = state.screen, case .naming(let title, _) = list.mode else {
            Issue.record("the title is not being typed")
            return
        }
        #expect(title == text)
        #expect(moves <= Self.fewMoves, "the title moved \(moves) times in \(Self.keys) keys: copied at every key")
    }

    @Test func anItemAndAFindTypedOnAndOnAreEditedInPlace() {
        for find in [false, true] {
            var state = TestStore().state
            state.update(.app(.showShoppingList))
            state.update(.shoppingList(.loaded([ListEntry(id: "c", title: "Oats", productCount: 0)])))
            if find { state.update(.shoppingList(.find)) }
            let text = "x" + Self.typed()   // an item begins with a key that is not a command
            let moves = Self.type(text, into: &state) { state in
                guard case .shoppingList(let list) = state.screen else { return nil }
                switch list.mode {
                case .adding(let typed), .finding(let typed): return typed
                case .browsing, .naming: return nil
                }
            }
            guard case .shoppingList(let list) = state.screen else { Issue.record("the list is gone"); return }
            #expect(list.mode == (find ? .finding(text) : .adding(text)))
            #expect(moves <= Self.fewMoves, "\(find ? "the find" : "the item") moved \(moves) times in \(Self.keys) keys")
        }
    }

    /// What shows of a long text is measured only as far as it shows (`truncate`, `truncateWords`) or once (`wrap`), and
    /// cuts exactly where measuring all of it, word by word, cuts: any text, any width.
    @Test func cuttingMeasuresOnlyWhatShowsAndCutsTheSame() {
        for seed in 0..<2_000 {
            var rng = SeededRandom(seed: UInt64(9_000 + seed))
            var text = ""
            for _ in 0..<(rng.next() % 12) {
                switch rng.next() % 4 {
                case 0: text += " "
                case 1: text += String(repeating: "ab", count: Int(rng.next() % 12))
                default: text += AnyTextTests.anyText(&rng)
                }
            }
            let columns = Int(rng.next() % 30)
            #expect(TextWidth.truncate(text, to: columns) == Reference.truncate(text, to: columns), "\(Array(text.unicodeScalars)) in \(columns)")
            #expect(TextWidth.truncateWords(text, to: columns) == Reference.truncateWords(text, to: columns), "\(Array(text.unicodeScalars)) in \(columns)")
            #expect(TextWidth.wrap(text, to: columns) == Reference.wrap(text, to: columns), "\(Array(text.unicodeScalars)) in \(columns)")
        }
    }

    /// The cuts as they were written before issue 32: every width measured whole.
    enum Reference {
        static func truncate(_ text: String, to columns: Int, ellipsis: Character = "…") -> String {
            guard columns > 0 else { return "" }
            if TextWidth.of(text) <= columns { return text }
            var result = "", used = 0
            for c in text {
                let w = TextWidth.of(c)
                if used + w > columns - 1 { break }
                result.append(c); used += w
            }
            result.append(ellipsis)
            return result
        }

        static func truncateWords(_ text: String, to columns: Int, ellipsis: Character = "…") -> String {
            if TextWidth.of(text) <= columns { return text }
            var words = text.split(separator: " ", omittingEmptySubsequences: false)
            while words.count > 1 {
                words.removeLast()
                let kept = words.joined(separator: " ")
                if !kept.hasSuffix(" "), TextWidth.of(kept) + 1 <= columns { return kept + String(ellipsis) }
            }
            return truncate(text, to: columns, ellipsis: ellipsis)
        }

        static func wrap(_ text: String, to columns: Int) -> [String] {
            guard columns > 0 else { return [] }
            var lines: [String] = [], line = "", used = 0
            for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
                var word = word, width = TextWidth.of(word)
                if used > 0, used + 1 + width <= columns {
                    line += " " + word; used += 1 + width
                    continue
                }
                if used > 0 { lines.append(line); line = ""; used = 0 }
                while width > columns {
                    var head = "", headWidth = 0
                    for c in word {
                        if headWidth + TextWidth.of(c) > columns { break }
                        head.append(c); headWidth += TextWidth.of(c)
                    }
                    if head.isEmpty { return lines }
                    lines.append(head)
                    word.removeFirst(head.count); width -= headWidth
                }
                line = word; used = width
            }
            if used > 0 { lines.append(line) }
            return lines
        }
    }
}
