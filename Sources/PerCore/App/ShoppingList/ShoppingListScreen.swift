import Foundation

/// The list of saved comparisons (Ctrl-O), the most recently edited first: open, find, create, rename,
/// delete and bring back.
public struct ShoppingListScreen: Equatable, Sendable, ScreenReducer {
    public enum Mode: Equatable, Sendable {
        case browsing
        /// Typing a title: for the selected comparison, or for a new one.
        case naming(String, isNew: Bool)
        /// `/`: the selection jumps to the first comparison whose title holds the text (any case).
        case finding(String)
        /// Typing a shopping list: each Enter adds an item with this title and starts the next; the list stays.
        case adding(String)
    }

    public internal(set) var entries: [ListEntry]
    public internal(set) var selected: Int
    public internal(set) var mode: Mode = .browsing
    /// The last count or tick changed here, which Ctrl-Y undoes before any deletion; a deletion forgets it.
    public internal(set) var lastChange: ListChange?
    /// The comparison to select once the entries arrive.
    var wanted: ComparisonID?
    /// The next read puts the rows in the list's order (Ctrl-S, Ctrl-L); otherwise every read keeps the rows' places.
    var reorders = false

    /// The title line and the column headings above the rows; the totals (or the text being found), the status and
    /// the legend below them.
    public static let linesAboveRows = 2
    public static let linesBelowRows = 3
    /// Rows on one page at this size (PgDn moves by it; the layout draws it).
    public static func rowsPerPage(_ size: TerminalSize) -> Int { max(1, size.height - linesAboveRows - linesBelowRows) }

    /// A line of the list's rows: a shop's heading (grouped by shop) or a row.
    public enum Line: Equatable, Sendable {
        /// The group's heading: the shop's name as its first item spells it, `Any shop`, `Not at Lidl`, `No price yet`.
        case heading(String)
        case row(Int)
    }

    /// The lines drawn for the rows: grouped by shop, a heading above each shop's first row (rows without an entry,
    /// a title being typed, have none); otherwise the rows alone. Pages are cut from these (`rowsPerPage` lines).
    public func lines(order: ListOrder, shop: ShopName?) -> [Line] {
        switch order {
        case .recent:
            return (0..<rowCount).map(Line.row)
        case .byShop:
            var lines: [Line] = []
            lines.reserveCapacity(rowCount + 8)
            var previous: ListGroup?
            for row in 0..<rowCount {
                if let entry = entry(atRow: row) {
                    let group = ListGroup(entry.item, at: shop)
                    if previous.map({ !$0.isSame(as: group) }) ?? true {
                        lines.append(.heading(group.heading))
                        previous = group
                    }
                }
                lines.append(.row(row))
            }
            return lines
        }
    }

    public init(entries: [ListEntry], selecting id: ComparisonID?) {
        self.entries = entries
        wanted = id
        selected = entries.firstIndex { $0.id == id } ?? 0
    }

    public var selectedEntry: ListEntry? { entries.indices.contains(selected) ? entries[selected] : nil }

    /// The entries as drawn: a row for the new comparison being named comes last; the item being added comes
    /// first, where it lands (the list is most recently edited first).
    public var rowCount: Int {
        switch mode {
        case .naming(_, isNew: true), .adding: entries.count + 1
        case .browsing, .naming, .finding: entries.count
        }
    }

    /// The row drawn selected (the new row while a new title is typed).
    public var selectedRow: Int {
        switch mode {
        case .naming(_, isNew: true): entries.count
        case .adding: 0
        case .browsing, .naming, .finding: selected
        }
    }

    /// The entry drawn on a row; nil for the row of a title being typed for a new comparison or item.
    public func entry(atRow row: Int) -> ListEntry? {
        if case .adding = mode { return row == 0 ? nil : entries.indices.contains(row - 1) ? entries[row - 1] : nil }
        return entries.indices.contains(row) ? entries[row] : nil
    }

    /// A title is being typed: rows take no clicks.
    public var isTyping: Bool {
        switch mode {
        case .naming, .adding: true
        case .browsing, .finding: false
        }
    }

    /// Typing a list: the first saved title that begins with the text typed (any case, accents ignored), which Tab
    /// or Right takes; nil when none does or nothing is typed.
    public var completion: ListEntry? {
        guard case .adding(let text) = mode else { return nil }
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return nil }
        return entries.first { Self.title($0.title, begins: typed) }
    }

    /// What the completion adds to the text typed (`gs` of `Eggs` after `eg`); empty when the text is the whole title.
    public var completionRest: String {
        guard case .adding(let text) = mode, let entry = completion,
              let range = entry.title.range(of: text.trimmingCharacters(in: .whitespaces), options: Self.sameText.union(.anchored)) else { return "" }
        return String(entry.title[range.upperBound...])
    }

    /// The saved comparison an item's title names (any case, accents and spaces around ignored): Enter counts it.
    public func saved(titled text: String) -> Int? {
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { return nil }
        return entries.firstIndex { $0.title.trimmingCharacters(in: .whitespaces).compare(typed, options: Self.sameText) == .orderedSame }
    }

    static let sameText: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]

    static func title(_ title: String, begins typed: String) -> Bool {
        title.trimmingCharacters(in: .whitespaces).range(of: typed, options: sameText.union(.anchored)) != nil
    }

    /// The rows of `fresh` (in the list's order) with those in `places` kept in that order, first; rows new since then go
    /// after them, so that a row never moves under a thumb while the list is open.
    static func keepingPlaces(_ places: [ComparisonID], of fresh: [ListEntry]) -> [ListEntry] {
        guard !places.isEmpty else { return fresh }
        let byID = Dictionary(fresh.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let kept = places.compactMap { byID[$0] }
        let keptIDs = Set(kept.map(\.id))
        return kept + fresh.filter { !keptIDs.contains($0.id) }
    }

    /// Takes a fresh list from the shop, keeping the selection on the same comparison.
    mutating func refresh(_ fresh: [ListEntry]) {
        let id = wanted ?? selectedEntry?.id
        wanted = nil
        entries = fresh
        selected = fresh.firstIndex { $0.id == id } ?? min(selected, max(0, fresh.count - 1))
    }

    // MARK: Update

    public mutating func update(_ action: ShoppingListAction, env: inout ScreenEnvironment) -> [Effect] {
        reduce(action, open: env.open, session: &env.session, chrome: &env.chrome)
    }

    private mutating func reduce(_ action: ShoppingListAction, open: ComparisonID, session: inout Session, chrome: inout Chrome) -> [Effect] {
        switch action {
        case .moveSelection(let delta):
            select(selected + delta)
        case .movePage(let pages):
            movePage(by: pages, session: session)
        case .selectFirst:
            select(0)
        case .selectLast:
            select(entries.count - 1)
        case .choose(let index):
            guard entries.indices.contains(index) else { break }
            selected = index
        case .openRow(let index):
            guard entries.indices.contains(index) else { break }
            selected = index
            return openSelected(open: open, session: &session)
        case .tickRow(let index):
            guard entries.indices.contains(index) else { break }
            selected = index
            return toggleTick(chrome: &chrome)
        case .open:
            return openSelected(open: open, session: &session)
        case .close:
            session.listPlaces = []
            return [.send(.shoppingList(.delegate(.closed)))]
        case .new:
            mode = .naming("", isNew: true)
        case .rename:
            guard let entry = selectedEntry else { break }
            mode = .naming(entry.title, isNew: false)
        case .askDelete:
            guard let entry = selectedEntry else { break }
            chrome.overlay = .confirm(.deleteComparison(entry))
        case .delete(let entry):
            lastChange = nil
            refresh(entries.filter { $0.id != entry.id })
            chrome.status = StatusMessage("Deleted \"\(entry.displayTitle)\" · Ctrl-Y brings it back")
            var effects: [DatabaseEffect] = [.deleteComparison(entry.id)]
            if entry.id == open {
                effects.append(entries.first.map { .openComparison($0.id) }
                    ?? .openNew(session.makeComparison()))
            }
            return (effects + [.loadShoppingList]).map(Effect.database)
        case .undoDelete:
            if let change = lastChange {
                lastChange = nil
                return undo(change, shop: session.shop, chrome: &chrome)
            }
            guard let comparison = session.deletedComparisons.popLast() else {
                chrome.status = StatusMessage("Nothing to bring back: no comparison was deleted in this session")
                break
            }
            wanted = comparison.id
            reorders = true   // it comes back in its place in the list's order
            chrome.status = StatusMessage("Brought back \"\(comparison.displayTitle)\"")
            return [.database(.restoreDeletedComparison(comparison)), .database(.loadShoppingList)]
        case .find:
            mode = .finding("")
        case .changeCount(let delta):
            if let effect = changeCount(by: delta, shop: session.shop, chrome: &chrome) { return [.database(effect)] }
        case .toggleTick:
            return toggleTick(chrome: &chrome)
        case .askClearTicks:
            guard entries.contains(where: \.item.ticked) else {
                chrome.status = StatusMessage("Nothing is ticked")
                break
            }
            chrome.overlay = .confirm(.clearTicks)
        case .clearTicks:
            for index in entries.indices { entries[index].item.ticked = false }
            lastChange = nil   // a tick undone after this would tick an item again on the next trip
            chrome.status = StatusMessage("Ticks cleared: ready for the next trip")
            return [.database(.clearTicks)]
        case .toggleOrder:
            session.listOrder = session.listOrder.toggled
            chrome.status = StatusMessage(session.listOrder == .byShop ? "Grouped by shop" : "Most recently edited first")
            reorders = true
            return [.database(.loadShoppingList)]
        case .reorder:
            reorders = true
            return [.terminal(.repaint), .database(.loadShoppingList)]
        case .moveInAisle(let step):
            if let effect = moveInAisle(by: step, session: session, chrome: &chrome) { return [.database(effect)] }
        case .startItem(let c):
            mode = .adding("")
            type(String(c), chrome: &chrome)
        case .findNext(let step):
            guard case .finding(let text) = mode else { break }
            jump(to: text, from: selected + step, step: step, chrome: &chrome)
        case .type(let c):
            type(String(c), chrome: &chrome)
        case .paste(let pasted):
            type(pasted, chrome: &chrome)
        case .deleteBackward:
            edit(chrome: &chrome) { if !$0.isEmpty { $0.removeLast() } }
        case .clearTitle:
            edit(chrome: &chrome) { $0 = "" }
        case .cancelTitle:
            mode = .browsing
        case .acceptCompletion:
            guard case .adding = mode, let entry = completion else { break }
            mode = .adding(entry.title.trimmingCharacters(in: .whitespaces))
        case .acceptTitle:
            switch mode {
            case .finding:
                mode = .browsing
                return openSelected(open: open, session: &session)
            case .adding(let text):
                return addItem(titled: text, session: &session, chrome: &chrome)
            case .browsing, .naming:
                return acceptTitle(session: &session, chrome: &chrome)
            }
        case .loaded(let fresh):
            // Rows keep their places while the list is open, and when it shows again after opening one of them.
            let places = reorders ? [] : entries.isEmpty ? session.listPlaces : entries.map(\.id)
            reorders = false
            session.listPlaces = []
            refresh(Self.keepingPlaces(places, of: session.listOrder.arranged(fresh, at: session.shop)))
        case .delegate:
            break
        }
        return []
    }

    /// PgDn / PgUp: the selection moves by a page of lines (headings count), to the row on the line a page away, or
    /// the first row after it when that line is a heading.
    private mutating func movePage(by pages: Int, session: Session) {
        let step = pages * Self.rowsPerPage(session.size)
        guard session.listOrder == .byShop else { return select(selected + step) }
        let lines = self.lines(order: session.listOrder, shop: session.shop)
        guard let here = lines.firstIndex(of: .row(selected)) else { return select(selected + step) }
        let target = max(0, min(lines.count - 1, here + step))
        let rows = lines[target...].lazy.compactMap { line -> Int? in if case .row(let row) = line { return row } else { return nil } }
        select(rows.first ?? selected)
    }

    private mutating func select(_ index: Int) {
        selected = max(0, min(entries.count - 1, index))
    }

    /// Types or pastes `text` into the title being typed: what a field does not take left out, the rest cut at
    /// `FieldText.maximumLength`, either said.
    private mutating func type(_ text: String, chrome: inout Chrome) {
        var refusals: [FieldText.Refusal] = []
        edit(chrome: &chrome) { refusals = FieldText.appending(text, to: &$0) }
        if let message = FieldText.message(for: refusals) { chrome.status = StatusMessage(message, isWarning: true) }
    }

    /// Changes the text being typed (a title, or what to find); finding jumps to the first title that holds it. The
    /// mode lets go of the text first, so that a key typed appends to it instead of copying all of it (issue 32).
    private mutating func edit(chrome: inout Chrome, _ change: (inout String) -> Void) {
        switch mode {
        case .browsing:
            break
        case .naming(var text, let isNew):
            mode = .browsing
            change(&text)
            mode = .naming(text, isNew: isNew)
        case .adding(var text):
            mode = .browsing
            change(&text)
            mode = .adding(text)
        case .finding(var text):
            mode = .browsing
            change(&text)
            mode = .finding(text)
            jump(to: text, from: 0, step: 1, chrome: &chrome)
        }
    }

    /// Selects the first comparison from `start` on (going by `step`, round the list) whose title holds `text`,
    /// ignoring case and accents; says so when none does.
    private mutating func jump(to text: String, from start: Int, step: Int, chrome: inout Chrome) {
        guard !text.isEmpty else { return }
        let count = entries.count
        guard count > 0 else { return }
        for offset in 0..<count {
            let index = ((start + offset * step) % count + count) % count
            if entries[index].displayTitle.range(of: text, options: [.caseInsensitive, .diacriticInsensitive]) != nil {
                selected = index
                return
            }
        }
        chrome.status = StatusMessage("No title holds \"\(text)\"", isWarning: true)
    }

    /// Opens the selected comparison; the rows' places are kept for the list's return.
    private func openSelected(open: ComparisonID, session: inout Session) -> [Effect] {
        guard let entry = selectedEntry else { return [] }
        session.listPlaces = entries.map(\.id)
        return (entry.id == open ? [] : [.database(.openComparison(entry.id))]) + [.send(.shoppingList(.delegate(.closed)))]
    }

    /// Space (or a tap on the box) on the selected item: ticked off, or back; an item off the list says so.
    private mutating func toggleTick(chrome: inout Chrome) -> [Effect] {
        guard let entry = selectedEntry else { return [] }
        guard entry.item.isListed else {
            chrome.status = StatusMessage("\"\(TerminalText.singleLine(entry.displayTitle))\" is off the list: + puts it back", isWarning: true)
            return []
        }
        entries[selected].item.ticked.toggle()
        lastChange = .tick(entry.id, title: entry.displayTitle, ticked: !entry.item.ticked)
        return [.database(.setTicked(entry.id, !entry.item.ticked))]
    }

    /// Ctrl-Y after `+`, `-` or Space: the item's count or tick as it was, saved as any change, named in the message.
    private mutating func undo(_ change: ListChange, shop: ShopName?, chrome: inout Chrome) -> [Effect] {
        let id: ComparisonID, title: String
        switch change {
        case .count(let of, let named, _, _), .tick(let of, let named, _): (id, title) = (of, TerminalText.singleLine(named))
        }
        guard let index = entries.firstIndex(where: { $0.id == id }) else {
            chrome.status = StatusMessage("\"\(title)\" is gone: nothing to undo", isWarning: true)
            return []
        }
        switch change {
        case .count(_, _, let delta, let pack):
            // The same pack taken back off (or put back): the amount as it was (DECISIONS 347).
            entries[index].item = entries[index].item.counted(by: -delta, pack: pack)
            chrome.status = StatusMessage("Undid the count of \"\(title)\": \(entries[index].item.shownCount(at: shop))× on the list")
            return [.database(.changeListCount(id, by: -delta, pack: pack))]
        case .tick(_, _, let ticked):
            entries[index].item.ticked = !ticked
            chrome.status = StatusMessage(ticked ? "Undid the tick of \"\(title)\"" : "Undid the untick of \"\(title)\"")
            return [.database(.setTicked(id, !ticked))]
        }
    }

    /// `+` / `-` on the selected item; nil (and a message) when the count cannot go that way.
    /// The count is an amount (DECISIONS 344): one pack of the product bought at `shop` more or fewer.
    private mutating func changeCount(by delta: Int, shop: ShopName?, chrome: inout Chrome) -> DatabaseEffect? {
        guard let entry = selectedEntry else { return nil }
        let pack = entry.item.pack(at: shop)
        let changed = entry.item.counted(by: delta, pack: pack)
        let title = TerminalText.singleLine(entry.displayTitle)
        guard changed != entry.item else {
            chrome.status = StatusMessage(delta < 0 ? "\"\(title)\" is off the list already" : "At most \(ListItem.maximumCount) of one item")
            return nil
        }
        entries[selected].item = changed
        lastChange = .count(entry.id, title: entry.displayTitle, by: delta, pack: pack)
        if changed.count == 0 { chrome.status = StatusMessage("\"\(title)\" is off the list (kept: + puts it back)") }
        return .changeListCount(entry.id, by: delta, pack: pack)
    }

    /// `[` / `]`: swaps the selected item with the one before (after) it among its shop's items, and numbers that
    /// shop's items 1, 2… in their new order (their aisles); nil (and a message) when it cannot move that way.
    private mutating func moveInAisle(by step: Int, session: Session, chrome: inout Chrome) -> DatabaseEffect? {
        guard let entry = selectedEntry else { return nil }
        guard session.listOrder == .byShop else {
            chrome.status = StatusMessage("[ ] order a shop's items: Ctrl-S first", isWarning: true)
            return nil
        }
        guard let (group, target) = ListOrder.aisleStep(in: entries, at: selected, by: step, shop: session.shop) else {
            let within = ListGroup(entry.item, at: session.shop).within
            let title = TerminalText.singleLine(entry.displayTitle)
            chrome.status = StatusMessage("\"\(title)\" is \(step < 0 ? "first" : "last") \(within) already")
            return nil
        }
        entries.swapAt(selected, target)
        selected = target
        for (aisle, index) in group.enumerated() { entries[index].item.aisle = aisle + 1 }
        return .moveInAisle(entry.id, by: step, at: session.shop)
    }

    /// Enter while typing a list: adds the item (saved with a count of 1, not opened) and starts the next, unless the
    /// title names a saved comparison (then that one counts); Enter on an empty title ends, as Esc does.
    private mutating func addItem(titled text: String, session: inout Session, chrome: inout Chrome) -> [Effect] {
        let title = text.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else {
            mode = .browsing
            return []
        }
        if let index = saved(titled: title) { return countSaved(at: index, shop: session.shop, chrome: &chrome) }
        let item = session.makeComparison(title: title)
        entries.insert(ListEntry(id: item.id, title: title, productCount: 0), at: 0)
        selected = 0
        wanted = item.id
        mode = .adding("")
        chrome.status = StatusMessage("Added \"\(TerminalText.singleLine(title))\": type the next, Esc ends")
        return [.database(.addListItem(item)), .database(.loadShoppingList)]
    }

    /// Enter on a saved comparison's title while typing a list: that one on the list (0× to 1×) or one more of it,
    /// not a new empty item; the next title follows.
    private mutating func countSaved(at index: Int, shop: ShopName?, chrome: inout Chrome) -> [Effect] {
        let entry = entries[index]
        let pack = entry.item.pack(at: shop)
        let changed = entry.item.counted(by: 1, pack: pack)
        let title = TerminalText.singleLine(entry.displayTitle)
        mode = .adding("")
        selected = index
        guard changed != entry.item else {
            chrome.status = StatusMessage("At most \(ListItem.maximumCount) of one item: \"\(title)\" stays at \(entry.item.shownCount(at: shop))", isWarning: true)
            return []
        }
        entries[index].item = changed
        chrome.status = StatusMessage("\"\(title)\" (saved): \(changed.shownCount(at: shop)) to buy; type the next")
        return [.database(.changeListCount(entry.id, by: 1, pack: pack))]
    }

    private mutating func acceptTitle(session: inout Session, chrome: inout Chrome) -> [Effect] {
        guard case .naming(let text, let isNew) = mode else { return [] }
        mode = .browsing
        let title = text.trimmingCharacters(in: .whitespaces)
        if isNew {
            let created = session.makeComparison(title: title)
            chrome.status = StatusMessage("New comparison \"\(created.displayTitle)\"")
            return [.database(.createComparison(created)), .send(.shoppingList(.delegate(.closed)))]
        }
        // Before the list is read (a rename begun on the comparison) it is the comparison to select.
        guard let id = wanted ?? selectedEntry?.id else { return [] }
        if selectedEntry?.id == id { entries[selected].title = title }
        return [.database(.renameComparison(id, title)), .database(.loadShoppingList), .send(.shoppingList(.delegate(.renamed(id, title))))]
    }
}

/// A change of an item's count or tick on the list, for Ctrl-Y: the item, its title then, and what changed.
public enum ListChange: Equatable, Sendable {
    /// `by` packs of `pack` (nil: the count as packs), which Ctrl-Y takes back.
    case count(ComparisonID, title: String, by: Int, pack: ListAmount?)
    case tick(ComparisonID, title: String, ticked: Bool)
}
