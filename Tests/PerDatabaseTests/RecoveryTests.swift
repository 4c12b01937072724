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
        try store.save(Comparison(id: "oats", title: "Oats", products: [Product(id: "o-1", name: "a", price: 2, quantity: 1, unit: .kilogram)]))
        try store.save(Comparison(id: "milk", title: "Milk", products: [Product(id: "m-1", name: "b", price: 1, quantity: 1, unit: .liter)]))
    }

    /// What the user does: a product in Milk, Oats opened and a product typed there and pinned, then on the list
    /// a tick, `+ +`, two new items, a rename, a new comparison with a product.
    func script(_ side: inout Side) throws {
        func choose(_ id: ComparisonID) throws {
            let list = try #require(side.state.shoppingList)
            let index = try #require(list.entries.firstIndex { $0.id == id }, "\(id) not on the list")
            if index != list.selected { side.send(.shoppingList(.choose(index))) }   // a tap off the title: selects only
        }
        side.type("2.5\t1\tl\tjumbo\t\t")
        side.send(.app(.showShoppingList))
        try choose("oats")
        side.send(.shoppingList(.open))
        side.type("3\t500\tg\toat\t\t")
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
        side.type("4\t2\tkg\t\t")
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
        #expect(journal.summary == "10 fields, 1 pin, 1 new comparison, 1 rename, 2 new items, 2 counts, 1 tick", "\(journal.summary)")
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
