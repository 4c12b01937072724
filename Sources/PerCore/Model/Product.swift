import Foundation

/// One product on the shelf. A field not entered yet is nil; a price of zero counts as not entered (as in Per).
public struct Product: Equatable, Hashable, Sendable {
    public var id: ProductID
    public var name: String
    public var price: Decimal?
    public var quantity: Decimal?
    public var unit: MeasureUnit?
    /// How the quantity was typed when it was a multipack (`6×330`); shown while it describes the quantity.
    public var pack: Multipack?
    /// Where the price was seen; empty: not said (a new product's field may suggest one: `Suggestion`).
    public var shop: String
    /// The day the price was seen: today whenever its price, quantity or unit is committed; nil when not known
    /// (a product saved before per kept dates, or whose price was never committed).
    public var seen: CalendarDay?
    /// The deposit on one pack (a bottle's, a crate's), paid at the till and back when the empties are returned: never
    /// part of the unit price or the ranking; nil: none.
    public var deposit: Decimal?
    /// An offer beside the shelf price (a multi-buy, a member price: `Deal`); nil: none. The ranking uses it where the
    /// shopper can pay it (`pricePaid(by:)`).
    public var deal: Deal?
    /// How many uses the product holds (`50 washes`); nil: not said. A comparison by use ranks per one of them.
    public var uses: Uses?

    /// Every fact said: a new one is a compile error here and in each caller, never a value silently left blank
    /// (`new` starts a blank product; the codecs and copies go through `ProductDatum.all`).
    public init(id: ProductID, name: String, price: Decimal?, quantity: Decimal?, unit: MeasureUnit?, pack: Multipack?, shop: String,
                seen: CalendarDay?, deposit: Decimal?, deal: Deal? = nil, uses: Uses? = nil) {
        self.id = id
        self.name = name
        self.price = price
        self.quantity = quantity
        self.unit = unit
        self.pack = pack
        self.shop = shop
        self.seen = seen
        self.deposit = deposit
        self.deal = deal
        self.uses = uses
    }

    /// A product with nothing typed yet (a unit given: a product only to rank against).
    public static func new(id: ProductID, unit: MeasureUnit? = nil) -> Product {
        Product(id: id, name: "", price: nil, quantity: nil, unit: unit, pack: nil, shop: "", seen: nil, deposit: nil)
    }

    /// This product as seen at `shop`, under a new id: all it holds but its shop and its day (none yet).
    public func seen(at shop: ShopName, as id: ProductID) -> Product {
        var copy = self
        copy.id = id
        copy.shop = shop.text
        copy.seen = nil
        return copy
    }

    /// Nothing typed yet: no price, quantity or name (a unit or shop alone does not count); a blank product is
    /// neither saved nor ranked until something is typed.
    public var isBlank: Bool { name.isEmpty && price == nil && quantity == nil }

    /// Whether changing this product's price, quantity or unit on `today` corrects it rather than replacing a price
    /// seen (decision 110): its price was set that same day (at its own shop: a row is one shop's), so its earlier value
    /// leaves no history entry. An unknown day (`seen` or `today` nil) never corrects.
    public func changeIsCorrection(on today: CalendarDay?) -> Bool {
        guard let seen, let today else { return false }
        return seen == today
    }

    /// Price, quantity and unit all set: a price that can go into the price book.
    public var isPriced: Bool { pricing != nil }

    /// The price, quantity and unit when all three are set (`isPriced`), else nil.
    public var pricing: (price: Decimal, quantity: Decimal, unit: MeasureUnit)? {
        guard let price, let quantity, let unit else { return nil }
        return (price, quantity, unit)
    }

    /// What names the product for people: its name, else what was typed (`3.99 for 500 g`, `500 g`),
    /// else `the new product`.
    public var label: String {
        if !name.isEmpty { return name }
        return pricedAs.map { $0.joined(separator: " for ") } ?? "the new product"
    }

    /// What was typed of the price and the size: `["3.99", "500 g"]`, `["3.99"]`, `["500 g"]`; nil when neither is.
    public var pricedAs: [String]? {
        let amount = quantityText.map { [$0, unit?.symbol].compactMap { $0 }.joined(separator: " ") }
        let parts = [price.map(MoneyFormat.plain.price), amount].compactMap { $0 }
        return parts.isEmpty ? nil : parts
    }

    /// `label` as drawn: what was typed with the decimal mark; a name as it is.
    public func label(decimal: DecimalMark) -> String { name.isEmpty ? decimal.shown(label) : label }

    /// The quantity as the table shows it: the pack's shape (`6×330`) while it describes the quantity, else the number.
    public var quantityText: String? {
        guard let quantity else { return nil }
        if let pack, pack.describes(quantity) { return pack.shown }
        return DecimalText.format(quantity)
    }
}

/// Why a product is left out of the ranking.
public enum ProductProblem: Equatable, Sendable {
    case noPrice
    case negativePrice
    case noQuantity
    case nonPositiveQuantity
    case noUnit
    case otherFamily(UnitFamily, comparison: UnitFamily)
    /// A price or quantity outside `NumberRange` (only a database written before the rule holds one).
    case outOfRange(ProductField, NumberRange.Violation)
    /// In a comparison by use: the product says no uses of its word (`noUses(wash)`: "no washes yet").
    case noUses(CountWord)
    /// In a comparison by use: its uses count another word (`40 loads` in a comparison per wash).
    case otherUses(CountWord, comparison: CountWord)

    /// Only something not typed yet (a price, a quantity, a unit), not something wrong.
    public var isMissing: Bool {
        switch self {
        case .noPrice, .noQuantity, .noUnit, .noUses: true
        case .negativePrice, .nonPositiveQuantity, .otherFamily, .outOfRange, .otherUses: false
        }
    }

    public var message: String {
        switch self {
        case .noPrice: "no price yet"
        case .negativePrice: "price below zero"
        case .noQuantity: "no quantity yet"
        case .nonPositiveQuantity: "quantity must be above zero"
        case .noUnit: "no unit yet"
        case .otherFamily(let unit, let comparison): "\(unit.name) can't be compared with \(comparison.name)"
        case .outOfRange(let field, let violation): "\(field.rawValue) \(violation.shortMessage)"
        case .noUses(let word): "no \(word.plural) yet"
        case .otherUses(let word, let comparison): "counts \(word.plural), not \(comparison.plural)"
        }
    }

    /// For a narrow column: whole words, about 8 columns.
    public var shortMessage: String {
        switch self {
        case .noPrice: "no price"
        case .negativePrice: "price < 0"
        case .noQuantity: "no qty"
        case .nonPositiveQuantity: "qty ≤ 0"
        case .noUnit: "no unit"
        case .otherFamily(_, let comparison): "not \(comparison.name)"
        case .outOfRange(let field, _): "bad \(field == .price ? "price" : field == .uses ? "uses" : "qty")"
        case .noUses: "no uses"
        case .otherUses(let word, _): word.plural
        }
    }
}
