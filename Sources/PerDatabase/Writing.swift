import Foundation
import GRDB
import PerCore

// Writes: whole comparisons (import is one of them), headers, single fields, deletions and the list's order.
extension ComparisonDatabase {
    /// Saves a whole comparison: header and every product with its position, created or replaced.
    /// Products saved earlier that are no longer in it are deleted. A new comparison goes to the end of the list.
    /// A comparison made here goes on the list `listCountIfNew` times (a saved one keeps its count).
    public func save(_ comparison: Comparison, listCountIfNew: Int = 1) throws(DatabaseFailure) {
        try save([comparison], listCountIfNew: listCountIfNew)
    }

    /// Saves several whole comparisons in one transaction: all of them or none.
    public func save(_ comparisons: [Comparison], listCountIfNew: Int = 1) throws(DatabaseFailure) {
        try write { db in
            let at = editTime
            for comparison in comparisons { try Self.save(comparison, listCountIfNew: listCountIfNew, at: at, db) }
        }
    }

    /// A comparison deleted meanwhile (in another session) comes back first, with its list state and history.
    /// Its products must be of one family of units (`.mixedFamilies` otherwise).
    private static func save(_ comparison: Comparison, listCountIfNew: Int, at: Int64, _ db: Database) throws {
        if try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [comparison.id.rawValue]) != true {
            _ = try DeletedComparisons.bringBack(comparison.id, db)
        }
        try upsertHeader(comparison, listCountIfNew: listCountIfNew, at: at, db)
        let id = comparison.id.rawValue
        let keep = Set(comparison.products.map(\.id.rawValue))
        for old in try String.fetchAll(db, sql: "SELECT id FROM product WHERE comparison_id = ?", arguments: [id]) where !keep.contains(old) {
            try db.execute(sql: "DELETE FROM product WHERE id = ?", arguments: [old])
        }
        let statement = try db.cachedStatement(sql: ProductColumns.upsertWhole)
        let pricing: [ProductField] = [.price, .quantity, .unit]
        let record = try db.cachedStatement(sql: ProductColumns.recordHistory(changing: pricing))
        for (position, product) in comparison.products.enumerated() {
            try record.execute(arguments: ProductColumns.historyArguments(product, changing: pricing))
            try statement.execute(arguments: ProductColumns.arguments(product, comparison: comparison.id, position: position))
        }
        try db.cachedStatement(sql: stampEveryField(where: "comparison_id = ?2")).execute(arguments: [at, id])
        try checkFamilies(of: comparison.id, db)
    }

    /// Saves title, chosen basis and volume system (creating the comparison, without products, if it is not saved).
    /// A comparison made here goes on the list `listCountIfNew` times: 0 (off the list) for one made by the comparison
    /// screen's first write, 1 for an item typed on the list; a saved one keeps its count.
    public func saveHeader(of comparison: Comparison, listCountIfNew: Int = 0) throws(DatabaseFailure) {
        try write { db in try Self.upsertHeader(comparison, listCountIfNew: listCountIfNew, at: editTime, db) }
    }

    /// `listCountIfNew` is the list count of a row made here; an update leaves the count alone. `at`: the edit's time
    /// (`edited_at`; `updated_at` is now, after every edit saved before).
    static func upsertHeader(_ comparison: Comparison, listCountIfNew: Int, at: Int64, _ db: Database) throws {
        let now = nowMilliseconds()
        try db.cachedStatement(sql: """
            INSERT INTO comparison (id, title, position, basis_amount, basis_unit, volume_system, created_at, updated_at, list_count, edited_at)
            VALUES (?1, ?2, (SELECT coalesce(max(position), -1) + 1 FROM comparison), ?3, ?4, ?5, ?6,
                    max(?6, (SELECT coalesce(max(updated_at), 0) + 1 FROM comparison)), ?7, ?8)
            ON CONFLICT(id) DO UPDATE SET title = excluded.title, basis_amount = excluded.basis_amount,
                basis_unit = excluded.basis_unit, volume_system = excluded.volume_system, updated_at = excluded.updated_at,
                edited_at = max(edited_at, excluded.edited_at)
            """).execute(arguments: [
                comparison.id.rawValue, comparison.title,
                comparison.chosenBasis.map { DecimalText.format($0.amount) }, comparison.chosenBasis.map { $0.useWord == nil ? $0.unit.symbol : $0.fileText },
                comparison.volumeSystem.rawValue, now, listCountIfNew, at,
            ])
    }

    /// Saves one committed field. A product not saved yet gets a row with all its fields after the comparison's last
    /// product; a saved one gets only this column changed, so edits of other fields made meanwhile by other sessions
    /// are kept.
    /// A changed price, quantity or unit keeps the product's earlier complete price in the history, in the same
    /// transaction (so two sessions changing it at once both record what they replaced).
    /// Throws `.comparisonDeleted` when the comparison is gone (deleted in another session), `.mixedFamilies` (writing
    /// nothing) when it saves a unit (the unit, or a product's first field: its whole row) of another family than the
    /// comparison's other products.
    /// A change that corrects the price (the stored one was seen on the new value's day) keeps nothing (decision 110).
    /// `keepingEarlierPrice`: false when the stored price was never a price seen (see `Effect.saveField`), or is a
    /// price brought back (Ctrl-Y): then the product's latest history entry, when it is the price saved, leaves the
    /// history (it is current again).
    public func saveField(_ field: ProductField, of product: Product, in comparison: ComparisonID,
                          keepingEarlierPrice: Bool = true) throws(DatabaseFailure) {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [comparison.rawValue]) == true else {
                throw DatabaseFailure.comparisonDeleted(id: comparison)
            }
            let isNew = try Bool.fetchOne(db, sql: "SELECT 1 FROM product WHERE id = ?", arguments: [product.id.rawValue]) != true
            if field.isPricing && keepingEarlierPrice {
                try db.cachedStatement(sql: ProductColumns.recordHistory(changing: [field])).execute(arguments: ProductColumns.historyArguments(product, changing: [field]))
            }
            try db.cachedStatement(sql: ProductColumns.upsert(field))
                .execute(arguments: ProductColumns.appendingArguments(product, comparison: comparison))
            if field.isPricing && !keepingEarlierPrice {
                try db.cachedStatement(sql: ProductColumns.unrecordCurrent).execute(arguments: [product.id.rawValue])
            }
            let at = editTime
            try db.cachedStatement(sql: isNew ? Self.stampEveryField(where: "id = ?2") : Self.stamp([field], where: "id = ?2"))
                .execute(arguments: [at, product.id.rawValue])
            if isNew || field == .unit { try Self.checkFamily(of: product.id, db) }
            try Self.touch(comparison, at: at, db)
        }
    }

    /// Ctrl-Y: saves a deleted product whole again at `position`, the products at or after it moving down one (their
    /// order among themselves kept), so it lands in its place. Throws `.comparisonDeleted` and `.mixedFamilies` like
    /// `saveField`.
    public func restoreProduct(_ product: Product, in comparison: ComparisonID, position: Int) throws(DatabaseFailure) {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [comparison.rawValue]) == true else {
                throw DatabaseFailure.comparisonDeleted(id: comparison)
            }
            try db.execute(sql: "UPDATE product SET position = position + 1 WHERE comparison_id = ? AND position >= ? AND id <> ?",
                           arguments: [comparison.rawValue, position, product.id.rawValue])
            try db.cachedStatement(sql: ProductColumns.upsertWhole)
                .execute(arguments: ProductColumns.arguments(product, comparison: comparison, position: position))
            // Its deletion kept its price in the history: back, it is its price now.
            try db.cachedStatement(sql: ProductColumns.unrecordCurrent).execute(arguments: [product.id.rawValue])
            let at = editTime
            try db.cachedStatement(sql: Self.stampEveryField(where: "id = ?2")).execute(arguments: [at, product.id.rawValue])
            try Self.checkFamily(of: product.id, db)
            try Self.touch(comparison, at: at, db)
        }
    }

    /// Deletes a product; the products after it move up one (their order kept), so positions stay close to places.
    /// Its price goes into the history (it was seen: it is history now), unless `recordingItsPrice` is false (a
    /// product made by mistake taken back).
    public func deleteProduct(_ id: ProductID, recordingItsPrice: Bool = true) throws(DatabaseFailure) {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT comparison_id, position FROM product WHERE id = ?", arguments: [id.rawValue]),
                  let comparison = row["comparison_id"] as String?, let position = row["position"] as Int? else { return }
            if recordingItsPrice { try db.cachedStatement(sql: ProductColumns.recordDeleted).execute(arguments: [id.rawValue]) }
            try db.execute(sql: "DELETE FROM product WHERE id = ?", arguments: [id.rawValue])
            try db.execute(sql: "UPDATE product SET position = position - 1 WHERE comparison_id = ? AND position > ?",
                           arguments: [comparison, position])
            try Self.touch(ComparisonID(comparison), at: editTime, db)
        }
    }

    /// Deletes products in one transaction (Ctrl-K clears a comparison at once, or not at all), their prices going into
    /// the history as `deleteProduct`'s.
    public func deleteProducts(_ ids: [ProductID]) throws(DatabaseFailure) {
        try write { db in
            var touched = Set<String>()
            for id in ids {
                if let comparison = try String.fetchOne(db, sql: "SELECT comparison_id FROM product WHERE id = ?", arguments: [id.rawValue]) {
                    touched.insert(comparison)
                }
                try db.cachedStatement(sql: ProductColumns.recordDeleted).execute(arguments: [id.rawValue])
                try db.execute(sql: "DELETE FROM product WHERE id = ?", arguments: [id.rawValue])
            }
            for comparison in touched { try Self.touch(ComparisonID(comparison), at: editTime, db) }
        }
    }

    /// Deletes a comparison and (by cascade) its products and its price history, keeping them whole among the deleted
    /// comparisons (`DeletedComparisons`); returns it as it was, to be brought back (`restoreDeleted`), or nil when it
    /// was gone already.
    @discardableResult
    public func deleteComparison(_ id: ComparisonID) throws(DatabaseFailure) -> Comparison? {
        try write { db in
            let deleted = try Self.load(id, db)
            if deleted != nil { try DeletedComparisons.keep(id, db) }
            try db.execute(sql: "DELETE FROM comparison WHERE id = ?", arguments: [id.rawValue])
            return deleted
        }
    }

    /// Deletes a comparison that holds nothing: no title and no product row (a blank page left behind). Returns
    /// whether it did; a comparison another session titled or gave a product meanwhile stays.
    @discardableResult
    public func deleteComparisonIfBlank(_ id: ComparisonID) throws(DatabaseFailure) -> Bool {
        try write { db in
            try db.execute(sql: """
                DELETE FROM comparison WHERE id = ?1 AND title = ''
                    AND NOT EXISTS (SELECT 1 FROM product WHERE comparison_id = ?1)
                """, arguments: [id.rawValue])
            return db.changesCount > 0
        }
    }

    /// Brings a deleted comparison back as it was (its list count, tick, pin, aisle and price history too), as a new
    /// edit (it goes to the top of the list); one deleted before they were kept is saved again whole. Returns false,
    /// changing nothing, when a comparison with its id exists (another session saved it again meanwhile, with all of
    /// that: its products, perhaps newer, are kept).
    public func restoreDeleted(_ comparison: Comparison) throws(DatabaseFailure) -> Bool {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [comparison.id.rawValue]) != true else {
                return false
            }
            let at = editTime
            if try !DeletedComparisons.bringBack(comparison.id, db) { try Self.save(comparison, listCountIfNew: 1, at: at, db) }
            try Self.touch(comparison.id, at: at, db)
            return true
        }
    }

    /// Deletes one entry of comparison `id`'s price history; returns it as it was (for Ctrl-Y), nil when the
    /// comparison has no such entry (nothing is written then).
    @discardableResult
    public func deleteHistoryEntry(_ entry: PriceEntryID, of id: ComparisonID) throws(DatabaseFailure) -> PriceRecord? {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: """
                SELECT id, product_id, \(ProductColumns.historyNames) FROM price_history WHERE id = ? AND comparison_id = ?
                """, arguments: [entry.rawValue, id.rawValue]) else { return nil }
            try db.execute(sql: "DELETE FROM price_history WHERE id = ?", arguments: [entry.rawValue])
            try Self.touch(id, at: editTime, db)
            return ProductColumns.priceRecord(from: row)
        }
    }

    /// Puts a deleted history entry back, under its id (so in its place in the recording order) unless another entry
    /// has taken it since, then under a new one. Nothing when the comparison is gone.
    public func restoreHistoryEntry(_ record: PriceRecord, in id: ComparisonID) throws(DatabaseFailure) {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [id.rawValue]) != nil else { return }
            let free = try record.entry.map { entry in
                try Bool.fetchOne(db, sql: "SELECT 1 FROM price_history WHERE id = ?", arguments: [entry.rawValue]) == nil
            } ?? false
            try db.execute(sql: ProductColumns.insertHistory, arguments: ProductColumns.insertHistoryArguments(record, comparison: id))
            if free, let entry = record.entry {
                try db.execute(sql: "UPDATE price_history SET id = ? WHERE id = ?", arguments: [entry.rawValue, db.lastInsertedRowID])
            }
            try Self.touch(id, at: editTime, db)
        }
    }

    /// Changes where and when a history entry was seen (its price, quantity and unit stay); false when the comparison
    /// has no such entry.
    @discardableResult
    public func fixHistoryEntry(_ entry: PriceEntryID, of id: ComparisonID, shop: String, seen: CalendarDay?) throws(DatabaseFailure) -> Bool {
        try write { db in
            try db.execute(sql: "UPDATE price_history SET store = ?, seen = ? WHERE id = ? AND comparison_id = ?",
                           arguments: [shop, seen?.iso, entry.rawValue, id.rawValue])
            guard db.changesCount > 0 else { return false }
            try Self.touch(id, at: editTime, db)
            return true
        }
    }

    public func renameComparison(_ id: ComparisonID, to title: String) throws(DatabaseFailure) {
        try write { db in
            try db.execute(sql: "UPDATE comparison SET title = ? WHERE id = ?", arguments: [title, id.rawValue])
            try Self.touch(id, at: editTime, db)
        }
    }

    /// Marks a comparison as edited now (and after every edit saved before, whatever the clocks say), and its edit's
    /// time (`edited_at`) as `at` unless it holds a later one.
    private static func touch(_ id: ComparisonID, at: Int64, _ db: Database) throws {
        try db.cachedStatement(sql: """
            UPDATE comparison SET updated_at = max(?1, (SELECT coalesce(max(updated_at), 0) + 1 FROM comparison)),
                edited_at = max(edited_at, ?3) WHERE id = ?2
            """).execute(arguments: [nowMilliseconds(), id.rawValue, at])
    }

    // MARK: Edit times and unit families

    /// The time the writes made now stamp on what they change (`edited_at`, a product field's `…_at`): the change's own
    /// time while `importRecovery` makes a change that has one, else now.
    var editTime: Int64 { joinedEditTime ?? Self.nowMilliseconds() }

    /// UPDATE stamping `fields` of the products matching `condition` (?2) with ?1, unless one holds a later time.
    static func stamp(_ fields: [ProductField], where condition: String) -> String {
        "UPDATE product SET " + fields.map { "\(Schema.editedAt($0)) = max(\(Schema.editedAt($0)), ?1)" }.joined(separator: ", ")
            + " WHERE " + condition
    }

    static func stampEveryField(where condition: String) -> String { stamp(ProductField.allCases, where: condition) }

    /// Refuses (`.mixedFamilies`) product `id` as saved when its unit is of another family than the comparison's other
    /// products (the family of the first of them, in order, with a unit per knows). Run after the write, in its
    /// transaction, so that two sessions saving at once cannot both pass: SQLite takes one writer at a time.
    static func checkFamily(of id: ProductID, _ db: Database) throws {
        guard let row = try Row.fetchOne(db, sql: """
                SELECT product.comparison_id, product.name, product.unit, comparison.title FROM product
                JOIN comparison ON comparison.id = product.comparison_id WHERE product.id = ?
                """, arguments: [id.rawValue]),
              let comparison = row["comparison_id"] as String?,
              let unit = (row["unit"] as String?).flatMap(MeasureUnit.init(symbol:)) else { return }
        // A comparison by use (`basis_unit` `use:wash`) compares products of any unit (decision 305).
        if try isByUse(comparison, db) { return }
        let others = try String.fetchAll(db, sql: """
            SELECT unit FROM product WHERE comparison_id = ? AND id <> ? AND unit IS NOT NULL ORDER BY position, rowid
            """, arguments: [comparison, id.rawValue])
        guard let family = others.lazy.compactMap({ MeasureUnit(symbol: $0)?.family }).first, family != unit.family else { return }
        throw DatabaseFailure.mixedFamilies(product: id, name: row["name"] ?? "", unit: unit, comparison: ComparisonID(comparison),
                                            title: row["title"] ?? "", family: family)
    }

    /// Whether comparison `id` is by use: its products may be of any family.
    static func isByUse(_ id: String, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT basis_unit LIKE 'use:%' FROM comparison WHERE id = ?", arguments: [id]) == true
    }

    /// Refuses (`.mixedFamilies`) a comparison whose products are not all of one family (that of the first, in order,
    /// with a unit per knows), naming the first product of another.
    static func checkFamilies(of comparison: ComparisonID, _ db: Database) throws {
        if try isByUse(comparison.rawValue, db) { return }
        let rows = try Row.fetchAll(db, sql: """
            SELECT id, name, unit FROM product WHERE comparison_id = ? AND unit IS NOT NULL ORDER BY position, rowid
            """, arguments: [comparison.rawValue])
        var family: UnitFamily?
        for row in rows {
            guard let unit = (row["unit"] as String?).flatMap(MeasureUnit.init(symbol:)) else { continue }
            guard let first = family else { family = unit.family; continue }
            if unit.family != first {
                let title = try String.fetchOne(db, sql: "SELECT title FROM comparison WHERE id = ?", arguments: [comparison.rawValue])
                throw DatabaseFailure.mixedFamilies(product: ProductID(row["id"] ?? ""), name: row["name"] ?? "", unit: unit,
                                                    comparison: comparison, title: title ?? "", family: first)
            }
        }
    }
}
