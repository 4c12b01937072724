import Foundation

/// A comparison as an item of the shopping list: how many to buy, whether it is in the cart, and what it can be
/// bought as (its ranked products, best value first). The product to buy and the line total are derived.
public struct ListItem: Equatable, Sendable {
    /// `+` stops here: a count is a few digits wide on screen, and every line total stays exact.
    public static let maximumCount = 999

    /// How many to buy; 0: off the list (the comparison is kept). With an `amount`, the packs of the pack it was set
    /// on; the packs bought are those that hold the amount (`purchase`).
    public var count: Int
    /// What the count means (DECISIONS 344): count × the pack it was set on; nil when none is known (the count is packs
    /// of the product to buy, whichever that is).
    public var amount: ListAmount?
    /// The comparison's volume system, which a customary volume's amount is measured in.
    public var volumeSystem: VolumeSystem = .us
    /// Checked off: in the cart.
    public var ticked: Bool
    /// The product the user chose to buy instead of the best value, if any.
    public var pinned: ProductID?
    /// The ranked products, best value first (ties in entry order); products that are not ranked are left out.
    public var offers: [Offer]
    /// The comparison unit the offers' unit prices are per (`kg`, `100 g`); empty without products.
    public var per: String
    /// Its place among its shop's items when the list is grouped by shop (`[` `]`): 0 not placed yet (first,
    /// most recently edited first), then 1, 2… in the order the user set.
    public var aisle: Int

    public init(count: Int = 1, amount: ListAmount? = nil, ticked: Bool = false, pinned: ProductID? = nil, offers: [Offer] = [], per: String = "",
                aisle: Int = 0, volumeSystem: VolumeSystem = .us) {
        self.count = count
        self.amount = amount
        self.volumeSystem = volumeSystem
        self.ticked = ticked
        self.pinned = pinned
        self.offers = offers
        self.per = per
        self.aisle = aisle
    }

    /// The item of a comparison: its offers ranked from its products (each unit price worked out once).
    public init(count: Int, amount: ListAmount? = nil, ticked: Bool, pinned: ProductID?, aisle: Int = 0, comparison: Comparison) {
        let base = comparison.basis?.baseAmount(in: comparison.volumeSystem)
        let offers = comparison.ranked.map { ranked -> Offer in
            let product = comparison.products[ranked.index]
            let word = comparison.useWord
            guard case .multibuy(let deal) = comparison.pricePaid(of: product) else { return Offer(product: product, ranking: ranked.unitPrice, base: base, useWord: word) }
            return Offer(product: product, ranking: ranked.unitPrice, base: base, multibuy: MultibuyPacks(deal: deal, shelf: product.price ?? 0), useWord: word)
        }
        self.init(count: count, amount: amount, ticked: ticked, pinned: pinned, offers: offers, per: comparison.perLabel, aisle: aisle,
                  volumeSystem: comparison.volumeSystem)
    }

    /// On the list: counted at least once.
    public var isListed: Bool { count > 0 }

    /// What to buy: the pinned product while it is ranked, else the best value. With a current shop, `ProductChoice`'s
    /// rule: the pinned one if it can be bought there, else the best there, else the best without a shop; nil when none.
    public func productToBuy(at shop: ShopName? = nil) -> Offer? {
        var choice = ProductChoice<Offer>(pinned: pinned)
        for offer in offers {   // best value first: the first of each kind is kept
            choice.offer(offer, id: offer.product.id, place: ProductChoice<Offer>.place(of: offer.product.shop, at: shop)) { _, _ in false }
        }
        return choice.chosen
    }

    /// Whether the item has products to buy but none that can be bought at `shop` (`not at Lidl`).
    public func isNotAt(_ shop: ShopName?) -> Bool {
        shop != nil && !offers.isEmpty && productToBuy(at: shop) == nil
    }

    /// The item's amount bought at `shop` in whole packs of its product to buy there (`Purchase`); nil without one.
    public func purchase(at shop: ShopName? = nil) -> Purchase? {
        guard let wanted = productToBuy(), let offer = shop == nil ? wanted : productToBuy(at: shop) else { return nil }
        return purchase(offer, wanting: wanted)
    }

    /// The item bought as `offer`, `wanted` being the product it would buy anywhere: its amount when it has one
    /// (DECISIONS 344), else `count` × `wanted`'s size, in whole packs of `offer`.
    public func purchase(_ offer: Offer, wanting wanted: Offer) -> Purchase {
        var purchase = asked(like: wanted).map { Purchase(offer, asking: $0, count: count, of: wanted) } ?? Purchase(offer, count: count, of: wanted)
        purchase.system = volumeSystem
        return purchase
    }

    /// The amount asked in base units, when the item has one of `offer`'s unit family (an amount of another family
    /// than its products' now asks nothing: the count is packs, DECISIONS 345).
    func asked(like offer: Offer) -> Decimal? {
        // By use a pack's size is its uses: an amount in a unit asks nothing, the count is packs (decision 434).
        guard let amount, offer.useWord == nil, let unit = offer.product.unit, unit.family == amount.family else { return nil }
        return amount.base(in: volumeSystem)
    }

    /// The count a row shows (DECISIONS 346): the packs bought at `shop`, so that count × price is the line total; the
    /// count as set without a purchase.
    public func shownCount(at shop: ShopName? = nil) -> Int {
        purchase(at: shop)?.packsCount ?? count
    }

    /// The pack `+` / `-` add or take at `shop`: one of the product bought there; nil without one (the count is packs).
    public func pack(at shop: ShopName? = nil) -> ListAmount? {
        // By use the count is packs of the one to buy, 50 washes each: no amount in litres (decision 434).
        purchase(at: shop).flatMap { $0.offer.useWord == nil ? ListAmount(pack: $0.offer.product) : nil }
    }

    /// The item after `+` (`delta` 1) or `-` (-1) of `pack` (DECISIONS 344): the amount asked and that many packs more
    /// or fewer, in the unit it was set in, and the count the packs of `pack` that hold it; off the list (0, no amount)
    /// at or below nothing. Without a pack (no product to buy, or one of another family) the count moves as packs and
    /// no amount is known. Unchanged when it cannot go that way (off the list already, more than `maximumCount` packs).
    public func counted(by delta: Int, pack: ListAmount?) -> ListItem {
        var item = self
        guard let pack, pack.quantity > 0, productToBuy().map({ $0.product.unit?.family == pack.family }) ?? true else {
            item.count = count(changedBy: delta)
            item.amount = item.count == count ? amount : nil
            return item
        }
        let size = pack.base(in: volumeSystem)
        let asked: Decimal
        if let amount, amount.family == pack.family {
            asked = amount.base(in: volumeSystem)
        } else if let wanted = productToBuy(), wanted.product.unit?.family == pack.family {
            asked = Decimal(count) * wanted.ranking.baseQuantity   // a count that meant packs of the product to buy
        } else {
            asked = Decimal(count) * size
        }
        let now = asked + Decimal(delta) * size
        guard now > 0 else {
            item.count = 0
            item.amount = nil
            return item
        }
        guard let packs = ListAmount.packs(holding: now, of: size) else { return self }
        item.count = packs
        item.amount = ListAmount(base: now, like: amount.flatMap { $0.family == pack.family ? $0.unit : nil } ?? pack.unit, in: volumeSystem)
        return item
    }

    /// What the purchase at `shop` costs; nil without one, or with too many packs to count.
    public func lineTotal(at shop: ShopName? = nil) -> Decimal? { purchase(at: shop)?.cost }

    /// The count after `+` (`delta` 1) or `-` (-1), kept from 0 to `maximumCount`.
    public func count(changedBy delta: Int) -> Int {
        max(0, min(Self.maximumCount, count + delta))
    }
}

/// A product an item can be bought as, with its price per the comparison unit.
public struct Offer: Equatable, Sendable {
    public var product: Product
    /// What ranks it, and the base amount of the comparison unit: the unit price per that unit is worked out when
    /// asked (a Decimal division for every product of a long list is slow on Linux, and only a few are shown).
    let ranking: UnitPrice
    let base: Decimal?
    /// The multi-buy its unit price is ranked at (`ranking` is then the price of `count` packs): bought in its
    /// multiples (`MultibuyPacks`); nil: ranked and bought at one pack's price.
    public let multibuy: MultibuyPacks?
    /// The word its comparison is by use of (decision 304): then its pack's size (`packBase`) is its uses, and an amount
    /// asked is that many uses (`100 washes`), never the pack's unit; nil: by its unit.
    public let useWord: CountWord?

    init(product: Product, ranking: UnitPrice, base: Decimal?, multibuy: MultibuyPacks? = nil, useWord: CountWord? = nil) {
        self.product = product
        self.ranking = ranking
        self.base = base
        self.multibuy = multibuy
        self.useWord = useWord
    }

    /// One pack's size in base units (a multi-buy's `ranking` holds `count` packs).
    var packBase: Decimal {
        guard let multibuy else { return ranking.baseQuantity }
        return ranking.baseQuantity / Decimal(multibuy.deal.count)
    }

    /// Its price per the comparison unit (`per`).
    public var unitPrice: Decimal? {
        base.map(ranking.price(per:))
    }

    /// What names it on the list: its name, else its size (`500 g`).
    public var label: String {
        if !product.name.isEmpty { return product.name }
        return [product.quantityText, product.unit?.symbol].compactMap { $0 }.joined(separator: " ")
    }

    /// The label with `decimal` as its mark where it is a quantity (`0,5 kg`); a name is kept as typed.
    public func label(decimal: DecimalMark) -> String { product.name.isEmpty ? decimal.shown(label) : label }
}

/// The trip's sums over the items on the list (count ≥ 1): of the whole list, in the cart, and left to buy.
/// Exact decimals; each item's line total is its like-for-like `Purchase` at the current shop. An item without a product
/// to buy adds nothing and is counted in `unpriced`, or in `notHere` when it has products but none at the current shop.
public struct ListTotals: Equatable, Sendable {
    public var total: Decimal = 0
    public var inCart: Decimal = 0
    public var left: Decimal { total - inCart }
    /// The deposits on the packs to buy (`Purchase.deposits`), never in `total`: back when the empties are returned.
    public var deposits: Decimal = 0
    /// The money to bring: the total and its deposits.
    public var toBring: Decimal { total + deposits }
    /// Items on the list without a product to buy (no price yet).
    public var unpriced = 0
    /// Items on the list with products, none of which can be bought at the current shop (`not at Lidl`).
    public var notHere = 0
    /// Items whose amount takes more packs of the current shop's product than can be counted (`Purchase.Packs.tooMany`).
    public var tooMany = 0

    public init(_ entries: [ListEntry], at shop: ShopName? = nil) {
        for entry in entries where entry.isOnTheList {
            guard let purchase = entry.item.purchase(at: shop) else {
                if entry.item.isNotAt(shop) { notHere += 1 } else { unpriced += 1 }
                continue
            }
            guard let line = purchase.cost else { tooMany += 1; continue }
            total += line
            if entry.item.ticked { inCart += line }
            deposits += purchase.deposits ?? 0
        }
    }
}
