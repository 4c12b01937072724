import Foundation

/// An entry of a comparison's price history: the `price_history` row's id, which `per history` prints and
/// `--delete` takes. A product's price now has none (it is the product, not an entry).
public struct PriceEntryID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: Int64
    public init(_ rawValue: Int64) { self.rawValue = rawValue }
    /// A whole number above zero, as `per history` prints it; nil for any other text.
    public init?(text: String) {
        guard !text.isEmpty, text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
              let value = Int64(text), value > 0 else { return nil }
        rawValue = value
    }
    public var description: String { String(rawValue) }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// One price as it was seen: a product's earlier value kept in the history, or its value now. Only complete
/// prices (price, quantity and unit) are recorded.
public struct PriceRecord: Equatable, Sendable {
    /// The history entry it is; nil for a product's price now.
    public var entry: PriceEntryID?
    /// The product it was the price of (which may be deleted since: its history is kept).
    public var product: ProductID
    public var name: String
    public var shop: String
    public var seen: CalendarDay?
    public var price: Decimal
    public var quantity: Decimal
    public var unit: MeasureUnit
    /// The offer beside the shelf price when it was seen (the history's `deal` column, decision 412); nil: the shelf
    /// price alone. `price` is always the shelf price.
    public var deal: Deal?

    public init(entry: PriceEntryID? = nil, product: ProductID, name: String, shop: String, seen: CalendarDay?, price: Decimal, quantity: Decimal,
                unit: MeasureUnit, deal: Deal? = nil) {
        self.entry = entry
        self.product = product
        self.name = name
        self.shop = shop
        self.seen = seen
        self.price = price
        self.quantity = quantity
        self.unit = unit
        self.deal = deal
    }

    /// The product's price as it is; nil unless it is priced (`Product.isPriced`).
    public init?(_ product: Product) {
        guard let (price, quantity, unit) = product.pricing else { return nil }
        self.init(product: product.id, name: product.name, shop: product.shop, seen: product.seen, price: price, quantity: quantity, unit: unit,
                  deal: product.deal)
    }

    /// The record as a product, its offer with it (what the history stores and files write).
    public var asProduct: Product {
        Product(id: product, name: name, price: price, quantity: quantity, unit: unit, pack: nil, shop: shop, seen: seen, deposit: nil, deal: deal)
    }

    /// The record at its shelf price alone: what "Lowest seen" ranks (like with like, decision 412).
    public var shelfProduct: Product {
        Product(id: product, name: name, price: price, quantity: quantity, unit: unit, pack: nil, shop: shop, seen: seen, deposit: nil)
    }

    /// Which kind of offer was seen beside the shelf price, and at what price it could be paid then: an offer that was
    /// on (not past its last day on the day seen) and cheaper than as many singles; nil for the shelf price alone.
    public var offerSeen: (kind: PriceKind, price: Decimal, packs: Int)? {
        guard let deal, !deal.hasEnded(on: seen), deal.isCheaper(than: price) else { return nil }
        switch deal.terms {
        case .multibuy(let count, let price): return (.deal, price, count)
        case .member(_, let price): return (.member, price, 1)
        }
    }

    /// The record's kind of price (decision 412): a deal or member price where one was seen beside it, else shelf.
    public var kind: PriceKind { offerSeen?.kind ?? .shelf }
}

extension ProductDatum {
    /// What a price seen keeps (`PriceRecord`: the history's columns, an earlier price in JSON): a price seen's data
    /// (`isPriceSeen`) and then the offer beside it when it was seen (decision 412), so what the book holds says which
    /// kind of price each was.
    public static let historyData = all.filter(\.isPriceSeen) + all.filter { $0.kind == .deal }
}

/// The kinds of price a shelf shows, which the price book keeps apart (decision 412): "Lowest seen" is the lowest
/// shelf price, and a deal (a multi-buy) and a member price are each compared only with their own kind.
public enum PriceKind: String, CaseIterable, Sendable, Hashable {
    case shelf
    case deal
    case member

    /// `price`, `deal`, `member price`: in "New lowest … seen" and "Lowest … seen".
    public var noun: String {
        switch self {
        case .shelf: "price"
        case .deal: "deal"
        case .member: "member price"
        }
    }
}

extension Comparison {
    /// A price seen's unit price at its kind: the shelf price's for `.shelf`, the offer seen's for `.deal` and `.member`
    /// (whoever the shopper is: it was seen); nil when the record is not of that kind or cannot be ranked here.
    public func unitPrice(ofRecord record: PriceRecord, as kind: PriceKind) -> UnitPrice? {
        switch kind {
        case .shelf: return unitPrice(of: record.shelfProduct)
        case .deal, .member:
            guard let offer = record.offerSeen, offer.kind == kind else { return nil }
            var product = record.shelfProduct
            product.price = offer.price
            product.quantity = record.quantity * Decimal(offer.packs)
            return unitPrice(of: product)
        }
    }

    /// A product's price now as a price seen of `kind` (its offer only when the offer is on today and cheaper).
    func unitPrice(ofNow product: Product, as kind: PriceKind) -> UnitPrice? {
        guard var record = PriceRecord(product) else { return nil }
        record.seen = shopper.today ?? product.seen
        return unitPrice(ofRecord: record, as: kind)
    }
}

/// A comparison's price book: every price recorded for it (its history, then its products' prices now), newest
/// first, with the lowest unit price ever seen marked.
public struct PriceBook: Equatable, Sendable {
    public struct Entry: Equatable, Sendable {
        public var record: PriceRecord
        /// A product's price now (not an earlier one kept in the history).
        public var isCurrent: Bool
        /// Its price per the comparison's basis; nil when it can't be ranked with the comparison (no basis, a unit of
        /// another family, a number out of range).
        public var unitPrice: UnitPrice?
        /// The offer seen beside it per the basis (a deal's or a member price's, `PriceRecord.kind`); nil for none.
        public var offerUnitPrice: UnitPrice?
    }

    /// Newest first: by the day seen (unknown days last), and among one day's prices the later recorded first (a
    /// product's price now before its earlier ones).
    public let entries: [Entry]
    /// The entry with the lowest unit price ever seen, the most recent among ties; nil when none is ranked.
    public let lowestIndex: Int?
    /// The comparison the prices are ranked in (its basis says per what).
    private let rankedIn: Comparison

    /// `history` in the order it was recorded (oldest first), then the comparison's products as they are now.
    public init(history: [PriceRecord], comparison: Comparison) {
        let recorded = history.map { ($0, false) } + comparison.products.compactMap(PriceRecord.init).map { ($0, true) }
        let ranking = Self.ranking(comparison, history: history)
        rankedIn = ranking
        // Newest day first; a product's price now never below its own earlier prices (it was typed after them, whatever
        // day the clock that typed it gave it: its order day is the latest of its own and theirs).
        var latestOfProduct: [ProductID: Int] = [:]
        let orderDays = recorded.map { record, isCurrent in
            let day = record.seen?.dayNumber ?? Int.min
            if isCurrent { return max(day, latestOfProduct[record.product] ?? Int.min) }
            latestOfProduct[record.product] = max(day, latestOfProduct[record.product] ?? Int.min)
            return day
        }
        let ordered = recorded.enumerated().sorted { a, b in
            let (dayA, dayB) = (orderDays[a.offset], orderDays[b.offset])
            return dayA != dayB ? dayA > dayB : a.offset > b.offset
        }
        entries = ordered.map { element in
            let record = element.element.0
            let kind = record.kind
            return Entry(record: record, isCurrent: element.element.1, unitPrice: ranking.unitPrice(of: record.shelfProduct),
                         offerUnitPrice: kind == .shelf ? nil : ranking.unitPrice(ofRecord: record, as: kind))
        }
        lowestIndex = Self.lowest(entries.lazy.map(\.unitPrice))
        lowestDealIndex = Self.lowest(entries.lazy.map { $0.record.kind == .deal ? $0.offerUnitPrice : nil })
        lowestMemberIndex = Self.lowest(entries.lazy.map { $0.record.kind == .member ? $0.offerUnitPrice : nil })
    }

    /// The lowest shelf price seen (like with like: an offer seen beside it is not its price, decision 412).
    public var lowest: Entry? { lowestIndex.map { entries[$0] } }
    /// The entry whose multi-buy seen is the lowest deal seen per unit; nil when none was seen.
    public let lowestDealIndex: Int?
    /// The entry whose member price seen is the lowest member price seen per unit; nil when none was seen.
    public let lowestMemberIndex: Int?

    /// The lowest offer seen of `kind` (`.deal`, `.member`); `.shelf`: `lowest`.
    public func lowestOffer(_ kind: PriceKind) -> Entry? {
        switch kind {
        case .shelf: lowest
        case .deal: lowestDealIndex.map { entries[$0] }
        case .member: lowestMemberIndex.map { entries[$0] }
        }
    }

    /// An entry's price of `kind` per the basis: its shelf price's, or its offer's.
    public func pricePerBasis(_ entry: Entry, as kind: PriceKind) -> Decimal? {
        (kind == .shelf ? entry.unitPrice : entry.offerUnitPrice).flatMap(rankedIn.pricePerBasis)
    }

    /// The marks of an entry: `lowest` (the lowest shelf price), `lowest deal`, `lowest member price`, joined by `, `.
    public func marks(_ index: Int) -> [String] {
        [(lowestIndex, "lowest"), (lowestDealIndex, "lowest deal"), (lowestMemberIndex, "lowest member price")]
            .compactMap { $0.0 == index ? $0.1 : nil }
    }

    /// Whether a price seen had an offer beside it (then `per history` shows the Deal column).
    public var hasOffers: Bool { entries.contains { $0.record.deal != nil } }

    /// Where it was seen cheapest: for each shop (no shop is one of them) its entry with the lowest unit price (the
    /// most recent among ties), cheapest first (shops at one price in the order of their entries, newest first).
    /// Entries that can't be ranked are left out.
    public var lowestPerShop: [Entry] {
        var best: [String: Entry] = [:]
        var order: [String] = []
        for entry in entries {
            guard let price = entry.unitPrice else { continue }
            let shop = entry.record.shop
            if let kept = best[shop] {
                if price < kept.unitPrice! { best[shop] = entry }
            } else {
                best[shop] = entry
                order.append(shop)
            }
        }
        let ranked = order.enumerated().map { ($0.offset, best[$0.element]!) }
        return ranked.sorted { a, b in
            let (pa, pb) = (a.1.unitPrice!, b.1.unitPrice!)
            return pa < pb || (!(pb < pa) && a.0 < b.0)
        }.map(\.1)
    }

    /// An entry's price per the comparison's basis (`per`), e.g. 7.98 per kg.
    public func pricePerBasis(_ entry: Entry) -> Decimal? { entry.unitPrice.flatMap(rankedIn.pricePerBasis) }

    /// What the unit prices are per, for people: `kg`, `100 g`, `fl oz (US)`; empty while nothing has a unit.
    public var perLabel: String { rankedIn.perLabel }
    /// The same without the volume system's mark, for JSON and CSV: `fl oz`.
    public var basisLabel: String { rankedIn.basis?.label ?? "" }

    /// The lowest unit price among `records` in the comparison (the first among ties, so pass them newest first),
    /// with its record: what "Lowest seen" compares a new price with. One pass, no sorting.
    public static func lowest(of records: some Sequence<PriceRecord>, in comparison: Comparison, as kind: PriceKind = .shelf)
        -> (record: PriceRecord, unitPrice: UnitPrice)? {
        var best: (record: PriceRecord, unitPrice: UnitPrice)?
        for record in records {
            guard kind == .shelf || record.kind == kind else { continue }
            guard let price = comparison.unitPrice(ofRecord: record, as: kind) else { continue }
            if best == nil || price < best!.unitPrice { best = (record, price) }
        }
        return best
    }

    /// The index of the lowest of `prices` (the first among equals).
    private static func lowest(_ prices: some Collection<UnitPrice?>) -> Int? {
        var best: (index: Int, price: UnitPrice)?
        for (index, price) in prices.enumerated() {
            guard let price else { continue }
            if best == nil || price < best!.price { best = (index, price) }
        }
        return best?.index
    }

    /// The comparison the prices are ranked in: its own, or, while no product has a unit, one of the history's family.
    static func ranking(_ comparison: Comparison, history: [PriceRecord]) -> Comparison {
        guard comparison.family == nil, let unit = history.last?.unit else { return comparison }
        return Comparison(id: comparison.id, title: comparison.title, products: [.new(id: ProductID("family"), unit: unit)],
                          basis: comparison.chosenBasis, volumeSystem: comparison.volumeSystem)
    }
}
