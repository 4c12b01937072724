import Foundation
import GRDB
import PerCore

/// What importing a recovery file did.
public enum RecoveryImport: Equatable, Sendable {
    /// Its changes were made, all in one transaction.
    case applied
    /// Its changes were made, in one transaction, but for those listed (in file order): older than what the database
    /// holds (the newer kept) or left out (a unit of another family than its comparison's).
    case appliedExcept([RecoverySkip])
    /// The file's id was recorded already (at that time): nothing was changed.
    case alreadyApplied(at: Date)
}

/// A change of a recovery file that `importRecovery` did not make, and why.
public struct RecoverySkip: Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// The product's field was edited after the change was made: the newer value is kept.
        case newerField(ProductField)
        /// A product brought back, or a comparison saved whole, that was edited after the change: kept as it is.
        case newer
        /// A deletion of a product or a comparison that was edited after the deletion was made: kept.
        case editedAfterDeletion
        /// A product whose unit is of another family than its comparison's (`DatabaseFailure.mixedFamilies`): left out.
        case mixedFamilies(DatabaseFailure)
        /// A tick or an untick of a list item ticked or unticked after it: the newer is kept.
        case newerTick
        /// The change was made already: its id is recorded (`applied_change`), or it makes a comparison saved already
        /// as it named it. A replay after a kill between a commit and the file's rewrite.
        case madeAlready
    }

    /// The change's number in the file, from 1.
    public var change: Int
    /// The comparison's title as saved, and the product's name (nil: the change is about the whole comparison).
    public var title: String
    public var product: String?
    public var reason: Reason

    /// What the user typed that is not in the database now (not merely older than what is).
    public var isLeftOut: Bool {
        if case .mixedFamilies = reason { return true }
        return false
    }

    /// Nothing to say: the database has the change already.
    public var isMadeAlready: Bool { reason == .madeAlready }

    /// `kept the newer price of "Oats" ("Jumbo")`, `kept "Oats": it was edited after this deletion`, `"Jumbo" of "Milk"
    /// was not saved: kg is a weight unit, but…` (without the change's number).
    public var message: String {
        let title = DatabaseFailure.titled(self.title)
        let product = self.product.map { $0.isEmpty ? "a product" : ComparisonExchange.quoted($0) }
        let what = product.map { "\($0) of \(title)" } ?? title
        switch reason {
        case .newerField(let field):
            return "kept the newer \(field.rawValue) of \(title)\(product.map { " (\($0))" } ?? "")"
        case .newer:
            return "kept \(what) as it is: it was edited after this change"
        case .newerTick:
            return "kept the newer tick of \(title)"
        case .editedAfterDeletion:
            return "kept \(what): it was edited after this deletion"
        case .mixedFamilies(let failure):
            return failure.message
        case .madeAlready:
            return "made already"
        }
    }
}

extension RecoveryJournal {
    /// What of this file `importRecovery` made, given what it skipped (the changes' numbers count from 1).
    public func made(except skipped: [RecoverySkip]) -> RecoveryJournal {
        let left = Set(skipped.map(\.change))
        return RecoveryJournal(id: id, database: database, entries: entries.enumerated().filter { !left.contains($0.offset + 1) }.map(\.element))
    }
}

extension ComparisonDatabase {
    /// Makes a recovery file's changes, in order, with the calls the app's session makes them with, all in one
    /// transaction, and records the file's id: a file whose id is recorded changes nothing. A change into a
    /// comparison that is gone (deleted in another session since) saves its header again first, by its id, so what
    /// was typed is kept. Any failure rolls everything back.
    ///
    /// Checked as the changes are made, in the transaction:
    /// - a file naming another database (`journal.database`, not `identity`) is refused (`.otherDatabase`) unless
    ///   `intoOtherDatabase`; a file without the name (an older per's) is taken;
    /// - an id must belong to the comparison the change names: a product saved in another comparison, or a new
    ///   comparison whose id is saved already, refuses the whole file (`.recoveryRefused`);
    /// - a change with its time (`RecoveryJournal.Entry.at`) older than what the database holds is skipped: a product's
    ///   field edited since, a product brought back or a comparison saved whole that was edited since, a deletion of a
    ///   product or comparison edited after it (`RecoverySkip`); the changes made are stamped with their own time;
    /// - a change that would mix unit families in a comparison is left out (`RecoverySkip.isLeftOut`), the rest made.
    public func importRecovery(_ journal: RecoveryJournal, intoOtherDatabase: Bool = false) throws(DatabaseFailure) -> RecoveryImport {
        try importRecovery(journal, intoOtherDatabase: intoOtherDatabase, readingFirst: { _ in })
    }

    /// The same, with `readingFirst` run in its transaction before anything is made: what it reads (a merge's
    /// conflicts) is what the changes were made over, whatever another session writes around it.
    func importRecovery(_ journal: RecoveryJournal, intoOtherDatabase: Bool = false,
                        readingFirst: (Database) throws -> Void) throws(DatabaseFailure) -> RecoveryImport {
        try allOrNothing { db in
            try readingFirst(db)
            if let at = try Int64.fetchOne(db, sql: "SELECT applied_at FROM applied_recovery WHERE id = ?", arguments: [journal.id]) {
                return .alreadyApplied(at: Self.date(at))
            }
            if let named = journal.database, named != identity, !intoOtherDatabase {
                throw DatabaseFailure.otherDatabase(file: named, database: identity)
            }
            var skipped: [RecoverySkip] = []
            for (index, entry) in journal.entries.enumerated() {
                let number = index + 1
                // Asked first: a change made already brings nothing back.
                if try Self.isMade(entry, Self.plain(entry.change), db) {
                    skipped.append(RecoverySkip(change: number, title: "", product: nil, reason: .madeAlready))
                    continue
                }
                let change = try Self.withRowIfGone(Self.plain(entry.change), db)
                try Self.checkIDs(of: change, number: number, db)
                var made: PendingWrite? = change
                if let at = entry.at { (made, skipped) = try Self.newer(than: change, at: at, number: number, db, skipped) }
                guard let made else { continue }
                joinedEditTime = entry.at
                defer { joinedEditTime = nil }
                do {
                    try db.inSavepoint {
                        _ = try apply(made)
                        if let id = entry.id { try Self.recordMade(id, db) }
                        // On a copy, what the file made is the copy's change too, to be merged home.
                        try Self.keepOnCopy(RecoveryJournal.Entry(made, at: entry.at ?? Self.nowMilliseconds(),
                                                                  id: entry.id ?? "\(journal.id)-\(number)"), db)
                        return .commit
                    }
                } catch let failure as DatabaseFailure {
                    guard case .mixedFamilies(_, let name, _, _, let title, _) = failure else { throw failure }
                    skipped.append(RecoverySkip(change: number, title: title, product: name, reason: .mixedFamilies(failure)))
                }
            }
            try db.execute(sql: "INSERT INTO applied_recovery (id, applied_at) VALUES (?, ?)", arguments: [journal.id, Self.nowMilliseconds()])
            return skipped.isEmpty ? .applied : .appliedExcept(skipped)
        }
    }

    // MARK: Changes made once

    /// Whether the database has `entry` made already: its id is recorded, or (a file without ids, of per 0.2.0) it makes
    /// a comparison or item whose id is saved with the title it gives (the session committed it, then was killed before
    /// the file was written again).
    static func isMade(_ entry: RecoveryJournal.Entry, _ change: PendingWrite, _ db: Database) throws -> Bool {
        if let id = entry.id {
            return try Bool.fetchOne(db, sql: "SELECT 1 FROM applied_change WHERE id = ?", arguments: [id]) == true
        }
        switch change {
        case .other(.createComparison(let made)), .other(.addListItem(let made)):
            return try String.fetchOne(db, sql: "SELECT title FROM comparison WHERE id = ?", arguments: [made.id.rawValue]) == made.title
        case .edit, .restore, .other:
            return false
        }
    }

    /// Records that change `id` is made, in the transaction that makes it.
    static func recordMade(_ id: String, _ db: Database) throws {
        try db.execute(sql: "INSERT OR IGNORE INTO applied_change (id, applied_at) VALUES (?, ?)", arguments: [id, nowMilliseconds()])
    }

    /// An edit given as an effect (`.other(.edit)`) as the session queues it (`.edit`, its row there).
    private static func plain(_ change: PendingWrite) -> PendingWrite {
        if case .other(.edit(let edit, let header)) = change { return .edit(edit, of: header, needsRow: false) }
        return change
    }

    /// A field or a product brought back, into a comparison whose row is not there, saves the header first; a count
    /// or a tick of a comparison deleted meanwhile brings it back (the shopper is still buying it).
    private static func withRowIfGone(_ change: PendingWrite, _ db: Database) throws -> PendingWrite {
        if case .other(.changeListCount(let id, _, _)) = change { _ = try bringBackIfDeleted(id, db) }
        if case .other(.setTicked(let id, _)) = change { _ = try bringBackIfDeleted(id, db) }
        guard case .edit(let edit, let header, false) = change else { return change }
        switch edit {
        case .saveField, .restoreProduct:
            let there = try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [header.id.rawValue]) == true
            // Deleted meanwhile (in another session, or at home while a copy was on the road): it comes back whole, with
            // this edit, rather than as a comparison of this product alone.
            if try there || bringBackIfDeleted(header.id, db) { return change }
            return .edit(edit, of: header, needsRow: true)
        case .deleteProduct, .withdrawProduct, .deleteAllProducts, .saveHeader, .pinProduct:
            return change
        }
    }

    /// Brings comparison `id` back whole when it is among the deleted and not saved; whether it is saved now.
    private static func bringBackIfDeleted(_ id: ComparisonID, _ db: Database) throws -> Bool {
        if try Bool.fetchOne(db, sql: "SELECT 1 FROM comparison WHERE id = ?", arguments: [id.rawValue]) == true { return true }
        return try DeletedComparisons.bringBack(id, db)
    }

    // MARK: Ids that belong

    /// Refuses a change whose ids do not belong to the comparison it names: a product saved in another comparison
    /// (saving it would move it, deleting it would delete another comparison's product), a new comparison or item
    /// whose id is saved already (making it would replace that comparison).
    private static func checkIDs(of change: PendingWrite, number: Int, _ db: Database) throws {
        func refuse(_ reason: String) -> DatabaseFailure { .recoveryRefused(change: number, reason: reason) }
        func products(_ ids: [ProductID], in comparison: ComparisonID, named title: String) throws {
            for id in ids {
                guard let row = try Row.fetchOne(db, sql: """
                        SELECT comparison.id, comparison.title FROM product JOIN comparison ON comparison.id = product.comparison_id
                        WHERE product.id = ?
                        """, arguments: [id.rawValue]),
                      let owner = row[0] as String?, owner != comparison.rawValue else { continue }
                throw refuse("product \(ComparisonExchange.quoted(id.rawValue)) is saved in \(DatabaseFailure.titled(row[1] ?? "")), not in "
                             + "\(DatabaseFailure.titled(title)), the comparison the change names (a file edited by hand?)")
            }
        }
        func new(_ comparison: Comparison, _ what: String) throws {
            if let title = try String.fetchOne(db, sql: "SELECT title FROM comparison WHERE id = ?", arguments: [comparison.id.rawValue]) {
                throw refuse("it makes \(what) \(DatabaseFailure.titled(comparison.title)), but its id \(ComparisonExchange.quoted(comparison.id.rawValue)) "
                             + "is \(DatabaseFailure.titled(title)), saved already (a file edited by hand?)")
            }
        }
        switch change {
        case .edit(let edit, let header, _):
            let ids: [ProductID] = switch edit {
            case .saveField(_, let product, _), .restoreProduct(let product, _): [product.id]
            case .deleteProduct(let id), .withdrawProduct(let id), .pinProduct(let id?): [id]
            case .deleteAllProducts(let ids): ids
            case .saveHeader, .pinProduct(nil): []
            }
            try products(ids, in: header.id, named: header.title)
        case .restore(let whole), .other(.restoreComparison(let whole)), .other(.restoreDeletedComparison(let whole)):
            try products(whole.products.map(\.id), in: whole.id, named: whole.title)
        case .other(.createComparison(let made)):
            try new(made, "a new comparison")
            try products(made.products.map(\.id), in: made.id, named: made.title)
        case .other(.addListItem(let item)):
            try new(item, "a new item")
        case .other(.changeHistoryEntry(.restore(let record, let id))):
            let title = try String.fetchOne(db, sql: "SELECT title FROM comparison WHERE id = ?", arguments: [id.rawValue]) ?? ""
            try products([record.product], in: id, named: title)
        case .other(.edit), .other(.changeListCount), .other(.setTicked), .other(.clearTicks), .other(.moveInAisle),
             .other(.renameComparison), .other(.deleteComparison), .other(.discardIfBlank), .other(.changeHistoryEntry),
             .other(.loadShoppingList), .other(.loadHistory), .other(.openComparison), .other(.openNew):
            break   // ids of comparisons only, or history entries looked up within the comparison named
        }
    }

    // MARK: Older than what the database holds

    /// The change to make of one made at `at`, nil when none: what the database holds that was edited after `at`
    /// is kept (each thing kept added to `skipped`).
    private static func newer(than change: PendingWrite, at: Int64, number: Int, _ db: Database,
                              _ skipped: [RecoverySkip]) throws -> (PendingWrite?, [RecoverySkip]) {
        var skipped = skipped
        func title(_ id: ComparisonID) throws -> String {
            try String.fetchOne(db, sql: "SELECT title FROM comparison WHERE id = ?", arguments: [id.rawValue]) ?? ""
        }
        /// The product's name and its latest edit time of `fields`, when it is saved.
        func edited(_ id: ProductID, _ fields: [ProductField]) throws -> (name: String, at: Int64)? {
            let stamps = fields.map { Schema.editedAt($0) }
            let latest = stamps.count == 1 ? stamps[0] : "max(\(stamps.joined(separator: ", ")))"
            guard let row = try Row.fetchOne(db, sql: "SELECT name, \(latest) FROM product WHERE id = ?", arguments: [id.rawValue]) else { return nil }
            return (row[0] ?? "", row[1] ?? 0)
        }
        func comparisonEdited(_ id: ComparisonID) throws -> Int64? {
            try Int64.fetchOne(db, sql: "SELECT edited_at FROM comparison WHERE id = ?", arguments: [id.rawValue])
        }
        func skip(_ title: String, _ product: String?, _ reason: RecoverySkip.Reason) {
            skipped.append(RecoverySkip(change: number, title: title, product: product, reason: reason))
        }
        switch change {
        case .edit(.saveField(let field, let product, let keepsEarlierPrice), let header, _):
            if let saved = try edited(product.id, [field]), saved.at > at {
                skip(try title(header.id), saved.name, .newerField(field))
                if field.isPricing && keepsEarlierPrice { try bookSeen(product, in: header.id, db) }
                return (nil, skipped)
            }
        case .edit(.restoreProduct(let product, _), let header, _):
            if let saved = try edited(product.id, ProductField.allCases), saved.at > at {
                skip(try title(header.id), saved.name, .newer)
                return (nil, skipped)
            }
        case .edit(.deleteProduct(let id), let header, _), .edit(.withdrawProduct(let id), let header, _):
            if let saved = try edited(id, ProductField.allCases), saved.at > at {
                skip(try title(header.id), saved.name, .editedAfterDeletion)
                return (nil, skipped)
            }
        case .edit(.deleteAllProducts(let ids), let header, let needsRow):
            var deleted: [ProductID] = []
            for id in ids {
                if let saved = try edited(id, ProductField.allCases), saved.at > at {
                    skip(try title(header.id), saved.name, .editedAfterDeletion)
                } else {
                    deleted.append(id)
                }
            }
            return (.edit(.deleteAllProducts(deleted), of: header, needsRow: needsRow), skipped)
        case .restore(let whole), .other(.restoreComparison(let whole)):
            if let edited = try comparisonEdited(whole.id), edited > at {
                skip(try title(whole.id), nil, .newer)
                return (nil, skipped)
            }
        case .other(.deleteComparison(let id)):
            if let edited = try comparisonEdited(id), edited > at {
                skip(try title(id), nil, .editedAfterDeletion)
                return (nil, skipped)
            }
        case .other(.setTicked(let id, _)):
            if let ticked = try Int64.fetchOne(db, sql: "SELECT in_cart_at FROM comparison WHERE id = ?", arguments: [id.rawValue]), ticked > at {
                skip(try title(id), nil, .newerTick)
                return (nil, skipped)
            }
        case .edit(.saveHeader, _, _), .edit(.pinProduct, _, _), .other:
            break   // a title, a pin, a count (a change by, not to), the list's order: made as a late write of the session would make them
        }
        return (change, skipped)
    }

    /// A price seen (a change's whole product) that a newer edit of its product keeps from being the price now: it goes
    /// into the history, as it was seen (the price book holds what was seen), unless the product as saved was seen that
    /// day too (one day's second price corrects the first, decision 110) or it is no whole price.
    private static func bookSeen(_ product: Product, in comparison: ComparisonID, _ db: Database) throws {
        guard let price = product.price, let quantity = product.quantity, let unit = product.unit,
              let seen = product.seen,
              try String.fetchOne(db, sql: "SELECT seen FROM product WHERE id = ?", arguments: [product.id.rawValue]) != seen.iso else { return }
        let record = PriceRecord(product: product.id, name: product.name, shop: product.shop, seen: seen, price: price, quantity: quantity, unit: unit,
                                 deal: product.deal)
        try db.execute(sql: ProductColumns.insertHistory, arguments: ProductColumns.insertHistoryArguments(record, comparison: comparison))
    }

    /// Runs `body` in one write transaction that every write of this database made inside it joins (`write`), so
    /// the ordinary calls (`saveField`, `changeListCount`…) commit together or not at all.
    func allOrNothing<T>(_ body: (Database) throws -> T) throws(DatabaseFailure) -> T {
        try write { db in
            let key = transactionKey
            Thread.current.threadDictionary[key] = JoinedTransaction(db)
            defer { Thread.current.threadDictionary.removeObject(forKey: key) }
            return try body(db)
        }
    }

    /// The transaction of `allOrNothing` running on this thread, if any.
    var joinedTransaction: Database? {
        (Thread.current.threadDictionary[transactionKey] as? JoinedTransaction)?.db
    }

    /// The time of the recovery file's change `allOrNothing` is making on this thread (`editTime`), if it has one.
    var joinedEditTime: Int64? {
        get { (Thread.current.threadDictionary[transactionKey] as? JoinedTransaction)?.at }
        set { (Thread.current.threadDictionary[transactionKey] as? JoinedTransaction)?.at = newValue }
    }

    private var transactionKey: String { "per.allOrNothing.\(UInt(bitPattern: ObjectIdentifier(self).hashValue))" }
}

/// The open transaction `allOrNothing` lends to the writes made inside it.
private final class JoinedTransaction: NSObject {
    let db: Database
    /// The time of the change being made, for the writes' stamps.
    var at: Int64?
    init(_ db: Database) { self.db = db }
}

/// Writing a recovery file: whole or not at all, its owner's alone (0600), never over another file.
public enum RecoveryFile {
    /// per's private folder for files that cannot go beside the database: `$XDG_STATE_HOME/per`, by default
    /// `~/.local/state/per`, made 0700. Nil when there is no home to put it in.
    public static func stateFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = (home as NSString).appendingPathComponent(".local/state")
        } else {
            return nil
        }
        return (base as NSString).appendingPathComponent("per")
    }

    /// Why no folder took the file.
    public struct Failure: Error, CustomStringConvertible {
        public var reasons: [String]
        public var description: String { reasons.joined(separator: "; ") }
    }

    /// Writes `text` as `name` in the first folder that takes it whole: a temporary file (exclusive, 0600) written,
    /// flushed to the disk and then linked to its name (`name` taken: `-2`, `-3`… before `.json`). A folder that
    /// fails (a full disk) keeps nothing of it. Returns the file's path.
    public static func write(_ text: String, named name: String, in folders: [String]) throws(Failure) -> String {
        var reasons: [String] = []
        for folder in folders {
            do {
                return try write(Array(text.utf8), named: name, in: folder)
            } catch {
                reasons.append("\(folder): \(error.reason)")
            }
        }
        throw Failure(reasons: reasons)
    }

    struct SystemError: Error {
        var reason: String
        static func last() -> SystemError { SystemError(reason: String(cString: strerror(errno))) }
    }

    private static func write(_ bytes: [UInt8], named name: String, in folder: String) throws(SystemError) -> String {
        try makeFolder(folder)
        let (temporary, _) = try writeTemporary(bytes, named: name, in: folder, keepingOpen: false)
        defer { unlink(temporary) }
        let stem = (name as NSString).deletingPathExtension, suffix = (name as NSString).pathExtension
        for attempt in 1...100 {
            let path = (folder as NSString).appendingPathComponent(attempt == 1 ? name : "\(stem)-\(attempt).\(suffix)")
            if link(temporary, path) == 0 {
                syncFolder(folder)   // the name is on the disk too
                return path
            }
            if errno != EEXIST { throw .last() }
        }
        throw SystemError(reason: "100 recovery files of this second are there already")
    }

    /// Writes `text` as `target`, replacing the file there at once (a temporary file beside it written, flushed to the
    /// disk and renamed over it; 0600), making its folders (0700) when missing: a reader finds the old file or the new
    /// one whole, and a failure (a full disk) leaves the old one as it was. The settings file is written so.
    public static func replace(_ text: String, at target: String) throws(Failure) {
        let folder = (target as NSString).deletingLastPathComponent
        do throws(SystemError) {
            try makeFolder(folder)
            let (temporary, _) = try writeTemporary(Array(text.utf8), named: (target as NSString).lastPathComponent, in: folder, keepingOpen: false)
            guard rename(temporary, target) == 0 else {
                let error = SystemError.last()
                unlink(temporary)
                throw error
            }
            syncFolder(folder)
        } catch {
            throw Failure(reasons: [error.reason])
        }
    }

    /// Writes `bytes` as `target`, replacing the file there at once (a temporary file written, flushed, locked with an
    /// exclusive `flock`, renamed over it; 0600): a reader finds the old file or the new one whole, never a part, and
    /// never a moment without the lock. Makes the folder when missing. Returns the open file holding the lock: closing it
    /// (or the process ending) lets the lock go.
    static func replaceHoldingLock(_ bytes: [UInt8], at target: String) throws(SystemError) -> Int32 {
        let folder = (target as NSString).deletingLastPathComponent
        try makeFolder(folder)
        let (temporary, file) = try writeTemporary(bytes, named: (target as NSString).lastPathComponent, in: folder, keepingOpen: true)
        guard flock(file, LOCK_EX | LOCK_NB) == 0, rename(temporary, target) == 0 else {
            let error = SystemError.last()
            close(file)
            unlink(temporary)
            throw error
        }
        syncFolder(folder)
        return file
    }

    private static func makeFolder(_ folder: String) throws(SystemError) {
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
            do {
                try PrivateFolder.make(folder)
            } catch {
                throw SystemError(reason: "cannot create the folder (\(error.reason))")
            }
        } else if !isFolder.boolValue {
            throw SystemError(reason: "not a folder")
        }
    }

    /// A new file beside `name` holding `bytes`, flushed to the disk; its path, and the open file when `keepingOpen`
    /// (else -1).
    private static func writeTemporary(_ bytes: [UInt8], named name: String, in folder: String,
                                       keepingOpen: Bool) throws(SystemError) -> (path: String, file: Int32) {
        let temporary = (folder as NSString).appendingPathComponent(".\(name).\(EntityID.random().rawValue.prefix(8)).tmp")
        let fd = open(temporary, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { throw .last() }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                let error = count < 0 ? SystemError.last() : SystemError(reason: "nothing written")
                close(fd); unlink(temporary)
                throw error
            }
            written += count
        }
        if fsync(fd) != 0 {
            let error = SystemError.last()
            close(fd); unlink(temporary)
            throw error
        }
        if keepingOpen { return (temporary, fd) }
        close(fd)
        return (temporary, -1)
    }

    private static func syncFolder(_ folder: String) {
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 { fsync(folderFD); close(folderFD) }
    }
}
