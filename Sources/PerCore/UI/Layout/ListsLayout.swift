/// Where the list of saved comparisons goes at a given size, shared by drawing and clicks.
public struct ListsLayout: Sendable {
    /// The title line, then the column headings, then the rows.
    public static let headingY = 1
    public static let firstRowY = 2
    /// Lines below the rows: a spare line, the status and the legend.
    static let linesBelowRows = 3
    public static let titleX = 3
    public static let countWidth = 9
    /// The last-edit column shows from this width on.
    static let dateMinimumWidth = 60
    public static let dateWidth = 17

    public let size: TerminalSize
    /// Rows on one page.
    public let rowsPerPage: Int
    /// The row index at the top of the page on view (the page holds the selected row).
    public let firstRow: Int
    /// How many rows there are (the new comparison being named included).
    public let rowCount: Int
    public let titleWidth: Int
    public let showsDates: Bool
    let isNaming: Bool

    public init(_ lists: ListsScreen, size: TerminalSize) {
        self.size = size
        rowsPerPage = max(1, size.height - Self.firstRowY - Self.linesBelowRows)
        firstRow = (lists.selectedRow / rowsPerPage) * rowsPerPage
        rowCount = lists.rowCount
        isNaming = lists.isTyping
        showsDates = size.width >= Self.dateMinimumWidth
        titleWidth = max(4, size.width - Self.countWidth - (showsDates ? Self.dateWidth : 0) - 6)
    }

    /// The rows on view: their index and line.
    public var visibleRows: [(index: Int, y: Int)] {
        (firstRow..<min(rowCount, firstRow + rowsPerPage)).enumerated().map { offset, index in (index, Self.firstRowY + offset) }
    }

    /// The line of the text being found (`/`): the spare line under the rows.
    public var findY: Int { Self.firstRowY + rowsPerPage }

    public var countX: Int { Self.titleX + titleWidth + 1 }
    public var dateX: Int { Self.titleX + titleWidth + Self.countWidth + 2 }

    /// What the mouse wheel does: moves the selection by as many rows as the wheel scrolled (typing a new
    /// title, nothing).
    public func action(scrolling lines: Int) -> Action? {
        rowCount == 0 || lines == 0 || isNaming ? nil : .lists(.moveSelection(lines))
    }

    /// What a click at (x, y) does: choosing the row it lands on.
    public func action(atX x: Int, y: Int) -> Action? {
        guard !isNaming, let row = visibleRows.first(where: { $0.y == y }) else { return nil }
        return .lists(.choose(row.index))
    }
}
