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
    /// The history's lowest, the most recent among ties.
    case record(PriceRecord)

    /// `history` as recorded (oldest first); the comparison ranks it (its family and basis).
    init(history: [PriceRecord], comparison: Comparison) {
        let lowest = PriceBook.lowest(of: history.reversed(), in: PriceBook.ranking(comparison, history: history))
        self = lowest.map { .record($0.record) } ?? .nothing
    }

    /// A price that went into the history (a sighting replaced, or a product deleted): the history's lowest from now
    /// on when it is at or below it (the most recent among ties).
    mutating func record(_ record: PriceRecord, in comparison: Comparison) {
        switch self {
        case .unknown:
            return
        case .nothing:
            if comparison.unitPrice(of: record.asProduct) != nil { self = .record(record) }
        case .record(let lowest):
            guard let unitPrice = comparison.unitPrice(of: record.asProduct) else { return }
            if let lowestPrice = comparison.unitPrice(of: lowest.asProduct), lowestPrice < unitPrice { return }
            self = .record(record)
        }
    }

    /// The lowest price seen apart from product `id`'s own price now: the history's lowest and the other products'
    /// prices now (which win ties: they are the more recent). Nil while the history is not read, or nothing is ranked.
    func lowest(besides id: ProductID, in comparison: Comparison) -> (record: PriceRecord, unitPrice: UnitPrice)? {
        var best: (record: PriceRecord, unitPrice: UnitPrice)?
        switch self {
        case .unknown: return nil
        case .nothing: break
        case .record(let lowest): best = comparison.unitPrice(of: lowest.asProduct).map { (lowest, $0) }
        }
        for product in comparison.products where product.id != id {
            guard let unitPrice = comparison.unitPrice(of: product), best == nil || unitPrice <= best!.unitPrice,
                  let record = PriceRecord(product) else { continue }
            best = (record, unitPrice)
        }
        return best
    }

    /// What committing product `id`'s new `unitPrice` says: `Lowest seen: 5.49 per kg at Costco, 3 Oct (this is +37%)`,
    /// or `New lowest price seen (was 6.61 at Costco, 3 Oct)`; nil when nothing ranked was seen before.
    func standing(of unitPrice: UnitPrice, product id: ProductID, in comparison: Comparison, currency: Currency?,
                  today: CalendarDay?, decimal: DecimalMark = .point) -> String? {
        guard let (lowest, lowestPrice) = lowest(besides: id, in: comparison),
              let perBasis = comparison.pricePerBasis(lowestPrice) else { return nil }
        let amount = currency.format(decimal.shown(MoneyFormat.plain.unitPrice(perBasis)))
        var whereAndWhen = lowest.shop.isEmpty ? "" : " at " + TerminalText.singleLine(lowest.shop)
        if let seen = lowest.seen { whereAndWhen += Self.day(seen, today: today, after: whereAndWhen) }
        if unitPrice < lowestPrice { return "New lowest price seen (was \(amount)\(whereAndWhen))" }
        let per = comparison.basis.map { " per " + $0.label } ?? ""
        let than = unitPrice == lowestPrice ? "the same" : "+" + decimal.shown(DecimalText.format(unitPrice.percentMore(than: lowestPrice))) + "%"
        return "Lowest seen: \(amount)\(per)\(whereAndWhen) (this is \(than))"
    }

    /// `, 3 Oct` after a shop, ` on 3 Oct` without one; `today` as such (the year shown unless it is today's).
    static func day(_ seen: CalendarDay, today: CalendarDay?, after text: String) -> String {
        if seen == today { return text.isEmpty ? " today" : ", today" }
        return (text.isEmpty ? " on " : ", ") + (today.map { seen.shortText(on: $0) } ?? seen.shortText + " \(seen.year)")
    }
}
