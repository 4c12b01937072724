import GRDB
import PerCore

/// The database schema, built by migrations from the first version on.
enum Schema {
    /// `PRAGMA application_id` of a per database: "PER!" in ASCII. Set by the first migration.
    static let applicationID: Int32 = 0x5045_5221

    /// A step of the schema, as SQL text written out in full: once released, a migration never changes (a new
    /// column, table or field is a new migration at the end), because databases made by the released per have run
    /// it as it was. `MigrationFreezeTests` holds each released migration's text hash and fails when one changes.
    struct Migration: Sendable {
        let identifier: String
        /// The first release of per that has it (what an older per names when it finds it: `newerRelease`).
        let release: String
        let sql: String
        /// Values for the SQL's named parameters, made when the migration runs (a random id).
        var arguments: @Sendable () -> StatementArguments = { [:] }
    }

    /// The release whose schema this per writes: the newest migration's.
    static var release: String { migrations[migrations.count - 1].release }

    /// The migrations, in order.
    static let migrations: [Migration] = [
        Migration(identifier: "v1: comparisons and products", release: "0.2.0", sql: """
            CREATE TABLE comparison (
                id TEXT NOT NULL PRIMARY KEY,
                title TEXT NOT NULL DEFAULT '',
                position INTEGER NOT NULL,
                basis_amount TEXT CHECK (basis_amount IS NULL OR typeof(basis_amount) = 'text'),
                basis_unit TEXT,
                volume_system TEXT NOT NULL DEFAULT 'us',
                created_at INTEGER NOT NULL,  -- milliseconds since 1970
                updated_at INTEGER NOT NULL,  -- milliseconds since 1970, strictly increasing over the file
                CHECK ((basis_amount IS NULL) = (basis_unit IS NULL))
            );
            CREATE INDEX comparison_by_position ON comparison(position);
            CREATE INDEX comparison_by_updated_at ON comparison(updated_at);
            CREATE TABLE product (
                id TEXT NOT NULL PRIMARY KEY,
                comparison_id TEXT NOT NULL REFERENCES comparison(id) ON DELETE CASCADE,
                position INTEGER NOT NULL,
                name TEXT NOT NULL DEFAULT '',
                price TEXT CHECK (price IS NULL OR typeof(price) = 'text'),
                quantity TEXT CHECK (quantity IS NULL OR typeof(quantity) = 'text'),
                unit TEXT
            );
            CREATE INDEX product_by_comparison ON product(comparison_id, position);
            PRAGMA application_id = 1346720289;
            """),
        // `6*330` when the quantity (1980) was typed as a multipack; NULL otherwise and in older databases.
        Migration(identifier: "v2: the shape of a multipack quantity", release: "0.2.0", sql: """
            ALTER TABLE product ADD COLUMN quantity_pack TEXT
            """),
        // A product's store ('' for none) and the day its price was seen (ISO text, NULL: not known, as for every
        // product saved before this version; whether the day exists is checked when it is read). The history keeps
        // a product's earlier complete prices (price, quantity and unit all set) with their store and day; it
        // outlives the product (no reference to it) but not the comparison (its price book goes with it).
        Migration(identifier: "v3: stores, seen dates, price history", release: "0.2.0", sql: """
            ALTER TABLE product ADD COLUMN store TEXT NOT NULL DEFAULT '';
            ALTER TABLE product ADD COLUMN seen TEXT CHECK (seen IS NULL OR (typeof(seen) = 'text' AND seen GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'));
            CREATE TABLE price_history (
                id INTEGER PRIMARY KEY,  -- the order prices were recorded in
                comparison_id TEXT NOT NULL REFERENCES comparison(id) ON DELETE CASCADE,
                product_id TEXT NOT NULL,
                name TEXT NOT NULL DEFAULT '',
                store TEXT NOT NULL DEFAULT '',
                seen TEXT CHECK (seen IS NULL OR (typeof(seen) = 'text' AND seen GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')),
                price TEXT NOT NULL CHECK (typeof(price) = 'text'),
                quantity TEXT NOT NULL CHECK (typeof(quantity) = 'text'),
                unit TEXT NOT NULL
            );
            CREATE INDEX price_history_by_comparison ON price_history(comparison_id, id);
            """),
        // Every comparison is an item of the list, counted once; 0 takes it off the list. `pinned_product` is a
        // product id without a foreign key: a deleted product unpins by not being found.
        Migration(identifier: "shopping list: count, in cart and pinned product of each comparison", release: "0.2.0", sql: """
            ALTER TABLE comparison ADD COLUMN list_count INTEGER NOT NULL DEFAULT 1 CHECK (list_count BETWEEN 0 AND 999);
            ALTER TABLE comparison ADD COLUMN in_cart INTEGER NOT NULL DEFAULT 0 CHECK (in_cart IN (0, 1));
            ALTER TABLE comparison ADD COLUMN pinned_product TEXT;
            """),
        // 0: not placed yet (every comparison before this version); `[` `]` number a store's items 1, 2….
        Migration(identifier: "shopping list: the aisle order of each store's items", release: "0.2.0", sql: """
            ALTER TABLE comparison ADD COLUMN aisle INTEGER NOT NULL DEFAULT 0 CHECK (aisle >= 0)
            """),
        // The id of each recovery file `per import` made the changes of, so a second import of it changes nothing.
        Migration(identifier: "recovery files imported", release: "0.2.0", sql: """
            CREATE TABLE applied_recovery (
                id TEXT NOT NULL PRIMARY KEY,
                applied_at INTEGER NOT NULL  -- milliseconds since 1970
            )
            """),
        // DeletedComparisons: the deleted tables, made from the live ones' columns as they were then.
        Migration(identifier: "deleted comparisons kept whole for undo", release: "0.2.0", sql: """
            CREATE TABLE deleted_comparison AS SELECT * FROM comparison WHERE 0;
            ALTER TABLE deleted_comparison ADD COLUMN deleted_at INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX deleted_comparison_by_id ON deleted_comparison(id);
            CREATE TABLE deleted_product AS SELECT * FROM product WHERE 0;
            CREATE INDEX deleted_product_by_comparison ON deleted_product(comparison_id);
            CREATE TABLE deleted_price_history AS SELECT * FROM price_history WHERE 0;
            CREATE INDEX deleted_price_history_by_comparison ON deleted_price_history(comparison_id);
            """),
        // One row: a random id made with the database, which a recovery file names so that it is not imported into
        // another database by mistake (`ComparisonDatabase.identity`). A copy of the file (a backup) shares it.
        Migration(identifier: "the database's own id, named by its recovery files", release: "0.2.0", sql: """
            CREATE TABLE database_identity (id TEXT NOT NULL PRIMARY KEY);
            INSERT INTO database_identity (id) VALUES (:id)
            """, arguments: { ["id": EntityID.random().rawValue] }),
        // When each field of a product was last edited, and when its comparison was (milliseconds since 1970, by the
        // clock of the session that made the change; 0: not known, saved before this version). A recovery file's
        // change older than these is not made (`importRecovery`). Unlike `updated_at` (an order of edits, kept
        // increasing), `edited_at` is the time of the change itself; it starts as `updated_at`. The deleted tables
        // get the same columns (DeletedComparisons: what one has, the other has). A field added later adds its
        // `<field>_at` columns in its own migration.
        Migration(identifier: "when each product field and comparison was edited, for recovery files", release: "0.2.0", sql: """
            ALTER TABLE product ADD COLUMN price_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE product ADD COLUMN quantity_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE product ADD COLUMN unit_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE product ADD COLUMN name_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE product ADD COLUMN shop_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE deleted_product ADD COLUMN price_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE deleted_product ADD COLUMN quantity_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE deleted_product ADD COLUMN unit_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE deleted_product ADD COLUMN name_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE deleted_product ADD COLUMN shop_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE comparison ADD COLUMN edited_at INTEGER NOT NULL DEFAULT 0;
            UPDATE comparison SET edited_at = updated_at;
            ALTER TABLE deleted_comparison ADD COLUMN edited_at INTEGER NOT NULL DEFAULT 0;
            UPDATE deleted_comparison SET edited_at = updated_at;
            """),
        // The id of every queued change made from a file that may be replayed (a waiting file, a recovery file), in
        // the transaction that makes it: a replay skips a change whose id is here, whoever replays it, so a kill
        // between the commit and the file's rewrite never makes a change twice (a count, an aisle move). The waiting
        // files left alone (another account's, another database's), as they were when said, so each is said once. The
        // release each migration came with, so that an older per finding one it does not know can name the release
        // it needs (`newerRelease`): every later migration adds its own row.
        Migration(identifier: "changes made once, files said once, and the release of each migration", release: "0.3.0", sql: """
            CREATE TABLE applied_change (
                id TEXT NOT NULL PRIMARY KEY,
                applied_at INTEGER NOT NULL  -- milliseconds since 1970
            );
            CREATE TABLE noted_file (
                path TEXT NOT NULL PRIMARY KEY,
                noted TEXT NOT NULL  -- the file as it was when said: device, inode, size, modification time
            );
            CREATE TABLE schema_release (
                migration TEXT NOT NULL PRIMARY KEY,
                release TEXT NOT NULL
            );
            INSERT INTO schema_release (migration, release) VALUES
                ('v1: comparisons and products', '0.2.0'),
                ('v2: the shape of a multipack quantity', '0.2.0'),
                ('v3: stores, seen dates, price history', '0.2.0'),
                ('shopping list: count, in cart and pinned product of each comparison', '0.2.0'),
                ('shopping list: the aisle order of each store''s items', '0.2.0'),
                ('recovery files imported', '0.2.0'),
                ('deleted comparisons kept whole for undo', '0.2.0'),
                ('the database''s own id, named by its recovery files', '0.2.0'),
                ('when each product field and comparison was edited, for recovery files', '0.2.0'),
                ('changes made once, files said once, and the release of each migration', '0.3.0');
            """),
        // The deposit on one pack (decimal text, NULL: none; never part of the unit price, so not of a price seen: the
        // history keeps no column of it) and when it was edited, in the live and the deleted products.
        Migration(identifier: "the deposit on a pack", release: "0.3.0", sql: """
            ALTER TABLE product ADD COLUMN deposit TEXT CHECK (deposit IS NULL OR typeof(deposit) = 'text');
            ALTER TABLE product ADD COLUMN deposit_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE deleted_product ADD COLUMN deposit TEXT CHECK (deposit IS NULL OR typeof(deposit) = 'text');
            ALTER TABLE deleted_product ADD COLUMN deposit_at INTEGER NOT NULL DEFAULT 0;
            INSERT INTO schema_release (migration, release) VALUES ('the deposit on a pack', '0.3.0');
            """),
        // A copy for the road (`per copy`): the database it was taken from and when (one row, only in a copy), and every
        // change made on the copy, in order, as a recovery file's line (`RecoveryJournal.line`), so that `per import
        // COPY` makes them at home with recovery's own rules, once each. When a list item was last ticked or unticked
        // (milliseconds since 1970; 0: not known), so that a tick and an untick made on the two sides are told apart.
        Migration(identifier: "a copy for the road and its changes, and when each tick was set", release: "0.3.0", sql: """
            CREATE TABLE copy_of (
                one INTEGER NOT NULL PRIMARY KEY CHECK (one = 1),
                home TEXT NOT NULL,  -- database_identity of the database the copy was taken from
                taken_at INTEGER NOT NULL,  -- milliseconds since 1970
                history_base INTEGER NOT NULL  -- the largest price_history id when taken: a larger one is the copy's own
            );
            CREATE TABLE copy_change (
                seq INTEGER NOT NULL PRIMARY KEY,
                id TEXT NOT NULL UNIQUE,
                line TEXT NOT NULL  -- the change as a recovery file holds it, its time and id included
            );
            ALTER TABLE comparison ADD COLUMN in_cart_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE deleted_comparison ADD COLUMN in_cart_at INTEGER NOT NULL DEFAULT 0;
            INSERT INTO schema_release (migration, release) VALUES ('a copy for the road and its changes, and when each tick was set', '0.3.0');
            """),
        // What a list count means (DECISIONS 344): the amount asked, count × the pack it was set on, as decimal text in
        // the unit it was set in (`1000`, `g`); both NULL: none known, the count is packs of the product to buy (every
        // count saved before this version, which so means what it meant). The deleted comparisons keep it too.
        Migration(identifier: "the amount a list count means", release: "0.3.0", sql: """
            ALTER TABLE comparison ADD COLUMN list_amount TEXT CHECK (list_amount IS NULL OR typeof(list_amount) = 'text');
            ALTER TABLE comparison ADD COLUMN list_unit TEXT CHECK (list_unit IS NULL OR typeof(list_unit) = 'text');
            ALTER TABLE deleted_comparison ADD COLUMN list_amount TEXT CHECK (list_amount IS NULL OR typeof(list_amount) = 'text');
            ALTER TABLE deleted_comparison ADD COLUMN list_unit TEXT CHECK (list_unit IS NULL OR typeof(list_unit) = 'text');
            INSERT INTO schema_release (migration, release) VALUES ('the amount a list count means', '0.3.0');
            """),
        // An offer beside the shelf price (`Deal.text`: `2 for 3.00`, `Clubcard 1.50 until 2026-12-31`; NULL: none) and
        // when it was edited, in the live and the deleted products; the price book's kind of each price seen (`deal`:
        // the offer it was seen at, NULL: the shelf price), in the live and the deleted history (decision 290).
        Migration(identifier: "deals and member prices", release: "0.3.0", sql: """
            ALTER TABLE product ADD COLUMN deal TEXT CHECK (deal IS NULL OR typeof(deal) = 'text');
            ALTER TABLE product ADD COLUMN deal_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE deleted_product ADD COLUMN deal TEXT CHECK (deal IS NULL OR typeof(deal) = 'text');
            ALTER TABLE deleted_product ADD COLUMN deal_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE price_history ADD COLUMN deal TEXT CHECK (deal IS NULL OR typeof(deal) = 'text');
            ALTER TABLE deleted_price_history ADD COLUMN deal TEXT CHECK (deal IS NULL OR typeof(deal) = 'text');
            INSERT INTO schema_release (migration, release) VALUES ('deals and member prices', '0.3.0');
            """),
        // How many uses a product holds (`Uses.text`: `50 washes`; NULL: not said) and when they were edited, in the live
        // and the deleted products (decision 308). A comparison by use keeps `use:wash` in `basis_unit` (decision 304).
        Migration(identifier: "the uses of a product", release: "0.3.0", sql: """
            ALTER TABLE product ADD COLUMN uses TEXT CHECK (uses IS NULL OR typeof(uses) = 'text');
            ALTER TABLE product ADD COLUMN uses_at INTEGER NOT NULL DEFAULT 0;
            ALTER TABLE deleted_product ADD COLUMN uses TEXT CHECK (uses IS NULL OR typeof(uses) = 'text');
            ALTER TABLE deleted_product ADD COLUMN uses_at INTEGER NOT NULL DEFAULT 0;
            INSERT INTO schema_release (migration, release) VALUES ('the uses of a product', '0.3.0');
            """),
    ]

    /// The migrations' identifiers, in order: what a database's `grdb_migrations` holds when it is this per's. The
    /// app's first read compares them without building the migrator, whose closures cost a tenth of a millisecond.
    static let migrationIdentifiers = migrations.map(\.identifier)

    /// The columns `product` (and `deleted_product`) stamps its fields' edits in: `price_at`, `quantity_at`, `unit_at`,
    /// `name_at`, `shop_at`, milliseconds since 1970 (0: not known). Each is made by the migration that adds its field.
    static func editedAt(_ field: ProductField) -> String { "\(field.rawValue)_at" }

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        for migration in migrations {
            migrator.registerMigration(migration.identifier) { db in
                try db.execute(sql: migration.sql, arguments: migration.arguments())
            }
        }
        return migrator
    }()

    /// The newest release named by the migrations `db` has that this per does not know (nil: none named; a database of
    /// 0.2.0's time, or one whose table was lost).
    static func newerRelease(_ db: Database) throws -> String? {
        guard try db.tableExists("schema_release") else { return nil }
        let known = Set(migrationIdentifiers)
        let releases = try Row.fetchAll(db, sql: "SELECT migration, release FROM schema_release")
            .compactMap { row -> String? in known.contains(row[0] as String? ?? "") ? nil : row[1] }
        return releases.max { ReleaseNumber($0) < ReleaseNumber($1) }
    }
}

/// A release's number (`0.3.0`) compared part by part, as numbers: 0.10.0 is newer than 0.9.0.
struct ReleaseNumber: Comparable {
    let parts: [Int]
    init(_ text: String) { parts = text.split(separator: ".").map { Int($0) ?? 0 } }
    static func < (a: ReleaseNumber, b: ReleaseNumber) -> Bool { a.parts.lexicographicallyPrecedes(b.parts) }
}
