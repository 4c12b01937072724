/// What this session sees of the database: what it read, with the writes still waiting (a lock, a full disk) laid over
/// it in order, so no screen shows a change as undone while it only waits, and nobody makes it twice. The one
/// definition of what a waiting write shows as: the shopping list, a comparison's count on it, the open comparison and
/// its price history are all read through it. (Waiting writes cannot be run in a transaction rolled back after the
/// read: under another program's write lock they cannot even begin.)
extension [PendingWrite] {
    /// The shopping list as read, with the waiting writes laid over it.
    public func laidOver(_ entries: [ListEntry]) -> [ListEntry] {
        reduce(into: entries) { entries, write in entries.apply(write.change) }
    }

    /// How many of comparison `id` are on the shopping list: `saved` as read (nil: it has no row), with the waiting writes.
    public func listCount(of id: ComparisonID, saved: Int?) -> Int {
        let read = saved.map { [ListEntry(id: id, title: "", productCount: 0, item: ListItem(count: $0, ticked: false))] } ?? []
        return laidOver(read).first { $0.id == id }?.item.count ?? 0
    }

    /// A comparison as read, with the waiting writes into it laid over it.
    public func laidOver(_ read: Comparison) -> Comparison {
        reduce(into: read) { comparison, write in
            switch write {
            case .restore(let whole) where whole.id == comparison.id:
                comparison = whole
            case .edit(let edit, let header, _) where header.id == comparison.id:
                comparison.apply(edit)
            case .restore, .edit, .other:
                break
            }
        }
    }

    /// Comparison `id`'s price history as read, with the waiting changes to it laid over it: a deletion that waits
    /// shows as done.
    public func laidOver(_ history: [PriceRecord], of id: ComparisonID) -> [PriceRecord] {
        reduce(into: history) { records, write in
            guard case .other(.changeHistoryEntry(let change)) = write else { return }
            switch change {
            case .delete(let entry, let comparison):
                if comparison == id { records.removeAll { $0.entry == entry } }
            case .restore(let record, let comparison):
                if comparison == id, !records.contains(where: { $0.entry != nil && $0.entry == record.entry }) {
                    records.insert(record, at: records.firstIndex { ($0.entry?.rawValue ?? 0) > (record.entry?.rawValue ?? .max) } ?? records.endIndex)
                }
            case .fix(let entry, let comparison, let shop, let seen):
                guard comparison == id, let index = records.firstIndex(where: { $0.entry == entry }) else { return }
                records[index].shop = shop
                records[index].seen = seen
            }
        }
    }
}

extension [ListEntry] {
    fileprivate mutating func apply(_ change: DatabaseEffect) {
        func update(_ id: ComparisonID, _ change: (inout ListEntry) -> Void) {
            if let index = firstIndex(where: { $0.id == id }) { change(&self[index]) }
        }
        switch change {
        case .changeListCount(let id, let delta, let pack):
            update(id) { $0.item = $0.item.counted(by: delta, pack: pack) }
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
             .discardIfBlank, .loadShoppingList, .loadHistory, .openComparison, .openNew, .changeHistoryEntry:
            break   // the products' own changes show on the comparison screen; the rest changes no item
        }
    }
}

extension Comparison {
    /// A saved field brings its product as it is now.
    fileprivate mutating func apply(_ edit: ComparisonEdit) {
        switch edit {
        case .saveField(_, let product, _):
            if let index = products.firstIndex(where: { $0.id == product.id }) {
                replaceProduct(at: index, with: product)
            } else {
                append(product)
            }
        case .restoreProduct(let product, let position):
            guard !products.contains(where: { $0.id == product.id }) else { return }
            insert(product, at: min(max(position, 0), products.count))
        case .deleteProduct(let id), .withdrawProduct(let id):
            if let index = products.firstIndex(where: { $0.id == id }) { removeProduct(at: index) }
        case .deleteAllProducts(let ids):
            for index in products.indices.reversed() where ids.contains(products[index].id) { removeProduct(at: index) }
        case .saveHeader:
            break   // the header travels with the edit; the open comparison shows its own
        case .pinProduct(let product):
            pinned = product
        }
    }
}
