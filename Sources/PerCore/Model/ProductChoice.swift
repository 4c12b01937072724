import Foundation

/// The one rule for which product of an item to buy at a shop (the shopping list, `per trip`, the comparison's "to
/// buy" mark, where to shop): the pinned product if it can be bought there, else the best value at that shop, else
/// the best value without a shop (a product without a shop can be bought anywhere), else none. Without a shop every
/// product can be bought: the pinned one, else the best value.
///
/// Candidates are offered one by one in any order; the better of two is decided by `isBetter`, and the first offered
/// wins a tie (offered best first, the first of each kind is kept).
struct ProductChoice<Candidate> {
    /// Where a candidate can be bought, seen from the shop chosen.
    enum Place { case here, anywhere, elsewhere }

    let pinned: ProductID?
    private(set) var pinnedHere: Candidate?
    private(set) var bestHere: Candidate?
    private(set) var bestAnywhere: Candidate?

    init(pinned: ProductID?) { self.pinned = pinned }

    /// The candidate chosen: the pinned one, the best here, the best anywhere.
    var chosen: Candidate? { pinnedHere ?? bestHere ?? bestAnywhere }

    mutating func offer(_ candidate: Candidate, id: ProductID, place: Place, isBetter: (Candidate, Candidate) -> Bool) {
        switch place {
        case .elsewhere:
            return
        case .here:
            if bestHere.map({ isBetter(candidate, $0) }) ?? true { bestHere = candidate }
        case .anywhere:
            if bestAnywhere.map({ isBetter(candidate, $0) }) ?? true { bestAnywhere = candidate }
        }
        if id == pinned, pinnedHere == nil { pinnedHere = candidate }
    }

    /// Where a product of shop `productShop` can be bought, seen from `shop` (nil: no shop chosen, so anywhere is here).
    static func place(of productShop: String, at shop: ShopName?) -> Place {
        guard let shop else { return .here }
        if ShopName.trimmed(productShop).isEmpty { return .anywhere }
        return shop.matches(productShop) ? .here : .elsewhere
    }
}
