import Foundation

/// The list of saved comparisons (Ctrl-O): open, create, rename, reorder, delete.
public struct ListsScreen: Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        case browsing
        /// Typing a title: for the selected comparison, or for a new one.
        case naming(String, isNew: Bool)
    }

    /// What an action on the list asks of the root besides its effects.
    public struct Outcome: Equatable, Sendable {
        public var effects: [Effect] = []
        /// Back to the comparison screen.
        public var closes = false
    }

    public internal(set) var entries: [ListEntry]
    public internal(set) var selected: Int
    public internal(set) var mode: Mode = .browsing
    /// The comparison to select once the entries arrive.
    var wanted: ComparisonID?

    public init(entries: [ListEntry], selecting id: ComparisonID?) {
        self.entries = entries
        wanted = id
        selected = entries.firstIndex { $0.id == id } ?? 0
    }

    public var selectedEntry: ListEntry? { entries.indices.contains(selected) ? entries[selected] : nil }

    /// The entries as drawn: a row for the new comparison being named comes last.
    public var rowCount: Int {
        if case .naming(_, isNew: true) = mode { return entries.count + 1 }
        return entries.count
    }

    /// The row drawn selected (the new row while a new title is typed).
    public var selectedRow: Int {
        if case .naming(_, isNew: true) = mode { return entries.count }
        return selected
    }

    /// Takes a fresh list from the store, keeping the selection on the same comparison.
    mutating func refresh(_ fresh: [ListEntry]) {
        let id = selectedEntry?.id ?? wanted
        wanted = nil
        entries = fresh
        selected = fresh.firstIndex { $0.id == id } ?? min(selected, max(0, fresh.count - 1))
    }

    // MARK: Update

    /// `open` is the comparison open behind the list.
    public mutating func update(_ action: ListsAction, open: ComparisonID, session: inout Session, chrome: inout Chrome) -> Outcome {
        switch action {
        case .moveSelection(let delta):
            selected = max(0, min(entries.count - 1, selected + delta))
        case .choose(let index):
            guard entries.indices.contains(index) else { break }
            if index == selected { return openSelected(open: open) }
            selected = index
        case .open:
            return openSelected(open: open)
        case .close:
            return Outcome(closes: true)
        case .new:
            mode = .naming("", isNew: true)
        case .rename:
            guard let entry = selectedEntry else { break }
            mode = .naming(entry.title, isNew: false)
        case .moveSelected(let delta):
            guard let entry = selectedEntry, entries.indices.contains(selected + delta) else { break }
            entries.swapAt(selected, selected + delta)
            selected += delta
            return Outcome(effects: [.moveComparison(entry.id, to: selected)])
        case .askDelete:
            guard let entry = selectedEntry else { break }
            chrome.overlay = .confirm(.deleteComparison(entry))
        case .delete(let entry):
            refresh(entries.filter { $0.id != entry.id })
            chrome.status = StatusMessage("Deleted \"\(entry.displayTitle)\"")
            var effects: [Effect] = [.deleteComparison(entry.id)]
            if entry.id == open {
                effects.append(entries.first.map { .openComparison($0.id) }
                    ?? .createComparison(Comparison(id: session.makeComparisonID())))
            }
            return Outcome(effects: effects + [.loadLists])
        case .type(let c):
            guard case .naming(let text, let isNew) = mode, TextWidth.of(c) > 0 else { break }
            mode = .naming(text + String(c), isNew: isNew)
        case .paste(let pasted):
            guard case .naming(let text, let isNew) = mode else { break }
            mode = .naming(text + pasted.filter { !$0.isNewline && TextWidth.of($0) > 0 }, isNew: isNew)
        case .deleteBackward:
            guard case .naming(let text, let isNew) = mode else { break }
            mode = .naming(String(text.dropLast()), isNew: isNew)
        case .clearTitle:
            guard case .naming(_, let isNew) = mode else { break }
            mode = .naming("", isNew: isNew)
        case .cancelTitle:
            mode = .browsing
        case .acceptTitle:
            return acceptTitle(session: &session, chrome: &chrome)
        }
        return Outcome()
    }

    private func openSelected(open: ComparisonID) -> Outcome {
        guard let entry = selectedEntry else { return Outcome() }
        return Outcome(effects: entry.id == open ? [] : [.openComparison(entry.id)], closes: true)
    }

    private mutating func acceptTitle(session: inout Session, chrome: inout Chrome) -> Outcome {
        guard case .naming(let text, let isNew) = mode else { return Outcome() }
        mode = .browsing
        let title = text.trimmingCharacters(in: .whitespaces)
        if isNew {
            let created = Comparison(id: session.makeComparisonID(), title: title)
            chrome.status = StatusMessage("New comparison \"\(created.title.isEmpty ? "Untitled" : created.title)\"")
            return Outcome(effects: [.createComparison(created)], closes: true)
        }
        guard let entry = selectedEntry else { return Outcome() }
        entries[selected].title = title
        return Outcome(effects: [.renameComparison(entry.id, title), .loadLists])
    }
}
