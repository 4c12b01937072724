/// The part of the product table on view: its order, which positions of it fit the screen, and their rows' texts.
/// Derived from the comparison, the focus and the session's size and order; the reducer keeps it current and the
/// layout measures it.
public struct VisibleTable: Sendable {
    let order: DisplayOrder
    /// Positions in the table's order (`page.indices` are the products at them).
    public let positions: Range<Int>
    public let page: TablePage

    /// Reuses the screen's cached order and page when they are current.
    init(_ screen: ComparisonScreen, session: Session) {
        let comparison = screen.comparison
        order = screen.displayOrder.isCurrent(for: comparison, order: session.tableOrder)
            ? screen.displayOrder : DisplayOrder(comparison, order: session.tableOrder)
        guard !session.size.isTooSmall else {
            positions = 0..<0
            page = .empty
            return
        }
        positions = Self.visiblePositions(count: comparison.products.count, focus: order.position(of: screen.focus.product),
                                          capacity: ComparisonLines.productsPerPage(session.size))
        let indices = positions.map(order.index(at:))
        page = screen.tablePage.isCurrent(for: comparison, indices: indices)
            ? screen.tablePage : TablePage(comparison, indices: indices, reusing: screen.tablePage, session: session)
    }

    /// The products that fit, the focused one among them: pages of `capacity` products, the last page
    /// full (a long comparison opens with as many products as fit above its new row).
    static func visiblePositions(count: Int, focus: Int, capacity: Int) -> Range<Int> {
        let capacity = max(1, capacity)
        let first = max(0, min((focus / capacity) * capacity, count - capacity))
        return first..<min(count, first + capacity)
    }
}

extension ComparisonScreen {
    /// The table on view at the session's size (from the caches when they are current).
    public func visibleTable(_ session: Session) -> VisibleTable { VisibleTable(self, session: session) }

    /// Re-derives the order and the visible rows when the comparison, its order or the page changed.
    mutating func refreshTablePage(_ session: Session) {
        // The ranking uses the prices this shopper pays (their schemes, today's offers): kept current wherever the
        // table is made again (decision 285).
        if comparison.shopper != session.shopper { comparison.shopper = session.shopper }
        let table = visibleTable(session)
        order.value = table.order
        page.value = table.page
    }
}
