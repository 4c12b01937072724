import Foundation
import PerCore

/// One app session's side of the store: performs the core's effects, and polls for other
/// sessions' changes. It never changes the app's state itself: what it learns comes back as
/// actions (`.store(...)`) for `update`.
public struct StoreSession {
    public let store: ComparisonStore
    /// Whether the open comparison's row exists yet (a fresh database gets it with the first committed field).
    private var comparisonSaved: Bool
    private var lastCounter: Int?
    /// The open comparison's last edit as last loaded, to skip reloading it for other comparisons' changes.
    private var lastEdit: Int64?

    /// `opened` is the comparison the app starts on.
    public init(store: ComparisonStore, opened: Comparison) {
        self.store = store
        comparisonSaved = opened.products.contains { !$0.isBlank }
        lastCounter = try? store.changeCounter()
        lastEdit = try? store.lastEdit(of: opened.id)
    }

    /// Does what the core asked; returns what it learnt, to be sent through `update`.
    public mutating func perform(_ effect: Effect, in state: AppState) -> [Action] {
        let comparison = state.editing.comparison
        do {
            if !comparisonSaved, effect.needsTheComparisonRow {
                try store.saveHeader(of: comparison)
                comparisonSaved = true
            }
            switch effect {
            case .saveField(let field, let product, let position):
                try store.saveField(field, of: product, in: comparison.id, position: position)
            case .deleteProduct(let id):
                try store.deleteProduct(id)
            case .deleteAllProducts(let ids):
                try store.deleteProducts(ids)
            case .saveHeader:
                try store.saveHeader(of: comparison)
            case .loadLists:
                return [.store(.listsLoaded(try store.summaries()))]
            case .openComparison(let id):
                guard let opened = try store.load(id) else { return [] }
                comparisonSaved = true
                lastEdit = try? store.lastEdit(of: id)
                return [.store(.opened(opened))]
            case .createComparison(let created):
                try store.save(created)
                comparisonSaved = true
                return created.id == comparison.id ? [] : [.store(.opened(created))]
            case .renameComparison(let id, let title):
                try store.renameComparison(id, to: title)
            case .moveComparison(let id, let index):
                try store.moveComparison(id, to: index)
            case .deleteComparison(let id):
                try store.deleteComparison(id)
                if id == comparison.id { comparisonSaved = false }
            case .repaint, .suspend, .quit:
                break
            }
            return []
        } catch StoreError.comparisonDeleted {
            // Another session deleted this comparison while it was open here: save it back whole,
            // so nothing typed here is lost.
            do {
                try store.save(comparison)
                return [.store(.restoredDeletedComparison)]
            } catch {
                return [failure(of: effect, error)]
            }
        } catch {
            return [failure(of: effect, error)]
        }
    }

    private func failure(of effect: Effect, _ error: Error) -> Action {
        if case .saveField(_, let product, _) = effect { return .store(.saveFailed(product.id, reason: Self.describe(error))) }
        return .store(.failed(Self.describe(error)))
    }

    /// Saves again the products whose save failed, then takes in other sessions' commits, if any.
    public mutating func poll(_ state: AppState) -> [Action] {
        var actions = retryUnsaved(state)
        guard let counter = try? store.changeCounter(), counter != lastCounter else { return actions }
        lastCounter = counter
        if state.lists != nil, let entries = try? store.summaries() { actions.append(.store(.listsLoaded(entries))) }
        let id = state.editing.comparison.id
        let edit = try? store.lastEdit(of: id)
        guard edit != lastEdit else { return actions }
        lastEdit = edit
        if let fresh = try? store.load(id) { actions.append(.store(.externalChanges(fresh))) }
        return actions
    }

    /// Saves again, whole, each product whose save failed; stops at the first that still fails.
    private func retryUnsaved(_ state: AppState) -> [Action] {
        let unsaved = state.editing.unsaved
        guard !unsaved.isEmpty, !store.isReadOnly else { return [] }
        var actions: [Action] = []
        for (position, product) in state.editing.comparison.products.enumerated() where unsaved.contains(product.id) {
            do {
                for field in ProductField.allCases {
                    try store.saveField(field, of: product, in: state.editing.comparison.id, position: position)
                }
                actions.append(.store(.saved(product.id)))
            } catch {
                break
            }
        }
        return actions
    }

    static func describe(_ error: Error) -> String {
        if let error = error as? StoreError { return error.message }
        return String(describing: error)
    }
}

extension Effect {
    /// Saving into a comparison needs its row to exist (a fresh database gets it with the first committed field).
    var needsTheComparisonRow: Bool {
        switch self {
        case .saveField, .deleteProduct, .deleteAllProducts, .saveHeader: true
        case .loadLists, .openComparison, .createComparison, .renameComparison, .moveComparison, .deleteComparison,
             .repaint, .suspend, .quit: false
        }
    }
}
