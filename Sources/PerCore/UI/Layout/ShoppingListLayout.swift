/// Where the list of saved comparisons (the shopping list) goes at a given size, shared by drawing and clicks.
///
/// A row: the open comparison's mark, the check box, the count (`2×`), the title, the product to buy and its price
/// (from 60 columns), the line total, and the last edit (from 110 columns).
public struct ShoppingListLayout: Sendable {
    /// The title line, then the column headings, then the rows.
    public static let headingY = 1
    public static let firstRowY = ShoppingListScreen.linesAboveRows
    public static let boxX = 3
    /// The count, right-aligned in `countWidth` columns: `999×`.
    public static let countX = 7
    public static let countWidth = 4
    public static let titleX = 12
    public static let totalWidth = 10
    public static let priceWidth = 9
    /// The product to buy and its price show from this width on.
    static let productsMinimumWidth = 60
    /// The last-edit column shows from this width on.
    static let dateMinimumWidth = 110
    public static let dateWidth = 16

    public let size: TerminalSize
    /// Rows on one page.
    public let rowsPerPage: Int
    /// The row index at the top of the page on view (the page holds the selected row).
    public let firstRow: Int
    /// How many rows there are (the new comparison being named included).
    public let rowCount: Int
    public let titleWidth: Int
    public let showsProducts: Bool
    public let buyWidth: Int
    public let showsDates: Bool
    let isNaming: Bool

    public init(_ lists: ShoppingListScreen, size: TerminalSize) {
        self.size = size
        rowsPerPage = ShoppingListScreen.rowsPerPage(size)
        firstRow = (lists.selectedRow / rowsPerPage) * rowsPerPage
        rowCount = lists.rowCount
        isNaming = lists.isTyping
        showsProducts = size.width >= Self.productsMinimumWidth
        showsDates = size.width >= Self.dateMinimumWidth
        let free = size.width - Self.titleX - 1 - (Self.totalWidth + 1) - (showsProducts ? Self.priceWidth + 1 : 0)
            - (showsDates ? Self.dateWidth + 1 : 0)
        buyWidth = showsProducts ? free * 2 / 5 : 0
        titleWidth = max(4, free - (showsProducts ? buyWidth + 1 : 0))
    }

    /// The rows on view: their index and line.
    public var visibleRows: [(index: Int, y: Int)] {
        (firstRow..<min(rowCount, firstRow + rowsPerPage)).enumerated().map { offset, index in (index, Self.firstRowY + offset) }
    }

    /// The line of the totals, or of the text being found (`/`): the spare line under the rows.
    public var findY: Int { Self.firstRowY + rowsPerPage }

    public var buyX: Int { Self.titleX + titleWidth + 1 }
    /// The price's cell ends here (right-aligned).
    public var priceEndX: Int { buyX + buyWidth + 1 + Self.priceWidth }
    public var totalEndX: Int { (showsProducts ? priceEndX + 1 : buyX) + Self.totalWidth }
    public var dateX: Int { totalEndX + 2 }

    /// What the mouse wheel does: moves the selection by as many rows as the wheel scrolled (typing a new
    /// title, nothing).
    public func action(scrolling lines: Int) -> Action? {
        rowCount == 0 || lines == 0 || isNaming ? nil : .shoppingList(.moveSelection(lines))
    }

    /// What a click at (x, y) does: choosing the row it lands on (nothing while a title is typed).
    public func action(atX x: Int, y: Int) -> Action? {
        guard !isNaming, let row = visibleRows.first(where: { $0.y == y }) else { return nil }
        return .shoppingList(.choose(row.index))
    }
}
