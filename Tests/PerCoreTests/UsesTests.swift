import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Per-use prices (issue 38, decisions 304-305): uses read in a shopper's words, a comparison by use ranking any unit.
@Suite struct UsesTests {
    static let wash = CountWord("wash")!

    @Test func usesAreReadInAShoppersWords() {
        #expect(Uses.parse("50 washes") == .success(Uses(count: 50, word: Self.wash)))
        #expect(Uses.parse("50washes") == .success(Uses(count: 50, word: Self.wash)))
        #expect(Uses.parse(" 1 Wash ") == .success(Uses(count: 1, word: Self.wash)))
        #expect(Uses.parse("30 servings").map { $0?.text } == .success("30 servings"))
        #expect(Uses.parse("") == .success(nil))
        #expect(Uses(count: 1, word: Self.wash)?.text == "1 wash")
        #expect(Uses(parsing: "50 washes")?.text == "50 washes")
    }

    @Test func badUsesAreRefusedWithAClearMessage() {
        func message(_ text: String) -> String? {
            if case .failure(let problem) = Uses.parse(text) { return problem.message }
            return nil
        }
        #expect(message("0 washes") == "0 washes is no use: a product holds 1 wash or more")
        #expect(message("-3 washes") == "-3 washes is no use: a product holds 1 wash or more")
        #expect(message("1000000000000 washes") == "1000000000000 is too large (at most 999999999999)")
        #expect(message("50 wa5hes") == "\"wa5hes\" is no word for a use: letters only, at most 20")
        #expect(message("washes") == "\"washes\" has no count: type uses as 50 washes")
        #expect(message("50") == "50 of what: type uses as 50 washes")
        #expect(Uses(count: 0, word: Self.wash) == nil)
    }

    static func product(_ id: ProductID, _ price: String, _ quantity: Decimal?, _ unit: MeasureUnit?, uses: Uses?) -> Product {
        Product(id: id, name: "", price: dec(price), quantity: quantity, unit: unit, pack: nil, shop: "", seen: nil, deposit: nil, uses: uses)
    }

    /// The detergent: 2.5 L (50 washes) at 11.99, 1.5 L (30 washes) at 7.49, 40 pods (40 washes) at 12.99.
    @Test func theDetergentIsRankedPerWash() {
        let big = Self.product("a", "11.99", dec("2.5"), .liter, uses: Uses(count: 50, word: Self.wash))
        let small = Self.product("b", "7.49", dec("1.5"), .liter, uses: Uses(count: 30, word: Self.wash))
        let pods = Self.product("c", "12.99", 40, .counted(CountWord("pod")!), uses: Uses(count: 40, word: Self.wash))
        let c = Comparison(id: "d", products: [big, small, pods], basis: .perUse(Self.wash))
        #expect(c.perLabel == "wash")
        #expect(c.ranked.map(\.index) == [0, 1, 2])
        #expect(c.unitPrice(of: big)?.price(per: 1) == dec("0.2398"))
        #expect(c.unitPrice(of: pods)?.price(per: 1) == dec("0.32475"))
        #expect(c.standing(of: small) == .ranked(rank: 2, unitPrice: c.unitPrice(of: small)!, verdict: .more(percent: 4)))
        #expect(c.standing(of: pods) == .ranked(rank: 3, unitPrice: c.unitPrice(of: pods)!, verdict: .more(percent: 35)))
        // By volume the pods are another family, and the uses say nothing.
        let byVolume = Comparison(id: "d", products: [big, small, pods])
        #expect(byVolume.problem(of: pods) == .otherFamily(.counted(CountWord("pod")!), comparison: .volume))
    }

    @Test func productsWithoutUsesOfTheWordAreNotRankedAndSayWhy() {
        let none = Self.product("a", "7.49", dec("1.5"), .liter, uses: nil)
        let loads = Self.product("b", "7.49", dec("1.5"), .liter, uses: Uses(count: 30, word: CountWord("load")!))
        let washesAsUnit = Self.product("c", "9.00", 45, .counted(Self.wash), uses: nil)
        let c = Comparison(id: "d", products: [none, loads, washesAsUnit], basis: .perUse(Self.wash))
        #expect(c.problem(of: none)?.message == "no washes yet")
        #expect(c.problem(of: loads)?.message == "counts loads, not washes")
        // A size counted in the word itself is its uses: 9.00 / 45 = 0.20.
        #expect(c.unitPrice(of: washesAsUnit)?.price(per: 1) == dec("0.2"))
    }

    /// A multi-buy by use buys its packs' uses together: 2 for 20.00 of 50 washes is 0.20 a wash.
    @Test func aMultiBuyByUseCountsEveryPacksUses() {
        var big = Self.product("a", "11.99", dec("2.5"), .liter, uses: Uses(count: 50, word: Self.wash))
        big.deal = Deal(.multibuy(count: 2, price: 20))
        let c = Comparison(id: "d", products: [big], basis: .perUse(Self.wash))
        #expect(c.unitPrice(of: big)?.price(per: 1) == dec("0.2"))
    }

    @Test func aBasisByUseReadsAndWritesItsText() {
        #expect(ComparisonBasis.perUse(Self.wash).fileText == "use:wash")
        #expect(ComparisonBasis(parsing: "use:washes") == .perUse(Self.wash))
        #expect(ComparisonBasis(parsing: "wash") == ComparisonBasis(amount: 1, unit: .counted(Self.wash)))
        #expect(ComparisonBasis(parsing: "wash") != .perUse(Self.wash))
    }

    /// Property: ranking by use is ranking price ÷ uses computed by hand, exactly (cross products, decision 5).
    @Test func rankingByUseIsRankingPriceOverUses() {
        var rng = SeededRandom(seed: 304)
        let units: [MeasureUnit] = [.liter, .gram, .each, .counted(CountWord("pod")!), .fluidOunce]
        for _ in 0..<200 {
            let products = (0..<Int.random(in: 2...8, using: &rng)).map { i in
                Self.product(ProductID("p\(i)"), DecimalText.format(Decimal(Int.random(in: 1...99_999, using: &rng)) / 100),
                             Decimal(Int.random(in: 1...5000, using: &rng)), units.randomElement(using: &rng)!,
                             uses: Uses(count: Decimal(Int.random(in: 1...200, using: &rng)), word: Self.wash))
            }
            let c = Comparison(id: "r", products: products, basis: .perUse(Self.wash))
            // By hand: a before b when price_a × uses_b < price_b × uses_a; ties in entry order.
            let byHand = products.indices.sorted { a, b in
                let (pa, ua, pb, ub) = (products[a].price!, products[a].uses!.count, products[b].price!, products[b].uses!.count)
                return pa * ub < pb * ua || (pa * ub == pb * ua && a < b)
            }
            #expect(c.ranked.map(\.index) == byHand)
        }
    }

    /// The detergent by use on the list: the amount is in washes, whatever the packs' units. By hand: the 2.5 L (50
    /// washes) is the best; twice on the list is 100 washes: 2 × 11.99 = 23.98 at its shop; where only the 1.5 L (30
    /// washes) is sold, 4 packs hold 120 ≥ 100: 4 × 7.49 = 29.96, said `4× 1.5 L (100 washes)`; the pods (40 each) 3
    /// packs, 3 × 12.99 = 38.97. `+` on the list adds one 2.5 L, 50 washes more: 3 bottles, never 2.5 L read as 2500.
    @Test func aDetergentByUseIsBoughtInWashes() {
        var big = Self.product("a", "11.99", dec("2.5"), .liter, uses: Uses(count: 50, word: Self.wash))
        big.shop = "Tesco"
        var small = Self.product("b", "7.49", dec("1.5"), .liter, uses: Uses(count: 30, word: Self.wash))
        small.shop = "Aldi"
        var pods = Self.product("c", "12.99", 40, .counted(CountWord("pod")!), uses: Uses(count: 40, word: Self.wash))
        pods.shop = "Lidl"
        let c = Comparison(id: "d", products: [big, small, pods], basis: .perUse(Self.wash))
        let item = ListItem(count: 2, ticked: false, pinned: nil, comparison: c)
        #expect(item.purchase()?.cost == dec("23.98"))
        #expect(item.purchase()?.packsCount == 2)
        let aldi = item.purchase(at: ShopName("Aldi"))
        #expect(aldi?.packsCount == 4 && aldi?.cost == dec("29.96"))
        #expect(aldi?.packsText() == "4× 1.5 L (100 washes)")
        let lidl = item.purchase(at: ShopName("Lidl"))
        #expect(lidl?.packsCount == 3 && lidl?.cost == dec("38.97"))
        #expect(lidl?.packsText() == "3× 40 pods (100 washes)")
        // One more by `+`: 150 washes, 3 bottles.
        let more = item.counted(by: 1, pack: item.pack())
        #expect(more.purchase()?.packsCount == 3 && more.purchase()?.cost == dec("35.97"), "\(String(describing: more.purchase()))")
        #expect(more.purchase(at: ShopName("Aldi"))?.packsCount == 5 && more.amount == nil)
    }
}
