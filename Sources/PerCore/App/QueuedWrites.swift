/// The shopping list as this session sees it: what the database read, with the changes still waiting to be written
/// (a lock, a full disk) laid over it in order, so the screen never shows a tick, a count or an item as undone while
/// it only waits, and nobody repeats it.
extension Array where Element == ListEntry {
    public func applying(_ queued: [DatabaseEffect]) -> [ListEntry] {
        queued.reduce(into: self) { entries, change in entries.apply(change) }
    }

    private mutating func apply(_ change: DatabaseEffect) {
        func update(_ id: ComparisonID, _ change: (inout ListEntry) -> Void) {
            if let index = firstIndex(where: { $0.id == id }) { change(&self[index]) }
        }
        switch change {
        case .changeListCount(let id, let delta):
            update(id) { $0.item.count = $0.item.count(changedBy: delta) }
        case .setTicked(let id, let ticked):
            update(id) { $0.item.ticked = ticked }
        case .clearTicks:
            for index in indices { self[index].item.ticked = false }
        case .moveInAisle(let id, let step, let shop):
            var arranged = ListOrder.byShop.arranged(self, at: shop)
            guard let index = arranged.firstIndex(where: { $0.id == id }),
                  let (group, target) = ListOrder.aisleStep(in: arranged, at: index, by: step, shop: shop) else { return }
            arranged.swapAt(index, target)
            for (aisle, position) in group.enumerated() { update(arranged[position].id) { $0.item.aisle = aisle + 1 } }
        case .renameComparison(let id, let title):
            update(id) { $0.title = title }
        case .deleteComparison(let id):
            removeAll { $0.id == id }
        case .addListItem(let comparison), .createComparison(let comparison), .restoreDeletedComparison(let comparison),
             .restoreComparison(let comparison):
            guard !contains(where: { $0.id == comparison.id }) else { return }
            let products = comparison.products.filter { !$0.isBlank }.count
            insert(ListEntry(id: comparison.id, title: comparison.title, productCount: products,
                             item: ListItem(count: 1, ticked: false, pinned: comparison.pinned, comparison: comparison)), at: 0)
        case .edit(.pinProduct(let product), let header):
            update(header.id) { $0.item.pinned = product }
        case .edit(.saveHeader, let header):
            update(header.id) { $0.title = header.title }
        case .edit(.saveField, _), .edit(.deleteProduct, _), .edit(.withdrawProduct, _), .edit(.restoreProduct, _), .edit(.deleteAllProducts, _),
             .discardIfBlank, .loadShoppingList, .loadHistory, .openComparison, .openNew, .loadListCount, .changeHistoryEntry:
            break   // the products' own changes show on the comparison screen; the rest changes no item
        }
    }
}
