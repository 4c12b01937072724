import Foundation
import GRDB
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// The app's first frame comes from `FirstRead`; the store, opened after it, must read the same comparison.
@Suite struct FirstReadTests {
    let folder = TemporaryFolder()

    @Test func readsTheComparisonTheStoreOpensOn() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        var older = sampleComparison(title: "older")
        older.chosenBasis = nil
        try store.save(older)
        var recent = sampleComparison()
        recent.volumeSystem = .imperial
        try store.save(recent)
        if let product = recent.products.first { try store.pin(product.id, in: recent.id) }   // the shopping list's pin too
        let expected = try #require(try store.loadMostRecentlyEdited())
        #expect(expected.pinned == recent.products.first?.id)

        let first = try #require(FirstRead.read(path: path))
        #expect(first.comparison == expected)
        #expect(first.comparison?.id == recent.id)
        first.close()
    }

    /// The first read and the database's own read are one SQL and one decoding: on any database they give the same
    /// comparison (every field, multipacks, count words, pins, deleted products, many comparisons, the one edited last
    /// picked the same way, ties included).
    @Test(arguments: 0..<24) func agreesWithTheDatabasesReadOnAnyDatabase(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(3000 + seed))
        let path = folder.file("per-\(seed).sqlite")
        let store = try ComparisonDatabase(path: path)
        let names = ["Oats", "", "Crème \"fraîche\"\nline", "日本茶 🥣", "tab\there", "'", "=SUM(A1)"]
        let families = Dictionary(grouping: MeasureUnit.standard + ["sheet", "roll", "bag"].compactMap(MeasureUnit.init(symbol:))) { $0.family }.map(\.value)
        var saved: [Comparison] = []
        for index in 0..<Int.random(in: 1...6, using: &rng) {
            let units = families.randomElement(using: &rng)!
            let products = (0..<Int.random(in: 0...6, using: &rng)).map { _ in
                let pack = Bool.random(using: &rng) ? Multipack(count: 6, size: Decimal(Int.random(in: 1...500, using: &rng)) / 10) : nil
                let quantity = pack.map { $0.count * $0.size } ?? (Bool.random(using: &rng) ? Decimal(Int.random(in: 1...5_000, using: &rng)) / 10 : nil)
                return Product.fixture(
                    name: names.randomElement(using: &rng)!, price: Bool.random(using: &rng) ? Decimal(Int.random(in: 1...99_999, using: &rng)) / 100 : nil,
                    quantity: quantity, unit: Bool.random(using: &rng) ? units.randomElement(using: &rng)! : nil, pack: pack,
                    shop: ["", "Aldi", "Lidl ✓"].randomElement(using: &rng)!,
                    seen: Bool.random(using: &rng) ? CalendarDay(year: 2026, month: Int.random(in: 1...12, using: &rng), day: 3) : nil)
            }
            let comparison = Comparison(
                id: ComparisonID("c\(index)"), title: names.randomElement(using: &rng)!, products: products,
                basis: Bool.random(using: &rng) ? ComparisonBasis(amount: 100, unit: units[0]) : nil, volumeSystem: Bool.random(using: &rng) ? .us : .imperial)
            try store.save(comparison)
            if let pinned = products.randomElement(using: &rng), Bool.random(using: &rng) { try store.pin(pinned.id, in: comparison.id) }
            if let deleted = products.randomElement(using: &rng), Bool.random(using: &rng) { try store.deleteProduct(deleted.id) }
            if Bool.random(using: &rng) { try store.changeListCount(of: comparison.id, by: Int.random(in: -1...3, using: &rng)) }
            saved.append(comparison)
        }
        if let touched = saved.randomElement(using: &rng), Bool.random(using: &rng) {
            try store.saveHeader(of: touched)   // an older one edited last
        }
        let expected = try #require(try store.loadMostRecentlyEdited())
        #expect(try expected.id == #require(try store.mostRecentlyEditedID()))
        #expect(try store.load(expected.id) == expected)
        let first = try #require(FirstRead.read(path: path))
        #expect(first.comparison == expected, "seed \(seed)")
        #expect(first.listCount == (try store.stamp(of: expected.id))?.listCount, "seed \(seed)")
        first.close()
    }

    /// A database nobody has open is read as immutable: no lock, no -wal or -shm file made before the first frame,
    /// whatever characters its path holds.
    @Test func aClosedDatabaseIsReadWithoutNewFiles() throws {
        let path = folder.file("a ?#%20 b.sqlite")
        var expected: Comparison?
        do {
            let store = try ComparisonDatabase(path: path)
            try store.save(sampleComparison())
            expected = try store.loadMostRecentlyEdited()
        }
        #expect(expected != nil)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let first = try #require(FirstRead.read(path: path))
        #expect(first.comparison == expected)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        first.close()
    }

    /// The first frame holds everything it shows (issue 28): the count on the list beside the keypad is read with the
    /// comparison, by the first read and by the database's own, so nothing pops in after the first frame.
    @Test func theFirstFrameHoldsTheCountOnTheList() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        let milk = sampleComparison(title: "milk")
        try store.save(milk)
        try store.changeListCount(of: milk.id, by: 2)
        let session = Session(id: "s", size: TerminalSize(width: 80, height: 24))
        let first = try #require(FirstRead.read(path: path))
        let state = first.state(orNew: Comparison(), session: session)
        first.close()
        #expect(state.editing.onTheList == .known(3))
        #expect(ScreenView.render(state).text.contains("On the list: 3×"))
        #expect(try store.openingState(orNew: Comparison(), session: session) == state)
        // A file without comparisons: the new one is off the list, and says so at once.
        let empty = folder.file("empty.sqlite")
        let none = try ComparisonDatabase(path: empty).openingState(orNew: Comparison(id: "new"), session: session)
        #expect(none.editing.onTheList == .known(0))
        #expect(try #require(FirstRead.read(path: empty)).state(orNew: Comparison(id: "new"), session: session) == none)
    }

    @Test func aPerDatabaseWithoutComparisonsReadsAsNone() throws {
        let path = folder.file("per.sqlite")
        _ = try ComparisonDatabase(path: path)
        let first = try #require(FirstRead.read(path: path))
        #expect(first.comparison == nil)
    }

    @Test func leavesEverythingElseToTheStore() throws {
        #expect(FirstRead.read(path: folder.file("missing.sqlite")) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing.sqlite")))

        let empty = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(FirstRead.read(path: empty) == nil)

        let text = folder.file("notes.txt")
        #expect(FileManager.default.createFile(atPath: text, contents: Data("not a database".utf8)))
        #expect(FirstRead.read(path: text) == nil)

        let newer = folder.file("newer.sqlite")
        _ = try ComparisonDatabase(path: newer)
        try DatabaseQueue(path: newer).writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
        }
        #expect(FirstRead.read(path: newer) == nil)

        let readOnly = folder.file("read-only.sqlite")
        try ComparisonDatabase(path: readOnly).save(sampleComparison())
        chmod(readOnly, 0o444)
        #expect(FirstRead.read(path: readOnly) == nil)
    }
}
