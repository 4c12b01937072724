import Foundation
import GRDB
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// A session whose writes wait behind another program's lock, across comparisons and the list, gives up: its
/// recovery file holds every change, and importing it makes each exactly once.
@Suite struct RecoveryTests {
    let folder = TemporaryFolder()
    typealias Side = DatabaseSessionTests.Side

    /// Two comparisons saved before the session starts ("Milk" the most recently edited: it opens).
    func seeded(_ path: String) throws {
        let store = try ComparisonDatabase(path: path)
        try store.save(Comparison(id: "oats", title: "Oats", products: [Product.fixture(id: "o-1", name: "a", price: 2, quantity: 1, unit: .kilogram)]))
        try store.save(Comparison(id: "milk", title: "Milk", products: [Product.fixture(id: "m-1", name: "b", price: 1, quantity: 1, unit: .liter)]))
    }

    /// What the user does: a product in Milk, Oats opened and a product typed there and pinned, then on the list
    /// a tick, `+ +`, two new items, a rename, a new comparison with a product.
    func script(_ side: inout Side) throws {
        func choose(_ id: ComparisonID) throws {
            let list = try #require(side.state.shoppingList)
            let index = try #require(list.entries.firstIndex { $0.id == id }, "\(id) not on the list")
            if index != list.selected { side.send(.shoppingList(.choose(index))) }   // a tap off the title: selects only
        }
        side.enter(price: "2.5", quantity: "1", unit: "l", name: "jumbo", then: .nextProduct)
        side.send(.app(.showShoppingList))
        try choose("oats")
        side.send(.shoppingList(.open))
        side.enter(price: "3", quantity: "500", unit: "g", name: "oat", then: .nextProduct)
        side.send(.comparison(.focus(FieldFocus(product: 1, field: .name))))
        side.send(.comparison(.togglePin))
        side.send(.app(.showShoppingList))
        try choose("milk")
        side.send(.shoppingList(.toggleTick))
        try choose("oats")
        side.send(.shoppingList(.changeCount(1)))
        side.send(.shoppingList(.changeCount(1)))
        side.send(.shoppingList(.startItem("E")))
        for c in "ggs" { side.send(.shoppingList(.type(c))) }
        side.send(.shoppingList(.acceptTitle))
        for c in "Tea" { side.send(.shoppingList(.type(c))) }
        side.send(.shoppingList(.acceptTitle))
        side.send(.shoppingList(.cancelTitle))
        try choose("milk")
        side.send(.shoppingList(.rename))
        for c in ", semi" { side.send(.shoppingList(.type(c))) }
        side.send(.shoppingList(.acceptTitle))
        side.send(.shoppingList(.new))
        for c in "Rice" { side.send(.shoppingList(.type(c))) }
        side.send(.shoppingList(.acceptTitle))                       // made and opened
        side.enter(price: "4", quantity: "2", unit: "kg")
    }

    /// Every comparison with its list state, by id: what "the same database" means here.
    func contents(_ path: String) throws -> [String] {
        let store = try ComparisonDatabase(path: path)
        return try store.shoppingList().map { entry in
            let comparison = try #require(try store.load(entry.id))
            let products = comparison.products.map { p in
                "\(p.id) \(p.name) \(p.price.map(DecimalText.format) ?? "-") \(p.quantity.map(DecimalText.format) ?? "-") \(p.unit?.symbol ?? "-") \(p.seen?.iso ?? "-")"
            }
            return "\(entry.id) \(comparison.title) count \(entry.item.count) ticked \(entry.item.ticked) pinned \(comparison.pinned?.rawValue ?? "-") aisle \(entry.item.aisle): "
                + products.joined(separator: "; ")
        }.sorted()
    }

    /// Every row of every table, for "nothing changed".
    func dump(_ path: String) throws -> String {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { db in
            try ["comparison", "product", "price_history", "applied_recovery"].map { table in
                try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY rowid").map(\.description).joined(separator: "\n")
            }.joined(separator: "\n")
        }
    }

    @Test func everyChangeMadeBehindALockComesBackExactlyOnce() throws {
        // The same keys on a database nobody locks: what the user should end up with.
        let control = folder.file("control.sqlite")
        try seeded(control)
        var free = try Side(path: control, id: "home", busyTimeout: 0.05)
        try script(&free)
        #expect(free.session.isUpToDate)

        let path = folder.file("per.sqlite")
        try seeded(path)
        var home = try Side(path: path, id: "home", busyTimeout: 0.05)
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: holding)
        try other.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
        let before = try contents(path)
        try script(&home)
        home.poll()
        #expect(!home.session.isUpToDate)
        let journal = home.session.recoveryJournal
        // Each typed unit is a field: a unit is no longer carried into a new product (issue 28), so `g` typed after oats' g is one.
        #expect(journal.summary == "11 fields, 1 pin, 1 new comparison, 1 rename, 2 new items, 2 counts, 1 tick", "\(journal.summary)")
        let recovery = try home.session.writeRecovery()
        #expect((recovery as NSString).deletingLastPathComponent == folder.path)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: recovery)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }.isEmpty)
        try other.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }   // the other program lets go; this session quit
        #expect(try contents(path) == before)                                    // nothing of it reached the file

        let read = try RecoveryJournal.decode(String(contentsOfFile: recovery, encoding: .utf8))
        #expect(read == journal)
        let store = try ComparisonDatabase(path: path)
        #expect(try store.importRecovery(read) == .applied)
        #expect(try contents(path) == contents(control))
        let titles = try store.shoppingList().map(\.title)
        #expect(Set(titles).count == titles.count, "\(titles)")                  // no second copy of anything

        // A second import changes nothing, and says so.
        let imported = try dump(path)
        guard case .alreadyApplied = try store.importRecovery(read) else { Issue.record("imported twice"); return }
        #expect(try dump(path) == imported)

        // Another session opening the file sees what the user saw last: Rice, with its product.
        let aisle = try Side(path: path, id: "aisle")
        #expect(aisle.state.editing.comparison.title == "Rice")
        #expect(aisle.state.editing.comparison.products.compactMap(\.price) == [4])
    }

    /// A failure part way (here a trigger refuses the second change) rolls back the changes before it and records
    /// nothing: the file can be imported again once the cause is gone.
    @Test func aChangeRefusedPartWayLeavesTheDatabaseAsItWas() throws {
        let path = folder.file("per.sqlite")
        try seeded(path)
        let store = try ComparisonDatabase(path: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TRIGGER refuse BEFORE UPDATE OF in_cart ON comparison BEGIN SELECT RAISE(ABORT, 'refused'); END")
        }
        let before = try dump(path)
        let journal = RecoveryJournal(changes: [.other(.changeListCount("oats", by: 3)), .other(.setTicked("milk", true))])
        #expect(throws: DatabaseFailure.self) { try store.importRecovery(journal) }
        #expect(try dump(path) == before)
        try DatabaseQueue(path: path).write { try $0.execute(sql: "DROP TRIGGER refuse") }
        #expect(try store.importRecovery(journal) == .applied)
        #expect(try store.shoppingList().first { $0.id == "oats" }?.item.count == 4)
    }

    // MARK: Issue 32: a recovery file is checked like an import, and cannot undo newer work

    static let oats = ComparisonHeader(id: "oats", title: "Oats")
    static let milk = ComparisonHeader(id: "milk", title: "Milk")

    /// Each database has its own id, kept; a file naming another database is refused (nothing changed) unless asked
    /// for; a file naming none (an older per's) is taken.
    @Test func aFileForAnotherDatabaseIsRefusedUnlessAskedFor() throws {
        let path = folder.file("per.sqlite")
        try seeded(path)
        let store = try ComparisonDatabase(path: path)
        #expect(!store.identity.isEmpty)
        #expect(try ComparisonDatabase(path: path).identity == store.identity)
        let other = try ComparisonDatabase(path: folder.file("other.sqlite"))
        #expect(other.identity != store.identity)
        let count: [PendingWrite] = [.other(.changeListCount("oats", by: 1))]
        let now = ComparisonDatabase.nowMilliseconds()
        let before = try dump(path)
        let foreign = RecoveryJournal(id: "foreign", database: other.identity, changes: count, times: [now])
        #expect(throws: DatabaseFailure.otherDatabase(file: other.identity, database: store.identity)) { try store.importRecovery(foreign) }
        #expect(try dump(path) == before)
        #expect(DatabaseFailure.otherDatabase(file: "a", database: "b").message.contains("per import --into-other-database FILE"))
        #expect(try store.importRecovery(foreign, intoOtherDatabase: true) == .applied)
        #expect(try store.importRecovery(RecoveryJournal(id: "own", database: store.identity, changes: count, times: [now])) == .applied)
        #expect(try store.importRecovery(RecoveryJournal(id: "older per", changes: count)) == .applied)
        #expect(try store.shoppingList().first { $0.id == "oats" }?.item.count == 4)
    }

    /// A change made before the database's value was (by another session since) is not made, and said: the newer
    /// price is kept, a deletion of a comparison edited after it is not made. Changes made are stamped with their own
    /// time, so a file's later change (a deletion after its edit) is not taken for older than its earlier one.
    @Test func aChangeOlderThanWhatTheDatabaseHoldsIsNotMade() throws {
        let path = folder.file("per.sqlite")
        try seeded(path)   // saved now
        let store = try ComparisonDatabase(path: path)
        let now = ComparisonDatabase.nowMilliseconds()
        let hourAgo = now - 3_600_000, later = now + 60_000
        let journal = RecoveryJournal(id: "j", database: store.identity, changes: [
            .edit(.saveField(.price, product: Product.fixture(id: "o-1", name: "a", price: 9, quantity: 1, unit: .kilogram)), of: Self.oats, needsRow: false),
            .edit(.saveField(.price, product: Product.fixture(id: "o-2", name: "new", price: 3, quantity: 1, unit: .kilogram)), of: Self.oats, needsRow: false),
            .other(.deleteComparison("milk")),
            .edit(.saveField(.name, product: Product.fixture(id: "o-1", name: "jumbo", price: 9, quantity: 1, unit: .kilogram)), of: Self.oats, needsRow: false),
        ], times: [hourAgo, hourAgo, hourAgo, later])
        let outcome = try store.importRecovery(journal)
        let skipped = [RecoverySkip(change: 1, title: "Oats", product: "a", reason: .newerField(.price)),
                       RecoverySkip(change: 3, title: "Milk", product: nil, reason: .editedAfterDeletion)]
        #expect(outcome == .appliedExcept(skipped), "\(outcome)")
        #expect(skipped.map(\.message) == [#"kept the newer price of "Oats" ("a")"#, #"kept "Milk": it was edited after this deletion"#])
        #expect(skipped.filter(\.isLeftOut).isEmpty)
        let products = try #require(try store.load("oats")).products
        #expect(products.map { "\($0.id) \($0.name) \($0.price.map(DecimalText.format) ?? "-")" } == ["o-1 jumbo 2", "o-2 new 3"])
        #expect(try store.load("milk") != nil)

        // A product made and then deleted, ten minutes ago: both made (the product's stamp is its change's time).
        let past = now - 600_000
        let second = RecoveryJournal(id: "k", database: store.identity, changes: [
            .edit(.saveField(.price, product: Product.fixture(id: "o-3", name: "tmp", price: 5, quantity: 1, unit: .kilogram)), of: Self.oats, needsRow: false),
            .edit(.deleteProduct("o-3"), of: Self.oats, needsRow: false),
        ], times: [past, past + 60_000])
        #expect(try store.importRecovery(second) == .applied)
        #expect(try store.load("oats")?.products.map(\.id) == ["o-1", "o-2"])
        // A deletion made after the last edit is made.
        let third = RecoveryJournal(id: "l", database: store.identity, changes: [.other(.deleteComparison("milk"))], times: [later + 60_000])
        #expect(try store.importRecovery(third) == .applied)
        #expect(try store.load("milk") == nil)
    }

    /// A change whose ids do not belong to the comparison it names (a file edited by hand) refuses the whole file and
    /// changes nothing: a product of another comparison saved, moved, deleted or saved whole into another; a new
    /// comparison with the id of a saved one.
    @Test func anIDOfAnotherComparisonRefusesTheWholeFile() throws {
        let path = folder.file("per.sqlite")
        try seeded(path)
        let store = try ComparisonDatabase(path: path)
        let count = PendingWrite.other(.changeListCount("oats", by: 1))
        let oatsProduct = Product.fixture(id: "o-1", name: "a", price: 5)
        let files: [([PendingWrite], DatabaseFailure)] = [
            ([count, .edit(.saveField(.price, product: oatsProduct), of: Self.milk, needsRow: false)],
             .recoveryRefused(change: 2, reason: #"product "o-1" is saved in "Oats", not in "Milk", the comparison the change names (a file edited by hand?)"#)),
            ([.restore(Comparison(id: "milk", title: "Milk", products: [oatsProduct]))],
             .recoveryRefused(change: 1, reason: #"product "o-1" is saved in "Oats", not in "Milk", the comparison the change names (a file edited by hand?)"#)),
            ([.edit(.deleteProduct("o-1"), of: Self.milk, needsRow: false)],
             .recoveryRefused(change: 1, reason: #"product "o-1" is saved in "Oats", not in "Milk", the comparison the change names (a file edited by hand?)"#)),
            ([count, .other(.createComparison(Comparison(id: "oats", title: "Mine")))],
             .recoveryRefused(change: 2, reason: #"it makes a new comparison "Mine", but its id "oats" is "Oats", saved already (a file edited by hand?)"#)),
            ([.edit(.saveField(.price, product: Product.fixture(id: "x", price: 1)), of: Self.milk, needsRow: false),
              .edit(.saveField(.name, product: Product.fixture(id: "x", name: "moved")), of: Self.oats, needsRow: false)],
             .recoveryRefused(change: 2, reason: #"product "x" is saved in "Milk", not in "Oats", the comparison the change names (a file edited by hand?)"#)),
        ]
        let before = try dump(path)
        for (i, (changes, refusal)) in files.enumerated() {
            #expect(throws: refusal, "file \(i + 1)") { try store.importRecovery(RecoveryJournal(id: "j-\(i)", changes: changes)) }
            #expect(try dump(path) == before, "file \(i + 1)")
        }
        #expect(refusal(files[0].1).hasPrefix("change 2: product"))
        #expect(refusal(files[0].1).hasSuffix("; nothing was imported"))
    }

    private func refusal(_ failure: DatabaseFailure) -> String { failure.message }

    /// A change that would mix unit families in a comparison is left out, and said; the file's other changes are made.
    @Test func aChangeThatWouldMixFamiliesIsLeftOutAndTheRestMade() throws {
        let path = folder.file("per.sqlite")
        try seeded(path)
        let store = try ComparisonDatabase(path: path)
        let kilo = Product.fixture(id: "x", name: "Oats?", price: 2, quantity: 1, unit: .kilogram)
        let outcome = try store.importRecovery(RecoveryJournal(id: "j", changes: [
            .edit(.saveField(.unit, product: kilo), of: Self.milk, needsRow: false),
            .other(.changeListCount("oats", by: 1)),
            .edit(.saveField(.price, product: kilo), of: Self.milk, needsRow: false),
        ]))
        let failure = DatabaseFailure.mixedFamilies(product: "x", name: "Oats?", unit: .kilogram, comparison: "milk", title: "Milk", family: .volume)
        let expected = [1, 3].map { RecoverySkip(change: $0, title: "Milk", product: "Oats?", reason: .mixedFamilies(failure)) }
        #expect(outcome == .appliedExcept(expected), "\(outcome)")
        #expect(expected.filter(\.isLeftOut).count == 2)
        #expect(try store.load("milk")?.products.map(\.id) == ["m-1"])
        #expect(try store.shoppingList().first { $0.id == "oats" }?.item.count == 2)
    }

    @Test func aFolderThatRefusesTheFileKeepsNothingAndTheNextTakesIt() throws {
        let locked = folder.file("locked")   // a file where a folder should be: nothing can go in it (even as root)
        try "".write(toFile: locked, atomically: false, encoding: .utf8)
        let state = folder.file("state/per")
        let path = try RecoveryFile.write("{}", named: "per-recovered-x.json", in: [locked, state])
        #expect(path == state + "/per-recovered-x.json")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: state)[.posixPermissions] as? Int)
        #expect(mode == 0o700)
        // The same name again: a new file beside it, never over it.
        #expect(try RecoveryFile.write("{}", named: "per-recovered-x.json", in: [state]) == state + "/per-recovered-x-2.json")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "{}")
        #expect(RecoveryFile.stateFolder(environment: ["HOME": "/home/a"]) == "/home/a/.local/state/per")
        #expect(RecoveryFile.stateFolder(environment: ["HOME": "/home/a", "XDG_STATE_HOME": "/s"]) == "/s/per")
        #expect(RecoveryFile.stateFolder(environment: ["XDG_STATE_HOME": "relative"]) == nil)
    }
}
