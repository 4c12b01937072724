import Foundation
import GRDB
import PerCore
@testable import PerDatabase
import Testing
import TestSupport

/// Released migrations never change (decision 225): databases made by a released per ran them as they were.
@Suite struct MigrationFreezeTests {
    /// Each released migration's SQL, by its FNV-1a hash, with the release it came with. A migration not released yet
    /// is added here when it is written; once its release is cut (a tag), its line never changes.
    static let frozen: [(identifier: String, release: String, hash: String)] = [
        ("v1: comparisons and products", "0.2.0", "cb1ffb9bc96856f9"),
        ("v2: the shape of a multipack quantity", "0.2.0", "303518e2b636d43b"),
        ("v3: stores, seen dates, price history", "0.2.0", "36279f3e9349fd9a"),
        ("shopping list: count, in cart and pinned product of each comparison", "0.2.0", "9bc5ad31ed779455"),
        ("shopping list: the aisle order of each store's items", "0.2.0", "5274e0cf4558661c"),
        ("recovery files imported", "0.2.0", "781966ce35eaddc0"),
        ("deleted comparisons kept whole for undo", "0.2.0", "2af8e074d00ea674"),
        ("the database's own id, named by its recovery files", "0.2.0", "11549bee4fbe29e9"),
        ("when each product field and comparison was edited, for recovery files", "0.2.0", "2bac0f8693680aaf"),
        ("changes made once, files said once, and the release of each migration", "0.3.0", "bb88b6a00bc32007"),
        ("the deposit on a pack", "0.3.0", "c8a58238e9e6e032"),
        ("a copy for the road and its changes, and when each tick was set", "0.3.0", "d6aa06c0a4a8231e"),
        ("the amount a list count means", "0.3.0", "6f2a98a25e5f1025"),
        ("deals and member prices", "0.3.0", "7a1d036f05ac52f8"),
        ("the uses of a product", "0.3.0", "7cc04f339a30ec7e"),
    ]

    static func fnv1a(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 16)
    }

    @Test func aReleasedMigrationsTextNeverChanges() {
        let now = Schema.migrations.map { ($0.identifier, $0.release, Self.fnv1a($0.sql)) }
        for (index, migration) in now.enumerated() {
            guard index < Self.frozen.count else {
                Issue.record("a new migration \(migration.0) (\(migration.1), \(migration.2)): add it to MigrationFreezeTests.frozen")
                continue
            }
            let frozen = Self.frozen[index]
            #expect(migration.0 == frozen.identifier, "migration \(index + 1) is named differently: migrations are only ever added at the end")
            #expect(migration.1 == frozen.release)
            #expect(migration.2 == frozen.hash, "the SQL of \(frozen.identifier) (\(frozen.release)) changed: write a new migration instead")
        }
        #expect(now.count >= Self.frozen.count, "a migration was removed")
    }

    /// The release each migration names is recorded in the database by the migration that introduced the table, and by
    /// each one after it: an older per reads it to say which per a database needs.
    @Test func everyMigrationsReleaseIsRecorded() throws {
        let folder = TemporaryFolder()
        let database = try ComparisonDatabase(path: folder.file("x.sqlite"))
        let recorded = try database.queue.read { db in
            try Row.fetchAll(db, sql: "SELECT migration, release FROM schema_release").map { [$0[0] as String, $0[1] as String] }
        }
        #expect(Set(recorded) == Set(Schema.migrations.map { [$0.identifier, $0.release] }))
    }

    /// A field added later gets its `<field>_at` columns from its own migration: written out, they add to a database
    /// made by every earlier migration and to a new one alike (migration 8 once made one for each field there was, so
    /// a new field's column could be added in neither way).
    @Test func aNewFieldsColumnsAddToEveryEarlierDatabase() throws {
        let folder = TemporaryFolder()
        let throwaway = """
            ALTER TABLE product ADD COLUMN throwaway TEXT;
            ALTER TABLE product ADD COLUMN throwaway_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE deleted_product ADD COLUMN throwaway TEXT;
            ALTER TABLE deleted_product ADD COLUMN throwaway_at INTEGER NOT NULL DEFAULT 0;
            """
        for upTo in [8, Schema.migrations.count] {
            let queue = try DatabaseQueue(path: folder.file("upTo\(upTo).sqlite"))
            var earlier = DatabaseMigrator()
            for migration in Schema.migrations.prefix(upTo) {
                earlier.registerMigration(migration.identifier) { try $0.execute(sql: migration.sql, arguments: migration.arguments()) }
            }
            try earlier.migrate(queue)
            var later = earlier
            later.registerMigration("throwaway: a field no product has") { try $0.execute(sql: throwaway) }
            try later.migrate(queue)
            let columns = try queue.read { try $0.columns(in: "product").map(\.name) }
            #expect(columns.suffix(2) == ["throwaway", "throwaway_at"])
        }
    }

    /// A database a newer per migrated is refused byte for byte, naming the release it needs and this per's (decision 226).
    @Test func aNewerPersDatabaseIsRefusedNamingBothReleases() throws {
        let folder = TemporaryFolder()
        let path = folder.file("newer.sqlite")
        do { _ = try ComparisonDatabase(path: path) }
        do {
            let queue = try DatabaseQueue(path: path)
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: """
                    INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future'), ('v98: also');
                    INSERT INTO schema_release (migration, release) VALUES ('v99: from the future', '0.10.1'), ('v98: also', '0.9.0');
                    """)
            }
        }
        backdate(path)
        let before = FileSnapshot(path)
        #expect(throws: DatabaseFailure.cannotOpen(path: path, reason: "it was written by per 0.10.1, and this per reads databases up to per "
                                                   + "\(Schema.release)'s; it was left untouched: update per to open it")) {
            try ComparisonDatabase(path: path)
        }
        #expect(FileSnapshot(path) == before)
    }
}
