import Foundation

/// The lowest unit price ever seen in the open comparison: found once in its history when it opens (decision 77),
/// then kept by comparing each committed price with it (a new record can only lower it).
public enum LowestSeen: Equatable, Sendable {
    /// The history is not read yet: commits say nothing.
    case unknown
    /// Nothing ranked was seen yet.
    case nothing
    /// The lowest, the most recent among ties.
    case record(PriceRecord)

    /// `history` as recorded (oldest first), and the comparison's prices now (the newest).
    init(history: [PriceRecord], comparison: Comparison) {
        let newestFirst = comparison.products.reversed().lazy.compactMap(PriceRecord.init) + history.reversed()
        let lowest = PriceBook.lowest(of: newestFirst, in: PriceBook.ranking(comparison, history: history))
        self = lowest.map { .record($0.record) } ?? .nothing
    }

    /// A price just seen: the lowest from now on when it is at or below the lowest (the most recent among ties).
    mutating func take(_ record: PriceRecord, unitPrice: UnitPrice, in comparison: Comparison) {
        switch self {
        case .unknown:
            return
        case .nothing:
            self = .record(record)
        case .record(let lowest):
            if let lowestPrice = comparison.unitPrice(of: lowest.asProduct), lowestPrice < unitPrice { return }
            self = .record(record)
        }
    }

    /// What committing a product's new `unitPrice` says: `Lowest seen: 5.49 per kg at Costco, 3 Oct (this is +37%)`,
    /// or `New lowest price seen (was 6.61 at Costco, 3 Oct)`; nil when nothing ranked was seen before.
    func standing(of unitPrice: UnitPrice, in comparison: Comparison, currency: Currency?, today: CalendarDay,
                  decimal: DecimalMark = .point) -> String? {
        guard case .record(let lowest) = self, let lowestPrice = comparison.unitPrice(of: lowest.asProduct),
              let perBasis = comparison.pricePerBasis(lowestPrice) else { return nil }
        let amount = currency.format(decimal.shown(MoneyFormat.plain.unitPrice(perBasis)))
        var whereAndWhen = lowest.shop.isEmpty ? "" : " at " + TerminalText.singleLine(lowest.shop)
        if let seen = lowest.seen { whereAndWhen += Self.day(seen, today: today, after: whereAndWhen) }
        if unitPrice < lowestPrice { return "New lowest price seen (was \(amount)\(whereAndWhen))" }
        let per = comparison.basis.map { " per " + $0.label } ?? ""
        let than = unitPrice == lowestPrice ? "the same" : "+" + decimal.shown(DecimalText.format(unitPrice.percentMore(than: lowestPrice))) + "%"
        return "Lowest seen: \(amount)\(per)\(whereAndWhen) (this is \(than))"
    }

    /// `, 3 Oct` after a shop, ` on 3 Oct` without one; `today` as such.
    static func day(_ seen: CalendarDay, today: CalendarDay, after text: String) -> String {
        if seen == today { return text.isEmpty ? " today" : ", today" }
        return (text.isEmpty ? " on " : ", ") + seen.shortText(on: today)
    }
}
