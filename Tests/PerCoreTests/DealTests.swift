import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Issue 38's deals and member prices: what an offer is, the price the ranking uses, multi-buys bought in their
/// multiples (decisions 284-290).
@Suite struct DealTests {
    static let today = CalendarDay(year: 2026, month: 11, day: 22)!

    // MARK: Typed offers

    @Test func offersAreReadInAShoppersWords() {
        func read(_ text: String, shelf: Decimal? = dec("1.79")) -> Deal? {
            guard case .success(let deal) = Deal.parse(text, shelf: shelf, today: Self.today) else { return nil }
            return deal
        }
        #expect(read("2 for 3.00") == Deal(.multibuy(count: 2, price: 3)))
        #expect(read("2for3") == Deal(.multibuy(count: 2, price: 3)))
        #expect(read("3 pay 2", shelf: dec("1.50")) == Deal(.multibuy(count: 3, price: 3)))
        #expect(read("Clubcard 1.50") == Deal(.member(scheme: "Clubcard", price: dec("1.50"))))
        #expect(read("1.50 Lidl Plus") == Deal(.member(scheme: "Lidl Plus", price: dec("1.50"))))
        #expect(read("2 for 3.00 until 2026-11-30") == Deal(.multibuy(count: 2, price: 3), until: CalendarDay(year: 2026, month: 11, day: 30)))
        #expect(read("  ") == nil)
        let deal = Deal(.member(scheme: "Clubcard", price: dec("1.5")), until: CalendarDay(year: 2026, month: 12, day: 31))
        #expect(deal.text == "Clubcard 1.50 until 2026-12-31")
        #expect(Deal(parsing: deal.text) == deal)
        #expect(Deal(.multibuy(count: 2, price: 3)).text == "2 for 3.00")
    }

    @Test func badOffersAreRefusedWithAClearMessage() {
        func problem(_ text: String, shelf: Decimal? = dec("1.79")) -> String? {
            guard case .failure(let problem) = Deal.parse(text, shelf: shelf, today: Self.today) else { return nil }
            return problem.message
        }
        #expect(problem("2 for 0") == "an offer of 0 for 2 is no price: type what the 2 cost")
        #expect(problem("1 for 2.00") == "a multi-buy is 2 packs or more for its price (1 typed)")
        #expect(problem("2 for 3.00 until 2026-11-21") == "the offer ended on 2026-11-21: its last day is before today")
        #expect(problem("2 for 3.00 until soon") == "\"soon\" is not a day: write the offer's last day as 2026-11-22")
        #expect(problem("3 pay 2", shelf: nil) == "3 pay 2 needs the shelf price: type the price first")
        #expect(problem("3 pay 3") == "3 for the price of 3: the packs paid for are a whole number below 3")
        #expect(problem("Clubcard") == "\"Clubcard\" is no offer: type 2 for 3.00, 3 pay 2, or a member price as Clubcard 1.50")
        #expect(problem("Clubcard 0") == "a member price of 0 is no price: type what members pay")
        // Today's last day is still on.
        #expect(problem("2 for 3.00 until 2026-11-22") == nil)
    }

    // MARK: The price the ranking uses

    /// The yoghurt: 4 × 125 g at 1.89, 500 g at 1.79 or 2 for 3.00, 1 kg at 2.79. By hand: 1.89 / 0.5 kg =
    /// 3.78 per kg; 3.00 / 1 kg = 3.00 per kg (its shelf 1.79 / 0.5 kg = 3.58); 2.79 per kg, the best; 3.00 / 2.79 =
    /// 1.075 (+8%), 3.78 / 2.79 = 1.355 (+35%).
    static func yoghurt(shopper: Shopper = Shopper(today: today)) -> Comparison {
        var comparison = Comparison(id: "y", title: "Yoghurt", products: [
            Product.fixture(id: "pots", name: "pots", price: dec("1.89"), quantity: 500, unit: .gram),
            Product(id: "tub", name: "tub", price: dec("1.79"), quantity: 500, unit: .gram, pack: nil, shop: "", seen: nil, deposit: nil,
                    deal: Deal(.multibuy(count: 2, price: 3))),
            Product.fixture(id: "big", name: "big", price: dec("2.79"), quantity: 1, unit: .kilogram),
        ])
        comparison.shopper = shopper
        return comparison
    }

    @Test func theYoghurtOfferIsRankedAtItsMultiBuysUnitPrice() {
        let c = Self.yoghurt()
        let perKg = ComparisonBasis(amount: 1, unit: .kilogram)
        var kg = c
        kg.chosenBasis = perKg
        func unit(_ i: Int) -> Decimal? { kg.unitPrice(of: kg.products[i]).flatMap(kg.pricePerBasis) }
        #expect(unit(0) == dec("3.78"))
        #expect(unit(1) == 3)
        #expect(unit(2) == dec("2.79"))
        #expect(kg.shelfUnitPrice(of: kg.products[1]).flatMap(kg.pricePerBasis) == dec("3.58"))
        #expect(kg.standing(of: kg.products[2]) == .ranked(rank: 1, unitPrice: kg.unitPrice(of: kg.products[2])!, verdict: .bestValue))
        #expect(kg.standing(of: kg.products[1]) == .ranked(rank: 2, unitPrice: kg.unitPrice(of: kg.products[1])!, verdict: .more(percent: 8)))
        #expect(kg.standing(of: kg.products[0]) == .ranked(rank: 3, unitPrice: kg.unitPrice(of: kg.products[0])!, verdict: .more(percent: 35)))
        #expect(kg.pricePaid(of: kg.products[1]).note == "deal 2 for 3.00")
    }

    /// 1 kg at 2.50 with a Clubcard price of 1.99, beside 1 kg at 2.20: a member pays 1.99, the best; anyone else 2.50.
    @Test func aMemberPriceIsRankedOnlyForAMemberOfItsScheme() {
        let card = Product(id: "a", name: "card", price: dec("2.50"), quantity: 1, unit: .kilogram, pack: nil, shop: "", seen: nil, deposit: nil,
                           deal: Deal(.member(scheme: "Clubcard", price: dec("1.99"))))
        let plain = Product.fixture(id: "b", name: "plain", price: dec("2.20"), quantity: 1, unit: .kilogram)
        var c = Comparison(id: "m", products: [card, plain])
        #expect(c.ranked.map(\.index) == [1, 0])
        #expect(c.pricePaid(of: card) == .notAMember(card.deal!))
        c.shopper = Shopper(schemes: ["clubcard"], today: Self.today)
        #expect(c.ranked.map(\.index) == [0, 1])
        #expect(c.pricePaid(of: card).note == "Clubcard price")
        #expect(c.unitPrice(of: card)?.price == dec("1.99"))
    }

    @Test func anOfferPastItsLastDayIsTheShelfPriceAndSaysSo() {
        var tub = Self.yoghurt().products[1]
        tub.deal?.until = CalendarDay(year: 2026, month: 11, day: 21)
        var c = Comparison(id: "e", products: [tub])
        c.shopper = Shopper(today: Self.today)
        #expect(c.unitPrice(of: tub)?.price == dec("1.79"))
        #expect(c.pricePaid(of: tub).note == "offer ended 2026-11-21")
        c.shopper = Shopper(today: CalendarDay(year: 2026, month: 11, day: 21))
        #expect(c.unitPrice(of: tub)?.price == 3)
    }

    @Test func anOfferDearerThanItsSinglesIsKeptButNoDeal() {
        let dear = Product(id: "d", name: "", price: dec("1.00"), quantity: 1, unit: .kilogram, pack: nil, shop: "", seen: nil, deposit: nil,
                           deal: Deal(.multibuy(count: 2, price: dec("2.50"))))
        let c = Comparison(id: "n", products: [dear])
        #expect(c.unitPrice(of: dear)?.price == 1)
        #expect(c.pricePaid(of: dear).note == "shelf: the offer is no deal")
    }

    /// Property: whatever the offers and the shopper, the price ranked is the shelf price or an offer the shopper can
    /// pay: never one past its last day, never a scheme the shopper is not in, never dearer than the shelf.
    @Test func theRankingNeverUsesAPriceTheShopperCannotPay() {
        var rng = SeededRandom(seed: 38)
        let schemes = ["Clubcard", "Lidl Plus", "Nectar"]
        for _ in 0..<500 {
            let shelf = Decimal(Int.random(in: 1...999, using: &rng)) / 100
            let price = Decimal(Int.random(in: 1...1999, using: &rng)) / 100
            let until = Int.random(in: 0...2, using: &rng) == 0 ? nil : CalendarDay(year: 2026, month: 11, day: Int.random(in: 15...29, using: &rng))
            let deal = Bool.random(using: &rng) ? Deal(.multibuy(count: Int.random(in: 2...5, using: &rng), price: price), until: until)
                : Deal(.member(scheme: schemes.randomElement(using: &rng)!, price: price), until: until)
            let product = Product(id: "p", name: "", price: shelf, quantity: 500, unit: .gram, pack: nil, shop: "", seen: nil, deposit: nil, deal: deal)
            var c = Comparison(id: "r", products: [product])
            c.shopper = Shopper(schemes: schemes.filter { _ in Bool.random(using: &rng) }, today: Self.today)
            let ranked = c.unitPrice(of: product)!
            let canPay = !(deal.until.map { $0 < Self.today } ?? false) && (deal.scheme.map(c.shopper.isMember(of:)) ?? true)
                && price < Decimal(deal.count) * shelf
            if canPay {
                #expect(ranked.price == price && ranked.baseQuantity == Decimal(500 * deal.count), "\(deal.text) for \(c.shopper)")
            } else {
                #expect(ranked.price == shelf && ranked.baseQuantity == 500, "\(deal.text) at \(shelf) for \(c.shopper)")
            }
        }
    }

    // MARK: Multi-buys bought in their multiples

    @Test func aMultiBuyIsBoughtInItsMultiplesAndTheRestAtTheShelfPrice() {
        let twoFor3 = MultibuyPacks(deal: Deal(.multibuy(count: 2, price: 3)), shelf: dec("1.79"))
        #expect(twoFor3.buying(1) == (1, dec("1.79"), 0))
        #expect(twoFor3.buying(2) == (2, 3, 1))
        #expect(twoFor3.buying(3) == (3, dec("4.79"), 1))
        #expect(twoFor3.buying(4) == (4, 6, 2))
        // 3 for the price of 2: two wanted take the third free.
        let threeFor2 = MultibuyPacks(deal: Deal(.multibuy(count: 3, price: 2)), shelf: 1)
        #expect(threeFor2.buying(2) == (3, 2, 1))
    }

    /// Property: the packs bought hold what is needed, at most an offer's count more, and never cost more than the
    /// same packs at the shelf price.
    @Test func multiplesNeverCostMoreThanSinglesAndHoldWhatIsNeeded() {
        var rng = SeededRandom(seed: 289)
        for _ in 0..<500 {
            let shelf = Decimal(Int.random(in: 1...500, using: &rng)) / 100
            let count = Int.random(in: 2...6, using: &rng)
            let price = Decimal(Int.random(in: 1...(count * 500), using: &rng)) / 100
            guard price < Decimal(count) * shelf else { continue }
            let multibuy = MultibuyPacks(deal: Deal(.multibuy(count: count, price: price)), shelf: shelf)
            let needed = Int.random(in: 0...20, using: &rng)
            let bought = multibuy.buying(needed)
            #expect(bought.packs >= needed && bought.packs < needed + count)
            #expect(bought.cost <= Decimal(needed) * shelf)
            #expect(bought.offers * count <= bought.packs)
        }
    }

    /// The tub ranks at 2 for 3.00 on its own against the pots: one on the list is one tub at 1.79, two are the offer.
    @Test func theTripAndWhereToShopBuyAMultiBuyInItsMultiples() {
        var c = Self.yoghurt()
        c.removeProduct(at: 2)
        for i in c.products.indices {
            var atAldi = c.products[i]
            atAldi.shop = "Aldi"
            c.replaceProduct(at: i, with: atAldi)
        }
        let one = ListItem(count: 1, ticked: false, pinned: nil, comparison: c)
        #expect(one.purchase()?.offer.product.id == "tub")
        #expect(one.purchase()?.cost == dec("1.79"))
        let two = ListItem(count: 2, ticked: false, pinned: nil, comparison: c)
        #expect(two.purchase()?.cost == 3)
        #expect(two.purchase()?.packsText() == "2× 500 g (2 for 3.00)")
        let three = ListItem(count: 3, ticked: false, pinned: nil, comparison: c)
        #expect(three.purchase()?.cost == dec("4.79"))
        let entries = [ListEntry(id: "y", title: "Yoghurt", productCount: 2, item: two)]
        let shops = WhereToShop(entries)
        #expect(shops.shops.first?.total == 3)
        #expect(shops.shops.first?.lines.first?.purchase.packsCount == 2)
    }

    /// Property (decision 273): a deposit never enters a unit price, a verdict or the ranking, by unit or by use, with
    /// offers and member prices about: random products rank the same with and without random deposits (0 and above
    /// the price included), and the trip's cost is the goods' alone, the deposits beside it (deposit × packs).
    @Test(arguments: 0..<8)
    func aDepositNeverEntersAUnitPriceOrTheRanking(seed: Int) {
        var rng = SeededRandom(seed: UInt64(27300 + seed))
        let wash = CountWord("wash")!
        for _ in 0..<20 {
            let byUse = Bool.random(using: &rng)
            let units: [MeasureUnit] = byUse ? [.liter, .milliliter, .counted(CountWord("pod")!)] : [.gram, .kilogram]
            var plain: [Product] = []
            for n in 0..<Int.random(in: 2...6, using: &rng) {
                let price = Decimal(Int.random(in: 50...2000, using: &rng)) / 100
                let deal: Deal? = switch Int.random(in: 0..<4, using: &rng) {
                case 0: Deal(.multibuy(count: Int.random(in: 2...4, using: &rng), price: Decimal(Int.random(in: 100...4000, using: &rng)) / 100))
                case 1: Deal(.member(scheme: "Clubcard", price: Decimal(Int.random(in: 30...2000, using: &rng)) / 100))
                default: nil
                }
                plain.append(Product(id: ProductID("p\(n)"), name: "p\(n)", price: price, quantity: Decimal(Int.random(in: 1...1000, using: &rng)),
                                     unit: units[Int.random(in: 0..<units.count, using: &rng)], pack: nil, shop: "", seen: nil, deposit: nil,
                                     deal: deal, uses: byUse ? Uses(count: Decimal(Int.random(in: 1...80, using: &rng)), word: wash) : nil))
            }
            let withDeposits = plain.map { product -> Product in
                var product = product
                if Bool.random(using: &rng) {
                    // Up to twice the price: one above it is kept (and said), and it changes nothing here either.
                    product.deposit = Decimal(Int.random(in: 0...Int(truncating: (product.price! * 200) as NSDecimalNumber), using: &rng)) / 100
                }
                return product
            }
            var a = Comparison(id: "c", products: plain, basis: byUse ? .perUse(wash) : ComparisonBasis(amount: 1, unit: .kilogram))
            var b = Comparison(id: "c", products: withDeposits, basis: a.basis)
            let shopper = Shopper(schemes: Bool.random(using: &rng) ? ["Clubcard"] : [], today: Self.today)
            a.shopper = shopper
            b.shopper = shopper
            #expect(a.ranked.map(\.index) == b.ranked.map(\.index), "\(withDeposits)")
            #expect(a.ranked.map(\.unitPrice) == b.ranked.map(\.unitPrice))
            #expect(plain.indices.allSatisfy { a.standing(at: $0) == b.standing(at: $0) })
            let count = Int.random(in: 1...5, using: &rng)
            let bought = ListItem(count: count, ticked: false, pinned: nil, comparison: b).purchase()
            let plainBought = ListItem(count: count, ticked: false, pinned: nil, comparison: a).purchase()
            #expect(bought?.cost == plainBought?.cost)
            if let bought, let packs = bought.packsCount {
                let deposit = bought.offer.product.deposit ?? 0
                #expect(bought.deposits == (deposit > 0 ? deposit * Decimal(packs) : nil))
            }
        }
    }
}
