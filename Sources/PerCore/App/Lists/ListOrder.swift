/// The order of the list screen (Ctrl-S there): most recently edited first, or grouped by the store of each item's
/// product to buy (stores by name, items without a store last; within a store, most recently edited first).
public enum ListOrder: Equatable, Sendable {
    case recent
    case byStore

    public var toggled: ListOrder { self == .recent ? .byStore : .recent }

    /// `entries` (most recently edited first) in this order.
    public func arranged(_ entries: [ListEntry], at shop: ShopName?) -> [ListEntry] {
        switch self {
        case .recent:
            return entries
        case .byStore:
            let keyed = entries.enumerated().map { offset, entry in
                (entry: entry, offset: offset, store: entry.item.productToBuy(at: shop)?.product.store.trimmingCharacters(in: .whitespaces) ?? "")
            }
            return keyed.sorted { a, b in
                switch (a.store.isEmpty, b.store.isEmpty) {
                case (false, true): return true
                case (true, false): return false
                case (true, true): return a.offset < b.offset
                case (false, false):
                    let order = a.store.compare(b.store, options: [.caseInsensitive, .diacriticInsensitive])
                    return order == .orderedSame ? a.offset < b.offset : order == .orderedAscending
                }
            }.map(\.entry)
        }
    }
}
