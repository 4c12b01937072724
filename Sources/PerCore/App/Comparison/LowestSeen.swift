import Foundation

/// The lowest unit price in the open comparison's price book (its history: earlier prices kept as sightings), found
/// when the history is read (decision 77) and kept as this session records sightings (decision 110). What a commit is
/// compared with is this and the comparison's other products' prices now (`lowest(besides:in:)`), so a price that was
/// corrected, or that the book no longer holds, is never quoted.
public enum LowestSeen: Equatable, Sendable {
    /// The history is not read yet: commits say nothing.
    case unknown
    /// The history holds nothing ranked.
    case nothing
    /// The history's lowest shelf price, the most recent among ties, and its lowest offer of each kind seen beside a
    /// shelf price (`.deal`, `.member`), each compared only with its own kind (decision 412).
    case record(PriceRecord, offers: [PriceKind: PriceRecord] = [:])

    /// `history` as recorded (oldest first); the comparison ranks it (its family and basis).
    init(history: [PriceRecord], comparison: Comparison) {
        let ranking = PriceBook.ranking(comparison, history: history)
        guard let lowest = PriceBook.lowest(of: history.reversed(), in: ranking) else {
            self = .nothing
            return
        }
        var offers: [PriceKind: PriceRecord] = [:]
        for kind in [PriceKind.deal, .member] {
            offers[kind] = PriceBook.lowest(of: history.reversed(), in: ranking, as: kind)?.record
        }
        self = .record(lowest.record, offers: offers)
    }

    /// A price that went into the history (a sighting replaced, or a product deleted): the history's lowest from now
    /// on when it is at or below it (the most recent among ties), its shelf price and the offer seen beside it each
    /// against their own kind.
    mutating func record(_ record: PriceRecord, in comparison: Comparison) {
        switch self {
        case .unknown:
            return
        case .nothing:
            guard comparison.unitPrice(ofRecord: record, as: .shelf) != nil else { return }
            let kind = record.kind
            self = .record(record, offers: kind != .shelf && comparison.unitPrice(ofRecord: record, as: kind) != nil ? [kind: record] : [:])
        case .record(var lowest, var offers):
            func isAtOrBelow(_ kept: PriceRecord?, as kind: PriceKind) -> Bool {
                guard let unitPrice = comparison.unitPrice(ofRecord: record, as: kind) else { return false }
                guard let kept, let keptPrice = comparison.unitPrice(ofRecord: kept, as: kind) else { return true }
                return !(keptPrice < unitPrice)
            }
            if isAtOrBelow(lowest, as: .shelf) { lowest = record }
            let kind = record.kind
            if kind != .shelf, isAtOrBelow(offers[kind], as: kind) { offers[kind] = record }
            self = .record(lowest, offers: offers)
        }
    }

    /// The lowest price of `kind` seen apart from product `id`'s own price now: the history's lowest of that kind and
    /// the other products' prices now of it (which win ties: they are the more recent). Nil while the history is not
    /// read, or nothing of the kind is ranked.
    func lowest(besides id: ProductID, in comparison: Comparison, as kind: PriceKind = .shelf) -> (record: PriceRecord, unitPrice: UnitPrice)? {
        var best: (record: PriceRecord, unitPrice: UnitPrice)?
        switch self {
        case .unknown: return nil
        case .nothing: break
        case .record(let lowest, let offers):
            let kept = kind == .shelf ? lowest : offers[kind]
            best = kept.flatMap { kept in comparison.unitPrice(ofRecord: kept, as: kind).map { (kept, $0) } }
        }
        for product in comparison.products where product.id != id {
            guard let unitPrice = comparison.unitPrice(ofNow: product, as: kind), best == nil || unitPrice <= best!.unitPrice,
                  let record = PriceRecord(product) else { continue }
            best = (record, unitPrice)
        }
        return best
    }

    /// What committing product `id`'s new `unitPrice` of `kind` says: `Lowest seen: 5.49 per kg at Costco, 3 Oct (this
    /// is +37%)`, or `New lowest price seen (was 6.61 at Costco, 3 Oct)`; a deal's `New lowest deal seen (was …)`, a
    /// member price's `Lowest member price seen: …`; nil when nothing ranked of that kind was seen before.
    func standing(of unitPrice: UnitPrice, kind: PriceKind = .shelf, product id: ProductID, in comparison: Comparison, currency: Currency?,
                  today: CalendarDay?, decimal: DecimalMark = .point) -> String? {
        guard let (lowest, lowestPrice) = lowest(besides: id, in: comparison, as: kind),
              let perBasis = comparison.pricePerBasis(lowestPrice) else { return nil }
        let amount = currency.format(decimal.shown(MoneyFormat.plain.unitPrice(perBasis)))
        var whereAndWhen = lowest.shop.isEmpty ? "" : " at " + TerminalText.singleLine(lowest.shop)
        if let seen = lowest.seen { whereAndWhen += Self.day(seen, today: today, after: whereAndWhen) }
        if unitPrice < lowestPrice { return "New lowest \(kind.noun) seen (was \(amount)\(whereAndWhen))" }
        let per = comparison.basis.map { " per " + $0.label } ?? ""
        let than = unitPrice == lowestPrice ? "the same" : "+" + decimal.shown(DecimalText.format(unitPrice.percentMore(than: lowestPrice))) + "%"
        let label = kind == .shelf ? "Lowest seen" : "Lowest \(kind.noun) seen"
        return "\(label): \(amount)\(per)\(whereAndWhen) (this is \(than))"
    }

    /// `, 3 Oct` after a shop, ` on 3 Oct` without one; `today` as such (the year shown unless it is today's).
    static func day(_ seen: CalendarDay, today: CalendarDay?, after text: String) -> String {
        if seen == today { return text.isEmpty ? " today" : ", today" }
        return (text.isEmpty ? " on " : ", ") + (today.map { seen.shortText(on: $0) } ?? seen.shortText + " \(seen.year)")
    }
}
