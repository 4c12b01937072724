/// The open comparison's price book (Ctrl-V): every price seen, newest first, the lowest marked. It only reads:
/// the prices come from the shop (`.loadHistory`), and the comparison stays open behind it.
public struct HistoryScreen: Equatable, Sendable, ScreenReducer {
    public enum Content: Equatable, Sendable {
        /// Asked of the shop, not there yet.
        case loading
        case loaded(PriceBook)
    }

    public internal(set) var content: Content = .loading
    /// The first entry shown.
    public internal(set) var top = 0

    public init(content: Content = .loading, top: Int = 0) {
        self.content = content
        self.top = top
    }

    /// The title and the column headings above the entries; the status and the legend below them.
    public static let linesAboveRows = 2
    public static let linesBelowRows = 2
    /// Entries on one page at this size (PgDn scrolls by it; the layout draws it).
    public static func rowsPerPage(_ size: TerminalSize) -> Int { max(1, size.height - linesAboveRows - linesBelowRows) }

    public var entryCount: Int {
        switch content {
        case .loading: 0
        case .loaded(let book): book.entries.count
        }
    }

    public mutating func update(_ action: HistoryAction, env: inout ScreenEnvironment) -> [Effect] {
        let rows = Self.rowsPerPage(env.session.size)
        switch action {
        case .scroll(let lines): scroll(to: top + lines, rows: rows)
        case .scrollPage(let pages): scroll(to: top + pages * rows, rows: rows)
        case .toFirst: scroll(to: 0, rows: rows)
        case .toLast: scroll(to: entryCount, rows: rows)
        case .close: return [.send(.history(.delegate(.closed)))]
        case .show(let book):
            content = .loaded(book)
            scroll(to: top, rows: rows)
        case .loaded, .delegate:
            break   // the root's
        }
        return []
    }

    /// The last page is full: `top` never leaves blank rows under the last entry.
    private mutating func scroll(to first: Int, rows: Int) {
        top = max(0, min(first, entryCount - rows))
    }
}
