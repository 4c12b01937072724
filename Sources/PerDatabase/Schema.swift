import GRDB
import PerCore

/// The database schema, built by migrations from the first version on.
enum Schema {
    /// `PRAGMA application_id` of a per database: "PER!" in ASCII. Set by the first migration.
    static let applicationID: Int32 = 0x5045_5221

    /// The migrations' identifiers, in order (a test checks them against the migrator's): what a database's
    /// `grdb_migrations` holds when it is this per's. The app's first read compares them without building the
    /// migrator, whose closures cost a tenth of a millisecond to set up.
    static let migrationIdentifiers = [
        "v1: comparisons and products",
        "v2: the shape of a multipack quantity",
        "v3: stores, seen dates, price history",
        "shopping list: count, in cart and pinned product of each comparison",
        "shopping list: the aisle order of each store's items",
        "recovery files imported",
        "deleted comparisons kept whole for undo",
        "the database's own id, named by its recovery files",
        "when each product field and comparison was edited, for recovery files",
    ]

    /// The columns `product` (and `deleted_product`) stamps its fields' edits in: `price_at`, `quantity_at`, `unit_at`,
    /// `name_at`, `shop_at`, milliseconds since 1970 (0: not known).
    static func editedAt(_ field: ProductField) -> String { "\(field.rawValue)_at" }

    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(migrationIdentifiers[0]) { db in
            // Prices, quantities and basis amounts are decimal text (DecimalText), never REAL.
            try db.execute(sql: """
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
                PRAGMA application_id = \(applicationID);
                """)
        }
        migrator.registerMigration(migrationIdentifiers[1]) { db in
            // `6*330` when the quantity (1980) was typed as a multipack; NULL otherwise and in older databases.
            try db.execute(sql: "ALTER TABLE product ADD COLUMN quantity_pack TEXT")
        }
        migrator.registerMigration(migrationIdentifiers[2]) { db in
            // A product's store ('' for none) and the day its price was seen (ISO text, NULL: not known, as for
            // every product saved before this version). The history keeps a product's earlier complete prices
            // (price, quantity and unit all set) with their store and day; it outlives the product (no reference
            // to it) but not the comparison (its price book goes with it).
            try db.execute(sql: """
                ALTER TABLE product ADD COLUMN store TEXT NOT NULL DEFAULT '';
                ALTER TABLE product ADD COLUMN seen TEXT CHECK (\(isoDayCheck("seen")));
                CREATE TABLE price_history (
                    id INTEGER PRIMARY KEY,  -- the order prices were recorded in
                    comparison_id TEXT NOT NULL REFERENCES comparison(id) ON DELETE CASCADE,
                    product_id TEXT NOT NULL,
                    name TEXT NOT NULL DEFAULT '',
                    store TEXT NOT NULL DEFAULT '',
                    seen TEXT CHECK (\(isoDayCheck("seen"))),
                    price TEXT NOT NULL CHECK (typeof(price) = 'text'),
                    quantity TEXT NOT NULL CHECK (typeof(quantity) = 'text'),
                    unit TEXT NOT NULL
                );
                CREATE INDEX price_history_by_comparison ON price_history(comparison_id, id);
                """)
        }
        // Keep this step last: the shopping list (branch trip).
        migrator.registerMigration(migrationIdentifiers[3]) { db in
            // Every comparison is an item of the list, counted once; 0 takes it off the list. `pinned_product` is a
            // product id without a foreign key: a deleted product unpins by not being found.
            try db.execute(sql: """
                ALTER TABLE comparison ADD COLUMN list_count INTEGER NOT NULL DEFAULT 1 CHECK (list_count BETWEEN 0 AND 999);
                ALTER TABLE comparison ADD COLUMN in_cart INTEGER NOT NULL DEFAULT 0 CHECK (in_cart IN (0, 1));
                ALTER TABLE comparison ADD COLUMN pinned_product TEXT;
                """)
        }
        // Keep this step last, after the shopping list's (branch aisles).
        migrator.registerMigration(migrationIdentifiers[4]) { db in
            // 0: not placed yet (every comparison before this version); `[` `]` number a store's items 1, 2….
            try db.execute(sql: "ALTER TABLE comparison ADD COLUMN aisle INTEGER NOT NULL DEFAULT 0 CHECK (aisle >= 0)")
        }
        migrator.registerMigration(migrationIdentifiers[5]) { db in
            // The id of each recovery file `per import` made the changes of, so a second import of it changes nothing.
            try db.execute(sql: """
                CREATE TABLE applied_recovery (
                    id TEXT NOT NULL PRIMARY KEY,
                    applied_at INTEGER NOT NULL  -- milliseconds since 1970
                )
                """)
        }
        migrator.registerMigration(migrationIdentifiers[6]) { db in
            try db.execute(sql: DeletedComparisons.migration)
        }
        migrator.registerMigration(migrationIdentifiers[7]) { db in
            // One row: a random id made with the database, which a recovery file names so that it is not imported into
            // another database by mistake (`ComparisonDatabase.identity`). A copy of the file (a backup) shares it.
            try db.execute(sql: "CREATE TABLE database_identity (id TEXT NOT NULL PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO database_identity (id) VALUES (?)", arguments: [EntityID.random().rawValue])
        }
        migrator.registerMigration(migrationIdentifiers[8]) { db in
            // When each field of a product was last edited, and when its comparison was (milliseconds since 1970, by the
            // clock of the session that made the change; 0: not known, saved before this version). A recovery file's
            // change older than these is not made (`importRecovery`). Unlike `updated_at` (an order of edits, kept
            // increasing), `edited_at` is the time of the change itself; it starts as `updated_at`.
            // The deleted tables get the same columns (DeletedComparisons: what one has, the other has).
            for table in ["product", "deleted_product"] {
                for field in ProductField.allCases {
                    try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN \(editedAt(field)) INTEGER NOT NULL DEFAULT 0")
                }
            }
            for table in ["comparison", "deleted_comparison"] {
                try db.execute(sql: "ALTER TABLE \(table) ADD COLUMN edited_at INTEGER NOT NULL DEFAULT 0")
                try db.execute(sql: "UPDATE \(table) SET edited_at = updated_at")
            }
        }
        return migrator
    }()

    /// NULL or text shaped like an ISO day (`2026-11-22`); whether the day exists is checked when it is read.
    private static func isoDayCheck(_ column: String) -> String {
        "\(column) IS NULL OR (typeof(\(column)) = 'text' AND \(column) GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]')"
    }
}
