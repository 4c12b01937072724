import Foundation
import Testing
@testable import PerCore
import TestSupport

func product(_ name: String, _ price: String?, _ quantity: String?, _ unit: MeasureUnit?) -> Product {
    Product.fixture(id: ProductID(name), name: name, price: price.map(dec), quantity: quantity.map(dec), unit: unit)
}

@Suite struct ComparisonTests {
    @Test func ranksCheapestFirstWithPercentMore() {
        let c = Comparison(products: [
            product("small", "3.99", "500", .gram),   // 7.98/kg
            product("big", "6.99", "1", .kilogram),   // 6.99/kg
            product("pound", "3", "1", .pound),       // 6.6139.../kg
        ])
        #expect(c.indicesByRank == [2, 1, 0])
        guard case .ranked(1, let best, .bestValue) = c.standing(at: 2) else { Issue.record("pound should be best"); return }
        #expect(MoneyFormat.plain.unitPrice(c.pricePerBasis(best)!) == "6.61")
        #expect(c.standing(at: 1) == .ranked(rank: 2, unitPrice: UnitPrice(price: 6.99, baseQuantity: 1000), verdict: .more(percent: 6)))
        // 7.98 / 6.6139... = 1.2065... → +21%
        #expect(c.standing(at: 0) == .ranked(rank: 3, unitPrice: UnitPrice(price: dec("3.99"), baseQuantity: 500), verdict: .more(percent: 21)))
    }

    @Test func tiesAreAllBestValue() {
        let c = Comparison(products: [product("a", "3.99", "500", .gram), product("b", "7.98", "1", .kilogram), product("c", "9", "1", .kilogram)])
        #expect(c.standing(at: 0) == .ranked(rank: 1, unitPrice: UnitPrice(price: dec("3.99"), baseQuantity: 500), verdict: .bestValue))
        #expect(c.standing(at: 1) == .ranked(rank: 1, unitPrice: UnitPrice(price: dec("7.98"), baseQuantity: 1000), verdict: .bestValue))
        guard case .ranked(3, _, .more(let percent)) = c.standing(at: 2) else { Issue.record("c should be third"); return }
        #expect(percent == 13)   // 9 / 7.98 = 1.1278
    }

    @Test func percentUnderOnePercentKeepsOneDecimal() {
        let c = Comparison(products: [product("a", "100", "1", .kilogram), product("b", "100.45", "1", .kilogram), product("c", "100.5", "1", .kilogram)])
        #expect(c.standing(at: 1) == .ranked(rank: 2, unitPrice: UnitPrice(price: dec("100.45"), baseQuantity: 1000), verdict: .more(percent: dec("0.5"))))
        // exactly 0.5% rounds half-up to 0.5; 1.5% would round half-up to 2
        let d = Comparison(products: [product("a", "100", "1", .kilogram), product("b", "101.5", "1", .kilogram)])
        #expect(d.standing(at: 1) == .ranked(rank: 2, unitPrice: UnitPrice(price: dec("101.5"), baseQuantity: 1000), verdict: .more(percent: 2)))
    }

    @Test func noRoundingBeforeComparing() {
        // Per v2 rounded unit prices to cents first: 4.29/50 vs 1.99/20 showed 11%; exact is 15.97%.
        let c = Comparison(products: [product("a", "4.29", "50", .each), product("b", "1.99", "20", .each)])
        #expect(c.standing(at: 1) == .ranked(rank: 2, unitPrice: UnitPrice(price: dec("1.99"), baseQuantity: 20), verdict: .more(percent: 16)))
    }

    @Test func incompleteAndForeignProductsAreListedWithTheirReason() {
        let c = Comparison(products: [
            product("ok", "2", "1", .kilogram),
            product("zero", "0", "1", .kilogram),
            product("noqty", "2", nil, .kilogram),
            product("zeroqty", "2", "0", .kilogram),
            product("nounit", "2", "1", nil),
            product("milk", "2", "1", .liter),
        ])
        #expect(c.standing(at: 1) == .excluded(.noPrice))
        #expect(c.standing(at: 2) == .excluded(.noQuantity))
        #expect(c.standing(at: 3) == .excluded(.nonPositiveQuantity))
        #expect(c.standing(at: 4) == .excluded(.noUnit))
        #expect(c.standing(at: 5) == .excluded(.otherFamily(.volume, comparison: .mass)))
        #expect(c.rankedCount == 1)
        #expect(c.indicesByRank == [0, 1, 2, 3, 4, 5])
    }

    @Test func basisFollowsFamilyAndChoice() {
        var c = Comparison(products: [product("a", "1", "250", .milliliter)])
        #expect(c.basis == ComparisonBasis(amount: 1, unit: .liter))
        c.chosenBasis = ComparisonBasis(amount: 100, unit: .milliliter)
        #expect(c.basis?.label == "100 mL")
        c.chosenBasis = ComparisonBasis(amount: 1, unit: .kilogram)   // wrong family: ignored
        #expect(c.basis?.label == "L")
    }

    @Test func incrementalRankingMatchesARebuild() {
        var rng = SeededRandom(seed: 7)
        var c = Comparison()
        let units: [MeasureUnit] = [.gram, .kilogram, .pound, .ounce]
        for step in 0..<300 {
            let p = product("p\(step)", String(Int.random(in: 0...20, using: &rng)), String(Int.random(in: 0...5, using: &rng)),
                            Bool.random(using: &rng) ? units.randomElement(using: &rng) : nil)
            switch Int.random(in: 0..<4, using: &rng) {
            case 0 where !c.products.isEmpty: c.removeProduct(at: Int.random(in: 0..<c.products.count, using: &rng))
            case 1 where !c.products.isEmpty: c.replaceProduct(at: Int.random(in: 0..<c.products.count, using: &rng), with: p)
            default: c.append(p)
            }
            let rebuilt = Comparison(products: c.products)
            for i in c.products.indices { #expect(c.standing(at: i) == rebuilt.standing(at: i)) }
        }
    }
}

@Suite struct ProductSpecTests {
    @Test(arguments: [
        ("3.99/500g", "", "3.99", "500", MeasureUnit.gram),
        ("oats=6.99/1kg", "oats", "6.99", "1", .kilogram),
        ("4.49/6x330ml", "", "4.49", "1980", .milliliter),
        ("4.49/6*330 ml", "", "4.49", "1980", .milliliter),
        ("2/1000/4 g", "", "2", "250", .gram),
        ("a b=1.5/2 fl oz", "a b", "1.5", "2", .fluidOunce),
        ("x=y=1/1ea", "x=y", "1", "1", .each),
        ("2x1.99/1 dozen", "", "3.98", "1", .dozen),
        ("tp=5.49/12x200 sheet", "tp", "5.49", "2400", .counted(CountWord("sheet")!)),
        ("5.49/12X200 sheets", "", "5.49", "2400", .counted(CountWord("sheet")!)),
        ("9.99/3 Rolls", "", "9.99", "3", .counted(CountWord("roll")!)),
        ("24.90/2.5m2", "", "24.9", "2.5", .squareMeter),
        ("24.90/2.5 m²", "", "24.9", "2.5", .squareMeter),
        ("30/20 sq ft", "", "30", "20", .squareFoot),
        ("30/20sqft", "", "30", "20", .squareFoot),
        ("7/50ft", "", "7", "50", .foot),
        ("7/50 yd", "", "7", "50", .yard),
        ("7/3 m", "", "7", "3", .meter),
    ] as [(String, String, String, String, MeasureUnit)])
    func parsesItems(argument: String, name: String, price: String, quantity: String, unit: MeasureUnit) throws {
        let p = try ProductSpec.parse(argument).get()
        #expect(p.name == name)
        #expect(p.price == dec(price))
        #expect(p.quantity == dec(quantity))
        #expect(p.unit == unit)
    }

    @Test(arguments: [
        ("3.99", "expected PRICE/QUANTITY UNIT"),
        ("/500g", "missing price"),
        ("3.99/g", "missing quantity"),
        ("3.99/500", "missing unit"),
        ("3.99/500g!", "unknown unit 'g!'"),
        ("3.99/0g", "quantity must be above zero"),
        ("0/5g", "price must be above zero"),
        ("abc/5g", "price 'abc'"),
        ("1/5/0g", "Cannot divide by zero"),
        ("1/5++5g", "quantity '5++5'"),
    ])
    func refusesBadItems(argument: String, fragment: String) {
        guard case .failure(let error) = ProductSpec.parse(argument) else { Issue.record("\(argument) parsed"); return }
        #expect(error.message.contains(fragment), "\(error.message)")
        #expect(error.message.contains(argument))
    }

    /// Refusals in command-line words, not the keypad's (issue 22).
    @Test(arguments: [
        ("-3.99/500g", "invalid item '-3.99/500g': price '-3.99' is negative"),
        ("−3.99/500g", "invalid item '−3.99/500g': price '−3.99' is negative"),
        ("3.99/6x330x2ml", "invalid item '3.99/6x330x2ml': quantity '6x330x2': one operation at most"),
        ("3.99/2*5+1g", "invalid item '3.99/2*5+1g': quantity '2*5+1': one operation at most"),
        (".0000000000001/1kg", "invalid item '.0000000000001/1kg': price '.0000000000001' is too small (at least 0.000000000001, or 0)"),
        ("1000000000000/1kg", "invalid item '1000000000000/1kg': price '1000000000000' is too large (at most 999999999999)"),
    ])
    func refusesInCommandLineWords(argument: String, message: String) {
        guard case .failure(let error) = ProductSpec.parse(argument) else { Issue.record("\(argument) parsed"); return }
        #expect(error.message == message)
    }

    /// The documented range holds for a plain number, though the keypad takes at most 11 decimals.
    @Test func acceptsTheSmallestNumberKept() throws {
        let product = try ProductSpec.parse(".000000000001/1kg").get()
        #expect(product.price == NumberRange.smallest)
        let quantity = try ProductSpec.parse("1/0.000000000001 g").get()
        #expect(quantity.quantity == NumberRange.smallest)
    }
}

@Suite struct PercentFastPathTests {
    /// The Double shortcut for "+N% more" must agree with exact Decimal arithmetic everywhere, boundaries included.
    @Test(arguments: 0..<20)
    func estimatedPercentAgreesWithExactArithmetic(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        let best = UnitPrice(price: 100, baseQuantity: 1000)
        for _ in 0..<500 {
            // Prices near boundaries: x.5% and x.05% steps, and random ones.
            let cents = Int.random(in: 10_000...40_000, using: &rng)
            let price = Bool.random(using: &rng) ? Decimal(cents) / 100 : Decimal(Int.random(in: 100_000...100_999, using: &rng)) / 1000
            let unitPrice = UnitPrice(price: price, baseQuantity: 1000)
            #expect(unitPrice.percentMore(than: best) == unitPrice.exactPercentMore(than: best), "price \(price)")
        }
    }
}

@Suite struct SortedUnitPricesTests {
    @Test(arguments: 0..<10)
    func behavesLikeASortedArray(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        func price(_ n: Int) -> UnitPrice { UnitPrice(price: Decimal(n), baseQuantity: 1) }
        var set = SortedUnitPrices((0..<20).map { _ in price(Int.random(in: 0..<30, using: &rng)) }, chunkSize: 4)
        var model = set.elements.map(\.price)
        for _ in 0..<2000 {
            let x = Int.random(in: 0..<30, using: &rng)
            if Bool.random(using: &rng) {
                set.insert(price(x))
                model.insert(Decimal(x), at: model.firstIndex { $0 >= Decimal(x) } ?? model.count)
            } else {
                let removed = set.remove(price(x))
                #expect(removed == model.contains(Decimal(x)))
                if let i = model.firstIndex(of: Decimal(x)) { model.remove(at: i) }
            }
            #expect(set.elements.map(\.price) == model)
            #expect(set.count == model.count)
            #expect(set.first?.price == model.first)
            let probe = Int.random(in: -1...31, using: &rng)
            #expect(set.lowerBound(of: price(probe)) == model.filter { $0 < Decimal(probe) }.count)
            // The neighbours, one of `leavingOut` passed over: the greatest below and the least not below, of the rest.
            let leavingOut = Bool.random(using: &rng) ? Int.random(in: 0..<30, using: &rng) : nil
            var rest = model
            if let leavingOut, let i = rest.firstIndex(of: Decimal(leavingOut)) { rest.remove(at: i) }
            let expected = [rest.last { $0 < Decimal(probe) }, rest.first { $0 >= Decimal(probe) }].compactMap { $0 }
            #expect(set.neighbours(of: price(probe), leavingOut: leavingOut.map(price)).map(\.price) == expected, "\(probe) \(String(describing: leavingOut)) \(model)")
        }
    }
}
