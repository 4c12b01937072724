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
    public let packs: Packs

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
        if let multibuy = offer.multibuy {
            packs = Self.packs(of: UnitPrice(price: multibuy.shelf, baseQuantity: offer.packBase), for: count, of: wanted.packBase).inMultiples(of: multibuy)
        } else {
            packs = Self.packs(of: offer.ranking, for: count, of: wanted.packBase)
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
    var isOtherSize: Bool { offer.packBase != wanted.packBase || offer.multibuy != nil }

    /// `packsText` where a row must say it: packs of another size than the wanted product's, or too many; nil when the
    /// packs are the wanted product, count for count.
    public func packsNote(decimal: DecimalMark = .point) -> String? {
        isOtherSize || cost == nil ? packsText(decimal: decimal) : nil
    }

    /// The packs as a row says them: `2× 500 g`, `3× 400 g = 1.2 kg` when several hold more than the amount (in the
    /// wanted product's unit when that says it exactly to three decimals, else the pack's), `too many packs of 1 mg`.
    public func packsText(decimal: DecimalMark = .point) -> String {
        let size = offer.product.quantityText.map { decimal.shown($0) } ?? ""
        let unit = offer.product.unit.map { " " + $0.symbol(for: offer.product.quantity ?? 1) } ?? ""
        guard case .whole(let packs, _) = packs else { return "too many packs of \(size)\(unit)" }
        let text = "\(packs)× \(size)\(unit)" + (offer.multibuy.map { multibuy in
            let offers = multibuy.buying(packs).offers
            return offers == 0 ? "" : " (\(offers == 1 ? "" : "\(offers)× ")\(multibuy.deal.count) for \(decimal.shown(MoneyFormat.plain.price(multibuy.deal.price))))"
        } ?? "")
        let held = Decimal(packs) * offer.packBase
        guard packs > 1, held > Decimal(count) * wanted.packBase, let quantity = offer.product.quantity, let packUnit = offer.product.unit else {
            return text
        }
        var inWanted = Decimal(packs) * quantity, shownUnit = packUnit
        if let wantedQuantity = wanted.product.quantity, let wantedUnit = wanted.product.unit {
            let converted = held * wantedQuantity / wanted.packBase
            if DecimalText.rounded(converted, places: 3) == converted { (inWanted, shownUnit) = (converted, wantedUnit) }
        }
        return text + " = " + decimal.shown(DecimalText.format(inWanted)) + " " + shownUnit.symbol(for: inWanted)
    }

    /// The fewest whole packs of `pack` holding `count` × `size` base units, and their cost. Exact: the count is
    /// kept below `NumberRange.limit`, so the amount and packs × size have at most 37 digits (Decimal keeps 38).
    private static func packs(of pack: UnitPrice, for count: Int, of size: Decimal) -> Packs {
        let limit = NumberRange.limit
        guard count >= 0, Decimal(count) < limit else { return .tooMany }
        if pack.baseQuantity == size { return .whole(count: count, cost: pack.price * Decimal(count)) }
        let amount = Decimal(count) * size
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
