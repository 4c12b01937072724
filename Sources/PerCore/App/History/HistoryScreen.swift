/// The open comparison's price book (Ctrl-V): every price seen, newest first, the lowest marked; or the lowest seen at
/// each shop (`l`). An entry is selected: Ctrl-D deletes it (asks; Ctrl-Y brings it back), `s` and `d` fix its shop
/// and day. Writes go to the database (`.changeHistoryEntry`), then the history and the comparison's lowest seen are
/// read again.
public struct HistoryScreen: Equatable, Sendable, ScreenReducer {
    public enum Content: Equatable, Sendable {
        /// Asked of the shop, not there yet.
        case loading
        case loaded(PriceBook)
    }

    /// What the list shows.
    public enum View: Equatable, Sendable {
        /// Every price seen, newest first.
        case everyPrice
        /// The lowest unit price seen at each shop, cheapest first (`per history --lowest`).
        case lowestPerShop
    }

    public enum Mode: Equatable, Sendable {
        case browsing
        /// A shop or a day typed on the status line.
        case fixing(EntryFix)
    }

    public internal(set) var content: Content = .loading
    /// The first entry shown.
    public internal(set) var top = 0
    /// The selected entry's place in `shown`.
    public internal(set) var selected = 0
    public internal(set) var view: View = .everyPrice
    public internal(set) var mode: Mode = .browsing
    /// The entries deleted on this screen, the last last: Ctrl-Y brings them back in turn.
    public internal(set) var deleted: [PriceRecord] = []

    public init(content: Content = .loading, top: Int = 0, selected: Int = 0, view: View = .everyPrice, mode: Mode = .browsing,
                deleted: [PriceRecord] = []) {
        self.content = content
        self.top = top
        self.selected = selected
        self.view = view
        self.mode = mode
        self.deleted = deleted
    }

    /// The title and the column headings above the entries; the status and the legend below them.
    public static let linesAboveRows = 2
    public static let linesBelowRows = 2
    /// Entries on one page at this size (PgDn scrolls by it; the layout draws it).
    public static func rowsPerPage(_ size: TerminalSize) -> Int { max(1, size.height - linesAboveRows - linesBelowRows) }

    /// The entries in the list, as the view shows them.
    public var shown: [PriceBook.Entry] {
        switch content {
        case .loading: []
        case .loaded(let book):
            switch view {
            case .everyPrice: book.entries
            case .lowestPerShop: book.lowestPerShop
            }
        }
    }

    public var entryCount: Int { shown.count }

    /// The place in `shown` of the entry marked lowest ever seen.
    public var lowestShown: Int? {
        guard case .loaded(let book) = content else { return nil }
        switch view {
        case .everyPrice: return book.lowestIndex
        case .lowestPerShop: return book.lowestPerShop.isEmpty ? nil : 0
        }
    }

    public var selectedEntry: PriceBook.Entry? {
        let entries = shown
        return entries.indices.contains(selected) ? entries[selected] : nil
    }

    public mutating func update(_ action: HistoryAction, env: inout ScreenEnvironment) -> [Effect] {
        let rows = Self.rowsPerPage(env.session.size)
        switch action {
        case .scroll(let lines): select(selected + lines, rows: rows)
        case .scrollPage(let pages):
            top = max(0, min(top + pages * rows, entryCount - rows))
            select(selected + pages * rows, rows: rows)
        case .toFirst: select(0, rows: rows)
        case .toLast: select(entryCount - 1, rows: rows)
        case .select(let index): select(index, rows: rows)
        case .close: return [.send(.history(.delegate(.closed)))]
        case .toggleLowest:
            view = view == .everyPrice ? .lowestPerShop : .everyPrice
            top = 0
            select(0, rows: rows)
        case .askDelete:
            guard let entry = selectedEntry else { return [] }
            guard entry.record.entry != nil else {
                env.chrome.status = StatusMessage(Self.isNowMessage(entry.record), isWarning: true)
                return []
            }
            env.chrome.overlay = .confirm(.deleteHistoryEntry(entry.record))
        case .delete(let record):
            guard let id = record.entry else { return [] }
            deleted.append(record)
            env.chrome.status = StatusMessage("Deleted that price · Ctrl-Y brings it back")
            return Self.writing(.delete(id, of: env.open), open: env.open)
        case .undoDelete:
            guard let record = deleted.popLast() else {
                env.chrome.status = StatusMessage("Nothing to bring back: no price was deleted here")
                return []
            }
            env.chrome.status = StatusMessage("Brought back the price of \(record.price) seen \(record.seen?.iso ?? "on a day not known")")
            return Self.writing(.restore(record, in: env.open), open: env.open)
        case .startFix(let field):
            guard let entry = selectedEntry else { return [] }
            guard entry.record.entry != nil else {
                env.chrome.status = StatusMessage(Self.isNowMessage(entry.record), isWarning: true)
                return []
            }
            let text = switch field {
            case .shop: entry.record.shop
            case .day: entry.record.seen?.iso ?? ""
            }
            mode = .fixing(EntryFix(record: entry.record, field: field, text: text))
        case .typeFix(let character):
            guard case .fixing(var fix) = mode else { return [] }
            if let refusal = FieldText.refusal(of: character) {
                if let message = FieldText.message(for: [refusal]) { env.chrome.status = StatusMessage(message, isWarning: true) }
                return []
            }
            let typed = fix.text + String(character)
            // At the limit, a scalar that joins the last character (an accent, a skin tone) is still taken.
            guard TextWidth.of(fix.text) < Self.fixLimit(fix.field) || typed.count == fix.text.count else { return [] }
            fix.text = typed
            mode = .fixing(fix)
        case .deleteBackwardInFix:
            guard case .fixing(var fix) = mode, !fix.text.isEmpty else { return [] }
            fix.text.removeLast()
            mode = .fixing(fix)
        case .clearFix:
            guard case .fixing(var fix) = mode else { return [] }
            fix.text = ""
            mode = .fixing(fix)
        case .cancelFix:
            mode = .browsing
            env.chrome.status = StatusMessage("Nothing changed")
        case .acceptFix:
            guard case .fixing(let fix) = mode, let id = fix.record.entry else { return [] }
            var shop = fix.record.shop, seen = fix.record.seen
            switch fix.field {
            case .shop:
                shop = fix.text.trimmingCharacters(in: .whitespaces)
            case .day:
                switch Self.day(fix.text, today: env.session.today) {
                case .success(let day): seen = day
                case .failure(let problem):
                    env.chrome.status = StatusMessage(problem.text, isWarning: true)
                    return []
                }
            }
            mode = .browsing
            guard shop != fix.record.shop || seen != fix.record.seen else {
                env.chrome.status = StatusMessage("Nothing changed")
                return []
            }
            env.chrome.status = StatusMessage(fix.field == .shop ? "Shop fixed" : "Day fixed")
            return Self.writing(.fix(id, of: env.open, shop: shop, seen: seen), open: env.open)
        case .show(let book):
            let kept = selectedEntry.map(\.record)
            content = .loaded(book)
            // The selection stays on its entry when it is still there, else at its place.
            if let kept, let index = shown.firstIndex(where: { $0.record.entry != nil && $0.record.entry == kept.entry || $0.record == kept }) {
                selected = index
            }
            select(selected, rows: rows)
        case .loaded, .delegate:
            break   // the root's
        }
        return []
    }

    /// The write, then the history and the comparison's lowest seen read again.
    private static func writing(_ change: HistoryEntryChange, open: ComparisonID) -> [Effect] {
        [.database(.changeHistoryEntry(change)), .database(.loadHistory(open, for: .historyScreen)), .database(.loadHistory(open, for: .lowestSeen))]
    }

    static func isNowMessage(_ record: PriceRecord) -> String {
        let name = record.name.isEmpty ? "" : " of \"\(TerminalText.singleLine(record.name))\""
        return "That is the price now\(name), not an earlier one: change it on the comparison (Esc)"
    }

    /// The longest shop or day text a fix takes.
    static func fixLimit(_ field: EntryFix.Field) -> Int {
        switch field {
        case .shop: 60
        case .day: 10
        }
    }

    public struct DayProblem: Error, Equatable {
        public var text: String
    }

    /// A typed day: ISO (`2026-11-20`), empty for a day not known; refused when it is no day or after tomorrow.
    /// `today` nil: the clock's day is not known (decision 113), so no day can be told to be in the future.
    static func day(_ text: String, today: CalendarDay?) -> Result<CalendarDay?, DayProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .success(nil) }
        guard let day = CalendarDay(iso: trimmed) else {
            return .failure(DayProblem(text: "\"\(TerminalText.singleLine(trimmed))\" is not a day: type it as \(today?.iso ?? "YYYY-MM-DD")"))
        }
        if let today, day.dayNumber > today.dayNumber + 1 {
            return .failure(DayProblem(text: "\(day.iso) is in the future: a price is seen by today"))
        }
        return .success(day)
    }

    /// The selection at `index` (kept among the entries), the page moved as little as shows it.
    private mutating func select(_ index: Int, rows: Int) {
        selected = max(0, min(index, entryCount - 1))
        if selected < top { top = selected }
        if selected >= top + rows { top = selected - rows + 1 }
        top = max(0, min(top, entryCount - rows))
    }
}
