import Foundation
import GRDB
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// A copy for the road (issue 43): taken, used offline, merged home with recovery's rules, once.
@Suite struct RoadCopyTests {
    let folder = TemporaryFolder()
    /// The copy is taken at `t`, after the setup's own edits (stamped by the clock); the changes come after.
    let t = ComparisonDatabase.nowMilliseconds() + 60_000

    /// Home with "Oats" (Jumbo 1.29 / 500 g at Aldi, listed once) and "Milk", and a copy of it taken at time 1,000.
    private func homeAndCopy(_ name: String = "home") throws -> (home: ComparisonDatabase, copy: ComparisonDatabase, copyPath: String) {
        let home = try ComparisonDatabase(path: folder.file("\(name).sqlite"))
        try home.save(Comparison(id: "oats", title: "Oats", products: [Self.jumbo]))
        try home.save(Comparison(id: "milk", title: "Milk", products: [Product.fixture(id: "m-1", name: "Milk", price: Decimal(string: "0.99"), quantity: 1, unit: .liter, shop: "Lidl")]))
        let path = folder.file("\(name)-road.sqlite")
        try home.takeCopy(to: path, now: t)
        return (home, try ComparisonDatabase(path: path), path)
    }

    static let jumbo = Product.fixture(id: "o-1", name: "Jumbo", price: Decimal(string: "1.29"), quantity: 500, unit: .gram, shop: "Aldi", seen: CalendarDay(year: 2026, month: 12, day: 1))
    static let oats = ComparisonHeader(id: "oats", title: "Oats")

    /// Makes `change` on `database` as the app's session does, stamped `at`.
    private func make(_ change: PendingWrite, at: Int64, id: String, on database: ComparisonDatabase) throws {
        _ = try database.apply(RecoveryJournal.Entry(change, at: at, id: id), once: true)
    }

    private func price(_ price: String, seen day: Int = 2) -> PendingWrite {
        var product = Self.jumbo
        product.price = Decimal(string: price)
        product.seen = CalendarDay(year: 2026, month: 12, day: day)
        return .edit(.saveField(.price, product: product, keepsEarlierPrice: true), of: Self.oats, needsRow: false)
    }

    private func merged(_ home: ComparisonDatabase, _ path: String) throws -> RoadMerge {
        try home.merge(try ComparisonDatabase.readCopy(at: path), now: t + 1_000_000)
    }

    @Test func aCopyIsMarkedAsTakenFromHomeWithAnIdentityOfItsOwn() throws {
        let (home, copy, path) = try homeAndCopy()
        #expect(copy.identity != home.identity)
        let read = try ComparisonDatabase.readCopy(at: path)
        #expect(read.home == home.identity && read.identity == copy.identity && read.takenAt == t && read.journal.entries.isEmpty)
        #expect(try copy.loadAll() == home.loadAll())
        // Neither a copy of a copy, nor over a file.
        #expect(throws: RoadCopyFailure.copyOfACopy(home: home.identity)) { try copy.takeCopy(to: folder.file("again.sqlite")) }
        #expect(throws: RoadCopyFailure.backup(.exists(path: path))) { try home.takeCopy(to: path) }
        #expect(throws: RoadCopyFailure.notACopy(path: home.path)) { try ComparisonDatabase.readCopy(at: home.path) }
        // Nor merged into a copy (a copy naming this copy as its home: only a file made by hand can).
        let naming = RoadCopy(path: "by-hand", identity: "x", home: copy.identity, takenAt: t, historyBase: 0, journal: RecoveryJournal(changes: []))
        #expect(throws: RoadCopyFailure.mergeIntoACopy) { try copy.merge(naming) }
    }

    @Test func theCopysChangesAreMadeAtHomeOnce() throws {
        let (home, copy, path) = try homeAndCopy()
        try make(price("1.19"), at: t + 1000, id: "c-1", on: copy)
        try make(.other(.changeListCount("oats", by: 2)), at: t + 1001, id: "c-2", on: copy)
        try make(.other(.setTicked("milk", true)), at: t + 1002, id: "c-3", on: copy)
        let first = try merged(home, path)
        #expect(first.outcome == .applied && first.conflicts.isEmpty && first.broughtBack.isEmpty)
        #expect(try home.load("oats")?.products.first?.price == Decimal(string: "1.19"))
        #expect(try home.stamp(of: "oats")?.listCount == 3)
        #expect(try ReplayOnceTests.listed(home) == ["Milk 1 true 0", "Oats 3 false 0"])
        // The price seen on the copy joins the price book; home's earlier price is history.
        #expect(try home.history(of: "oats").map(\.price) == [Decimal(string: "1.29")])
        // The same copy again changes nothing; the copy after one more change makes only that one.
        guard case .alreadyApplied = try merged(home, path).outcome else { Issue.record("merged twice"); return }
        try make(.other(.changeListCount("oats", by: 1)), at: t + 2000, id: "c-4", on: copy)
        let second = try merged(home, path)
        #expect(second.outcome == .appliedExcept([1, 2, 3].map { RecoverySkip(change: $0, title: "", product: nil, reason: .madeAlready) }))
        #expect(try home.stamp(of: "oats")?.listCount == 4)
        #expect(try home.history(of: "oats").map(\.price) == [Decimal(string: "1.29")])
    }

    /// A copy kept from before a later merge (an older file of it) brings nothing: each of its changes was made.
    @Test func anOlderStateOfTheCopyAfterALaterMergeMakesNothing() throws {
        let (home, copy, path) = try homeAndCopy()
        try make(.other(.changeListCount("oats", by: 1)), at: t + 1000, id: "c-1", on: copy)
        copy.close()
        let older = folder.file("older.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: older)
        let later = try ComparisonDatabase(path: path)
        try make(.other(.changeListCount("oats", by: 1)), at: t + 2000, id: "c-2", on: later)
        _ = try merged(home, path)
        let again = try home.merge(try ComparisonDatabase.readCopy(at: older), now: t + 1_000_000)
        #expect(again.outcome == .appliedExcept([RecoverySkip(change: 1, title: "", product: nil, reason: .madeAlready)]))
        #expect(try home.stamp(of: "oats")?.listCount == 3)
    }

    /// Aisle moves made on both sides come out whole: each shop's items numbered 1, 2… with none twice.
    @Test func aisleMovesOnBothSidesComeOutWhole() throws {
        let (home, copy, path) = try homeAndCopy()
        try home.save(Comparison(id: "eggs", title: "Eggs", products: [Product.fixture(id: "e-1", name: "Eggs", price: 3, quantity: 12, unit: .each, shop: "Lidl")]))
        try copy.save(Comparison(id: "eggs", title: "Eggs", products: [Product.fixture(id: "e-1", name: "Eggs", price: 3, quantity: 12, unit: .each, shop: "Lidl")]))
        try make(.other(.moveInAisle("milk", by: -1, at: ShopName("Lidl"))), at: t + 1000, id: "h-1", on: home)
        try make(.other(.moveInAisle("eggs", by: -1, at: ShopName("Lidl"))), at: t + 2000, id: "c-1", on: copy)
        _ = try merged(home, path)
        let aisles = try home.shoppingList().filter { $0.title != "Oats" }.map(\.item.aisle).sorted()
        #expect(aisles == [1, 2])
    }

    @Test func countsAreChangesSoTwoPlusOnesMakeTwo() throws {
        let (home, copy, path) = try homeAndCopy()
        try make(.other(.changeListCount("oats", by: 1)), at: t + 1000, id: "h-1", on: home)
        try make(.other(.changeListCount("oats", by: 1)), at: t + 1000, id: "c-1", on: copy)
        _ = try merged(home, path)
        #expect(try home.stamp(of: "oats")?.listCount == 3)
    }

    @Test func aFieldEditedOnBothSidesKeepsTheLaterAndNamesTheOther() throws {
        let (home, copy, path) = try homeAndCopy()
        // Home's edit later: the copy's price loses.
        try make(price("1.19"), at: t + 1000, id: "c-1", on: copy)
        try make(price("1.39"), at: t + 2000, id: "h-1", on: home)
        let merge = try merged(home, path)
        #expect(merge.conflicts == [MergeConflict(title: "Oats", product: "Jumbo", field: "price",
                                                  kept: ("1.39", .home, t + 2000), lost: ("1.19", .copy, t + 1000))])
        #expect(try home.load("oats")?.products.first?.price == Decimal(string: "1.39"))
        // Seen on the same day as home's: a correction of one shelf's price, not a price seen of its own (decision 110).
        #expect(try home.history(of: "oats").map(\.price) == [Decimal(string: "1.29")])
        #expect(merge.conflicts[0].message { String($0 - t) } == "the price of \"Oats\" (\"Jumbo\"): kept home's 1.39 (2000), the copy's 1.19 (1000) lost")
    }

    @Test func aPriceSeenOnTheCopyThatLosesToALaterOneIsBookedAsSeen() throws {
        let (home, copy, path) = try homeAndCopy()
        try make(price("1.19", seen: 2), at: t + 1000, id: "c-1", on: copy)
        try make(price("1.39", seen: 3), at: t + 2000, id: "h-1", on: home)
        _ = try merged(home, path)
        #expect(try home.load("oats")?.products.first?.price == Decimal(string: "1.39"))
        let book = try home.history(of: "oats").map { "\($0.price) \($0.seen?.iso ?? "-")" }
        #expect(book == ["1.29 2026-12-01", "1.19 2026-12-02"])
        // Merged again: booked once.
        _ = try merged(home, path)
        #expect(try home.history(of: "oats").count == 2)
    }

    @Test func aLaterEditOnTheCopyWinsAndHomesValueIsNamedAndKeptInTheHistory() throws {
        let (home, copy, path) = try homeAndCopy()
        // Seen on another day than home's (one day's second price is a correction, decision 110).
        try make(price("1.39"), at: t + 1000, id: "h-1", on: home)
        try make(price("1.19", seen: 3), at: t + 2000, id: "c-1", on: copy)
        let merge = try merged(home, path)
        #expect(merge.conflicts == [MergeConflict(title: "Oats", product: "Jumbo", field: "price",
                                                  kept: ("1.19", .copy, t + 2000), lost: ("1.39", .home, t + 1000))])
        #expect(try home.load("oats")?.products.first?.price == Decimal(string: "1.19"))
        #expect(try home.history(of: "oats").map(\.price) == [Decimal(string: "1.29"), Decimal(string: "1.39")])
    }

    @Test func aFieldEditedOnlyAtHomeBeforeTheCopyWasTakenIsNoConflict() throws {
        let home = try ComparisonDatabase(path: folder.file("home.sqlite"))
        try home.save(Comparison(id: "oats", title: "Oats", products: [Self.jumbo]))
        try make(price("1.39"), at: t - 500, id: "h-1", on: home)
        let path = folder.file("road.sqlite")
        try home.takeCopy(to: path, now: t)
        let copy = try ComparisonDatabase(path: path)
        try make(price("1.19"), at: t + 1000, id: "c-1", on: copy)
        #expect(try merged(home, path).conflicts.isEmpty)
        #expect(try home.load("oats")?.products.first?.price == Decimal(string: "1.19"))
    }

    @Test func aTickAndAnUntickOnTheTwoSidesAreAConflictNamedLikeAField() throws {
        let (home, copy, path) = try homeAndCopy()
        try make(.other(.setTicked("milk", true)), at: t + 1000, id: "h-1", on: home)
        try make(.other(.setTicked("milk", false)), at: t + 2000, id: "c-1", on: copy)
        let merge = try merged(home, path)
        #expect(merge.conflicts == [MergeConflict(title: "Milk", product: nil, field: "tick",
                                                  kept: ("not ticked", .copy, t + 2000), lost: ("ticked", .home, t + 1000))])
        #expect(try ReplayOnceTests.listed(home).contains("Milk 1 false 0"))
        // The other way round: home's later untick stays.
        let (home2, copy2, path2) = try homeAndCopy("second")
        try make(.other(.setTicked("milk", true)), at: t + 1000, id: "c-1", on: copy2)
        try make(.other(.setTicked("milk", false)), at: t + 2000, id: "h-1", on: home2)
        let kept = try merged(home2, path2)
        #expect(kept.conflicts.map(\.kept.side) == [.home])
        #expect(try ReplayOnceTests.listed(home2).contains("Milk 1 false 0"))
    }

    @Test func aComparisonDeletedAtHomeAndEditedOnTheCopyComesBackWholeWithTheEdit() throws {
        let (home, copy, path) = try homeAndCopy()
        try home.save(Comparison(id: "oats", title: "Oats", products: [Self.jumbo, Product.fixture(id: "o-2", name: "Own", price: 2, quantity: 1, unit: .kilogram)]))
        try make(.other(.deleteComparison("oats")), at: t + 1000, id: "h-1", on: home)
        try make(price("1.19"), at: t + 2000, id: "c-1", on: copy)
        let merge = try merged(home, path)
        #expect(merge.broughtBack == ["Oats"])
        #expect(try home.load("oats")?.products.map(\.price) == [Decimal(string: "1.19"), 2])
    }

    @Test func aComparisonDeletedOnTheCopyAfterHomeEditedItIsKept() throws {
        let (home, copy, path) = try homeAndCopy()
        try make(.other(.deleteComparison("oats")), at: t + 1000, id: "c-1", on: copy)
        try make(price("1.39"), at: t + 2000, id: "h-1", on: home)
        let merge = try merged(home, path)
        #expect(merge.outcome == .appliedExcept([RecoverySkip(change: 1, title: "Oats", product: nil, reason: .editedAfterDeletion)]))
        #expect(try home.load("oats")?.products.first?.price == Decimal(string: "1.39"))
    }

    /// An earlier price booked on the copy has the copy's number, which at home is another entry's: its deletion there
    /// is left out and said, and home's entry of that number is untouched. One booked before the copy was taken is the
    /// same entry on both sides: its deletion is made.
    @Test func aChangeToAnEarlierPriceBookedOnTheCopyNeverTouchesHomesEntryOfThatNumber() throws {
        let (home, copy, path) = try homeAndCopy()
        try make(price("1.39", seen: 2), at: t + 1000, id: "h-1", on: home)   // home books 1.29 as entry 1
        try make(price("1.19", seen: 3), at: t + 2000, id: "c-1", on: copy)   // the copy books 1.29 as its entry 1 too
        try make(price("1.09", seen: 4), at: t + 3000, id: "c-2", on: copy)   // and 1.19 as its entry 2
        let booked = try copy.history(of: "oats")
        #expect(booked.map(\.entry?.rawValue) == [1, 2])
        try make(.other(.changeHistoryEntry(.delete(PriceEntryID(2), of: "oats"))), at: t + 4000, id: "c-3", on: copy)
        let homeBefore = try home.history(of: "oats")
        let merge = try merged(home, path)
        #expect(merge.leftOutHistory == ["Oats"])
        // Home's entries: its own 1.29, 1.39 and the copy's 1.19 (booked by the merge), none deleted.
        #expect(try home.history(of: "oats").map { "\($0.price)" } == homeBefore.map { "\($0.price)" } + ["1.39", "1.19"])
    }

    @Test func aCopyOfAnotherDatabaseIsRefusedAndHomeIsUnchanged() throws {
        let (_, copy, path) = try homeAndCopy()
        try make(.other(.changeListCount("oats", by: 1)), at: t + 1000, id: "c-1", on: copy)
        let other = try ComparisonDatabase(path: folder.file("other.sqlite"))
        try other.save(Comparison(id: "tea", title: "Tea"))
        let before = try other.loadAll()
        #expect(throws: RoadCopyFailure.otherDatabase(path: path)) { try other.merge(try ComparisonDatabase.readCopy(at: path)) }
        #expect(try other.loadAll() == before)
    }

    @Test func aTruncatedCopyIsRefusedWholeAndLeftAsItWas() throws {
        let (home, copy, path) = try homeAndCopy()
        for n in 0..<50 { try make(.other(.changeListCount("oats", by: 1)), at: t + 1000 + Int64(n), id: "c-\(n)", on: copy) }
        copy.close()
        let whole = try Data(contentsOf: URL(fileURLWithPath: path))
        let cut = folder.file("cut.sqlite")
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
        let asCut = try Data(contentsOf: URL(fileURLWithPath: cut))
        #expect(throws: RoadCopyFailure.self) { try ComparisonDatabase.readCopy(at: cut) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: cut)) == asCut)
        #expect(try home.stamp(of: "oats")?.listCount == 1)
    }

    @Test func changesStampedAfterHomesClockAreSaid() throws {
        let (home, copy, path) = try homeAndCopy()
        try make(.other(.changeListCount("oats", by: 1)), at: t + 1_000_000 + 2 * 3_600_000, id: "c-1", on: copy)
        let merge = try merged(home, path)
        #expect(merge.fromTheFuture == (1, 2 * 3_600_000))
    }

    @Test func aRecoveryFileImportedIntoTheCopyIsTheCopysChangeToo() throws {
        let (home, copy, path) = try homeAndCopy()
        let file = RecoveryJournal(id: "r", database: copy.identity, entries: [RecoveryJournal.Entry(.other(.changeListCount("milk", by: 4)), at: t + 1000, id: "r-1")])
        #expect(try copy.importRecovery(file) == .applied)
        _ = try merged(home, path)
        #expect(try home.stamp(of: "milk")?.listCount == 5)
    }
}
