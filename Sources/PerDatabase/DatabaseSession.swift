import Foundation
import PerCore

/// One app session's side of the database: performs the core's effects, and polls for other
/// sessions' changes. It never changes the app's state itself: what it learns comes back as
/// actions (`.comparison(.externalChanges)`, `.database(.allSaved)`...) for `update`.
///
/// A write that fails for a reason that can pass (another program holds the lock, the disk is
/// full, an I/O error) is kept, in order, and tried again at every poll; later writes queue behind
/// it, so they land in the order they were made. A write into a comparison another session deleted
/// holds back nothing else: into the open comparison it waits for it to be saved again whole (or
/// left); into one left before, it makes it again with the change. While anything waits the queue is
/// on disk (`WaitingChanges`), so a kill loses none of it. Nothing is dropped: quitting waits for the
/// queue, and giving up writes what the session holds to a recovery file. After every write and poll
/// the session reports what waits (`SaveStatus`) when it changed: the one owner of that fact.
public struct DatabaseSession {
    public private(set) var database: ComparisonDatabase
    // Which comparison is open is the app state's (`DatabaseWatch.open`, given to every `perform` and `poll`); what the
    // session knows of a comparison names it, so it never describes another than the one open.
    /// A comparison opened new, or deleted here while open: it has no row yet (its first write makes it).
    private var rowless: ComparisonID?
    /// The open comparison, deleted in another session: writes into it are held until it is saved again whole
    /// (`.restoreComparison`) or left.
    private var deletedElsewhere: ComparisonID?
    private var lastCounter: Int?
    /// The open comparison's last edit and pin as last loaded, to skip reloading it for other comparisons' changes.
    private var lastEdit: (id: ComparisonID, stamp: ComparisonStamp)?
    /// Writes not done yet (they failed, or wait behind one that did), oldest first, each with when it was asked.
    private var queue: [RecoveryJournal.Entry] = []
    /// Writes the database refuses for what they hold (a product of another unit family than its comparison's, which
    /// another session gave it meanwhile): never tried again, shown on screen and kept for the recovery file.
    private var refused: [RecoveryJournal.Entry] = []
    /// Why the last try failed (a lock, a full disk); nil once a try got through.
    public private(set) var lastFailure: String?
    /// What was last reported (`.database(.saveStatus)`).
    private var reported = SaveStatus.upToDate
    /// The queue as kept on disk while it waits.
    private let kept: WaitingChanges
    /// The database file this session writes into; another file at the path (deleted, moved over)
    /// is noticed at the next poll.
    private var file: OpenFiles.FileID?
    /// Its write-ahead log and shared-memory index, as last seen: after the file is moved or deleted,
    /// SQLite leaves them beside the path, and a new file there must not inherit them.
    private var companions: [String: OpenFiles.FileID] = [:]

    /// `opened` is the comparison the app starts on.
    public init(database: ComparisonDatabase, opened: Comparison) {
        self.database = database
        lastCounter = try? database.changeCounter()
        let stamp = try? database.stamp(of: opened.id)
        lastEdit = stamp.map { (opened.id, $0) }
        rowless = stamp != nil || opened.products.contains { !$0.isBlank } ? nil : opened.id
        file = OpenFiles.id(of: database.path)
        kept = WaitingChanges(databasePath: database.path, id: recoveryID.rawValue)
        noteCompanions()
        noteLatestEdit()
    }

    private mutating func noteCompanions() {
        companions = [:]
        for suffix in ["-wal", "-shm"] { companions[suffix] = OpenFiles.id(of: database.path + suffix) }
    }

    /// Whether every write reached the database, or can never (`refused`): quitting waits for nothing more.
    public var isUpToDate: Bool { queue.isEmpty }
    /// Whether something made here is not in the database: quitting then writes a recovery file.
    public var holdsUnsaved: Bool { !queue.isEmpty || !refused.isEmpty }
    /// Why, for the recovery file's message.
    public var whyUnsaved: String {
        lastFailure ?? (refused.isEmpty ? "another session deleted this comparison" : "a unit of another family than its comparison's")
    }

    /// While true, writes are queued, not tried: the database's whole-file check is still running (the app reads
    /// keys meanwhile); the first poll after it passes writes them, in order.
    public var holdsWrites = false
    /// The member schemes whose member prices the shopping list ranks (the settings file's `member`, decision 285).
    public var members: [String] = []

    /// Does what the core asked, `watch` being the app's state as it is now; returns what it learnt, to be sent through
    /// `update`.
    public mutating func perform(_ effect: DatabaseEffect, watch: DatabaseWatch) -> [Action] {
        let open = watch.open.id
        let actions = performing(effect, open: open)
        return afterWrites(open: open) + actions   // what the writes said (a comparison made again) goes over "Saved: ..."
    }

    /// What waits now, reported when it changed, and kept on disk while anything waits.
    private mutating func afterWrites(open: ComparisonID) -> [Action] {
        keepOnDisk()
        let refusal = refused.isEmpty ? nil
            : "\(refused.count) of another unit family than the comparison's, kept for a recovery file"
        let status = SaveStatus(
            waiting: (refused + queue).count { RecoveryJournal.kind(of: $0.change) != nil },
            reason: (queue.contains { !isHeld($0.change, open: open) } ? lastFailure : nil) ?? refusal,
            heldForDeletedOpen: deletedElsewhere == open ? queue.count { isHeld($0.change, open: open) } : nil,
            keptIn: kept.path, notKept: kept.failure)
        guard status != reported else { return [] }
        reported = status
        return [.database(.saveStatus(status))]
    }

    /// Held for the open comparison, which another session deleted: until it is saved again whole, or left.
    private func isHeld(_ write: PendingWrite, open: ComparisonID) -> Bool { deletedElsewhere == open && write.isEdit(of: open) }

    /// The moment a write waits, the queue is written to disk (whole, flushed), and again at each change of it; the
    /// file goes when the queue drains. A file that could not be written is tried again at the next change or poll.
    private mutating func keepOnDisk() {
        if !holdsUnsaved {
            kept.remove()
        } else {
            kept.keep(recoveryJournal)
        }
    }

    private mutating func performing(_ effect: DatabaseEffect, open: ComparisonID) -> [Action] {
        switch effect {
        case .edit(let edit, let header):
            queue.append(entry(.edit(edit, of: header, needsRow: header.id == rowless)))
            if header.id == rowless { rowless = nil }   // the row is made first, in order
            if header.id == deletedElsewhere && header.id == open { return [] }   // held until it is saved again
            return flushUnlessWaiting(open: open)
        case .renameComparison, .deleteComparison, .restoreDeletedComparison, .discardIfBlank, .addListItem, .changeListCount, .setTicked,
             .clearTicks, .moveInAisle, .changeHistoryEntry:
            queue.append(entry(.other(effect)))
            if case .deleteComparison(let id) = effect, id == open { rowless = id }
            return flushUnlessWaiting(open: open)
        case .loadShoppingList:
            return shoppingList().map { [.shoppingList(.loaded($0))] } ?? []
        case .loadHistory(let id, let reader):
            guard let history = history(of: id) else { return [] }
            switch reader {
            case .lowestSeen: return [.comparison(.historyLoaded(id, history))]
            case .historyScreen: return [.history(.loaded(id, history))]
            }
        case .openComparison(let id):
            guard let opened = try? database.load(id) else { return [] }
            letDeletedComparisonGo()
            return self.open(opened)
        case .openNew(let new):
            letDeletedComparisonGo()
            rowless = new.id
            lastEdit = nil
            return [.database(.opened(new)), .comparison(.listCounted(new.id, 0))]
        case .createComparison(let created):
            // Queued like any write: behind a lock it is made once the lock goes, and opened now.
            queue.append(entry(.other(effect)))
            let actions = flush(open: open)
            if actions.contains(where: { if case .database(.refused) = $0 { true } else { false } }) {
                return actions   // a read-only database: not made
            }
            if created.id == rowless { rowless = nil }
            if created.id == open { return actions }
            letDeletedComparisonGo()
            return actions + self.open(created)
        case .restoreComparison(let comparison):
            if comparison.id == deletedElsewhere { deletedElsewhere = nil }
            queue.removeAll { $0.change.isEdit(of: comparison.id) }   // saving it whole covers them
            queue.insert(entry(.restore(comparison)), at: 0)
            if comparison.id == rowless { rowless = nil }
            return flushUnlessWaiting(open: open)
        }
    }

    /// What waits to be written, in order (`laidOver` what is read).
    private var waiting: [PendingWrite] { (refused + queue).map(\.change) }

    /// The shopping list as saved, with the writes still waiting here laid over it.
    private func shoppingList() -> [ListEntry]? {
        (try? database.shoppingList(for: Shopper(schemes: members, today: CalendarDay(Date(), in: .current)))).map(waiting.laidOver)
    }

    /// Leaving a comparison another session deleted lets it go (the state saved it again whole first when changes made
    /// here waited for it, so what is held here then is covered).
    private mutating func letDeletedComparisonGo() {
        guard let deleted = deletedElsewhere else { return }
        deletedElsewhere = nil
        queue.removeAll { $0.change.isEdit(of: deleted) }
    }

    private mutating func open(_ opened: Comparison) -> [Action] {
        rowless = nil
        lastEdit = (try? database.stamp(of: opened.id)).flatMap { $0.map { (opened.id, $0) } }
        return [.database(.opened(waiting.laidOver(opened))), .comparison(.listCounted(opened.id, listCount(of: opened.id)))]
    }

    /// Comparison `id`'s price history as saved, with the writes still waiting here (nil when it could not be read).
    private func history(of id: ComparisonID) -> [PriceRecord]? {
        (try? database.history(of: id)).map { waiting.laidOver($0, of: id) }
    }

    /// How many of comparison `id` are on the shopping list, with the writes still waiting here (0 when it could not be read).
    private func listCount(of id: ComparisonID, stamp: ComparisonStamp? = nil) -> Int {
        waiting.listCount(of: id, saved: stamp?.listCount ?? (try? database.stamp(of: id))?.listCount)
    }

    /// A new write behind writes that failed for a lock or a full disk waits for the next poll to try them again, so a
    /// key is never kept waiting on a lock (`busyTimeout`) while the queue waits anyway.
    private mutating func flushUnlessWaiting(open: ComparisonID) -> [Action] {
        if lastFailure != nil && queue.count > 1 { return [] }
        return flush(open: open)
    }

    /// Tries the queued writes in order. A lock or a full disk stops it at that write (what follows waits behind it, so
    /// writes land in the order they were made); a write into a comparison another session deleted holds back
    /// nothing else: into the open one it is held (`isHeld`), into one left before it makes that comparison again.
    private mutating func flush(open: ComparisonID) -> [Action] {
        guard !queue.isEmpty, !holdsWrites else { return [] }
        lastFailure = nil
        var actions: [Action] = []
        var index = 0
        writes: while index < queue.count {
            let write = queue[index].change
            if isHeld(write, open: open) {
                index += 1
                continue
            }
            do {
                // On disk, the write may be replayed (a kill before the file is written again): its id goes with it.
                actions += try database.apply(queue[index], once: kept.path != nil)
                queue.remove(at: index)
                if let product = write.savedProduct { refused.removeAll { $0.change.savedProduct == product } }   // saved as it is now
                if case .edit(.pinProduct(let product), let header, _) = write, header.id == lastEdit?.id {
                    lastEdit?.stamp.pinned = product   // our own pin: another session's next change of it still shows
                }
                if case .restore(let comparison) = write {
                    lastEdit = (try? database.stamp(of: comparison.id)).flatMap { $0.map { (comparison.id, $0) } }
                    actions.append(.database(.restoredDeletedComparison))
                }
            } catch DatabaseFailure.comparisonDeleted(let id) {
                if id == open {
                    deletedElsewhere = id   // held: the status says so, and the next change here saves it whole
                } else if case .edit(let edit, let header, false) = write {
                    // Left before the deletion was known: made again with the change, as a recovery file does.
                    queue[index].change = .edit(edit, of: header, needsRow: true)
                    actions.append(.database(.savedIntoDeleted(title: Comparison(header).displayTitle)))
                } else {
                    lastFailure = DatabaseFailure.comparisonDeleted(id: id).message
                    break writes
                }
            } catch let failure as DatabaseFailure where failure.isMixedFamilies {
                // It fails the same way every time: kept on screen and for the recovery file, said, not tried again.
                refused.append(queue.remove(at: index))
                actions.append(.database(.refused(failure.message + "; kept here and in a recovery file when you quit")))
            } catch DatabaseFailure.readOnly(let path) {
                // It can never be saved: the app said so when it opened.
                queue.removeAll()
                return actions + [.database(.refused(DatabaseFailure.readOnly(path: path).message))]
            } catch {
                lastFailure = Self.describe(error)
                break writes
            }
        }
        return actions
    }

    /// Tries the queued writes again, then takes in other sessions' commits, if any.
    public mutating func poll(_ watch: DatabaseWatch) -> [Action] {
        let actions = polling(watch)
        return afterWrites(open: watch.open.id) + actions
    }

    private mutating func polling(_ watch: DatabaseWatch) -> [Action] {
        if OpenFiles.id(of: database.path) != file { return followTheFile(watch) }
        noteCompanions()
        let waited = queue.count
        let id = watch.open.id
        var actions = (leftFilesWait && !holdsWrites ? saveLeftChanges() : []) + flush(open: id)
        if watch.shoppingListOnView, queue.count < waited, let entries = shoppingList() {
            actions.append(.shoppingList(.loaded(entries)))   // writes that waited are in: the list shows them
        }
        guard let counter = try? database.changeCounter(), counter != lastCounter else { return actions }
        lastCounter = counter
        noteLatestEdit()
        if watch.shoppingListOnView, let entries = shoppingList() { actions.append(.shoppingList(.loaded(entries))) }
        let read: ComparisonStamp?
        do { read = try database.stamp(of: id) } catch { return actions }   // could not read: next time
        guard let edit = read else {
            // The row is gone: another session deleted the comparison (a new one has no row yet, nor
            // one whose first write still waits).
            let rowWaits = queue.contains { $0.change.needsRow(of: id) }
            if rowless == id && !rowWaits && watch.openUntouched, let made = try? database.loadMostRecentlyEdited() {
                return actions + open(made)   // another session made one: sessions on a new file share it
            }
            if rowless != id && !rowWaits {
                deletedElsewhere = id   // said by the status
            }
            return actions
        }
        let before = lastEdit?.id == id ? lastEdit?.stamp : nil
        lastEdit = (id, edit)
        if edit.listCount != before?.listCount { actions.append(.comparison(.listCounted(id, listCount(of: id, stamp: edit)))) }
        if edit.edit != before?.edit || edit.pinned != before?.pinned, let fresh = try? database.load(id) {
            actions.append(.comparison(.externalChanges(waiting.laidOver(fresh))))
        }
        // What the lowest seen is compared with follows the history as it is now (cleared, imported, entries deleted).
        if edit.history != before?.history, let history = history(of: id) {
            actions.append(.comparison(.historyLoaded(id, history)))
        }
        return actions
    }

    /// The file at the path is no longer the one open here (deleted, or another moved over it):
    /// writing on would go into an unlinked file, or into nothing anyone reads. Opens the file at the
    /// path (made again when missing) and saves the open comparison into it, whole; the writes still
    /// queued follow.
    private mutating func followTheFile(_ watch: DatabaseWatch) -> [Action] {
        let path = database.path
        let existed = FileManager.default.fileExists(atPath: path)
        database.close()
        // SQLite keeps a moved database's log on close; applied to the new file it would damage it.
        for (suffix, id) in companions where OpenFiles.id(of: path + suffix) == id {
            unlink(path + suffix)
        }
        companions = [:]
        let reopened: ComparisonDatabase
        do {
            reopened = try ComparisonDatabase(path: path, busyTimeout: 0.1)
        } catch {
            lastFailure = "the database file was \(existed ? "replaced" : "deleted"): \(Self.describe(error))"
            if !queue.contains(where: \.change.isRestore) { queue.insert(entry(.restore(watch.open.withoutBlankProducts)), at: 0) }
            return []
        }
        reopened.waitForLocks(atMost: 0.1)
        database = reopened
        file = OpenFiles.id(of: path)
        noteCompanions()
        lastCounter = try? database.changeCounter()
        deletedElsewhere = nil
        queue.removeAll { $0.change.isRestore || $0.change.isEdit(of: watch.open.id) }
        queue.insert(entry(.restore(watch.open.withoutBlankProducts)), at: 0)
        rowless = nil
        var actions = flush(open: watch.open.id).filter { $0 != .database(.restoredDeletedComparison) }
        // The list on view shows what the file at the path holds, not what the one gone held.
        if watch.shoppingListOnView, let entries = shoppingList() { actions.append(.shoppingList(.loaded(entries))) }
        return [.database(.databaseFileChanged(path: path, replaced: existed))] + actions
    }

    /// Every write this session has not made, in order, as a recovery file holds it.
    /// Each change with the time it was asked (a change older than what the database holds by then is not made by
    /// `per import`), for this database only (its identity).
    public var recoveryJournal: RecoveryJournal {
        RecoveryJournal(id: recoveryID.rawValue, database: database.identity, entries: refused + queue)
    }

    /// A write asked now, with an id of its own (`<session>-<n>`): recorded with it whenever it may be replayed. Its
    /// time is the clock's, but never before the latest edit this session has seen in the database (`latestSeen`): a
    /// change made after seeing another session's edit is later than it, however far behind this machine's clock or
    /// time zone is, so a replay never takes it for an older one.
    private mutating func entry(_ write: PendingWrite) -> RecoveryJournal.Entry {
        changesAsked += 1
        let at = max(ComparisonDatabase.nowMilliseconds(), latestSeen + 1)
        latestSeen = at
        return RecoveryJournal.Entry(write, at: at, id: "\(recoveryID.rawValue)-\(changesAsked)")
    }
    private var changesAsked = 0
    /// The latest edit time the database held when this session last read it, or this session's last change's.
    private var latestSeen: Int64 = 0

    private mutating func noteLatestEdit() {
        latestSeen = max(latestSeen, (try? database.latestEditTime()) ?? 0)
    }
    /// The recovery file's id: `per import` records it, so the file's changes are made once.
    private let recoveryID = EntityID.random()

    /// Makes what a per that ended left waiting on this database (said on the status line). A file that could not be
    /// made (a lock) is tried again at each poll until it is.
    public mutating func saveLeftChanges() -> [Action] {
        let left = database.saveLeftChanges()
        leftFilesWait = left.mayBeMadeLater
        if !left.saved.isEmpty { lastCounter = nil }   // the next poll reads the open comparison again
        return left.leftAlone.map { .database(.leftFileAlone($0)) }
            + (left.saved.isEmpty ? [] : [.database(.leftChangesSaved(left.saved.joined(separator: "; ")))])
    }

    /// Said once the app starts on a copy for the road: that it is one, and when it was taken.
    public func copyNotice() -> [Action] {
        guard let copy = try? database.copyOf() else { return [] }
        let taken = ISO8601DateFormatter.string(from: Date(timeIntervalSince1970: Double(copy.takenAt) / 1000), timeZone: .current,
                                                formatOptions: [.withFullDate, .withTime, .withColonSeparatorInTime, .withSpaceBetweenDateAndTime])
        return [.database(.onACopy(takenAt: String(taken.prefix(16))))]
    }

    /// Files a per that ended left here could not be made yet.
    private var leftFilesWait = false

    /// Giving up: what waits is in a recovery file now (`writeRecovery`), so the file kept while it waited goes.
    public mutating func letTheKeptFileGo() { kept.remove() }

    /// Writes `recoveryJournal` where `per import` reads it: beside the database, else in per's private state
    /// folder (`RecoveryFile.stateFolder`). Never leaves a partial file. Returns the file's path.
    public func writeRecovery(now: Date = Date()) throws -> String {
        let stamp = ISO8601DateFormatter.string(from: now, timeZone: .current, formatOptions: [.withYear, .withMonth, .withDay, .withTime])
        return try RecoveryFile.write(recoveryJournal.encoded(), named: "per-recovered-\(stamp).json", in: WaitingChanges.folders(of: database.path))
    }

    /// Why a write failed, short enough for the status line.
    static func describe(_ error: Error) -> String {
        switch error as? DatabaseFailure {
        case .locked: "the database is locked by another program"
        case .failed(_, let reason): reason
        case .some(let error): error.message
        case nil: String(describing: error)
        }
    }
}

extension ComparisonDatabase {
    /// Does one queued write; `once`: in one transaction with the record of its id, and not at all when its id is
    /// recorded already (another per replayed it from this session's file meanwhile).
    /// Its edits are stamped with the entry's time (`entry(_:)`), as a replay of it would stamp them.
    func apply(_ entry: RecoveryJournal.Entry, once: Bool) throws -> [Action] {
        try allOrNothing { db in
            joinedEditTime = entry.at
            if once, let id = entry.id {
                if try Self.isMade(entry, entry.change, db) { return [] }
                let actions = try apply(entry.change)
                try Self.recordMade(id, db)
                try Self.keepOnCopy(entry, db)
                return actions
            }
            let actions = try apply(entry.change)
            try Self.keepOnCopy(entry, db)
            return actions
        }
    }

    /// Does one queued write, with the same calls whether the app's session makes it or `per import` replays it from
    /// a recovery file; returns what it learnt.
    func apply(_ write: PendingWrite) throws -> [Action] {
        switch write {
        case .restore(let whole):
            try save(whole)
        case .edit(let edit, let header, let needsRow):
            if needsRow { try saveHeader(of: Comparison(header)) }
            try apply(edit, in: header)
        case .other(let effect):
            return try apply(effect)
        }
        return []
    }

    private func apply(_ edit: ComparisonEdit, in header: ComparisonHeader) throws {
        switch edit {
        case .saveField(let field, let product, let keepsEarlierPrice):
            try saveField(field, of: product, in: header.id, keepingEarlierPrice: keepsEarlierPrice)
        case .restoreProduct(let product, let position):
            try restoreProduct(product, in: header.id, position: position)
        case .deleteProduct(let id):
            try deleteProduct(id)
        case .withdrawProduct(let id):
            try deleteProduct(id, recordingItsPrice: false)
        case .deleteAllProducts(let ids):
            try deleteProducts(ids)
        case .saveHeader:
            try saveHeader(of: Comparison(header))
        case .pinProduct(let product):
            try pin(product, in: header.id)
        }
    }

    /// The writes to the list and to whole comparisons.
    private func apply(_ effect: DatabaseEffect) throws -> [Action] {
        switch effect {
        case .createComparison(let created):
            try save(created)
        case .renameComparison(let id, let title):
            try renameComparison(id, to: title)
        case .deleteComparison(let id):
            if let deleted = try deleteComparison(id) { return [.database(.deletedComparison(deleted))] }
        case .restoreDeletedComparison(let comparison):
            if try !restoreDeleted(comparison) {
                return [.database(.backAlready(comparison.displayTitle))]
            }
            if let pinned = comparison.pinned { try pin(pinned, in: comparison.id) }   // its product to buy, as it was
        case .discardIfBlank(let id):
            try deleteComparisonIfBlank(id)
        case .addListItem(let item):
            try saveHeader(of: item, listCountIfNew: 1)
        case .changeListCount(let id, let delta, let pack):
            try changeListCount(of: id, by: delta, pack: pack)
        case .setTicked(let id, let ticked):
            try setTicked(id, ticked)
        case .clearTicks:
            try clearTicks()
        case .moveInAisle(let id, let step, let shop):
            try moveInAisle(id, by: step, at: shop)
        case .changeHistoryEntry(.delete(let entry, let id)):
            try deleteHistoryEntry(entry, of: id)
        case .changeHistoryEntry(.restore(let record, let id)):
            try restoreHistoryEntry(record, in: id)
        case .changeHistoryEntry(.fix(let entry, let id, let shop, let seen)):
            try fixHistoryEntry(entry, of: id, shop: shop, seen: seen)
        case .edit(let edit, let header):
            try apply(edit, in: header)
        case .restoreComparison(let whole):
            try save(whole)
        case .loadShoppingList, .loadHistory, .openComparison, .openNew:
            break   // reads: never queued
        }
        return []
    }
}
