import Foundation

/// The order of the list screen (Ctrl-S there): most recently edited first, or grouped by the shop of each item's
/// product to buy (`ListGroup`: shops by name, then the items any shop has, those not at the shop you are in, those
/// with no price; within a group, the order the user set with `[` `]`, its aisles, items not placed yet first and
/// most recently edited first).
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
            let keyed = entries.enumerated().map { offset, entry in (entry: entry, offset: offset, group: ListGroup(entry.item, at: shop)) }
            return keyed.sorted { a, b in
                guard a.group.isSame(as: b.group) else { return a.group.precedes(b.group) }
                return (a.entry.item.aisle, a.offset) < (b.entry.item.aisle, b.offset)
            }.map(\.entry)
        }
    }

    /// Moving `entries[index]` one place (`step`: -1 up, 1 down) among its shop's items, `entries` arranged by shop:
    /// the positions of that shop's items in `entries` and the position the item moves to (the item there takes its
    /// place); nil when it is first (last) of its shop already.
    public static func aisleStep(in entries: [ListEntry], at index: Int, by step: Int, shop: ShopName?) -> (group: [Int], target: Int)? {
        let itsGroup = ListGroup(entries[index].item, at: shop)
        let group = entries.indices.filter { ListGroup(entries[$0].item, at: shop).isSame(as: itsGroup) }
        guard let place = group.firstIndex(of: index), group.indices.contains(place + step) else { return nil }
        return (group, group[place + step])
    }
}
