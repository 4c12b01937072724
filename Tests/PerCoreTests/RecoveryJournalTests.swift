import Foundation
import Testing
@testable import PerCore
import TestSupport

/// The recovery file's codec: every queued write reads back as it was written; a hostile file is refused.
@Suite struct RecoveryJournalTests {
    static let header = ComparisonHeader(id: "c-1", title: "Oats \"rolled\"\ttab", chosenBasis: ComparisonBasis(amount: 100, unit: .gram), volumeSystem: .imperial)
    static let product = Product.fixture(id: "p-1", name: "Jumbo", price: Decimal(string: "1234567.8901")!, quantity: 1980, unit: .gram,
                                 pack: Multipack(count: 6, size: 330), shop: "Lidl", seen: CalendarDay(iso: "2026-11-22"))
    static let whole = Comparison(id: "c-2", title: "Milk", products: [product, Product.fixture(id: "p-2", name: "", price: 2, quantity: 1, unit: .kilogram)],
                                  basis: nil, volumeSystem: .us, pinned: "p-2")

    /// One of every kind of write the session queues.
    static let everyKind: [PendingWrite] = [
        .edit(.saveField(.price, product: product, keepsEarlierPrice: false), of: header, needsRow: true),
        .edit(.saveField(.name, product: Product.fixture(id: "p-3", name: "", unit: .kilogram)), of: header, needsRow: false),
        .edit(.restoreProduct(product, position: 3), of: header, needsRow: false),
        .edit(.deleteProduct("p-1"), of: header, needsRow: false),
        .edit(.deleteAllProducts(["p-1", "p-2"]), of: header, needsRow: false),
        .edit(.saveHeader, of: ComparisonHeader(id: "c-3"), needsRow: false),
        .edit(.pinProduct("p-2"), of: header, needsRow: false),
        .edit(.pinProduct(nil), of: header, needsRow: false),
        .restore(whole),
        .other(.createComparison(Comparison(id: "c-4", title: "New"))),
        .other(.addListItem(Comparison(id: "c-5", title: "Eggs"))),
        .other(.changeListCount("c-5", by: 1)),
        .other(.changeListCount("c-5", by: -1)),
        .other(.setTicked("c-2", true)),
        .other(.setTicked("c-2", false)),
        .other(.clearTicks),
        .other(.moveInAisle("c-2", by: -1, at: nil)),
        .other(.moveInAisle("c-1", by: 1, at: ShopName("Aldi"))),
        .other(.renameComparison("c-2", "Milk, semi")),
        .other(.deleteComparison("c-3")),
        .other(.restoreDeletedComparison(whole)),
        .other(.discardIfBlank("c-4")),
        .other(.changeHistoryEntry(.delete(PriceEntryID(7), of: "c-1"))),
        .other(.changeHistoryEntry(.restore(historyEntry, in: "c-1"))),
        .other(.changeHistoryEntry(.fix(PriceEntryID(7), of: "c-1", shop: "Aldi \"Süd\"", seen: CalendarDay(iso: "2026-11-20")))),
        .other(.changeHistoryEntry(.fix(PriceEntryID(8), of: "c-1", shop: "", seen: nil))),
    ]

    /// An entry of the price history as the history screen deletes and brings it back.
    static let historyEntry = PriceRecord(entry: PriceEntryID(7), product: "p-1", name: "Jumbo", shop: "Lidl", seen: CalendarDay(iso: "2026-11-19"),
                                          price: Decimal(string: "0.59")!, quantity: 1, unit: .kilogram)

    /// Issue 20: the history screen's writes read back exactly: the entry's id, the record whole, a fix's shop and day
    /// (none: not known); an entry brought back without an id (never in the database) stays without one.
    @Test func historyEntryChangesReadBackAsTheyWereWritten() throws {
        var unnumbered = Self.historyEntry
        unnumbered.entry = nil
        let changes: [PendingWrite] = Self.everyKind.suffix(4) + [.other(.changeHistoryEntry(.restore(unnumbered, in: "c-2")))]
        let text = RecoveryJournal(id: "j-2", changes: changes).encoded()
        #expect(try RecoveryJournal.decode(text).changes == changes)
        #expect(text.contains(#"{"change": "deleteHistoryEntry", "id": "c-1", "entry": 7}"#), "\(text)")
        #expect(text.contains(#""change": "fixHistoryEntry", "id": "c-1", "entry": 8, "shop": "", "seen": null}"#), "\(text)")
        #expect(RecoveryJournal(changes: changes).summary == "5 price history changes")
        // An entry id that is no whole number above zero is refused.
        for bad in [#""entry": 0"#, #""entry": "7""#, #""entry": -1"#, #""entry": 1.5"#] {
            let file = Self.file(#"{"change": "deleteHistoryEntry", "id": "c-1", "# + bad + "}")
            #expect(throws: ExchangeError.self, "\(bad)") { try RecoveryJournal.decode(file) }
        }
    }

    @Test func everyKindOfWriteReadsBackAsItWasWritten() throws {
        let journal = RecoveryJournal(id: "j-1", changes: Self.everyKind)
        let text = journal.encoded()
        #expect(text.hasPrefix(#"{"per-recovery": 1, "id": "j-1", "changes": ["#))
        #expect(RecoveryJournal.isJournal(Array(text.utf8)))
        let back = try RecoveryJournal.decode(text)
        #expect(back == journal)
        for (a, b) in zip(back.changes, journal.changes) { #expect(a == b) }
        // Decimals are text, exactly; the pack keeps its shape.
        #expect(text.contains(#""price": "1234567.8901", "quantity": "1980", "unit": "g", "pack": "6*330""#))
        #expect(back.encoded() == text)
    }

    /// Issue 32: the file names its database and each change its time; both read back. A file without them (an older
    /// per's) reads as before, with neither known.
    @Test func theDatabaseAndEachChangesTimeReadBack() throws {
        let changes: [PendingWrite] = [.other(.changeListCount("c-5", by: 1)), Self.everyKind[0]]
        let journal = RecoveryJournal(id: "j-3", database: "db-1", changes: changes, times: [1_764_000_000_000, 1_764_000_000_001])
        let text = journal.encoded()
        #expect(text.hasPrefix(#"{"per-recovery": 1, "id": "j-3", "database": "db-1", "changes": ["#), "\(text)")
        #expect(text.contains(#"{"change": "count", "at": 1764000000000, "id": "c-5", "by": 1}"#), "\(text)")
        let back = try RecoveryJournal.decode(text)
        #expect(back == journal)
        #expect(back.entries.map(\.at) == [1_764_000_000_000, 1_764_000_000_001] && back.changes == changes)

        let older = try RecoveryJournal.decode(RecoveryJournal(id: "j-4", changes: changes).encoded())
        #expect(older.database == nil && older.entries.map(\.at) == [nil, nil] && older.changes == changes)
        #expect(!RecoveryJournal(id: "j-4", changes: changes).encoded().contains("database"))
        for bad in [#""at": -1"#, #""at": "1764000000000""#, #""at": 1.5"#] {
            #expect(throws: ExchangeError.self, "\(bad)") { try RecoveryJournal.decode(Self.file(#"{"change": "clearTicks", "# + bad + "}")) }
        }
        #expect(throws: ExchangeError.self) { try RecoveryJournal.decode(#"{"per-recovery": 1, "id": "j", "database": 7, "changes": []}"#) }
    }

    /// Blank space before the `{` (which `isJournal` allows) is read, as in an export file.
    @Test func blankSpaceBeforeTheFileIsRead() throws {
        let text = RecoveryJournal(id: "j-5", changes: [.other(.clearTicks)]).encoded()
        for blank in ["\n", "  \n\t\r\n ", "\u{FEFF}\n  "] {
            #expect(RecoveryJournal.isJournal(Array((blank + text).utf8)))
            #expect(try RecoveryJournal.decode(blank + text).changes == [.other(.clearTicks)], "\(Array(blank.unicodeScalars))")
        }
    }

    /// Days are checked as an import checks them: with the importer's day, one after tomorrow is refused, wherever it is.
    @Test func aDayInTheFutureIsRefusedAsImportRefusesIt() throws {
        let today = try #require(CalendarDay(iso: "2026-11-25"))
        let future = [
            Self.field(product: #"{"id": "p", "name": "", "seen": "2099-01-01"}"#),
            Self.file(#"{"change": "fixHistoryEntry", "id": "c", "entry": 1, "store": "", "seen": "2099-01-01"}"#),
            Self.file(#"{"change": "newComparison", "comparison": {"id": "c", "title": "", "products": [{"id": "a", "name": "", "seen": "2026-11-27"}], "pinned": null}}"#),
        ]
        for file in future {
            let error = try #require(throws: ExchangeError.self) { try RecoveryJournal.decode(file, today: today) }
            #expect(error.message.contains("is in the future (today is 2026-11-25)"), "\(error.message)")
            _ = try RecoveryJournal.decode(file)   // without a day to compare with (as before), only its form is checked
        }
        #expect(try RecoveryJournal.decode(Self.field(product: #"{"id": "p", "name": "", "seen": "2026-11-26"}"#), today: today).changes.count == 1)
    }

    @Test func theSummaryCountsTheChangesByKind() {
        let journal = RecoveryJournal(changes: [
            .edit(.saveField(.price, product: Self.product), of: Self.header, needsRow: false),
            .edit(.saveField(.quantity, product: Self.product), of: Self.header, needsRow: false),
            .other(.setTicked("c", true)), .other(.changeListCount("c", by: 1)), .other(.changeListCount("c", by: 1)),
            .other(.addListItem(Comparison(id: "n", title: "Eggs"))), .other(.discardIfBlank("x")),
        ])
        #expect(journal.userChanges == 6)
        #expect(journal.summary == "2 fields, 1 new item, 2 counts, 1 tick")
    }

    @Test func onlyARecoveryFileIsTakenForOne() {
        #expect(RecoveryJournal.isJournal(Array("\u{FEFF}\n  {\"per-recovery\": 1".utf8)))
        #expect(!RecoveryJournal.isJournal(Array(#"[{"title": "per-recovery"}]"#.utf8)))
        #expect(!RecoveryJournal.isJournal(Array(#"{"title": "x"}"#.utf8)))
        #expect(!RecoveryJournal.isJournal([]))
    }

    static func file(_ change: String) -> String { #"{"per-recovery": 1, "id": "j", "changes": ["# + change + "]}" }
    static let field = #"{"change": "field", "comparison": {"id": "c", "title": "T", "per": null, "volumeSystem": "us"}, "newRow": false, "field": "price", "product": PRODUCT, "keepsEarlierPrice": true}"#
    static func field(product: String) -> String { file(field.replacingOccurrences(of: "PRODUCT", with: product)) }

    static let hostile: [(file: String, problem: String)] = [
        ("", "JSON"),
        ("{\"per-recovery\": 2, \"id\": \"j\", \"changes\": []}", "written by a newer per"),
        ("{\"per-recovery\": 1, \"changes\": []}", "id: missing"),
        ("{\"per-recovery\": 1, \"id\": \"\", \"changes\": []}", "is not an id"),
        ("{\"per-recovery\": 1, \"id\": \"j\", \"changes\": {}}", "expected a list"),
        (file(#"{"change": "format the disk"}"#), "not a change this per knows"),
        (file(#"{"change": "count", "id": "c", "by": 1e9}"#), "whole number from -999 to 999"),
        (file(#"{"change": "count", "id": "c", "by": 100000}"#), "whole number from -999 to 999"),
        (file(#"{"change": "tick", "id": "c\u001b[2J", "ticked": true}"#), "is not an id"),
        (file(#"{"change": "rename", "id": "c", "title": "a\u001b]0;owned\u0007"}"#), "control character"),
        (field(product: #"{"id": "p", "name": "", "price": "1e400"}"#), "price"),
        (field(product: #"{"id": "p", "name": "", "price": "12345678901234567890123456789012345678901"}"#), "price"),
        (field(product: #"{"id": "p", "name": "", "price": "-3"}"#), "below zero"),
        (field(product: #"{"id": "p", "name": "", "quantity": "abc"}"#), "not a decimal number"),
        (field(product: #"{"id": "p", "name": "", "unit": "kg!7"}"#), "not a unit"),
        (field(product: #"{"id": "p", "name": "", "pack": "6*"}"#), "not a multipack"),
        (field(product: #"{"id": "p", "name": "", "seen": "2026-02-30"}"#), "not a date"),
        (field(product: #"{"id": "p", "name": "\u0000"}"#), "control character"),
        (field(product: #""just text""#), "expected an object"),
        (file(String(repeating: "[", count: 200)), "nested too deeply"),
        (file(#"{"change": "restoreComparison", "comparison": {"id": "c", "title": "", "products": [{"id": "a", "name": "", "unit": "kg"}, {"id": "b", "name": "", "unit": "l"}], "pinned": null}}"#), "one family of units"),
    ]

    @Test(arguments: hostile.indices)
    func aHostileFileIsRefusedWithWhereAndWhy(index: Int) {
        let (file, problem) = Self.hostile[index]
        do {
            let journal = try RecoveryJournal.decode(file)
            Issue.record("read: \(journal)")
        } catch let error as ExchangeError {
            #expect(error.message.contains(problem), "\(error.message)")
            #expect(TerminalText.forbiddenScalar(in: error.message) == nil)
        } catch {
            Issue.record("\(error)")
        }
    }

    /// Issue 40: a key no per wrote in a change (or in its comparison or product) refuses the file, naming it; a later
    /// per's `changeId` is known (skipped), and so is `store`, the earlier name of an aisle move's shop.
    @Test func aKeyNoPerWroteInAChangeRefusesTheFileNamingIt() throws {
        for (file, message) in [
            (Self.file(#"{"change": "count", "id": "c", "by": 1, "bogus": 5}"#), "line 1, change 1, bogus: not a key per reads here (a newer per's, or a file edited by hand)"),
            (Self.file(#"{"change": "count", "id": "c", "by": 1, "count": 2}"#), "line 1, change 1, count: not a key per reads here (a newer per's, or a file edited by hand)"),
            (Self.file(#"{"change": "tick", "id": "c", "ticked": true, "title": "x"}"#), "line 1, change 1, title: not a key per reads here"),
            (Self.field(product: #"{"id": "p", "name": "", "colour": "red"}"#), "line 1, change 1, product, colour: not a key per reads here"),
            (Self.file(#"{"change": "header", "comparison": {"id": "c", "title": "T", "per": null, "volumeSystem": "us", "pinned": null}, "newRow": false}"#),
             "line 1, change 1, comparison, pinned: not a key per reads here"),
        ] {
            let error = try #require(throws: ExchangeError.self) { try RecoveryJournal.decode(file) }
            #expect(error.message.hasPrefix(message), "\(error.message)")
        }
        let known = try RecoveryJournal.decode(Self.file(#"{"change": "aisleMove", "changeId": "s-1-7", "at": 5, "id": "c", "by": 1, "store": "Lidl"}"#))
        #expect(known.changes == [.other(.moveInAisle("c", by: 1, at: ShopName("Lidl")))])
        // Every kind of change this per writes reads back: none writes a key the reader does not know.
        let everyKind = RecoveryJournal(id: "j-1", changes: Self.everyKind)
        #expect(try RecoveryJournal.decode(everyKind.encoded()) == everyKind)
    }

    @Test func bytesThatAreNotUTF8AreRefused() {
        let bytes: [UInt8] = Array(#"{"per-recovery": 1, "id": ""#.utf8) + [0xFF, 0xFE] + Array(#"", "changes": []}"#.utf8)
        var given = false
        #expect(throws: ExchangeInputError.notUTF8) {
            try RecoveryJournal.decode(from: { defer { given = true }; return given ? [] : bytes })
        }
    }
}
