import Foundation
import GRDB
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// The write queue when writes wait: no stale write holds back the rest, what is said is true, and what waits is on
/// disk until it lands (issue 32).
@Suite struct WaitingWritesTests {
    let folder = TemporaryFolder()
    typealias Side = DatabaseSessionTests.Side

    /// Opens the saved comparison titled `title` from the shopping list.
    static func open(_ title: String, in side: inout Side) throws {
        side.send(.app(.showShoppingList))
        let index = try #require(side.state.shoppingList?.entries.firstIndex { $0.title == title })
        side.send(.shoppingList(.choose(index)))
        side.send(.shoppingList(.open))
        #expect(side.state.editing.comparison.title == title)
    }

    /// A types into Oats under a lock, opens Milk and types, counts Milk on the list; B deletes Oats once the lock
    /// goes. Milk's price and count land, Oats is made again with A's change (as a recovery file does), the status
    /// names Oats, and nothing is said locked.
    @Test func aWriteIntoAComparisonDeletedElsewhereHoldsBackNothingElse() throws {
        let path = folder.file("per.sqlite")
        let setup = try ComparisonDatabase(path: path)
        try setup.save(Comparison(id: "oats", title: "Oats", products: [Product.fixture(id: "o-1", name: "big", price: 3, quantity: 1, unit: .kilogram)]))
        try setup.save(Comparison(id: "milk", title: "Milk", products: [Product.fixture(id: "m-1", name: "carton", price: 1, quantity: 1, unit: .liter)]))
        var home = try Side(path: path, id: "home", busyTimeout: 0.05)
        try Self.open("Oats", in: &home)
        let lock = try HeldLock(path)
        home.enter(price: "2.5", quantity: "500", unit: "g", name: "small", then: .nextProduct)                  // Oats: waits for the lock
        #expect(home.state.saving.waiting > 0 && home.state.saving.reason == "the database is locked by another program")
        try Self.open("Milk", in: &home)
        home.enter(price: "0.99")                                   // Milk: waits behind it
        home.send(.comparison(.addToList))
        try lock.release()
        try setup.deleteComparison("oats")                   // B deletes Oats before A's next try
        home.poll()
        #expect(home.session.isUpToDate)
        #expect(home.state.saving == .upToDate)
        #expect(home.state.chrome.status?.text == "Another session deleted \"Oats\": made it again with your change to it")
        let milk = try #require(try setup.load("milk"))
        #expect(milk.products.compactMap(\.price) == [1, Decimal(string: "0.99")])
        #expect(try setup.stamp(of: "milk")?.listCount == 2)
        let oats = try #require(try setup.load("oats"))
        #expect(oats.title == "Oats" && oats.products.map(\.name) == ["small"])
    }

    /// While a write waits the queue is on disk as a recovery file (0600, whole), kept current as more waits, and
    /// gone once it drains.
    @Test func whatWaitsIsOnDiskUntilItLands() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home", busyTimeout: 0.05)
        home.enter(price: "1", quantity: "1", unit: "kg", name: "first", then: .nextProduct)
        #expect(home.state.saving.keptIn == nil)
        let lock = try HeldLock(path)
        home.enter(price: "2")
        let kept = try #require(home.state.saving.keptIn)
        #expect(kept.hasPrefix(folder.path + "/.per-waiting-per.sqlite-"))
        var info = stat()
        #expect(stat(kept, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(try RecoveryJournal.decode(String(contentsOfFile: kept, encoding: .utf8)) == home.session.recoveryJournal)
        home.enter(quantity: "3")
        #expect(try RecoveryJournal.decode(String(contentsOfFile: kept, encoding: .utf8)).userChanges == 2)
        #expect(home.state.saving.waiting == 2)
        try lock.release()
        home.poll()
        #expect(home.state.saving == .upToDate)
        #expect(!FileManager.default.fileExists(atPath: kept))
        #expect(try ComparisonDatabase(path: path).load("c")?.products.compactMap(\.price) == [1, 2])
    }

    /// A per killed while its writes waited left its queue on disk: the next per on the database makes the changes,
    /// once, and says so; a file whose process still runs is left alone.
    @Test func aQueueLeftByAPerThatIsGoneIsSavedByTheNextOne() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home", busyTimeout: 0.05)
        home.enter(price: "1", quantity: "1", unit: "kg", name: "first", then: .nextProduct)
        let lock = try HeldLock(path)
        home.enter(price: "2")
        let kept = try #require(home.state.saving.keptIn)
        // The session runs: its file is locked, and left alone.
        try lock.release()
        let store = try ComparisonDatabase(path: path)
        #expect(store.saveLeftChanges().isEmpty && FileManager.default.fileExists(atPath: kept))
        // As if that per were killed: its file, unlocked.
        let left = try Self.leaveBehind(kept, of: path)
        let saved = store.saveLeftChanges()
        #expect(saved == LeftChanges(saved: ["1 field"]))
        #expect(!FileManager.default.fileExists(atPath: left))
        #expect(try store.load("c")?.products.compactMap(\.price) == [1, 2])
        #expect(store.saveLeftChanges().isEmpty)
    }

    /// A copy of a session's waiting file as a killed per leaves it: the same bytes, 0600, locked by nobody, under the
    /// name of a session that is gone. Returns its path.
    static func leaveBehind(_ kept: String, of database: String, named session: String = "gone") throws -> String {
        let left = ((kept as NSString).deletingLastPathComponent as NSString)
            .appendingPathComponent(WaitingChanges.prefix(of: WaitingChanges.realPath(database)) + "\(session).json")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: kept))
        #expect(FileManager.default.createFile(atPath: left, contents: bytes, attributes: [.posixPermissions: 0o600]))
        return left
    }

    /// The app says what it saved of a queue left behind, on the status line.
    @Test func theAppSaysWhatItSavedOfAQueueLeftBehind() throws {
        let path = folder.file("per.sqlite")
        var gone = try Side(path: path, id: "gone", busyTimeout: 0.05)
        let lock = try HeldLock(path)
        gone.enter(price: "4")
        let kept = try #require(gone.state.saving.keptIn)
        _ = try Self.leaveBehind(kept, of: path)
        try lock.release()
        var next = try Side(path: path, id: "next")
        for action in next.session.saveLeftChanges() { next.send(action) }
        #expect(next.state.chrome.status?.text == "Saved what a per that ended had waiting: 1 field")
        next.poll()
        #expect(next.state.editing.comparison.products.compactMap(\.price) == [4])
    }

    /// Two sessions give one comparison units of two families at once: the database takes the first; the other
    /// session's product stays on its screen with its unit, said not saved, counted as waiting, and goes to its
    /// recovery file; the database never holds both, so its export imports.
    @Test func theDatabaseRefusesASecondUnitFamilyAndTheLoserKeepsItsProduct() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home")
        var aisle = try Side(path: path, id: "aisle")
        aisle.enter(price: "2.99", quantity: "1", unit: "kg")
        home.enter(price: "1.99", quantity: "1", unit: "l")                        // before any poll: home has not seen the kilogram
        #expect(home.state.chrome.status?.text.contains("was not saved") == true, "\(String(describing: home.state.chrome.status))")
        #expect(home.state.saving.waiting == 1 && home.state.saving.reason?.contains("another unit family") == true)
        home.poll()
        #expect(home.state.editing.comparison.products.compactMap(\.unit) == [.kilogram, .liter])
        let store = try ComparisonDatabase(path: path)
        #expect(try store.load("c")?.products.compactMap(\.unit) == [.kilogram])
        #expect(home.session.holdsUnsaved && home.session.isUpToDate)   // quitting waits for nothing, then writes the file
        guard case .edit(.saveField(.unit, let product, _), _, _) = home.session.recoveryJournal.changes.last else {
            Issue.record("\(home.session.recoveryJournal)"); return
        }
        #expect(product.unit == .liter && product.price == Decimal(string: "1.99"))
        #expect(home.state.saving.keptIn.map { FileManager.default.fileExists(atPath: $0) } == true)
    }
}
