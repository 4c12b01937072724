import Foundation

/// What an item is grouped under on the list grouped by shop (and `per trip --by-shop`), in this order: the shops by
/// name, then the items that can be bought anywhere, those that can't be bought at the shop you are in, and those
/// with no price yet. Each has a heading that says which.
public enum ListGroup: Equatable, Sendable {
    /// The shop of its product to buy.
    case shop(String)
    /// Its product to buy has no shop: it can be bought anywhere.
    case anyShop
    /// It has products, none at the shop you are in.
    case notAt(ShopName)
    /// Nothing to buy it as yet: no product with a price.
    case noPrice

    public init(_ item: ListItem, at shop: ShopName?) {
        if let offer = item.productToBuy(at: shop) {
            let itsShop = ShopName.trimmed(offer.product.shop)
            self = itsShop.isEmpty ? .anyShop : .shop(itsShop)
        } else if let shop, !item.offers.isEmpty {
            self = .notAt(shop)
        } else {
            self = .noPrice
        }
    }

    public var heading: String {
        switch self {
        case .shop(let name): TerminalText.singleLine(name)
        case .anyShop: "Any shop"
        case .notAt(let shop): "Not at \(TerminalText.singleLine(shop.text))"
        case .noPrice: "No price yet"
        }
    }

    /// Where the group comes on the list: shops first (then by name), the rest after them in this order.
    var rank: Int {
        switch self {
        case .shop: 0
        case .anyShop: 1
        case .notAt: 2
        case .noPrice: 3
        }
    }

    /// Whether `self` comes before `other` (shops by name, ignoring case and accents).
    func precedes(_ other: ListGroup) -> Bool {
        if case .shop(let a) = self, case .shop(let b) = other { return a.compare(b, options: ShopName.sameShop) == .orderedAscending }
        return rank < other.rank
    }

    /// One group: the same shop however its items spell it.
    func isSame(as other: ListGroup) -> Bool {
        if case .shop(let a) = self, case .shop(let b) = other { return a.compare(b, options: ShopName.sameShop) == .orderedSame }
        return rank == other.rank
    }

    /// How a sentence names the group: `at Lidl`, `of the items without a shop`...
    public var within: String {
        switch self {
        case .shop: "at \(heading)"
        case .anyShop: "of the items any shop has"
        case .notAt(let shop): "of the items not at \(TerminalText.singleLine(shop.text))"
        case .noPrice: "of the items without a price"
        }
    }
}
