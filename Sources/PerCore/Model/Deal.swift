import Foundation

/// An offer beside a product's regular (shelf) price (issue 38): a multi-buy (`2 for 3.00`) or a member price
/// (`Clubcard 1.50`), with an optional last day. Its text (`Deal.text`, read by `Deal.init(parsing:)`) is the one form
/// the database, the recovery journal, the CSV cell, the app's Deal field and `per compare` share; JSON spells it out
/// as an object (`{kind, count, price, scheme, until}`). Decisions 284-290.
public struct Deal: Equatable, Hashable, Sendable {
    public enum Terms: Equatable, Hashable, Sendable {
        /// `count` packs for `price` together; `count` is at least 2.
        case multibuy(count: Int, price: Decimal)
        /// One pack at `price` for members of `scheme` (never empty).
        case member(scheme: String, price: Decimal)
    }

    public var terms: Terms
    /// The offer's last day; nil: none said.
    public var until: CalendarDay?

    /// The greatest multi-buy count per takes (a count beyond is no shelf's).
    public static let maximumCount = 999

    public init(_ terms: Terms, until: CalendarDay? = nil) {
        self.terms = terms
        self.until = until
    }

    public var kind: String {
        switch terms {
        case .multibuy: "multibuy"
        case .member: "member"
        }
    }

    /// The price the offer asks (for all `count` packs of a multi-buy).
    public var price: Decimal {
        switch terms {
        case .multibuy(_, let price), .member(_, let price): price
        }
    }

    /// How many packs the price is for: a multi-buy's count, else 1.
    public var count: Int {
        switch terms {
        case .multibuy(let count, _): count
        case .member: 1
        }
    }

    public var scheme: String? {
        switch terms {
        case .multibuy: nil
        case .member(let scheme, _): scheme
        }
    }

    /// Whether the offer is over on `today` (the day after its last); an unknown day ends nothing.
    public func hasEnded(on today: CalendarDay?) -> Bool {
        guard let until, let today else { return false }
        return today.dayNumber > until.dayNumber
    }

    /// Whether the offer costs less per pack than `shelf` per pack (exactly: `price < count × shelf`).
    public func isCheaper(than shelf: Decimal) -> Bool { price < Decimal(count) * shelf }

    /// `2 for 3.00`, `Clubcard 1.50`, then ` until 2026-12-31` when it has a last day.
    public var text: String {
        let terms: String
        switch self.terms {
        case .multibuy(let count, let price): terms = "\(count) for \(MoneyFormat.plain.price(price))"
        case .member(let scheme, let price): terms = "\(scheme) \(MoneyFormat.plain.price(price))"
        }
        return terms + (until.map { " until " + $0.iso } ?? "")
    }

    /// For a narrow cell: `2/3.00`, `Clubcard 1.50` (the last day left out).
    public var shortText: String {
        switch terms {
        case .multibuy(let count, let price): "\(count)/\(MoneyFormat.plain.price(price))"
        case .member(let scheme, let price): "\(scheme) \(MoneyFormat.plain.price(price))"
        }
    }

    /// The canonical text read back; nil when `text` is no deal (`Deal.parse` says why).
    public init?(parsing text: String) {
        guard case .success(let deal?) = Deal.parse(text, shelf: nil, today: nil) else { return nil }
        self = deal
    }

    /// Why typed text is no deal, in a shopper's words.
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
    }

    /// Reads a typed deal: `2 for 3.00` (`2for3`), `3 pay 2` (3 for the price of 2: needs `shelf`), `Clubcard 1.50`
    /// or `1.50 Clubcard` (a member price), each with an optional ` until YYYY-MM-DD`. Blank text is no deal
    /// (`.success(nil)`). Refused: a count below 2, a price of 0 or below, a scheme that is a number, a last day that is
    /// no day, or one before `today` (a past offer is kept by nobody).
    public static func parse(_ typed: String, shelf: Decimal?, today: CalendarDay?) -> Result<Deal?, Problem> {
        func fail(_ message: String) -> Result<Deal?, Problem> { .failure(Problem(message: message)) }
        var text = typed.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return .success(nil) }
        var until: CalendarDay? = nil
        if let range = text.range(of: "until", options: [.caseInsensitive, .backwards]) {
            let dayText = text[range.upperBound...].trimmingCharacters(in: .whitespaces)
            guard let day = CalendarDay(iso: dayText) else {
                return fail("\"\(dayText)\" is not a day: write the offer's last day as \(today?.iso ?? "YYYY-MM-DD")")
            }
            if let today, day.dayNumber < today.dayNumber {
                return fail("the offer ended on \(day.iso): its last day is before today")
            }
            until = day
            text = text[..<range.lowerBound].trimmingCharacters(in: .whitespaces)
        }
        let lower = text.lowercased()
        // `N for P` and `N pay M`: digits, the word, a number.
        for word in ["for", "pay"] {
            guard let range = lower.range(of: word), let count = Int(lower[..<range.lowerBound].trimmingCharacters(in: .whitespaces)) else { continue }
            let rest = String(lower[range.upperBound...]).trimmingCharacters(in: .whitespaces)
            guard let number = DecimalText.parse(rest), NumberRange.violation(of: number) == nil || number == 0 else {
                return fail("\"\(rest)\" is not a price: write a multi-buy as 2 for 3.00 (or 3 pay 2)")
            }
            guard count >= 2, count <= maximumCount else { return fail("a multi-buy is 2 packs or more for its price (\(count) typed)") }
            guard number > 0 else { return fail("an offer of 0 for \(count) is no price: type what the \(count) cost") }
            if word == "for" { return .success(Deal(.multibuy(count: count, price: number), until: until)) }
            guard let paid = Int(rest), paid >= 1, paid < count else {
                return fail("\(count) for the price of \(rest): the packs paid for are a whole number below \(count)")
            }
            guard let shelf, shelf > 0 else { return fail("\(count) pay \(paid) needs the shelf price: type the price first") }
            return .success(Deal(.multibuy(count: count, price: shelf * Decimal(paid)), until: until))
        }
        // A member price: a scheme's name and a number, either way round.
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard words.count >= 2 else {
            return fail("\"\(text)\" is no offer: type 2 for 3.00, 3 pay 2, or a member price as Clubcard 1.50")
        }
        let (scheme, priceText): (String, String)
        if DecimalText.parse(words.last!) != nil { (scheme, priceText) = (words.dropLast().joined(separator: " "), words.last!) }
        else if DecimalText.parse(words[0]) != nil { (scheme, priceText) = (words.dropFirst().joined(separator: " "), words[0]) }
        else { return fail("\"\(text)\" has no price: type a member price as Clubcard 1.50") }
        guard let price = DecimalText.parse(priceText), price > 0, NumberRange.violation(of: price) == nil else {
            return fail("a member price of \(priceText) is no price: type what members pay")
        }
        guard scheme.contains(where: \.isLetter) else { return fail("\"\(scheme)\" is no scheme's name: type it as Clubcard 1.50") }
        return .success(Deal(.member(scheme: scheme, price: price), until: until))
    }
}

/// Who the shopper is, for the prices they can pay: the member schemes they are in (`member = Clubcard`,
/// `--member Clubcard`) and today (an offer past its last day is over).
public struct Shopper: Equatable, Hashable, Sendable {
    /// The schemes' names as typed; matched without regard to case.
    public var schemes: [String]
    public var today: CalendarDay?

    public init(schemes: [String] = [], today: CalendarDay? = nil) {
        self.schemes = schemes
        self.today = today
    }

    public func isMember(of scheme: String) -> Bool {
        schemes.contains { $0.compare(scheme, options: .caseInsensitive) == .orderedSame }
    }

    /// Reads `Clubcard, Lidl Plus`: names split at commas, trimmed, blanks dropped.
    public static func schemes(from text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

/// Which of a product's prices the ranking used, and why (the verdict says it).
public enum PricePaid: Equatable, Sendable {
    /// The shelf price: no offer.
    case shelf
    /// The multi-buy's price, buying its `count` packs.
    case multibuy(Deal)
    /// The member price of a scheme the shopper is in.
    case member(Deal)
    /// The offer is over (past its last day): the shelf price again.
    case ended(Deal)
    /// A member price of a scheme the shopper is not in: the shelf price.
    case notAMember(Deal)
    /// The offer costs as much as the shelf price or more: the shelf price.
    case noDeal(Deal)

    /// What a verdict says after its percent: `deal 2 for 3.00`, `Clubcard price`, `offer ended 2026-11-30`, nil for
    /// the shelf price with nothing to say.
    public var note: String? {
        switch self {
        case .shelf: nil
        case .multibuy(let deal): "deal \(deal.count) for \(MoneyFormat.plain.price(deal.price))"
        case .member(let deal): "\(deal.scheme ?? "") price"
        case .ended(let deal): "offer ended \(deal.until?.iso ?? "")"
        case .notAMember(let deal): "shelf: no \(deal.scheme ?? "") member"
        case .noDeal: "shelf: the offer is no deal"
        }
    }

    /// The kind of price the ranking uses (decision 412): a multi-buy's is a deal, a member's a member price.
    public var kind: PriceKind {
        switch self {
        case .multibuy: .deal
        case .member: .member
        case .shelf, .ended, .notAMember, .noDeal: .shelf
        }
    }

    /// The offer whose price is used, nil when it is the shelf price.
    public var applied: Deal? {
        switch self {
        case .multibuy(let deal), .member(let deal): deal
        case .shelf, .ended, .notAMember, .noDeal: nil
        }
    }
}

extension Product {
    /// The price a shopper pays and what it buys (the price for `packs` packs of `quantity`), and which price it is.
    public func pricePaid(by shopper: Shopper) -> PricePaid {
        guard let deal else { return .shelf }
        if deal.hasEnded(on: shopper.today) { return .ended(deal) }
        if let scheme = deal.scheme, !shopper.isMember(of: scheme) { return .notAMember(deal) }
        if let price, !deal.isCheaper(than: price) { return .noDeal(deal) }
        switch deal.terms {
        case .multibuy: return .multibuy(deal)
        case .member: return .member(deal)
        }
    }

    /// The price and how many packs it buys, as the ranking takes them: the offer's where the shopper can pay it.
    public func paying(_ shopper: Shopper) -> (price: Decimal, packs: Int)? {
        guard let price else { return nil }
        guard let deal = pricePaid(by: shopper).applied else { return (price, 1) }
        return (deal.price, deal.count)
    }
}

/// A multi-buy bought in its multiples (decision 289): `packs` packs needed cost `packs / count` offers at the offer's
/// price, and the rest at the shelf price, unless one more offer costs no more than the rest (3 for the price of 2,
/// 2 wanted: the third is free). Its own type, apart from how the list counts what is needed.
public struct MultibuyPacks: Equatable, Sendable {
    public let deal: Deal
    /// One pack's shelf price.
    public let shelf: Decimal

    public init(deal: Deal, shelf: Decimal) {
        self.deal = deal
        self.shelf = shelf
    }

    /// The packs to take for `needed` packs and what they cost; `offers`: how many times the offer is bought.
    public func buying(_ needed: Int) -> (packs: Int, cost: Decimal, offers: Int) {
        let count = deal.count
        var offers = needed / count
        var rest = needed % count
        if rest > 0, Decimal(rest) * shelf >= deal.price {
            offers += 1
            rest = 0
        }
        return (offers * count + rest, Decimal(offers) * deal.price + Decimal(rest) * shelf, offers)
    }
}

/// The EU's "prior price" for an offer (decision 292): the lowest shelf price of the same product (its name, at its
/// shop) seen in the 30 days before today, its price now among them, so a "was/now" label can be checked in the aisle.
public enum PriorPrice {
    public static let days = 30

    /// The lowest of `product`'s shelf prices seen from 30 days before `today` (its history's and its own), per unit
    /// as `comparison` ranks them (cross products); nil without a day, a price, or one seen in those days.
    public static func lowest(of product: Product, history: [PriceRecord], today: CalendarDay?, in comparison: Comparison) -> PriceRecord? {
        guard let today, let now = PriceRecord(product) else { return nil }
        let shop = ShopName(product.shop)
        func matches(_ record: PriceRecord) -> Bool {
            guard let seen = record.seen, seen.dayNumber <= today.dayNumber, today.dayNumber - seen.dayNumber <= days else { return false }
            let sameShop = shop.map { $0.matches(record.shop) } ?? record.shop.trimmingCharacters(in: .whitespaces).isEmpty
            return record.name == product.name && sameShop
        }
        var lowest: (PriceRecord, UnitPrice)? = nil
        for record in [now] + history where matches(record) {
            guard let unitPrice = comparison.shelfUnitPrice(ofRecord: record) else { continue }
            if lowest.map({ unitPrice < $0.1 }) ?? true { lowest = (record, unitPrice) }
        }
        return lowest?.0
    }
}

extension Comparison {
    /// A price seen's unit price at its shelf price (records hold no offer), nil when it cannot be ranked here.
    func shelfUnitPrice(ofRecord record: PriceRecord) -> UnitPrice? {
        var product = record.asProduct
        product.deal = nil
        return unitPrice(of: product)
    }
}
