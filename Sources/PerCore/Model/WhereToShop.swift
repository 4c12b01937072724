import Foundation

/// Where to shop for the items on the list, like for like: what the trip costs at each shop that has a price for any
/// of them, which items each shop covers, the cheapest shop among those that cover every item, and the cheapest
/// split across two shops (each item at the cheaper of the two). Each item's cost at a shop is its `Purchase` there:
/// its amount (count × the size of the product it would buy anywhere) in whole packs of the shop's product. Exact decimals.
///
/// At a shop an item is bought as `ProductChoice` says (the list's rule): its pinned product when that product is there
/// or has no shop, else its best value there, else its best value without a shop (a product without a shop can be
/// bought anywhere); products without a price count nowhere. Shop names are one shop ignoring case, accents and spaces around them (`ShopName`); a shop is
/// named as its first product (in list order, best value first) spells it.
public struct WhereToShop: Equatable, Sendable {
    /// One item of the trip bought at one shop: its amount in whole packs there (`Purchase`), and their cost.
    public struct Line: Equatable, Sendable {
        /// The item's place in `items`.
        public var item: Int
        public var purchase: Purchase
        public var cost: Decimal
        public var product: Product { purchase.offer.product }
    }

    /// An item a shop has, in more packs than can be counted.
    public struct Uncounted: Equatable, Sendable {
        public var item: Int
        public var purchase: Purchase
    }

    /// The trip at one shop.
    public struct ShopTrip: Equatable, Sendable {
        public var shop: String
        /// The sum of `lines`' costs.
        public var total: Decimal
        /// The items it has, in list order.
        public var lines: [Line]
        /// The places in `items` of those it does not have, in list order.
        public var missing: [Int]
        /// Those it has in packs too many to count (`Purchase.Packs.tooMany`), in list order: not in the total.
        public var tooMany: [Uncounted]
        public var covered: Int { lines.count }
        /// The deposits on the packs of `lines` (never in `total`): back when the empties are returned.
        public var deposits: Decimal { lines.reduce(Decimal(0)) { $0 + ($1.purchase.deposits ?? 0) } }
    }

    /// The trip split across two shops, each item at the cheaper of the two (the first on a tie).
    public struct Split: Equatable, Sendable {
        /// The two shops, in the order of `shops` (cheapest first).
        public var shops: [String]
        public var total: Decimal
        /// The cheapest shop's total less this one's; nil when no one shop has every item.
        public var saves: Decimal?
        /// Every item, in list order, with the place in `shops` of the shop it is bought at.
        public var lines: [(shop: Int, line: Line)]
        /// The deposits on its packs (never in `total`).
        public var deposits: Decimal { lines.reduce(Decimal(0)) { $0 + ($1.line.purchase.deposits ?? 0) } }

        public static func == (a: Split, b: Split) -> Bool {
            a.shops == b.shops && a.total == b.total && a.saves == b.saves
                && a.lines.map(\.shop) == b.lines.map(\.shop) && a.lines.map(\.line) == b.lines.map(\.line)
        }
    }

    /// The items on the list (count ≥ 1), in the order given.
    public let items: [ListEntry]
    /// Every shop with a price for at least one item: those covering more items first, then the cheapest, then by name.
    public let shops: [ShopTrip]
    /// The cheapest of the shops that have every item (the first of `shops` when it has them all); nil when none has.
    public var cheapestShop: ShopTrip? { shops.first.flatMap { $0.covered == items.count && !items.isEmpty ? $0 : nil } }
    /// The cheapest pair of shops that together have every item, when it costs less than the cheapest shop (or no one
    /// shop has them all); nil otherwise.
    public let bestSplit: Split?
    /// Why there is no best split, when there is none: no two shops have every item together, or none costs less.
    public var noSplitBecause: String {
        splitHasEverything || shops.count < 2 ? "none costs less" : "no two shops have every item"
    }
    /// Whether some pair of shops has every item together (a split is possible at all).
    private let splitHasEverything: Bool
    /// How many items have a priced product without a shop (one that can be bought anywhere).
    private let pricedAnywhere: Int

    /// Why no shop is compared, when `shops` is empty and there are items: their priced products have no shop (so
    /// any shop will do: "No shop has a price" read as if nothing could be bought), or nothing has a price.
    public var noShopsBecause: String {
        guard pricedAnywhere > 0 else { return "No shop has a price for the items on the list." }
        let unpriced = items.count - pricedAnywhere
        let rest = unpriced == 0 ? "" : unpriced == 1 ? " (1 item has no price)" : " (\(unpriced) items have no price)"
        return "The products on the list have no shop: they can be bought anywhere\(rest)."
    }

    public init(_ entries: [ListEntry]) {
        let items = entries.filter(\.isOnTheList)
        self.items = items
        // Each item's offers with a price, and the key of their shop ("" for none).
        var names: [String] = []
        var shopIndex: [String: Int] = [:]
        let priced: [[(offer: Offer, shop: Int?)]] = items.map { entry in
            entry.item.offers.compactMap { offer in
                guard offer.product.price != nil else { return nil }
                let name = ShopName.trimmed(offer.product.shop)
                guard !name.isEmpty else { return (offer, nil) }
                let key = ShopName.key(name)
                if let index = shopIndex[key] { return (offer, index) }
                shopIndex[key] = names.count
                names.append(name)
                return (offer, names.count - 1)
            }
        }
        pricedAnywhere = priced.filter { $0.contains { $0.shop == nil } }.count
        // purchases[shop][item]: the item bought at that shop, if it can be.
        let wanted = items.map { $0.item.productToBuy() }
        let purchases: [[Purchase?]] = names.indices.map { shop in
            items.indices.map { index in
                guard let wanted = wanted[index] else { return nil }
                var choice = ProductChoice<Offer>(pinned: items[index].item.pinned)
                for candidate in priced[index] {   // best value first: the first of each kind is kept
                    let place: ProductChoice<Offer>.Place = candidate.shop == nil ? .anywhere : candidate.shop == shop ? .here : .elsewhere
                    choice.offer(candidate.offer, id: candidate.offer.product.id, place: place) { _, _ in false }
                }
                return choice.chosen.map { items[index].item.purchase($0, wanting: wanted) }
            }
        }
        let lines: [[Line?]] = purchases.map { shop in
            shop.enumerated().map { index, purchase in purchase.flatMap { p in p.cost.map { Line(item: index, purchase: p, cost: $0) } } }
        }
        let trips = names.indices.map { shop in
            let have = lines[shop].compactMap { $0 }
            return ShopTrip(shop: names[shop], total: have.reduce(Decimal(0)) { $0 + $1.cost }, lines: have,
                            missing: items.indices.filter { purchases[shop][$0] == nil },
                            tooMany: items.indices.compactMap { index in
                                purchases[shop][index].flatMap { $0.cost == nil ? Uncounted(item: index, purchase: $0) : nil }
                            })
        }
        let order = trips.indices.sorted { a, b in
            let x = trips[a], y = trips[b]
            if x.covered != y.covered { return x.covered > y.covered }
            if x.total != y.total { return x.total < y.total }
            return x.shop.compare(y.shop, options: ShopName.sameShop) == .orderedAscending
        }
        shops = order.map { trips[$0] }
        let cheapest = shops.first.flatMap { $0.covered == items.count && !items.isEmpty ? $0.total : nil }

        var best: Split?
        for (place, first) in order.enumerated() {
            pairs: for second in order[(place + 1)...] {
                var total = Decimal(0)
                var chosen: [(shop: Int, line: Line)] = []
                chosen.reserveCapacity(items.count)
                for index in items.indices {
                    switch (lines[first][index], lines[second][index]) {
                    case (nil, nil): continue pairs
                    case let (a?, nil): chosen.append((0, a))
                    case let (nil, b?): chosen.append((1, b))
                    case let (a?, b?): chosen.append(a.cost <= b.cost ? (0, a) : (1, b))
                    }
                    total += chosen[chosen.count - 1].line.cost
                }
                if best.map({ total < $0.total }) ?? true {
                    best = Split(shops: [names[first], names[second]], total: total, saves: nil, lines: chosen)
                }
            }
        }
        splitHasEverything = best != nil
        if let cheapest, let split = best {
            best = split.total < cheapest ? Split(shops: split.shops, total: split.total, saves: cheapest - split.total, lines: split.lines) : nil
        }
        bestSplit = items.isEmpty ? nil : best
    }
}
