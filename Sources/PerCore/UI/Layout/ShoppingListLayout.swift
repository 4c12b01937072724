/// Where the list of saved comparisons (the shopping list) goes at a given size, shared by drawing and clicks.
///
/// A row: the open comparison's mark, the check box, the count (`2×`), the title, the product to buy and its price
/// (from 60 columns), the line total, and the last edit (from 110 columns). The selected item carries two buttons,
/// `−` and `+`, at the end of its title cell: its count by taps. Grouped by shop, a heading line names each shop above
/// its rows (`ShoppingListScreen.lines`), so a screen line is a row or a heading.
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
    /// Lines on one page (rows and, grouped by shop, the shops' headings).
    public let rowsPerPage: Int
    /// The lines on view, in order from `firstRowY` (the page holding the selected row).
    let lines: ArraySlice<ShoppingListScreen.Line>
    /// The row index of the first row on view.
    public var firstRow: Int { visibleRows.first?.index ?? 0 }
    /// How many rows there are (the new comparison being named included).
    public let rowCount: Int
    public let titleWidth: Int
    public let showsProducts: Bool
    public let buyWidth: Int
    public let showsDates: Bool
    let isNaming: Bool
    /// The selected row's item (nil while a title is typed, or when the row is not an item: no buttons then).
    let selectedItem: (index: Int, entry: ListEntry)?
    /// The entries on view, by row index, for the taps: where a box and a title are.
    let entries: [Int: ListEntry]
    /// The columns each row's total takes as drawn, by row index (none: the whole cell, when the money format is not
    /// known). Without the product column a title has what its total leaves, the selected item's `−`/`+` sit just
    /// before it (decision 421).
    let totalWidths: [Int: Int]

    /// The layout of `lists` at `size`; grouped by shop (`order`), the shops' headings take lines of their own.
    /// `money`: how totals are drawn, for the selected row's room.
    public init(_ lists: ShoppingListScreen, size: TerminalSize, order: ListOrder = .recent, shop: ShopName? = nil, money: MoneyFormat? = nil) {
        self.size = size
        rowsPerPage = ShoppingListScreen.rowsPerPage(size)
        let all = lists.lines(order: order, shop: shop)
        let selectedLine = all.firstIndex(of: .row(lists.selectedRow)) ?? 0
        let firstLine = (selectedLine / rowsPerPage) * rowsPerPage
        lines = all[firstLine..<min(all.count, firstLine + rowsPerPage)]
        rowCount = lists.rowCount
        isNaming = lists.isTyping
        showsProducts = size.width >= Self.productsMinimumWidth
        showsDates = size.width >= Self.dateMinimumWidth
        let free = size.width - Self.titleX - 1 - (Self.totalWidth + 1) - (showsProducts ? Self.priceWidth + 1 : 0)
            - (showsDates ? Self.dateWidth + 1 : 0)
        buyWidth = showsProducts ? free * 2 / 5 : 0
        titleWidth = max(4, free - (showsProducts ? buyWidth + 1 : 0))
        var entries: [Int: ListEntry] = [:]
        for case .row(let index) in lines { entries[index] = lists.entry(atRow: index) }
        self.entries = entries
        let selected = lists.selectedRow
        selectedItem = !lists.isTyping ? entries[selected].flatMap { Self.isItem($0) ? (selected, $0) : nil } : nil
        totalWidths = money.map { money in
            entries.mapValues { entry in
                let cost = entry.item.isListed ? entry.item.purchase(at: shop)?.cost : nil
                return cost.map { TextWidth.of(Self.totalText(money.price($0), money: money, width: Self.totalWidth, ellipsis: "…")) } ?? 0
            }
        } ?? [:]
    }

    /// An amount as its cell shows it: with the currency when it fits, else alone, cut after its point when even that
    /// is too long (never to its tail).
    static func totalText(_ amount: String, money: MoneyFormat, width: Int, ellipsis: Character) -> String {
        let withCurrency = money.shown(amount)
        return TextWidth.of(withCurrency) <= width ? withCurrency : money.decimal.shown(NumberFit.fit(amount, width: width, ellipsis: ellipsis))
    }

    /// A blank page (no title, no product) is not an item: no box, no count, no buttons.
    public static func isItem(_ entry: ListEntry) -> Bool { !(entry.title.isEmpty && entry.productCount == 0) }
    /// The check box shows on an item on the list (count above 0).
    public static func showsBox(_ entry: ListEntry) -> Bool { entry.item.isListed && isItem(entry) }

    /// A count button: ` − ` or ` + `, three columns so a finger finds it.
    public struct CountButton: Sendable, Equatable {
        public let x: Int
        public let y: Int
        public static let width = 3
        public let delta: Int
        func contains(x: Int, y: Int) -> Bool { y == self.y && x >= self.x && x < self.x + Self.width }
    }

    /// `−` and `+` on the selected item's row (none when it is not an item): at the end of its title cell beside the
    /// product column, else just before the total as drawn, so the title has the columns the total leaves (421).
    public var countButtons: [CountButton] {
        guard let (index, _) = selectedItem, let y = visibleRows.first(where: { $0.index == index })?.y,
              titleWidth >= 2 * CountButton.width + 2 else { return [] }
        let buttons = 2 * CountButton.width + 1
        let minusX = showsProducts ? Self.titleX + titleWidth - buttons : totalEndX - totalWidth(row: index) - 1 - buttons
        return [CountButton(x: minusX, y: y, delta: -1), CountButton(x: minusX + CountButton.width + 1, y: y, delta: 1)]
    }

    /// The title's room on a row: the title cell, and without the product column what the total leaves of its cell; on
    /// the selected item's row, up to a space before its buttons.
    public func titleRoom(row index: Int) -> Int {
        if selectedItem?.index == index, let minus = countButtons.first { return minus.x - 1 - Self.titleX }
        return showsProducts ? titleWidth : totalEndX - totalWidth(row: index) - 1 - Self.titleX
    }

    /// The columns the row's total takes (its whole cell when not known).
    private func totalWidth(row index: Int) -> Int { totalWidths[index] ?? Self.totalWidth }

    /// The rows on view: their index and line.
    public var visibleRows: [(index: Int, y: Int)] {
        lines.enumerated().compactMap { offset, line in
            if case .row(let index) = line { return (index, Self.firstRowY + offset) } else { return nil }
        }
    }

    /// The shops' headings on view (grouped by shop): their text and line. A tap on one does nothing.
    public var headings: [(text: String, y: Int)] {
        lines.enumerated().compactMap { offset, line in
            if case .heading(let text) = line { return (text, Self.firstRowY + offset) } else { return nil }
        }
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

    /// What a tap at (x, y) does (nothing while a title is typed): on the selected item's `−`/`+`, its count; on a
    /// box, ticking that item; on a title (its text), opening that comparison; anywhere else on a row, selecting it.
    /// `now`: the list as it is now, if it changed since this layout's frame was drawn: the tap acts on the item drawn
    /// where it landed, wherever that is now (nothing when it is gone).
    public func action(atX x: Int, y: Int, now: ShoppingListScreen? = nil) -> Action? {
        guard !isNaming, let row = visibleRows.first(where: { $0.y == y }), let entry = entries[row.index] else { return nil }
        guard let index = now.map({ $0.entries.firstIndex { $0.id == entry.id } }) ?? row.index else { return nil }
        if let button = countButtons.first(where: { $0.contains(x: x, y: y) }) {
            return now.map({ $0.selectedEntry?.id == entry.id }) ?? true ? .shoppingList(.changeCount(button.delta)) : nil
        }
        if Self.showsBox(entry), x >= Self.boxX, x < Self.boxX + 3 { return .shoppingList(.tickRow(index)) }
        let titleEnd = Self.titleX + min(titleRoom(row: row.index), TextWidth.of(TerminalText.singleLine(entry.displayTitle)))
        if x >= Self.titleX, x < titleEnd { return .shoppingList(.openRow(index)) }
        return .shoppingList(.choose(index))
    }
}
