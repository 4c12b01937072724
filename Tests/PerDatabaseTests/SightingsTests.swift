import Foundation
import GRDB
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// What the price book records (issue 20): a correction is not a sighting, a deleted product's price is history, a
/// price brought back is current again, and a session sees the history change under it.
@Suite struct SightingsTests {
    let folder = TemporaryFolder()
    func day(_ text: String) -> CalendarDay { CalendarDay(iso: text)! }

    func butter(_ price: String, seen: String) -> Product {
        Product.fixture(id: "p", name: "Butter", price: Decimal(string: price), quantity: 1, unit: .kilogram, shop: "Aldi", seen: day(seen))
    }

    @Test func aChangeTheSameDayCorrectsAndALaterDayIsASighting() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        try store.save(Comparison(id: "c", title: "Butter"))
        try store.saveField(.price, of: butter("0.99", seen: "2026-11-22"), in: "c")
        try store.saveField(.price, of: butter("9.99", seen: "2026-11-22"), in: "c")   // the typo corrected: no entry
        #expect(try store.history(of: "c").isEmpty)
        try store.saveField(.price, of: butter("8.99", seen: "2026-11-23"), in: "c")   // the next day: 9.99 was seen
        #expect(try store.history(of: "c").map(\.price) == [Decimal(string: "9.99")!])
        // A price without a day (the clock unknown) is never a correction: what it replaced was seen.
        var undated = butter("7.99", seen: "2026-11-23")
        undated.seen = nil
        try store.saveField(.price, of: undated, in: "c")
        #expect(try store.history(of: "c").map(\.price) == [Decimal(string: "9.99")!, Decimal(string: "8.99")!])
        // A whole save follows the same rule.
        var whole = try #require(try store.load("c"))
        whole.replaceProduct(at: 0, with: butter("6.99", seen: "2026-11-24"))
        try store.save(whole)
        var again = whole
        again.replaceProduct(at: 0, with: butter("6.49", seen: "2026-11-24"))
        try store.save(again)
        #expect(try store.history(of: "c").map(\.price) == ["9.99", "8.99", "7.99"].map { Decimal(string: $0)! })
    }

    @Test func aDeletedProductsPriceIsHistoryUntilCtrlYBringsItBack() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let comparison = Comparison(id: "c", title: "Butter", products: [butter("2.49", seen: "2026-11-20")])
        try store.save(comparison)
        try store.deleteProduct("p")
        #expect(try store.history(of: "c") == [PriceRecord(butter("2.49", seen: "2026-11-20"))!.withEntry(1)])
        try store.restoreProduct(butter("2.49", seen: "2026-11-20"), in: "c", position: 0)   // Ctrl-Y: current again
        #expect(try store.history(of: "c").isEmpty)
        // A product made by mistake and taken back (Ctrl-R) leaves nothing.
        try store.deleteProduct("p", recordingItsPrice: false)
        #expect(try store.history(of: "c").isEmpty)
        // Ctrl-K records each product's price; an incomplete one records nothing.
        try store.save(Comparison(id: "c", title: "Butter", products: [butter("2.49", seen: "2026-11-20"), Product.fixture(id: "q", price: 3)]))
        try store.deleteProducts(["p", "q"])
        #expect(try store.history(of: "c").map(\.product) == ["p"])
    }

    @Test func aValueBroughtBackLeavesTheHistory() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        try store.save(Comparison(id: "c", title: "Butter", products: [butter("2.49", seen: "2026-11-20")]))
        try store.saveField(.price, of: butter("2.99", seen: "2026-11-22"), in: "c")
        #expect(try store.history(of: "c").map(\.price) == [Decimal(string: "2.49")!])
        // Ctrl-Y: 2.49 of 20 Nov is the price now again, and 2.99 was a mistake: neither is an entry.
        try store.saveField(.price, of: butter("2.49", seen: "2026-11-20"), in: "c", keepingEarlierPrice: false)
        #expect(try store.history(of: "c").isEmpty)
        #expect(try store.load("c")?.products == [butter("2.49", seen: "2026-11-20")])
    }

    /// One app session and `per history --clear` (another connection): the next poll reads the history again, so
    /// "Lowest seen" no longer quotes what was cleared.
    @Test func aHistoryClearedElsewhereIsReadAgainAtTheNextPoll() throws {
        let path = folder.file("per.sqlite")
        let setup = try ComparisonDatabase(path: path)
        try setup.save(Comparison(id: "c", title: "Butter", products: [butter("2.49", seen: "1999-11-30")]))
        try setup.saveField(.price, of: butter("0.99", seen: "1999-12-01"), in: "c")
        try setup.saveField(.price, of: butter("2.49", seen: "1999-12-02"), in: "c")
        let store = try ComparisonDatabase(path: path)
        let opened = try #require(try store.load("c"))
        var app = AppDriver(state: AppState(comparison: opened, session: Session(id: "home")), database: DatabaseSession(database: store, opened: opened))
        func send(_ action: Action) { app.send(action) }
        var state: AppState { app.state }
        send(.terminal(.started))
        #expect(state.editing.lowestSeen == .record(PriceRecord(butter("0.99", seen: "1999-12-01"))!.withEntry(2)))
        for entry in try setup.history(of: "c").compactMap(\.entry) { try setup.make(.other(.changeHistoryEntry(.delete(entry, of: "c")))) }
        app.poll()
        #expect(state.editing.lowestSeen == .nothing)
        // An import (another connection adding entries) is read the same way.
        try setup.saveField(.price, of: butter("1.99", seen: "1999-12-03"), in: "c")
        app.poll()
        #expect(state.editing.lowestSeen == .record(PriceRecord(butter("2.49", seen: "1999-12-02"))!.withEntry(1)))
    }
}

extension PriceRecord {
    /// The record as the history holds it: with its entry's id.
    func withEntry(_ id: Int64) -> PriceRecord {
        var record = self
        record.entry = PriceEntryID(id)
        return record
    }
}
