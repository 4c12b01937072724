import Foundation
import PerCore

/// One app session's side of the store: performs the core's effects, and polls for other
/// sessions' changes. It never changes the app's state itself: what it learns comes back as
/// actions (`.store(...)`) for `update`.
///
/// A write that fails for a reason that can pass (another program holds the lock, the disk is
/// full, an I/O error) is kept, in order, and tried again at every poll; later writes queue behind
/// it, so they land in the order they were made. Nothing is dropped: quitting waits for the queue,
/// and giving up writes what the session holds to a recovery file.
public struct StoreSession {
    public private(set) var store: ComparisonStore
    /// Whether the open comparison's row exists yet (a fresh database gets it with the first committed field).
    private var comparisonSaved: Bool
    /// The open comparison was deleted in another session: writes into it are held until it is saved
    /// again whole (`.restoreComparison`) or left.
    private var deletedElsewhere = false
    private var lastCounter: Int?
    /// The open comparison's last edit as last loaded, to skip reloading it for other comparisons' changes.
    private var lastEdit: Int64?
    /// Writes not done yet (they failed, or wait behind one that did), oldest first.
    private var pending: [PendingWrite] = []
    /// Why the last try failed.
    public private(set) var lastFailure: String?
    /// The database file this session writes into; another file at the path (deleted, moved over)
    /// is noticed at the next poll.
    private var file: OpenFiles.FileID?
    /// Its write-ahead log and shared-memory index, as last seen: after the file is moved or deleted,
    /// SQLite leaves them beside the path, and a new file there must not inherit them.
    private var companions: [String: OpenFiles.FileID] = [:]

    /// `opened` is the comparison the app starts on.
    public init(store: ComparisonStore, opened: Comparison) {
        self.store = store
        lastCounter = try? store.changeCounter()
        lastEdit = try? store.lastEdit(of: opened.id)
        comparisonSaved = lastEdit != nil || opened.products.contains { !$0.isBlank }
        file = OpenFiles.id(of: store.path)
        noteCompanions()
    }

    private mutating func noteCompanions() {
        companions = [:]
        for suffix in ["-wal", "-shm"] { companions[suffix] = OpenFiles.id(of: store.path + suffix) }
    }

    /// Whether every write reached the database (or was let go with a comparison deleted elsewhere).
    public var isUpToDate: Bool { pending.isEmpty }

    /// While true, writes are queued, not tried: the store's whole-file check is still running (the app reads
    /// keys meanwhile); the first poll after it passes writes them, in order.
    public var holdsWrites = false

    /// Does what the core asked; returns what it learnt, to be sent through `update`.
    public mutating func perform(_ effect: Effect, in state: AppState) -> [Action] {
        let comparison = state.editing.comparison
        switch effect {
        case .saveField, .restoreProduct, .deleteProduct, .deleteAllProducts, .saveHeader, .renameComparison, .deleteComparison,
             .restoreDeletedComparison, .discardIfBlank, .addListItem, .changeListCount, .setInCart, .clearCheckOffs, .setAisleOrder, .pinProduct:
            pending.append(PendingWrite(effect, in: comparison, needsRow: !comparisonSaved && effect.writesTheOpenComparison))
            if effect.writesTheOpenComparison { comparisonSaved = true }   // the row is made first, in order
            if case .deleteComparison(let id) = effect, id == comparison.id { comparisonSaved = false }
            if deletedElsewhere && effect.writesTheOpenComparison { return [] }   // held until it is saved again
            return flush(state)
        case .loadLists:
            return (try? store.shoppingList()).map { [.store(.listsLoaded($0))] } ?? []
        case .loadHistory(let id):
            return (try? store.history(of: id)).map { [.store(.historyLoaded(id, $0))] } ?? []
        case .openComparison(let id):
            guard let opened = try? store.load(id) else { return [] }
            letDeletedComparisonGo()
            return open(opened)
        case .createComparison(let created):
            do {
                try store.save(created)
            } catch {
                return [.store(.refused(Self.describe(error)))]   // not made: the user can try again
            }
            comparisonSaved = true
            if created.id == comparison.id { return [] }
            letDeletedComparisonGo()
            return open(created)
        case .restoreComparison:
            deletedElsewhere = false
            pending.removeAll { $0.comparison == comparison.id && $0.effect.writesTheOpenComparison }   // saving it whole covers them
            pending.insert(PendingWrite(restoring: comparison), at: 0)
            comparisonSaved = true
            return flush(state)
        case .repaint, .suspend, .quit, .quitNow:
            return []
        }
    }

    /// Leaving a comparison another session deleted lets it go, with the writes held for it.
    private mutating func letDeletedComparisonGo() {
        guard deletedElsewhere else { return }
        deletedElsewhere = false
        pending.removeAll { $0.effect.writesTheOpenComparison && !$0.isRestore }
    }

    private mutating func open(_ opened: Comparison) -> [Action] {
        comparisonSaved = true
        lastEdit = try? store.lastEdit(of: opened.id)
        return [.store(.opened(opened))]
    }

    /// Tries the queued writes in order; stops at the first that still fails.
    private mutating func flush(_ state: AppState) -> [Action] {
        guard !pending.isEmpty, !holdsWrites else { return [] }
        let hadFailed = lastFailure != nil
        var actions: [Action] = []
        while let write = pending.first {
            if deletedElsewhere, write.comparison == state.editing.comparison.id, write.effect.writesTheOpenComparison, !write.isRestore {
                return actions   // held until the comparison is saved again
            }
            do {
                actions += try attempt(write)
                pending.removeFirst()
                if hadFailed, let product = write.effect.savedProduct { actions.append(.store(.saved(product))) }
                if write.isRestore {
                    lastEdit = try? store.lastEdit(of: write.comparison)
                    actions.append(.store(.restoredDeletedComparison))
                }
            } catch StoreError.comparisonDeleted {
                // Another session deleted the comparison: the write waits for the state to save it again.
                deletedElsewhere = true
                return actions + [.store(.comparisonDeletedElsewhere(withEdits: true))]
            } catch StoreError.readOnly(let path) {
                // It can never be saved: the app said so when it opened.
                pending.removeAll()
                return actions + [.store(.refused(StoreError.readOnly(path: path).message))]
            } catch {
                lastFailure = Self.describe(error)
                if let product = write.effect.savedProduct { return actions + [.store(.saveFailed(product, reason: lastFailure!))] }
                return actions + [.store(.failed(lastFailure!))]
            }
        }
        if hadFailed {
            lastFailure = nil
            actions.append(.store(.allSaved))
        }
        return actions
    }

    /// Does one write; returns what it learnt.
    private func attempt(_ write: PendingWrite) throws -> [Action] {
        if let whole = write.whole {
            try store.save(whole)
            return []
        }
        if write.needsRow { try store.saveHeader(of: write.header) }
        switch write.effect {
        case .saveField(let field, let product, let keepsEarlierPrice):
            try store.saveField(field, of: product, in: write.comparison, keepingEarlierPrice: keepsEarlierPrice)
        case .restoreProduct(let product, let position):
            try store.restoreProduct(product, in: write.comparison, position: position)
        case .deleteProduct(let id):
            try store.deleteProduct(id)
        case .deleteAllProducts(let ids):
            try store.deleteProducts(ids)
        case .saveHeader:
            try store.saveHeader(of: write.header)
        case .renameComparison(let id, let title):
            try store.renameComparison(id, to: title)
        case .deleteComparison(let id):
            if let deleted = try store.deleteComparison(id) { return [.store(.deletedComparison(deleted))] }
        case .restoreDeletedComparison(let comparison):
            if try !store.restoreDeleted(comparison) {
                return [.store(.refused("\"\(comparison.displayTitle)\" is there already: another session saved it again"))]
            }
            if let pinned = comparison.pinned { try store.pin(pinned, in: comparison.id) }   // its product to buy, as it was
        case .discardIfBlank(let id):
            try store.deleteComparisonIfBlank(id)
        case .addListItem(let item):
            try store.saveHeader(of: item)
        case .changeListCount(let id, let delta):
            try store.changeListCount(of: id, by: delta)
        case .setInCart(let id, let bought):
            try store.setInCart(id, bought)
        case .clearCheckOffs:
            try store.clearCheckOffs()
        case .setAisleOrder(let ids):
            try store.setAisleOrder(ids)
        case .pinProduct(let product):
            try store.pin(product, in: write.comparison)
        case .restoreComparison, .loadLists, .loadHistory, .openComparison, .createComparison, .repaint, .suspend, .quit, .quitNow:
            break
        }
        return []
    }

    /// Tries the queued writes again, then takes in other sessions' commits, if any.
    public mutating func poll(_ state: AppState) -> [Action] {
        if OpenFiles.id(of: store.path) != file { return followTheFile(state) }
        noteCompanions()
        var actions = flush(state)
        if state.lists != nil, actions.contains(.store(.allSaved)), let entries = try? store.shoppingList() {
            actions.append(.store(.listsLoaded(entries)))   // writes that waited are in: the list shows them
        }
        guard let counter = try? store.changeCounter(), counter != lastCounter else { return actions }
        lastCounter = counter
        if state.lists != nil, let entries = try? store.shoppingList() { actions.append(.store(.listsLoaded(entries))) }
        let id = state.editing.comparison.id
        let read: Int64?
        do { read = try store.lastEdit(of: id) } catch { return actions }   // could not read: next time
        guard let edit = read else {
            // The row is gone: another session deleted the comparison (a new one has no row yet, nor
            // one whose first write still waits).
            let rowWaits = pending.contains { $0.needsRow && $0.comparison == id }
            if comparisonSaved && !rowWaits && !deletedElsewhere {
                deletedElsewhere = true
                actions.append(.store(.comparisonDeletedElsewhere(withEdits: false)))
            }
            return actions
        }
        guard edit != lastEdit else { return actions }
        lastEdit = edit
        if let fresh = try? store.load(id) { actions.append(.store(.externalChanges(fresh))) }
        return actions
    }

    /// The file at the path is no longer the one open here (deleted, or another moved over it):
    /// writing on would go into an unlinked file, or into nothing anyone reads. Opens the file at the
    /// path (made again when missing) and saves the open comparison into it, whole; the writes still
    /// queued follow.
    private mutating func followTheFile(_ state: AppState) -> [Action] {
        let path = store.path
        let existed = FileManager.default.fileExists(atPath: path)
        store.close()
        // SQLite keeps a moved database's log on close; applied to the new file it would damage it.
        for (suffix, id) in companions where OpenFiles.id(of: path + suffix) == id {
            unlink(path + suffix)
        }
        companions = [:]
        let reopened: ComparisonStore
        do {
            reopened = try ComparisonStore(path: path, busyTimeout: 0.1)
        } catch {
            lastFailure = "the database file was \(existed ? "replaced" : "deleted"): \(Self.describe(error))"
            if !pending.contains(where: \.isRestore) { pending.insert(PendingWrite(restoring: state.editing.comparison), at: 0) }
            return [.store(.failed(lastFailure!))]
        }
        reopened.waitForLocks(atMost: 0.1)
        store = reopened
        file = OpenFiles.id(of: path)
        noteCompanions()
        lastCounter = try? store.changeCounter()
        deletedElsewhere = false
        pending.removeAll { $0.isRestore || ($0.comparison == state.editing.comparison.id && $0.effect.writesTheOpenComparison) }
        pending.insert(PendingWrite(restoring: state.editing.comparison), at: 0)
        comparisonSaved = true
        let actions = flush(state).filter { $0 != .store(.restoredDeletedComparison) }
        return [.store(.databaseFileChanged(path: path, replaced: existed))] + actions
    }

    /// Writes what this session holds (the open comparison, with everything typed) where `per import`
    /// reads it: beside the database, else in the temporary folder. Returns the file's path.
    public func writeRecovery(_ state: AppState, now: Date = Date()) throws -> String {
        let json = ComparisonExchange.encode([state.editing.comparison], as: .json)
        let stamp = ISO8601DateFormatter.string(from: now, timeZone: .current, formatOptions: [.withYear, .withMonth, .withDay, .withTime])
        let name = "per-recovered-\(stamp).json"
        let folders = [(store.path as NSString).deletingLastPathComponent, NSTemporaryDirectory()]
        var lastError: Error?
        for folder in folders {
            let path = (folder as NSString).appendingPathComponent(name)
            do {
                try Data(json.utf8).write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
                return path
            } catch {
                lastError = error
            }
        }
        throw lastError!
    }

    /// Why a write failed, short enough for the status line.
    static func describe(_ error: Error) -> String {
        switch error as? StoreError {
        case .locked: "the database is locked by another program"
        case .failed(_, let reason): reason
        case .some(let error): error.message
        case nil: String(describing: error)
        }
    }
}

/// A write as it was asked, with what it needs of the comparison it was asked in: a queued write
/// lands in that comparison even if another one is open when it is finally done.
struct PendingWrite {
    let effect: Effect
    /// The comparison's header when it was asked (its products left out).
    let header: Comparison
    /// Its row did not exist yet: the header is saved first.
    let needsRow: Bool
    /// For `.restoreComparison`: the comparison whole, as it was.
    let whole: Comparison?

    init(_ effect: Effect, in comparison: Comparison, needsRow: Bool) {
        self.effect = effect
        header = Comparison(id: comparison.id, title: comparison.title, basis: comparison.chosenBasis, volumeSystem: comparison.volumeSystem)
        self.needsRow = needsRow
        whole = nil
    }

    init(restoring comparison: Comparison) {
        effect = .restoreComparison
        header = Comparison(id: comparison.id, title: comparison.title, basis: comparison.chosenBasis, volumeSystem: comparison.volumeSystem)
        needsRow = false
        whole = comparison
    }

    var comparison: ComparisonID { header.id }
    var isRestore: Bool { whole != nil }
}
