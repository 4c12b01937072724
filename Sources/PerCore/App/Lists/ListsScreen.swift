import Foundation

/// The list of saved comparisons (Ctrl-O): open, create, rename, reorder, delete.
public struct ListsScreen: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case browsing
        /// Typing a title: for the selected comparison, or for a new one.
        case naming(String, isNew: Bool)
    }

    public var entries: [ListEntry]
    public var selected: Int
    public var mode: Mode = .browsing
    /// The comparison to select once the entries arrive.
    private var wanted: ComparisonID?

    public init(entries: [ListEntry], selecting id: ComparisonID?) {
        self.entries = entries
        wanted = id
        selected = entries.firstIndex { $0.id == id } ?? 0
    }

    /// The rows on screen: entries (plus the new one being named) paged so the selected row shows.
    public func visibleRows(height: Int) -> (first: Int, rows: Int, selectedRow: Int, count: Int) {
        let rows = max(1, height - 5)
        var count = entries.count
        var selectedRow = selected
        if case .naming(_, isNew: true) = mode { count += 1; selectedRow = entries.count }
        return ((selectedRow / rows) * rows, rows, selectedRow, count)
    }

    public var selectedEntry: ListEntry? { entries.indices.contains(selected) ? entries[selected] : nil }

    /// Takes a fresh list from the store, keeping the selection on the same comparison.
    public mutating func refresh(_ fresh: [ListEntry]) {
        let id = selectedEntry?.id ?? wanted
        wanted = nil
        entries = fresh
        selected = fresh.firstIndex { $0.id == id } ?? min(selected, max(0, fresh.count - 1))
    }
}
