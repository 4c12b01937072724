import Foundation
import GRDB
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

@Suite struct DatabaseTests {
    let folder = TemporaryFolder()

    @Test func migratesAFreshFileAndMarksItAsPers() throws {
        let path = folder.file("nested/deeper/per.sqlite")
        let store = try ComparisonDatabase(path: path)
        #expect(try store.summaries().isEmpty)
        #expect(try store.mostRecentlyEditedID() == nil)
        #expect(!store.isReadOnly)

        var info = stat()
        #expect(stat(folder.file("nested/deeper"), &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(stat(path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)

        let queue = try DatabaseQueue(path: path)
        try queue.read { db in
            #expect(try Int32.fetchOne(db, sql: "PRAGMA application_id") == Schema.applicationID)
            #expect(try String.fetchOne(db, sql: "PRAGMA journal_mode") == "wal")
            #expect(try Schema.migrator.hasCompletedMigrations(db))
            // The identifiers the app's first read checks are the migrator's, in order.
            #expect(Schema.migrationIdentifiers == Schema.migrator.migrations)
            #expect(Set(try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")) == Set(Schema.migrationIdentifiers))
            #expect(try db.tableExists("comparison") && db.tableExists("product"))
            let foreignKeys = try Row.fetchAll(db, sql: "PRAGMA foreign_key_list(product)")
            #expect(foreignKeys.first?["on_delete"] as String? == "CASCADE")
        }
    }

    @Test func anEmptyFileIsAdopted() throws {
        let path = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = try ComparisonDatabase(path: path)
        try store.save(sampleComparison())
        #expect(try store.summaries().count == 1)
    }

    @Test func reopeningKeepsEverythingExactly() throws {
        let path = folder.file("per.sqlite")
        let comparison = sampleComparison()
        let plain = Comparison(title: "Milk", products: [product("whole", "1.29", "1", .liter)])
        do {
            let store = try ComparisonDatabase(path: path)
            try store.save(comparison)
            try store.save(plain)
        }
        let store = try ComparisonDatabase(path: path)
        let loaded = try #require(try store.load(comparison.id))
        #expect(loaded == comparison)
        #expect(loaded.products.map(\.id) == comparison.products.map(\.id))
        #expect(loaded.chosenBasis == ComparisonBasis(amount: 100, unit: .gram))
        #expect(loaded.volumeSystem == .imperial)
        #expect(try store.load(plain.id) == plain)
        #expect(try store.load(ComparisonID("nope")) == nil)
        #expect(try store.summaries().map(\.title) == ["Milk", comparison.title])   // the last edited first
        #expect(try store.summaries().map(\.productCount) == [1, 4])
        #expect(try store.loadAll() == [comparison, plain])
    }

    @Test func decimalsAreStoredAsExactText() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        let texts = ["0.1", "12.345678901", "0.0000001", "1234567890.123456789", "19.99", "-3.25", "100"]
        let comparison = Comparison(title: "decimals", products: texts.map { product($0, $0, $0, .gram) })
        try store.save(comparison)
        let loaded = try #require(try store.load(comparison.id))
        #expect(loaded.products.map { $0.price.map(DecimalText.format) } == texts)
        #expect(loaded.products.map { $0.quantity.map(DecimalText.format) } == texts)

        let queue = try DatabaseQueue(path: path)
        try queue.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT price, typeof(price) AS t, quantity, unit FROM product ORDER BY position")
            #expect(rows.map { $0["price"] as String } == texts)
            #expect(rows.allSatisfy { ($0["t"] as String) == "text" })
            #expect(rows.allSatisfy { ($0["unit"] as String) == "g" })
        }
        // The columns are declared TEXT, so even a number written by another program is kept as text.
        let types = try queue.read { db in
            try Row.fetchAll(db, sql: "PRAGMA table_info(product)").map { ($0["name"] as String, $0["type"] as String) }
        }
        #expect(types.filter { ["price", "quantity", "unit"].contains($0.0) }.map(\.1) == ["TEXT", "TEXT", "TEXT"])
    }

    @Test func saveReplacesTheWholeComparison() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        var comparison = sampleComparison()
        try store.save(comparison)
        comparison.title = "Renamed"
        comparison.removeProduct(at: 0)
        let moved = comparison.products[2]
        comparison.removeProduct(at: 2)
        comparison.insert(moved, at: 0)
        comparison.chosenBasis = nil
        comparison.volumeSystem = .us
        try store.save(comparison)
        #expect(try store.load(comparison.id) == comparison)
        #expect(try store.summaries().count == 1)
    }

    @Test func deletingAComparisonCascadesToItsProducts() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        let doomed = sampleComparison(), kept = Comparison(title: "kept", products: [product("x", "1", "1", .each)])
        try store.save(doomed)
        try store.save(kept)
        try store.deleteComparison(doomed.id)
        #expect(try store.load(doomed.id) == nil)
        #expect(try store.summaries().map(\.id) == [kept.id])
        let queue = try DatabaseQueue(path: path)
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM product") } == 1)
    }

    @Test func theListIsMostRecentlyEditedFirst() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let a = Comparison(title: "A"), b = Comparison(title: "B"), c = Comparison(title: "C")
        try store.save(a)
        try store.save(b)
        try store.save(c)
        #expect(try store.summaries().map(\.title) == ["C", "B", "A"])
        #expect(try store.loadAll().map(\.title) == ["A", "B", "C"])   // export: oldest first, so import keeps the order
        try store.renameComparison(b.id, to: "Bee, \"quoted\"")
        #expect(try store.summaries().map(\.title) == ["Bee, \"quoted\"", "C", "A"])
        #expect(try store.mostRecentlyEditedID() == b.id)
        try store.saveField(.price, of: product("x", "1", "1", .each), in: a.id)
        #expect(try store.summaries().map(\.title) == ["A", "Bee, \"quoted\"", "C"])
        var header = c
        header.chosenBasis = ComparisonBasis(amount: 1, unit: .each)
        try store.saveHeader(of: header)
        #expect(try store.summaries().map(\.title) == ["C", "A", "Bee, \"quoted\""])
        _ = try store.load(a.id)   // reading is not editing
        #expect(try store.summaries().map(\.title) == ["C", "A", "Bee, \"quoted\""])

        var withProducts = a
        let first = product("one", "1", "1", .each), second = product("two", "2", "1", .each)
        withProducts.append(first)
        withProducts.append(second)
        try store.save(withProducts)
        try store.deleteProduct(first.id)
        #expect(try store.load(a.id)?.products == [second])
        #expect(try store.mostRecentlyEditedID() == a.id)
    }

    /// A database written by the per before this order (v1 schema, the user's order in `position`): no migration,
    /// and it lists by its edit times at once.
    @Test func anEarlierDatabaseListsMostRecentlyEditedFirst() throws {
        let path = folder.file("per.sqlite")
        let earlier = try DatabaseQueue(path: path)
        try earlier.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('v1: comparisons and products');
                CREATE TABLE comparison (
                    id TEXT NOT NULL PRIMARY KEY, title TEXT NOT NULL DEFAULT '', position INTEGER NOT NULL,
                    basis_amount TEXT CHECK (basis_amount IS NULL OR typeof(basis_amount) = 'text'), basis_unit TEXT,
                    volume_system TEXT NOT NULL DEFAULT 'us', created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
                    CHECK ((basis_amount IS NULL) = (basis_unit IS NULL)));
                CREATE INDEX comparison_by_position ON comparison(position);
                CREATE INDEX comparison_by_updated_at ON comparison(updated_at);
                CREATE TABLE product (
                    id TEXT NOT NULL PRIMARY KEY, comparison_id TEXT NOT NULL REFERENCES comparison(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL, name TEXT NOT NULL DEFAULT '',
                    price TEXT CHECK (price IS NULL OR typeof(price) = 'text'),
                    quantity TEXT CHECK (quantity IS NULL OR typeof(quantity) = 'text'), unit TEXT);
                CREATE INDEX product_by_comparison ON product(comparison_id, position);
                PRAGMA application_id = \(0x5045_5221);
                INSERT INTO comparison (id, title, position, created_at, updated_at) VALUES
                    ('a', 'first in the old order', 0, 1, 100), ('b', 'edited last', 1, 2, 300), ('c', 'middle', 2, 3, 200);
                INSERT INTO product (id, comparison_id, position, price, quantity, unit) VALUES ('p', 'a', 0, '2', '1', 'kg');
                """)
        }
        try earlier.close()
        let store = try ComparisonDatabase(path: path)
        #expect(try store.summaries().map(\.id) == ["b", "c", "a"])
        #expect(try store.openingState(orNew: Comparison(), session: Session()).editing.comparison.id == "b")
        try store.saveField(.name, of: Product.fixture(id: "p", name: "oats", price: 2, quantity: 1, unit: .kilogram), in: "a")
        #expect(try store.summaries().map(\.id) == ["a", "b", "c"])
    }

    @Test func aDeletedComparisonComesBackWholeOnceAndOnTop() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let doomed = sampleComparison(), other = Comparison(title: "other")
        try store.save(doomed)
        try store.save(other)
        let deleted = try #require(try store.deleteComparison(doomed.id))
        #expect(deleted == doomed)
        #expect(try store.deleteComparison(doomed.id) == nil)   // gone already: nothing to bring back
        #expect(try store.restoreDeleted(deleted))
        #expect(try store.load(doomed.id) == doomed)
        #expect(try store.summaries().map(\.id) == [doomed.id, other.id])   // brought back is an edit
        // Saved again meanwhile (another session): what is there is kept.
        var changed = doomed
        changed.append(product("new", "1", "1", .gram))
        try store.save(changed)
        #expect(try !store.restoreDeleted(deleted))
        #expect(try store.load(doomed.id) == changed)
    }

    @Test func onlyABlankComparisonIsDiscarded() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let blank = Comparison(), titled = Comparison(title: "T"), withProduct = Comparison()
        try store.save([blank, titled, withProduct])
        try store.saveField(.price, of: product("", "1", nil, nil), in: withProduct.id)
        #expect(try store.deleteComparisonIfBlank(blank.id))
        #expect(try !store.deleteComparisonIfBlank(titled.id))
        #expect(try !store.deleteComparisonIfBlank(withProduct.id))
        #expect(try !store.deleteComparisonIfBlank(blank.id))
        #expect(Set(try store.summaries().map(\.id)) == [titled.id, withProduct.id])
    }

    /// A fresh file gets nothing saved by opening it: the new comparison is opened unsaved (made by its first write).
    @Test func openingAFreshFileSavesNothing() throws {
        let store = try ComparisonDatabase(path: folder.file("fresh.sqlite"))
        #expect(try store.openingState(orNew: Comparison(id: "new"), session: Session()).editing.comparison.id == "new")
        #expect(try store.summaries().isEmpty)
        // Once it holds comparisons, the most recently edited one opens and nothing is made.
        let later = Comparison(title: "later")
        try store.save(later)
        #expect(try store.openingState(orNew: Comparison(), session: Session()).editing.comparison.id == later.id)
        #expect(try store.summaries().count == 1)
    }

    /// A header saved for a comparison not saved yet makes it off the list (the comparison screen's first write);
    /// a list item starts at 1×; saving the header again keeps the count.
    @Test func aNewHeaderStartsOffTheListUnlessItIsAListItem() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        try store.saveHeader(of: Comparison(id: "compared", title: "Cereal"))
        try store.saveHeader(of: Comparison(id: "listed", title: "Milk"), listCountIfNew: 1)
        try store.changeListCount(of: "listed", by: 2)
        try store.saveHeader(of: Comparison(id: "listed", title: "Milk 1l"))
        let counts = Dictionary(uniqueKeysWithValues: try store.shoppingList().map { ($0.id.rawValue, $0.item.count) })
        #expect(counts == ["compared": 0, "listed": 3])
    }

    @Test func saveFieldUpsertsOneColumn() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let comparison = Comparison(title: "fields")
        try store.save(comparison)

        // A new product: every column is written.
        var item = product("new", "2.50", nil, nil)
        try store.saveField(.price, of: item, in: comparison.id)
        #expect(try store.load(comparison.id)?.products == [item])

        // An existing product: only the named column changes, even when the product passed has other values.
        var stale = item
        stale.name = "stale name"
        stale.quantity = decimal("500")
        try store.saveField(.quantity, of: stale, in: comparison.id)
        item.quantity = decimal("500")
        #expect(try store.load(comparison.id)?.products == [item])

        stale.unit = .gram
        try store.saveField(.unit, of: stale, in: comparison.id)
        item.unit = .gram
        stale.name = "final name"
        try store.saveField(.name, of: stale, in: comparison.id)
        item.name = "final name"
        #expect(try store.load(comparison.id)?.products == [item])

        // Clearing a field stores NULL.
        item.price = nil
        try store.saveField(.price, of: item, in: comparison.id)
        #expect(try store.load(comparison.id)?.products.first?.price == nil)

        // A new row goes after the comparison's last product, whichever place the session that typed it showed it at.
        let after = product("after", "1", nil, nil)
        try store.saveField(.price, of: after, in: comparison.id)
        #expect(try store.load(comparison.id)?.products.map(\.name) == ["final name", "after"])
    }

    @Test func theColumnTableCoversEveryFieldOnceAndReadsBadValuesAsUnset() throws {
        #expect(Set(ProductColumns.all.compactMap(\.datum.field)) == Set(ProductField.allCases))
        #expect(Set(ProductColumns.all.map(\.name)).count == ProductColumns.all.count)

        // Values another program (or a later per) wrote that this per can't read load as unset fields.
        let path = folder.file("per.sqlite")
        let comparison = Comparison(title: "odd values")
        do { try ComparisonDatabase(path: path).save(comparison) }
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.write { db in
                try db.execute(sql: """
                    INSERT INTO product (id, comparison_id, position, name, price, quantity, unit)
                    VALUES ('odd', ?, 0, x'FF', 'twelve', '1e999999', 'furlong 2')
                    """, arguments: [comparison.id.rawValue])
            }
        }
        let loaded = try #require(try ComparisonDatabase(path: path).load(comparison.id)?.products.first)
        #expect(loaded.id == ProductID("odd"))
        #expect(loaded.name == "" && loaded.price == nil && loaded.quantity == nil && loaded.unit == nil)
    }

    /// `6×330` typed in quantity: the shape is saved with the quantity (whole saves and single-field saves) and loaded back.
    @Test func aMultipacksShapeSurvivesSaveAndLoad() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let pack = Multipack(count: 6, size: 330)
        let drinks = Product.fixture(id: "drinks", price: decimal("4.99"), quantity: 1980, unit: .milliliter, pack: pack)
        let comparison = Comparison(title: "drinks", products: [drinks])
        try store.save(comparison)
        #expect(try store.load(comparison.id)?.products == [drinks])
        #expect(try store.load(comparison.id)?.products.first?.quantityText == "6×330")

        // A quantity saved again without a pack clears the shape; one saved with a pack writes it.
        var changed = drinks
        changed.quantity = 2000
        changed.pack = nil
        try store.saveField(.quantity, of: changed, in: comparison.id)
        #expect(try store.load(comparison.id)?.products == [changed])
        changed.quantity = 2400
        changed.pack = Multipack(count: 4, size: 600)
        try store.saveField(.quantity, of: changed, in: comparison.id)
        #expect(try store.load(comparison.id)?.products == [changed])
    }

    /// Ctrl-Y's save: a deleted product comes back in its place, the others keeping their order.
    @Test func aRestoredProductLandsInItsPlace() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let products = ["a", "b", "c", "d"].map { product($0, "1", "1", .kilogram) }
        let comparison = Comparison(title: "order", products: products)
        try store.save(comparison)
        try store.deleteProduct(products[1].id)
        try store.deleteProduct(products[0].id)
        #expect(try store.load(comparison.id)?.products.map(\.name) == ["c", "d"])
        try store.restoreProduct(products[0], in: comparison.id, position: 0)
        try store.restoreProduct(products[1], in: comparison.id, position: 1)
        #expect(try store.load(comparison.id)?.products == products)
        #expect(throws: DatabaseFailure.comparisonDeleted(id: "gone")) {
            try store.restoreProduct(products[0], in: "gone", position: 0)
        }
    }

    /// A database written before the multipack column (migration v1 only) opens, migrates, and keeps its products.
    @Test func aDatabaseFromBeforeTheMultipackColumnOpens() throws {
        let path = folder.file("old.sqlite")
        do {
            let queue = try DatabaseQueue(path: path)
            var v1 = DatabaseMigrator()
            v1.registerMigration("v1: comparisons and products") { db in
                try db.execute(sql: """
                    CREATE TABLE comparison (id TEXT NOT NULL PRIMARY KEY, title TEXT NOT NULL DEFAULT '', position INTEGER NOT NULL,
                        basis_amount TEXT, basis_unit TEXT, volume_system TEXT NOT NULL DEFAULT 'us',
                        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL);
                    CREATE INDEX comparison_by_position ON comparison(position);
                    CREATE INDEX comparison_by_updated_at ON comparison(updated_at);
                    CREATE TABLE product (id TEXT NOT NULL PRIMARY KEY,
                        comparison_id TEXT NOT NULL REFERENCES comparison(id) ON DELETE CASCADE, position INTEGER NOT NULL,
                        name TEXT NOT NULL DEFAULT '', price TEXT, quantity TEXT, unit TEXT);
                    CREATE INDEX product_by_comparison ON product(comparison_id, position);
                    PRAGMA application_id = \(Schema.applicationID);
                    """)
            }
            try v1.migrate(queue)
            try queue.write { db in
                try db.execute(sql: "INSERT INTO comparison (id, title, position, created_at, updated_at) VALUES ('old', 'cereal', 0, 1, 1)")
                try db.execute(sql: "INSERT INTO product (id, comparison_id, position, name, price, quantity, unit) VALUES ('p', 'old', 0, 'oats', '2.5', '500', 'g')")
            }
        }
        let store = try ComparisonDatabase(path: path)
        #expect(try store.load(ComparisonID("old"))?.products == [Product.fixture(id: "p", name: "oats", price: decimal("2.5"), quantity: 500, unit: .gram)])
        let product = Product.fixture(id: "p", name: "oats", price: decimal("2.5"), quantity: 1980, unit: .gram, pack: Multipack(count: 6, size: 330))
        try store.saveField(.quantity, of: product, in: ComparisonID("old"))
        #expect(try store.load(ComparisonID("old"))?.products == [product])
    }

    @Test func saveFieldIntoADeletedComparisonSaysSo() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let comparison = Comparison(title: "gone")
        try store.save(comparison)
        try store.deleteComparison(comparison.id)
        #expect(throws: DatabaseFailure.comparisonDeleted(id: comparison.id)) {
            try store.saveField(.price, of: product("x", "1", nil, nil), in: comparison.id)
        }
        #expect(try store.summaries().isEmpty)
    }

    @Test func mostRecentlyEditedFollowsEveryKindOfEdit() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let a = Comparison(title: "A"), b = Comparison(title: "B")
        try store.save(a)
        try store.save(b)
        #expect(try store.mostRecentlyEditedID() == b.id)
        try store.saveField(.price, of: product("p", "1", nil, nil), in: a.id)
        #expect(try store.mostRecentlyEditedID() == a.id)
        var header = b
        header.title = "B2"
        try store.saveHeader(of: header)
        #expect(try store.mostRecentlyEditedID() == b.id)
        #expect(try store.load(b.id)?.title == "B2")
        // Edits within one millisecond still order strictly.
        let times = try store.summaries().map(\.updatedAt)
        #expect(Set(times).count == times.count)
    }

    @Test func saveHeaderCreatesAMissingComparison() throws {
        let store = try ComparisonDatabase(path: folder.file("per.sqlite"))
        let comparison = Comparison(title: "header only", basis: ComparisonBasis(amount: 1, unit: .liter))
        try store.saveHeader(of: comparison)
        #expect(try store.load(comparison.id) == comparison)
    }

    @Test func changeCounterMovesWhenAnotherConnectionCommits() throws {
        let path = folder.file("per.sqlite")
        let mine = try ComparisonDatabase(path: path)
        let other = try ComparisonDatabase(path: path)
        let start = try mine.changeCounter()
        #expect(try mine.changeCounter() == start) // nothing happened

        try mine.save(Comparison(title: "mine"))
        #expect(try mine.changeCounter() == start) // own writes don't count

        try other.save(Comparison(title: "theirs"))
        let afterOther = try mine.changeCounter()
        #expect(afterOther != start)
        #expect(try mine.summaries().map(\.title) == ["theirs", "mine"])

        // A raw SQLite connection (as from another program) counts too.
        let raw = try DatabaseQueue(path: path)
        try raw.write { db in try db.execute(sql: "UPDATE comparison SET title = 'raw' WHERE title = 'mine'") }
        #expect(try mine.changeCounter() != afterOther)
    }

    @Test func aLockedDatabaseWaitsThenSaysSo() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path, busyTimeout: 0.3)
        let comparison = Comparison(title: "locked")
        try store.save(comparison)

        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let locker = try DatabaseQueue(path: path, configuration: configuration)
        try locker.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        #expect(throws: DatabaseFailure.locked(path: path)) { try store.renameComparison(comparison.id, to: "x") }
        #expect(DatabaseFailure.locked(path: path).message.contains("locked"))
        // Readers are not blocked by a writer in WAL mode.
        #expect(try store.load(comparison.id)?.title == "locked")

        // Released within the timeout: the write waits and goes through (the timeout is generous, so no timing matters).
        // The lock is released once the write has begun its transaction, which waits for the lock.
        let patient = try ComparisonDatabase(path: path, busyTimeout: 60)
        let writing = DispatchSemaphore(value: 0)
        patient.queue.inDatabase { db in
            db.trace(options: .statement) { event in if event.description.hasPrefix("BEGIN") { writing.signal() } }
        }
        let release = Thread {
            writing.wait()
            try? locker.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
        }
        release.start()
        try patient.renameComparison(comparison.id, to: "waited")
        #expect(try store.load(comparison.id)?.title == "waited")
    }

    @Test func resolvesThePathLikeTheDesignSays() {
        let env = ["HOME": "/home/ann", "XDG_DATA_HOME": "/data", "PER_DB": "/env/per.sqlite"]
        #expect(ComparisonDatabase.resolvePath(option: "/opt/x.sqlite", environment: env) == "/opt/x.sqlite")
        #expect(ComparisonDatabase.resolvePath(option: nil, environment: env) == "/env/per.sqlite")
        #expect(ComparisonDatabase.resolvePath(option: nil, environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "/data"]) == "/data/per/per.sqlite")
        #expect(ComparisonDatabase.resolvePath(option: nil, environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "relative"]) == "/home/ann/.local/share/per/per.sqlite")
        #expect(ComparisonDatabase.resolvePath(option: nil, environment: ["HOME": "/home/ann"]) == "/home/ann/.local/share/per/per.sqlite")
        #expect(ComparisonDatabase.resolvePath(option: "~/x.sqlite", environment: env) == "/home/ann/x.sqlite")
    }
}

private final class OpenedIDs: @unchecked Sendable {
    private let lock = NSLock()
    private var set = Set<ComparisonID?>()
    func add(_ id: ComparisonID?) { lock.withLock { _ = set.insert(id) } }
    var ids: [ComparisonID?] { lock.withLock { Array(set) } }
}
