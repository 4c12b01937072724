import Foundation
import GRDB
import PerCore

/// Comparisons deleted in the last days, kept whole in tables of their own (`deleted_comparison`,
/// `deleted_product`, `deleted_price_history`: the same columns, and when it was deleted): the header with its list
/// state (count, tick, pin, aisle), the products and the price history. Ctrl-Y, or another session still editing
/// one and saving it again, brings it back as it was instead of as a new comparison with none of that. Reads never
/// see them: the live tables hold only what is not deleted.
enum DeletedComparisons {
    /// How long a deleted comparison can come back (the undo window across sessions and restarts).
    static let keptDays: Int64 = 30

    private static let tables = [("comparison", "deleted_comparison", "id"), ("product", "deleted_product", "comparison_id"),
                                 ("price_history", "deleted_price_history", "comparison_id")]

    /// Copies comparison `id` (with its products and history) into the deleted tables, replacing an older copy,
    /// before it is deleted; copies deleted longer ago than `keptDays` go.
    static func keep(_ id: ComparisonID, _ db: Database) throws {
        let now = ComparisonDatabase.nowMilliseconds()
        let expired = try String.fetchAll(db, sql: "SELECT id FROM deleted_comparison WHERE deleted_at < ?",
                                          arguments: [now - keptDays * 86_400_000])
        for old in expired { try forget(ComparisonID(old), db) }
        try forget(id, db)
        for (live, deleted, key) in tables {
            let columns = try sharedColumns(live, deleted, db).joined(separator: ", ")
            let stamp = live == "comparison" ? ", deleted_at" : ""
            try db.execute(sql: "INSERT INTO \(deleted) (\(columns)\(stamp)) SELECT \(columns)\(stamp.isEmpty ? "" : ", ?1") FROM \(live) WHERE \(key) = ?2",
                           arguments: [now, id.rawValue])
        }
    }

    /// Puts comparison `id` back from the deleted tables, as it was (the history after any recorded since, in its
    /// own order); false when none is kept. Its row must not exist.
    static func bringBack(_ id: ComparisonID, _ db: Database) throws -> Bool {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM deleted_comparison WHERE id = ?", arguments: [id.rawValue]) == true else { return false }
        for (live, deleted, key) in tables {
            // The history's own ids are left to SQLite: others may have been given out since.
            let columns = try sharedColumns(live, deleted, db).filter { !(live == "price_history" && $0 == "id") }.joined(separator: ", ")
            try db.execute(sql: "INSERT OR IGNORE INTO \(live) (\(columns)) SELECT \(columns) FROM \(deleted) WHERE \(key) = ? ORDER BY rowid",
                           arguments: [id.rawValue])
        }
        try forget(id, db)
        return true
    }

    private static func forget(_ id: ComparisonID, _ db: Database) throws {
        for (_, deleted, key) in tables { try db.execute(sql: "DELETE FROM \(deleted) WHERE \(key) = ?", arguments: [id.rawValue]) }
    }

    /// The live table's columns that the deleted one has too (a later migration that adds a column to one adds it to
    /// both; one that did not would lose only that column's value).
    private static func sharedColumns(_ live: String, _ deleted: String, _ db: Database) throws -> [String] {
        let kept = Set(try db.columns(in: deleted).map(\.name))
        return try db.columns(in: live).map(\.name).filter(kept.contains)
    }
}
