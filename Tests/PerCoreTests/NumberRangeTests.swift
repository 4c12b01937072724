import Foundation
import Testing
@testable import PerCore
import TestSupport

// Extreme numbers: what NumberRange keeps, what is refused (keypad, import), and property tests
// pushing random extreme decimals through the whole pipeline (engine, ranking, "+N% more",
// table/JSON/CSV, export/import) with fixed seeds.

/// Plain decimal text for `digits` (no leading zero) with its leading digit at 10^`magnitude`.
private func plainText(digits: String, magnitude: Int, negative: Bool = false) -> String {
    var text: String
    if magnitude >= 0 {
        let integerCount = magnitude + 1
        if digits.count <= integerCount {
            text = digits + String(repeating: "0", count: integerCount - digits.count)
        } else {
            text = String(digits.prefix(integerCount)) + "." + String(digits.dropFirst(integerCount))
        }
    } else {
        text = "0." + String(repeating: "0", count: -magnitude - 1) + digits
    }
    return (negative ? "-" : "") + text
}

private func randomDigits(_ count: Int, using rng: inout SeededRandom) -> String {
    var digits = String(Int.random(in: 1...9, using: &rng))
    for _ in 1..<max(1, count) { digits += String(Int.random(in: 0...9, using: &rng)) }
    // Keep the last digit nonzero, so the count is exact.
    if count > 1 { digits.removeLast(); digits += String(Int.random(in: 1...9, using: &rng)) }
    return digits
}

/// A random positive decimal inside NumberRange, biased to its edges: tiny, huge, 12 digits, the limits.
func extremeInRange(using rng: inout SeededRandom) -> String {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: return "999999999999"
    case 1: return "0.000000000001"
    case 2: return plainText(digits: randomDigits(12, using: &rng), magnitude: -12) // 12 digits at the bottom
    case 3: return plainText(digits: randomDigits(12, using: &rng), magnitude: 11)  // 12 digits at the top
    case 4: return plainText(digits: randomDigits(Int.random(in: 1...12, using: &rng), using: &rng), magnitude: Int.random(in: -12...(-8), using: &rng))
    case 5: return plainText(digits: randomDigits(Int.random(in: 1...12, using: &rng), using: &rng), magnitude: Int.random(in: 8...11, using: &rng))
    default:
        return plainText(digits: randomDigits(Int.random(in: 1...12, using: &rng), using: &rng), magnitude: Int.random(in: -12...11, using: &rng))
    }
}

/// A random decimal text outside NumberRange: too small, too large, or too many digits (up to 100).
func extremeOutOfRange(using rng: inout SeededRandom) -> (text: String, violation: NumberRange.Violation) {
    switch Int.random(in: 0..<3, using: &rng) {
    case 0:
        let m = Int.random(in: -100...(-13), using: &rng)
        return (plainText(digits: randomDigits(Int.random(in: 1...12, using: &rng), using: &rng), magnitude: m), .tooSmall)
    case 1:
        let m = Int.random(in: 12...40, using: &rng)
        return (plainText(digits: randomDigits(Int.random(in: 1...12, using: &rng), using: &rng), magnitude: m), .tooLarge)
    default:
        let count = Int.random(in: 13...100, using: &rng)
        return (plainText(digits: randomDigits(count, using: &rng), magnitude: Int.random(in: -12...11, using: &rng)), .tooManyDigits)
    }
}

@Suite struct NumberRangeTests {
    @Test(arguments: [
        ("0", nil), ("999999999999", nil), ("0.000000000001", nil), ("123456789012", nil),
        ("0.00000000000123456789012", nil), ("-999999999999", nil), ("1.5", nil), ("100000000000", nil),
        ("1000000000000", .tooLarge), ("0.0000000000009", .tooSmall), ("1234567890123", .tooLarge),
        ("1.23456789012", nil), ("1.234567890123", .tooManyDigits), ("0.1000000000001", .tooManyDigits),
        ("1234567890.123456789", .tooManyDigits),
    ] as [(String, NumberRange.Violation?)])
    func edges(text: String, expected: NumberRange.Violation?) {
        #expect(NumberRange.violation(ofText: text) == expected, "\(text)")
        #expect(NumberRange.violation(of: dec(text)) == expected, "\(text)")
    }

    @Test func outsideDecimalItselfIsJudgedOnTheText() {
        let hundredDigits = "1." + String(repeating: "0", count: 98) + "1"
        #expect(NumberRange.violation(ofText: hundredDigits) == .tooManyDigits)
        #expect(NumberRange.violation(ofText: "0." + String(repeating: "0", count: 200) + "1") == .tooSmall)
        #expect(NumberRange.violation(ofText: "1" + String(repeating: "0", count: 200)) == .tooLarge)
        #expect(NumberRange.violation(of: .nan) == .notANumber)
    }

    @Test func shortTextNamesHugeAndTinyValues() {
        #expect(NumberRange.shortText(dec("1.5")) == "1.5")
        #expect(NumberRange.shortText(Decimal(sign: .plus, exponent: -83, significand: 1)) == "1e-83")
        #expect(NumberRange.shortText(Decimal(sign: .plus, exponent: -40, significand: 1234567890123)) == "1.23456789012…e-28")
    }

    /// Values in range are exact: the text, the Decimal and the text again agree (seeded).
    @Test(arguments: 0..<10)
    func valuesInRangeRoundTripExactly(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        for _ in 0..<300 {
            let text = extremeInRange(using: &rng)
            let value = dec(text)
            #expect(NumberRange.violation(ofText: text) == nil, "\(text)")
            #expect(NumberRange.violation(of: value) == nil, "\(text)")
            #expect(DecimalText.format(value) == text, "\(text)")
            let outside = extremeOutOfRange(using: &rng)
            #expect(NumberRange.violation(ofText: outside.text) == outside.violation, "\(outside.text)")
        }
    }
}

@Suite struct ExtremeKeypadTests {
    /// The crash: 0.00000000001 ÷ 999999999999 (then again and again) went down to 1e-83.
    @Test func repeatedDivisionStopsAtTheRangeWithTheReason() {
        let engine = typed("0.00000000001/999999999999")
        #expect(!engine.isEnabled(.equals))
        // The quotient, rounded to 12 digits, is 1e-23.
        #expect(engine.disabledReason(.equals) == "Result 1e-23 is too small (at least 0.000000000001, or 0)")
        #expect(engine.commit.value == dec("0.00000000001"))
        #expect(engine.commit.message?.contains("too small") == true)
    }

    @Test func tooLargeAndTooManyDigitsAreRefusedNamingTheResult() {
        let large = typed("999999999999*2")
        #expect(large.disabledReason(.equals) == "Result 1999999999998 is too large (at most 999999999999)")
        let long = typed("123456.789*1.23456789")
        #expect(long.disabledReason(.equals) == "Result 152415.78750190521 has more than 12 significant digits")
        // Division rounds to the 12 digits kept.
        #expect(typed("1/3=").state == .result(dec("0.333333333333")))
        #expect(typed("2/3=").state == .result(dec("0.666666666667")))
    }

    /// A value stored before the rule (1e-83) can be shown and kept, but nothing continues from it.
    @Test func aStoredValueOutsideTheRangeIsKeptButNotUsed() {
        let tiny = Decimal(sign: .plus, exponent: -83, significand: 1)
        var engine = CalculatorEngine(value: tiny)
        #expect(engine.disabledReason(.operation(.times)) == "1e-83 is too small (at least 0.000000000001, or 0)")
        #expect(engine.press(.operation(.times)) == false)
        #expect(engine.commit.value == tiny)
        #expect(CalculatorEngine.evaluate(tiny, .times, 2) == .failure(.outOfRange("1e-83", .tooSmall)))
    }

    /// Random keys with operands at the range's edges: every result is inside the range and exact.
    @Test(arguments: 0..<20)
    func randomExtremeSequencesStayInTheRange(seed: Int) {
        var rng = SeededRandom(seed: UInt64(1000 + seed))
        var engine = CalculatorEngine()
        for _ in 0..<150 {
            let roll = Int.random(in: 0..<10, using: &rng)
            let keys: String
            if roll < 4 {
                var text = extremeInRange(using: &rng)
                // What a person can type: at most 12 digits counting the leading zeros.
                while text.filter(\.isNumber).count > 12 { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
                keys = text
            } else if roll < 8 {
                keys = String(["+", "-", "*", "/"].randomElement(using: &rng)!)
            } else {
                keys = "="
            }
            for c in keys {
                let key = CalculatorKey(character: c)!
                let enabled = engine.isEnabled(key)
                let was = engine
                #expect(engine.press(key) == enabled)
                if key == .equals, enabled, case .both(let a, let op, let b) = was.expression {
                    guard case .result(let value) = engine.state else { Issue.record("no result"); continue }
                    #expect(NumberRange.contains(value), "\(was.text) = \(value)")
                    switch op {
                    case .plus: #expect(value == a.value + b.value)
                    case .minus: #expect(value == a.value - b.value)
                    case .times: #expect(value == a.value * b.value)
                    case .divide: #expect(value == DecimalText.rounded(a.value / b.value, significantDigits: 12))
                    }
                }
                if key == .equals, !enabled, case .both = was.expression {
                    #expect(engine.disabledReason(.equals) != nil)
                }
            }
            if let value = engine.commit.value { #expect(NumberRange.contains(value), "\(engine.text)") }
            #expect(!engine.text.contains("NaN"))
            if Int.random(in: 0..<6, using: &rng) == 0 { engine.press(.clear) }
        }
    }
}

@Suite struct ExtremePipelineTests {
    static let families: [UnitFamily] = [.mass, .volume, .count]

    /// A random comparison of extreme products in range, plus a few excluded ones.
    static func randomComparison(using rng: inout SeededRandom, products count: Int) -> Comparison {
        let family = families.randomElement(using: &rng)!
        let units = family.units
        var products: [Product] = []
        for i in 0..<count {
            products.append(Product.fixture(
                id: ProductID("p\(i)"), name: "item \(i)",
                price: dec(extremeInRange(using: &rng)), quantity: dec(extremeInRange(using: &rng)),
                unit: units.randomElement(using: &rng)!))
        }
        let basis = ComparisonBasis.choices(for: family).randomElement(using: &rng)!
        let system = VolumeSystem.allCases.randomElement(using: &rng)!
        return Comparison(title: "extreme", products: products, basis: basis, volumeSystem: system)
    }

    /// Ranking, "+N% more", unit prices and every rendering, for random extreme products: no trap, no
    /// NaN, valid JSON, ranking equal to exact cross-multiplication, and export/import exact.
    @Test(arguments: 0..<16)
    func extremeProductsGoThroughTheWholePipeline(seed: Int) throws {
        var rng = SeededRandom(seed: UInt64(2000 + seed))
        let comparison = Self.randomComparison(using: &rng, products: 12)
        let system = comparison.volumeSystem

        // Exact cross products: computed in two orders, they agree (nothing was rounded).
        for p in comparison.products {
            let a = comparison.unitPrice(of: p)!
            for q in comparison.products {
                let b = comparison.unitPrice(of: q)!
                let left = a.price * b.baseQuantity
                let right = (a.price * q.quantity!) * q.unit!.factor(in: system)
                #expect(left == right, "\(p) × \(q)")
                #expect(NumberRange.violation(of: a.price) == nil)
            }
        }
        // The ranking order is the exact order.
        let order = comparison.indicesByRank.map { comparison.products[$0] }
        for (x, y) in zip(order, order.dropFirst()) {
            let a = comparison.unitPrice(of: x)!, b = comparison.unitPrice(of: y)!
            #expect(a.price * b.baseQuantity <= b.price * a.baseQuantity)
        }
        // Every standing: ranked, percent finite and not negative; unit price in every basis of the family.
        for p in comparison.products {
            guard case .ranked(_, let unitPrice, let verdict) = comparison.standing(of: p) else {
                Issue.record("\(p) not ranked"); continue
            }
            if case .more(let percent) = verdict {
                #expect(!percent.isNaN && percent >= 0)
                #expect(!verdict.text.contains("NaN"))
            }
            for basis in ComparisonBasis.choices(for: comparison.family!) {
                let value = unitPrice.price(per: basis.baseAmount(in: system))
                #expect(!value.isNaN && value > 0, "\(p) per \(basis.label)")
                #expect(!MoneyFormat.plain.unitPrice(value).contains("NaN"))
                #expect(!ComparisonReport.exactText(value).contains("NaN"))
            }
        }
        // Renderings.
        let report = ComparisonReport(comparison)
        for format in ReportFormat.allCases {
            #expect(!report.render(format).contains("NaN"), "\(format)")
        }
        let json = try JSONSerialization.jsonObject(with: Data(report.json.utf8)) as? [String: Any]
        #expect((json?["products"] as? [Any])?.count == comparison.products.count)
        // Export and import: exact.
        for format in ExchangeFormat.allCases {
            let back = try ComparisonExchange.decode(ComparisonExchange.encode([comparison], as: format))
            #expect(back.count == 1)
            #expect(back.first?.products.map(\.price) == comparison.products.map(\.price), "\(format)")
            #expect(back.first?.products.map(\.quantity) == comparison.products.map(\.quantity), "\(format)")
            #expect(back.first.map { DecimalText.format($0.products[0].price!) } == DecimalText.format(comparison.products[0].price!))
        }
    }

    /// A database written before the rule may hold 1e-83 or 1e-100: such products are left out with the
    /// reason, and nothing traps or shows NaN (the crash at every start).
    @Test(arguments: 0..<8)
    func productsOutsideTheRangeAreExcludedNotCrashed(seed: Int) {
        var rng = SeededRandom(seed: UInt64(3000 + seed))
        var comparison = Self.randomComparison(using: &rng, products: 6)
        let unit = comparison.family!.units.randomElement(using: &rng)!
        let outside: [Decimal] = [
            Decimal(sign: .plus, exponent: -83, significand: 1), Decimal(sign: .plus, exponent: -100, significand: 1),
            Decimal(sign: .plus, exponent: 24, significand: 1), Decimal(sign: .plus, exponent: 100, significand: 7),
            dec("1234567890.123456789012345678901234"),
        ]
        for (i, value) in outside.enumerated() {
            let inRange = dec(extremeInRange(using: &rng))
            let asPrice = Bool.random(using: &rng)
            comparison.append(Product.fixture(id: ProductID("x\(i)"), name: "outside \(i)",
                                      price: asPrice ? value : inRange, quantity: asPrice ? inRange : value, unit: unit))
            let added = comparison.products.last!
            guard case .excluded(.outOfRange(let field, _)) = comparison.standing(of: added) else {
                Issue.record("\(value) was not excluded"); continue
            }
            #expect(field == (asPrice ? .price : .quantity))
        }
        #expect(comparison.rankedCount == 6)
        let report = ComparisonReport(comparison)
        for format in ReportFormat.allCases {
            let text = report.render(format)
            #expect(!text.contains("NaN"), "\(format)")
        }
        #expect(report.table.contains("too small") || report.table.contains("too large") || report.table.contains("over 12 digits"))
    }

    /// The reported case: 1e-83 per 1e24 kg against the reverse in mg, and a price of 1e-100.
    @Test func theReportedCrashesAreExclusionsNow() throws {
        let comparison = Comparison(title: "crash", products: [
            Product.fixture(name: "a", price: Decimal(sign: .plus, exponent: -83, significand: 1), quantity: Decimal(sign: .plus, exponent: 24, significand: 1), unit: .kilogram),
            Product.fixture(name: "b", price: Decimal(sign: .plus, exponent: 24, significand: 1), quantity: Decimal(sign: .plus, exponent: -83, significand: 1), unit: .milligram),
            Product.fixture(name: "c", price: Decimal(sign: .plus, exponent: -100, significand: 1), quantity: 1, unit: .gram),
            Product.fixture(name: "d", price: 2, quantity: 1, unit: .gram),
        ])
        let json = ComparisonReport(comparison).json
        #expect(!json.contains("NaN"))
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) is [String: Any])
        #expect(comparison.standing(at: 0) == .excluded(.outOfRange(.price, .tooSmall)))
        #expect(comparison.standing(at: 1) == .excluded(.outOfRange(.price, .tooLarge)))
        #expect(comparison.standing(at: 2) == .excluded(.outOfRange(.price, .tooSmall)))
        #expect(ComparisonReport(comparison).table.contains("price too small"))
    }

    /// The widest ratio the range allows (cheapest possible against dearest possible, across mg and gal):
    /// "+N% more" is finite, at most 12 significant digits, and the unit price in every basis is finite.
    @Test func theWidestRatioInTheRangeIsComputed() {
        let best = Product.fixture(name: "best", price: NumberRange.smallest, quantity: NumberRange.largest, unit: .kilogram)
        let worst = Product.fixture(name: "worst", price: NumberRange.largest, quantity: NumberRange.smallest, unit: .milligram)
        let comparison = Comparison(products: [best, worst])
        guard case .ranked(2, let unitPrice, .more(let percent)) = comparison.standing(at: 1) else {
            Issue.record("\(comparison.standing(at: 1))"); return
        }
        #expect(!percent.isNaN)
        #expect(DecimalText.format(percent) == "999999999998" + String(repeating: "0", count: 44))
        for basis in ComparisonBasis.choices(for: .mass) {
            let value = unitPrice.price(per: basis.baseAmount(in: .us))
            #expect(!value.isNaN)
            // Shown to at most 12 significant digits.
            let digits = MoneyFormat.plain.unitPrice(value).filter(\.isNumber).drop { $0 == "0" }
            #expect(String(digits).reversed().drop { $0 == "0" }.count <= 12, "\(MoneyFormat.plain.unitPrice(value))")
        }
        let volume = Comparison(products: [
            Product.fixture(price: NumberRange.largest, quantity: NumberRange.smallest, unit: .milliliter),
            Product.fixture(price: NumberRange.smallest, quantity: NumberRange.largest, unit: .gallon),
        ], basis: ComparisonBasis(amount: NumberRange.largest, unit: .gallon))
        for format in ReportFormat.allCases { #expect(!ComparisonReport(volume).render(format).contains("NaN")) }
    }
}

@Suite struct ImportRefusalTests {
    private func refusal(_ text: String) -> String? {
        do {
            _ = try ComparisonExchange.decode(text)
            return nil
        } catch {
            return error.message
        }
    }

    private func json(price: String, quantity: String = "\"1\"", unit: String = "g", second: String? = nil) -> String {
        var products = "{\"name\": \"cheap\", \"price\": \"1\", \"quantity\": \"1\", \"unit\": \"g\"}, {\"name\": \"Jumbo\", \"price\": \(price), \"quantity\": \(quantity), \"unit\": \"\(unit)\"}"
        if let second { products += ", " + second }
        return "[{\"title\": \"Oats\", \"products\": []}, {\"title\": \"Rice\", \"products\": [\(products)]}]"
    }

    @Test(arguments: [
        ("\"0.00000000000000000000000000000000000000000000000000000000000000000000000000000000001\"", "price: \"0.00000000000000000000000000000000000000…\" is too small"),
        ("\"1000000000000\"", "price: \"1000000000000\" is too large (at most 999999999999)"),
        ("1234567890.123456789", "price: \"1234567890.123456789\" has more than 12 significant digits"),
        ("\"-2\"", "price: \"-2\" is below zero"),
    ])
    func jsonPricesOutsideAreRefusedNamingComparisonProductAndField(price: String, expected: String) {
        let message = refusal(json(price: price)) ?? "accepted"
        #expect(message.contains("comparison 2 \"Rice\", product 2 \"Jumbo\", " + expected), "\(message)")
    }

    @Test func hundredDigitDecimalsAreRefusedNotRounded() {
        let long = "1." + String(repeating: "0", count: 98) + "1"
        let message = refusal(json(price: "\"1\"", quantity: "\"\(long)\"")) ?? "accepted"
        #expect(message.contains("product 2 \"Jumbo\", quantity: "), "\(message)")
        #expect(message.contains("has more than 12 significant digits"), "\(message)")
        let csv = "comparison,name,price,quantity,unit\nRice,a,1,1,g\nRice,b,\(long),1,g\n"
        let csvMessage = refusal(csv) ?? "accepted"
        #expect(csvMessage.contains("line 3, comparison 1 \"Rice\", product 2 \"b\", price: "), "\(csvMessage)")
    }

    @Test func mixedFamiliesAndNegativeQuantitiesAreRefused() {
        let mixed = refusal(json(price: "\"2\"", unit: "ml")) ?? "accepted"
        #expect(mixed.contains("comparison 2 \"Rice\", product 2 \"Jumbo\", unit: mL is a volume unit, but the comparison is by weight"), "\(mixed)")
        let csv = "comparison,name,price,quantity,unit\nMilk,a,1,1,l\nMilk,b,2,-1,l\nMilk,c,2,1,kg\n"
        #expect(refusal(csv)?.contains("line 3, comparison 1 \"Milk\", product 2 \"b\", quantity: \"-1\" is below zero") == true)
        let csvMixed = "comparison,name,price,quantity,unit\nMilk,a,1,1,l\nMilk,,,,\nMilk,c,2,1,kg\n"
        #expect(refusal(csvMixed)?.contains("line 4, comparison 1 \"Milk\", product 2 \"c\", unit: kg is a weight unit, but the comparison is by volume") == true, "\(refusal(csvMixed) ?? "")")
    }

    @Test func comparisonAmountsOutsideAreRefused() {
        let text = "[{\"title\": \"Oats\", \"per\": \"0.0000000000001 g\", \"products\": []}]"
        #expect(refusal(text)?.contains("per: the amount in \"0.0000000000001 g\" is too small") == true, "\(refusal(text) ?? "")")
    }

    /// Random out-of-range values in random places of a file: always refused, with the field named.
    @Test(arguments: 0..<8)
    func randomOutOfRangeValuesAreAlwaysRefused(seed: Int) {
        var rng = SeededRandom(seed: UInt64(4000 + seed))
        for _ in 0..<40 {
            let bad = extremeOutOfRange(using: &rng)
            let good = extremeInRange(using: &rng)
            let badIsPrice = Bool.random(using: &rng)
            let (price, quantity) = badIsPrice ? (bad.text, good) : (good, bad.text)
            let csv = "comparison,name,price,quantity,unit\nX,a,\(good),\(good),kg\nX,b,\(price),\(quantity),g\n"
            let message = refusal(csv) ?? "accepted"
            #expect(message.contains("product 2 \"b\", \(badIsPrice ? "price" : "quantity"): "), "\(message)")
            let json = "[{\"title\": \"X\", \"products\": [{\"name\": \"b\", \"price\": \"\(price)\", \"quantity\": \"\(quantity)\", \"unit\": \"g\"}]}]"
            #expect(refusal(json)?.contains("product 1 \"b\", \(badIsPrice ? "price" : "quantity"): ") == true)
        }
    }
}
