import Foundation

/// The order of the list screen (Ctrl-S there): most recently edited first, or grouped by the shop of each item's
/// product to buy (shops by name, items without a shop last; within a shop, the order the user set with `[` `]`,
/// its aisles, items not placed yet first and most recently edited first).
public enum ListOrder: Equatable, Sendable {
    case recent
    case byShop

    public var toggled: ListOrder { self == .recent ? .byShop : .recent }

    /// `entries` (most recently edited first) in this order.
    public func arranged(_ entries: [ListEntry], at shop: ShopName?) -> [ListEntry] {
        switch self {
        case .recent:
            return entries
        case .byShop:
            let keyed = entries.enumerated().map { offset, entry in (entry: entry, offset: offset, shop: Self.shop(of: entry, at: shop)) }
            return keyed.sorted { a, b in
                switch (a.shop.isEmpty, b.shop.isEmpty) {
                case (false, true): return true
                case (true, false): return false
                case (true, true): return (a.entry.item.aisle, a.offset) < (b.entry.item.aisle, b.offset)
                case (false, false):
                    let order = a.shop.compare(b.shop, options: Self.storeComparison)
                    return order == .orderedSame ? (a.entry.item.aisle, a.offset) < (b.entry.item.aisle, b.offset) : order == .orderedAscending
                }
            }.map(\.entry)
        }
    }

    /// Moving `entries[index]` one place (`step`: -1 up, 1 down) among its shop's items, `entries` arranged by shop:
    /// the positions of that shop's items in `entries` and the position the item moves to (the item there takes its
    /// place); nil when it is first (last) of its shop already.
    public static func aisleStep(in entries: [ListEntry], at index: Int, by step: Int, shop: ShopName?) -> (group: [Int], target: Int)? {
        let itsShop = Self.shop(of: entries[index], at: shop)
        let group = entries.indices.filter { sameShop(Self.shop(of: entries[$0], at: shop), itsShop) }
        guard let place = group.firstIndex(of: index), group.indices.contains(place + step) else { return nil }
        return (group, group[place + step])
    }

    /// The shop an entry is grouped under: its product to buy's (`""`: none).
    public static func shop(of entry: ListEntry, at shop: ShopName?) -> String {
        entry.item.productToBuy(at: shop)?.product.shop.trimmingCharacters(in: .whitespaces) ?? ""
    }

    /// The heading of the items whose product to buy has no shop (or that have nothing to buy).
    public static let noShop = "No shop"

    /// Whether two entries are grouped under one shop (names compared ignoring case and accents).
    public static func sameShop(_ a: String, _ b: String) -> Bool { a.compare(b, options: storeComparison) == .orderedSame }

    private static let storeComparison: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
}
