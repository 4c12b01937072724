import Foundation
import GRDB
import PerCore

// `per copy FILE` and `per import FILE`: a copy of the database for a shop without signal, and its changes merged home.
//
// A copy is an ordinary per database (`per --db FILE` opens it) with an identity of its own and one row saying where and
// when it was taken (`copy_of`). Every change made on it is kept as a recovery file's line (`copy_change`), in the
// transaction that makes it; merging reads those lines as one recovery file and makes them at home with
// `importRecovery`: the same rules (per-field times, deletions against edits, ids made once) and one way of applying
// changes, not two (Docs/DECISIONS.md).

/// What a copy says of itself: the database it was taken from, when, and the changes made on it since.
public struct RoadCopy: Equatable, Sendable {
    public var path: String
    /// The copy's own identity (`database_identity`: a copy gets a new one, so its recovery files are its own).
    public var identity: String
    /// The identity of the database it was taken from.
    public var home: String
    /// When it was taken, milliseconds since 1970 by the clock of the machine that took it.
    public var takenAt: Int64
    /// The largest id of the price history when it was taken: an entry with a larger one was booked on the copy, and
    /// home holds that price under a number of its own (made by the merge), or the number is another entry's.
    public var historyBase: Int64
    /// Its changes, in the order they were made, as a recovery file for `home`. Its id names the copy and its last
    /// change: merging the same copy twice is `alreadyApplied`, a later state of it makes only what is new.
    public var journal: RecoveryJournal
}

/// Why a copy was not taken or merged.
public enum RoadCopyFailure: Error, Equatable, Sendable {
    /// The database is a copy itself: copies are taken from the home database.
    case copyOfACopy(home: String)
    /// The file is a per database, but no copy.
    case notACopy(path: String)
    /// The copy was taken from another database.
    case otherDatabase(path: String)
    /// The home database is a copy: a copy is merged into the database it was taken from.
    case mergeIntoACopy
    case backup(ComparisonDatabase.BackupFailure)
    case failed(DatabaseFailure)

    public var message: String {
        switch self {
        case .copyOfACopy:
            "this database is a copy for the road itself; take copies from the home database (the one it was taken from)"
        case .notACopy(let path):
            "\(TerminalText.singleLine(path)) is a per database, but not a copy taken by per copy; open it with per --db, or export it and import the export"
        case .otherDatabase(let path):
            "\(TerminalText.singleLine(path)) is a copy of another database, not of this one; nothing was changed (per --db names the database it belongs to)"
        case .mergeIntoACopy:
            "this database is a copy for the road: merge a copy into the home database it was taken from"
        case .backup(let failure):
            switch failure {
            case .exists(let path): "\(TerminalText.singleLine(path)) already exists; per copy never overwrites a file (give a new name)"
            case .cannotCreate(let path, let reason): "can't create \(TerminalText.singleLine(path)): \(reason)"
            case .cannotWrite(let path, let reason): "can't write the copy \(TerminalText.singleLine(path)): \(reason); nothing was left there"
            case .failed(let failure): failure.message
            }
        case .failed(let failure):
            failure.message
        }
    }
}

/// A field edited on both sides since the copy was taken: the later edit is kept, and the other is named.
public struct MergeConflict: Equatable, Sendable {
    public enum Side: Equatable, Sendable { case home, copy }
    public var title: String
    /// The product's name; nil for a list item's tick.
    public var product: String?
    /// The field's name (`price`, `shop`…, `tick`).
    public var field: String
    public var kept: (value: String, side: Side, at: Int64)
    public var lost: (value: String, side: Side, at: Int64)

    public static func == (a: MergeConflict, b: MergeConflict) -> Bool {
        a.title == b.title && a.product == b.product && a.field == b.field
            && a.kept == b.kept && a.lost == b.lost
    }

    /// `the price of "Oats" ("Jumbo"): kept the copy's 1.19 (10:04), home's 1.29 (09:50) lost`.
    public func message(time: (Int64) -> String) -> String {
        func side(_ side: Side) -> String { side == .home ? "home's" : "the copy's" }
        let what = product.map { "the \(field) of \(DatabaseFailure.titled(title)) (\($0.isEmpty ? "a product" : ComparisonExchange.quoted($0)))" }
            ?? "the \(field) of \(DatabaseFailure.titled(title))"
        return "\(what): kept \(side(kept.side)) \(kept.value) (\(time(kept.at))), \(side(lost.side)) \(lost.value) (\(time(lost.at))) lost"
    }
}

/// What merging a copy did.
public struct RoadMerge: Equatable, Sendable {
    public var outcome: RecoveryImport
    /// Fields (and ticks) changed on both sides since the copy was taken, each with what was kept and what lost.
    public var conflicts: [MergeConflict]
    /// Comparisons deleted at home since the copy was taken that an edit on the copy brought back, by title.
    public var broughtBack: [String]
    /// How many of the copy's changes are stamped later than home's clock now, and by how much the latest is.
    public var fromTheFuture: (count: Int, ahead: Int64)
    /// The titles of the comparisons whose earlier prices booked on the copy were deleted, fixed or brought back there:
    /// left out (home holds those prices under numbers of its own), one title a change.
    public var leftOutHistory: [String]

    public static func == (a: RoadMerge, b: RoadMerge) -> Bool {
        a.outcome == b.outcome && a.conflicts == b.conflicts && a.broughtBack == b.broughtBack && a.fromTheFuture == b.fromTheFuture
            && a.leftOutHistory == b.leftOutHistory
    }
}

extension ComparisonDatabase {
    /// Takes a copy for the road at `target` (which must not exist): the whole database as a commit left it
    /// (`backup`), given an identity of its own and marked as taken from this database now. A copy is not taken from
    /// a copy.
    public func takeCopy(to target: String, now: Int64? = nil) throws(RoadCopyFailure) {
        let now = now ?? Self.nowMilliseconds()
        do {
            if let home = try read({ db in try Self.copyOf(db)?.home }) { throw RoadCopyFailure.copyOfACopy(home: home) }
        } catch let failure as RoadCopyFailure {
            throw failure
        } catch {
            throw .failed(error as? DatabaseFailure ?? .failed(path: path, reason: String(describing: error)))
        }
        do throws(BackupFailure) { try backup(to: target) } catch { throw .backup(error) }
        let target = Self.absolute(target)
        do {
            let queue = try Self.openQueue(path: target, configuration: Configuration())
            try queue.write { db in
                try db.execute(sql: "UPDATE database_identity SET id = ?", arguments: [EntityID.random().rawValue])
                try db.execute(sql: "DELETE FROM copy_change")
                try db.execute(sql: """
                    INSERT INTO copy_of (one, home, taken_at, history_base) VALUES (1, ?, ?, (SELECT coalesce(max(id), 0) FROM price_history))
                    """, arguments: [identity, now])
            }
            try queue.close()
        } catch {
            for suffix in ["", "-journal", "-wal", "-shm"] { unlink(target + suffix) }
            throw .backup(.cannotWrite(path: target, reason: Self.reason(error)))
        }
    }

    /// The copy at `path`, read on a connection that cannot write (the file stays byte for byte as it was): checked
    /// whole first (`quick_check`), then its changes read as a recovery file for `home`. Throws `.notACopy` for a per
    /// database that is no copy, `.failed` for a file that is not per's, damaged or truncated.
    public static func readCopy(at path: String, busyTimeout: TimeInterval = 5) throws(RoadCopyFailure) -> RoadCopy {
        let path = absolute(path)
        let kind: FileInspection.Kind
        do throws(DatabaseFailure) {
            kind = try FileInspection.inspect(path: path, busyTimeout: busyTimeout)
            if kind == .per { try FileInspection.check(path: path, busyTimeout: busyTimeout) }
        } catch {
            throw .failed(error)
        }
        guard kind == .per else { throw .notACopy(path: path) }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        do {
            let queue = try openQueue(path: path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db throws -> RoadCopy in
                guard try db.tableExists("copy_of"), let copy = try copyOf(db) else { throw RoadCopyFailure.notACopy(path: path) }
                let identity = try String.fetchOne(db, sql: "SELECT id FROM database_identity") ?? ""
                let rows = try Row.fetchAll(db, sql: "SELECT seq, line FROM copy_change ORDER BY seq")
                let last: Int64 = rows.last?["seq"] ?? 0
                let text = RecoveryJournal.file(id: "copy-\(identity)-\(last)", database: copy.home, lines: rows.map { $0["line"] })
                let journal: RecoveryJournal
                do {
                    journal = try RecoveryJournal.decode(text)
                } catch let error as ExchangeError {
                    throw DatabaseFailure.failed(path: path, reason: "its changes do not read (\(error.message)): an edited copy?")
                }
                return RoadCopy(path: path, identity: identity, home: copy.home, takenAt: copy.takenAt, historyBase: copy.historyBase, journal: journal)
            }
        } catch let failure as RoadCopyFailure {
            throw failure
        } catch let failure as DatabaseFailure {
            throw .failed(failure)
        } catch {
            throw .failed(storeError(error, path: path, opening: true))
        }
    }

    /// Makes a copy's changes here, all in one transaction (`importRecovery`): a copy of another database is refused,
    /// a merge of what was merged already changes nothing. Said besides: each field changed on both sides since the
    /// copy was taken (the later edit is kept, the other named with its value), each comparison deleted here that an
    /// edit on the copy brings back, and changes stamped later than this machine's clock now (a clock that looks wrong).
    public func merge(_ copy: RoadCopy, now: Int64? = nil) throws(RoadCopyFailure) -> RoadMerge {
        let now = now ?? Self.nowMilliseconds()
        guard copy.home == identity else { throw .otherDatabase(path: copy.path) }
        do {
            // An error thrown inside a read would reach here as a DatabaseFailure, so the refusal comes after.
            if try read({ db in try Self.copyOf(db) != nil }) { throw RoadCopyFailure.mergeIntoACopy }
        } catch let failure as RoadCopyFailure {
            throw failure
        } catch {
            throw .failed(error as? DatabaseFailure ?? .failed(path: path, reason: String(describing: error)))
        }
        // A change to an earlier price booked on the copy names it by the copy's number, which at home is another entry's
        // (or none): it is left out and said, never made on whatever home holds under that number.
        var journal = copy.journal
        var leftOutHistory: [ComparisonID] = []
        journal.entries.removeAll { entry in
            guard case .other(.changeHistoryEntry(let change)) = entry.change else { return false }
            let (number, comparison): (Int64?, ComparisonID) = switch change {
            case .delete(let entry, let id), .fix(let entry, let id, _, _): (entry.rawValue, id)
            case .restore(let record, let id): (record.entry?.rawValue, id)
            }
            guard let number, number > copy.historyBase else { return false }
            leftOutHistory.append(comparison)
            return true
        }
        let outcome: RecoveryImport
        // Both sides' changes are read in the transaction that makes the copy's: none is named that was not met.
        var conflicts: [MergeConflict] = [], deleted: [(ComparisonID, String)] = []
        do throws(DatabaseFailure) {
            outcome = try importRecovery(journal, readingFirst: { db in (conflicts, deleted) = try Self.sidesOf(copy, db) })
        } catch {
            throw .failed(error)
        }
        let broughtBack = deleted.filter { (id, _) in (try? load(id)) != nil }.map(\.1)
        let future = copy.journal.entries.compactMap(\.at).filter { $0 > now + 60_000 }
        if case .alreadyApplied = outcome {
            return RoadMerge(outcome: outcome, conflicts: [], broughtBack: [], fromTheFuture: (0, 0), leftOutHistory: [])
        }
        let titles = leftOutHistory.map { id in ((try? load(id))??.title) ?? "" }
        return RoadMerge(outcome: outcome, conflicts: conflicts, broughtBack: broughtBack,
                         fromTheFuture: (future.count, (future.max() ?? now) - now), leftOutHistory: titles)
    }

    /// The copy's row, nil when this database is not a copy (or is older than copies).
    static func copyOf(_ db: Database) throws -> (home: String, takenAt: Int64, historyBase: Int64)? {
        guard try db.tableExists("copy_of"), let row = try Row.fetchOne(db, sql: "SELECT home, taken_at, history_base FROM copy_of") else { return nil }
        return (row["home"], row["taken_at"], row["history_base"])
    }

    /// What both sides changed since the copy was taken: for each product field and tick the copy changed (its last
    /// change of it counts), home's value when home changed it after the copy was taken to something else; and the
    /// comparisons the copy changes that are among the deleted here.
    private static func sidesOf(_ copy: RoadCopy, _ db: Database) throws -> ([MergeConflict], [(ComparisonID, String)]) {
        struct FieldKey: Hashable { var product: ProductID; var field: ProductField }
        var fields: [FieldKey: (product: Product, comparison: ComparisonID, at: Int64)] = [:]
        var fieldOrder: [FieldKey] = []
        var ticks: [ComparisonID: (ticked: Bool, at: Int64)] = [:]
        var tickOrder: [ComparisonID] = []
        var edited: [ComparisonID] = []
        for entry in copy.journal.entries {
            guard let at = entry.at else { continue }
            switch entry.change {
            case .edit(.saveField(let field, let product, _), let header, _), .other(.edit(.saveField(let field, let product, _), let header)):
                let key = FieldKey(product: product.id, field: field)
                if fields[key] == nil { fieldOrder.append(key) }
                fields[key] = (product, header.id, at)
                if !edited.contains(header.id) { edited.append(header.id) }
            case .other(.setTicked(let id, let ticked)):
                if ticks[id] == nil { tickOrder.append(id) }
                ticks[id] = (ticked, at)
                if !edited.contains(id) { edited.append(id) }
            case .other(.changeListCount(let id, _, _)):
                if !edited.contains(id) { edited.append(id) }
            case .edit, .restore, .other:
                break
            }
        }
        var conflicts: [MergeConflict] = []
        for key in fieldOrder {
            guard let (product, comparison, at) = fields[key],
                  let row = try Row.fetchOne(db, sql: """
                      SELECT product.name, product.\(Schema.editedAt(key.field)) AS at, comparison.title FROM product
                      JOIN comparison ON comparison.id = product.comparison_id WHERE product.id = ?
                      """, arguments: [key.product.rawValue]),
                  let homeAt = row["at"] as Int64?, homeAt > copy.takenAt,
                  let saved = try load(comparison, db)?.products.first(where: { $0.id == key.product }) else { continue }
            let homeValue = Self.text(of: key.field, saved), copyValue = Self.text(of: key.field, product)
            guard homeValue != copyValue else { continue }
            let home = (value: homeValue, side: MergeConflict.Side.home, at: homeAt), away = (value: copyValue, side: MergeConflict.Side.copy, at: at)
            let copyWins = at >= homeAt   // importRecovery skips a change only when the field was edited after it
            conflicts.append(MergeConflict(title: row["title"] ?? "", product: row["name"] ?? "", field: key.field.rawValue,
                                           kept: copyWins ? away : home, lost: copyWins ? home : away))
        }
        for id in tickOrder {
            guard let (ticked, at) = ticks[id],
                  let row = try Row.fetchOne(db, sql: "SELECT title, in_cart, in_cart_at FROM comparison WHERE id = ?", arguments: [id.rawValue]),
                  let homeAt = row["in_cart_at"] as Int64?, homeAt > copy.takenAt, (row["in_cart"] as Bool) != ticked else { continue }
            func word(_ ticked: Bool) -> String { ticked ? "ticked" : "not ticked" }
            let home = (value: word(!ticked), side: MergeConflict.Side.home, at: homeAt), away = (value: word(ticked), side: MergeConflict.Side.copy, at: at)
            let copyWins = at >= homeAt
            conflicts.append(MergeConflict(title: row["title"] ?? "", product: nil, field: "tick",
                                           kept: copyWins ? away : home, lost: copyWins ? home : away))
        }
        var deleted: [(ComparisonID, String)] = []
        for id in edited where try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [id.rawValue]) != true {
            if let title = try String.fetchOne(db, sql: "SELECT title FROM deleted_comparison WHERE id = ?", arguments: [id.rawValue]) {
                deleted.append((id, title))
            }
        }
        return (conflicts, deleted)
    }

    /// A field's value as a file writes it (`-` when not set).
    static func text(of field: ProductField, _ product: Product) -> String {
        ProductDatum.all.first { $0.field == field }.flatMap { $0.text(product) } ?? "-"
    }

    /// On a copy, keeps `entry` (a change made now, in `db`'s transaction) for the merge home; elsewhere nothing.
    static func keepOnCopy(_ entry: RecoveryJournal.Entry, _ db: Database) throws {
        guard let id = entry.id, let line = RecoveryJournal.line(entry) else { return }
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO copy_change (id, line) SELECT ?, ? WHERE EXISTS (SELECT 1 FROM copy_of)")
            .execute(arguments: [id, line])
    }
}

extension ComparisonDatabase {
    /// The database this one was taken from and when, when it is a copy for the road; nil otherwise.
    public func copyOf() throws(DatabaseFailure) -> (home: String, takenAt: Int64)? {
        try read { db in try Self.copyOf(db).map { ($0.home, $0.takenAt) } }
    }

    /// Makes one change as the app's session makes it: once, under an id of its own, and kept on a copy for the merge
    /// home. For the commands that change the list (`per trip --reset`).
    public func make(_ change: PendingWrite) throws(DatabaseFailure) {
        let entry = RecoveryJournal.Entry(change, at: Self.nowMilliseconds(), id: "command-\(EntityID.random().rawValue)")
        do {
            _ = try apply(entry, once: true)
        } catch let failure as DatabaseFailure {
            throw failure
        } catch {
            throw .failed(path: path, reason: Self.reason(error))
        }
    }
}
