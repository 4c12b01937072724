import Foundation

/// What buying a list item takes at a shop, like for like: the item's amount is its count × the size of the product
/// it would buy anywhere (`wanted`: pinned, else the best value), bought there in whole packs of the shop's product to
/// buy (`offer`, `ProductChoice`'s rule). 1× Rice of 1 kg is 2 packs of 500 g where only those are sold.
public struct Purchase: Equatable, Sendable {
    /// The product bought, in whole packs.
    public let offer: Offer
    /// The product whose size sets the amount, and how many of it the item counts.
    public let wanted: Offer
    public let count: Int
    /// The amount asked, in base units: the item's `ListAmount` when it has one (DECISIONS 344), else `count` × the
    /// wanted product's size.
    public let asked: Decimal
    public let packs: Packs
    /// The volume system its amounts are said in (the comparison's): set by `ListItem.purchase`.
    public internal(set) var system: VolumeSystem = .us

    public enum Packs: Equatable, Sendable {
        /// `count` packs, `cost` in all.
        case whole(count: Int, cost: Decimal)
        /// More packs than `NumberRange` keeps (1 t in packs of 1 mg): said so, never computed.
        case tooMany
    }

    public init(_ offer: Offer, count: Int, of wanted: Offer) {
        self.offer = offer
        self.wanted = wanted
        self.count = count
        asked = Decimal(count) * wanted.packBase
        if let multibuy = offer.multibuy {
            packs = Self.packs(of: UnitPrice(price: multibuy.shelf, baseQuantity: offer.packBase), for: count, of: wanted.packBase).inMultiples(of: multibuy)
        } else {
            packs = Self.packs(of: offer.ranking, for: count, of: wanted.packBase)
        }
    }

    /// `asked` base units (an item's amount) in whole packs of `offer`; `count` and `wanted` as above.
    public init(_ offer: Offer, asking asked: Decimal, count: Int, of wanted: Offer) {
        self.offer = offer
        self.wanted = wanted
        self.count = count
        self.asked = asked
        if let multibuy = offer.multibuy {
            packs = Self.packs(of: UnitPrice(price: multibuy.shelf, baseQuantity: offer.packBase), holding: asked).inMultiples(of: multibuy)
        } else {
            packs = Self.packs(of: offer.ranking, holding: asked)
        }
    }

    /// What the packs cost; nil when too many.
    public var cost: Decimal? {
        guard case .whole(_, let cost) = packs else { return nil }
        return cost
    }

    /// The deposits on the packs (`Product.deposit` each), paid at the till and back when the empties are returned:
    /// never part of `cost`; nil when the product has none or the packs are too many to count.
    public var deposits: Decimal? {
        guard let deposit = offer.product.deposit, deposit > 0, case .whole(let count, _) = packs else { return nil }
        return deposit * Decimal(count)
    }

    /// How many packs; nil when too many.
    public var packsCount: Int? {
        guard case .whole(let count, _) = packs else { return nil }
        return count
    }

    /// Packs of another size than the wanted product's: the row says how many (`2× 500 g`).
    var isOtherSize: Bool { offer.packBase != wanted.packBase || holdsMoreThanAsked || offer.multibuy != nil }

    /// The packs hold more than the amount asked (an amount set on another pack: 2× 750 g for 1 kg).
    var holdsMoreThanAsked: Bool {
        guard case .whole(let count, _) = packs else { return false }
        return Decimal(count) * offer.packBase != asked
    }

    /// `packsText` where a row must say it: packs of another size than the wanted product's, or too many; nil when the
    /// packs are the wanted product, count for count.
    public func packsNote(decimal: DecimalMark = .point, saysAmount: Bool = true, shortOffer: Bool = false) -> String? {
        isOtherSize || cost == nil ? packsText(decimal: decimal, saysAmount: saysAmount, shortOffer: shortOffer) : nil
    }

    /// What a row says to buy: the product's name, and its packs where they must be said (`packsNote`); a product
    /// without a name is its packs alone (`2× 500 g (1 kg)`, not `500 g 2× 500 g`). `separator` goes between the two.
    public func buyText(decimal: DecimalMark = .point, separator: String = " ", saysAmount: Bool = true) -> String {
        let label = offer.label(decimal: decimal)
        guard let note = packsNote(decimal: decimal, saysAmount: saysAmount) else { return label }
        return offer.product.name.isEmpty ? note : label + separator + note
    }

    /// `2 × 1.59 = 3.18`: the line as arithmetic (DECISIONS 346), packs × price = cost; nil without a price or a count.
    public func arithmetic(_ shown: (Decimal) -> String) -> String? {
        guard let price = offer.product.price, case .whole(let packs, let cost) = packs else { return nil }
        return "\(packs) × \(shown(price)) = \(shown(cost))"
    }

    /// The packs as a row says them, with a multi-buy's offers and the amount asked: `2× 500 g (1 kg)`, `3× 400 g (1 kg)`
    /// (`ListAmount.text`), `2× 500 g (2 for 3.00)`, `too many packs of 1 mg`.
    /// `saysAmount` false: the packs alone (`2× 500 g`), where a row has no room for more.
    /// `shortOffer`: a multi-buy said as a row of the comparison says it, `2/3.00`, where a row is short of room.
    public func packsText(decimal: DecimalMark = .point, saysAmount: Bool = true, shortOffer: Bool = false) -> String {
        let size = offer.product.quantityText.map { decimal.shown($0) } ?? ""
        let unit = offer.product.unit.map { " " + $0.symbol(for: offer.product.quantity ?? 1) } ?? ""
        guard case .whole(let packs, _) = packs else { return "too many packs of \(size)\(unit)" }
        var notes: [String] = []
        if let multibuy = offer.multibuy, case let offers = multibuy.buying(packs).offers, offers > 0 {
            notes.append("\(offers == 1 ? "" : "\(offers)× ")\(multibuy.deal.count)\(shortOffer ? "/" : " for ")\(decimal.shown(MoneyFormat.plain.price(multibuy.deal.price)))")
        }
        // The amount asked where the packs are another size or hold more (a multi-buy of the wanted size needs none).
        if saysAmount, offer.packBase != wanted.packBase || holdsMoreThanAsked, let asked = askedText(decimal: decimal) { notes.append(asked) }
        return "\(packs)× \(size)\(unit)" + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
    }

    /// The amount asked as a row says it (`1 kg`), in the wanted product's unit family; nil without a unit.
    public func askedText(decimal: DecimalMark = .point) -> String? {
        // By use the amount is uses (`100 washes`), whatever the packs' units (decision 434).
        if let word = wanted.useWord { return Uses(count: asked, word: word).map { decimal.shown($0.text) } }
        guard let unit = wanted.product.unit ?? offer.product.unit else { return nil }
        return ListAmount(base: asked, like: unit, in: system).text(in: system, decimal: decimal)
    }

    /// The fewest whole packs of `pack` holding `count` × `size` base units, and their cost. Exact: the count is
    /// kept below `NumberRange.limit`, so the amount and packs × size have at most 37 digits (Decimal keeps 38).
    private static func packs(of pack: UnitPrice, for count: Int, of size: Decimal) -> Packs {
        let limit = NumberRange.limit
        guard count >= 0, Decimal(count) < limit else { return .tooMany }
        if pack.baseQuantity == size { return .whole(count: count, cost: pack.price * Decimal(count)) }
        return packs(of: pack, holding: Decimal(count) * size)
    }

    /// The fewest whole packs of `pack` holding `amount` base units (an item's `ListAmount`, at most
    /// `ListItem.maximumCount` × a number `NumberRange` keeps), and their cost.
    private static func packs(of pack: UnitPrice, holding amount: Decimal) -> Packs {
        let limit = NumberRange.limit
        guard amount > 0 else { return .whole(count: 0, cost: 0) }
        // A Double quotient is within a pack of the ceiling (a Decimal division is slow on Linux, and where to shop
        // makes one per item and shop): the last pack is settled exactly.
        let estimate = (NSDecimalNumber(decimal: amount).doubleValue / NSDecimalNumber(decimal: pack.baseQuantity).doubleValue).rounded(.up)
        guard estimate.isFinite, estimate < 2e12 else { return .tooMany }
        var packs = Decimal(Int64(estimate))
        while packs * pack.baseQuantity < amount { packs += 1 }
        while packs > 0, (packs - 1) * pack.baseQuantity >= amount { packs -= 1 }
        guard packs < limit else { return .tooMany }
        return .whole(count: Int(truncating: NSDecimalNumber(decimal: packs)), cost: pack.price * packs)
    }
}

extension Purchase.Packs {
    /// These packs of a multi-buy's product bought in its multiples (`MultibuyPacks.buying`).
    func inMultiples(of multibuy: MultibuyPacks) -> Purchase.Packs {
        guard case .whole(let count, _) = self else { return self }
        let bought = multibuy.buying(count)
        return .whole(count: bought.packs, cost: bought.cost)
    }
}
