import Foundation
import Testing
@testable import PerCore
import TestSupport

@Suite struct UnitTests {
    @Test func factorsFollowTheirDefinitions() {
        #expect(MeasureUnit.pound.factor() == dec("453.59237"))
        #expect(MeasureUnit.ounce.factor() * 16 == MeasureUnit.pound.factor())
        #expect(MeasureUnit.kilogram.factor() == 1000 * MeasureUnit.gram.factor())
        #expect(MeasureUnit.milligram.factor() * 1000 == 1)
        #expect(MeasureUnit.gallon.factor(in: .us) == 231 * dec("16.387064"))   // 231 in³, 1 in = 2.54 cm
        #expect(MeasureUnit.fluidOunce.factor(in: .us) * 128 == MeasureUnit.gallon.factor(in: .us))
        #expect(MeasureUnit.cup.factor(in: .us) == 8 * MeasureUnit.fluidOunce.factor(in: .us))
        #expect(MeasureUnit.pint.factor(in: .us) * 8 == MeasureUnit.gallon.factor(in: .us))
        #expect(MeasureUnit.quart.factor(in: .us) * 4 == MeasureUnit.gallon.factor(in: .us))
        #expect(MeasureUnit.tablespoon.factor(in: .us) * 2 == MeasureUnit.fluidOunce.factor(in: .us))
        #expect(MeasureUnit.teaspoon.factor(in: .us) * 3 == MeasureUnit.tablespoon.factor(in: .us))
        #expect(MeasureUnit.fluidOunce.factor(in: .us) == dec("29.5735295625"))
        #expect(MeasureUnit.gallon.factor(in: .imperial) == dec("4546.09"))
        #expect(MeasureUnit.fluidOunce.factor(in: .imperial) * 160 == MeasureUnit.gallon.factor(in: .imperial))
        #expect(MeasureUnit.pint.factor(in: .imperial) * 8 == MeasureUnit.gallon.factor(in: .imperial))
        #expect(MeasureUnit.liter.factor() == 1000)
        #expect(MeasureUnit.centiliter.factor() == 10)
        #expect(MeasureUnit.dozen.factor() == 12)
        #expect(MeasureUnit.pair.factor() == 2)
    }

    /// Each row of the unit table reads back: its symbol as stored and as typed, each of its names (no name is two
    /// units'), and its family lists it.
    @Test func everyStandardUnitRoundTrips() {
        #expect(MeasureUnit.standard.count == 29 && Set(MeasureUnit.standard).count == 29)
        var named: [String: MeasureUnit] = [:]
        for unit in MeasureUnit.standard {
            #expect(!unit.symbol.isEmpty, "\(unit.symbol)")
            #expect(MeasureUnit(symbol: unit.symbol) == unit && MeasureUnit(parsing: unit.symbol) == unit, "\(unit.symbol)")
            #expect(unit.names.contains(MeasureUnit.key(unit.symbol)), "\(unit.symbol)")
            for name in unit.names {
                #expect(MeasureUnit.key(name) == name && MeasureUnit.standard(named: name) == unit, "\(name)")
                #expect(named.updateValue(unit, forKey: name) == nil, "\(name) names two units")
            }
            #expect(unit.family.units.contains(unit))
        }
    }

    /// Every unit of today is stored, exported and read by the symbol it had before the table went by name (0.2.0's
    /// databases, exports and recovery files hold these), and a new unit changes none of them.
    @Test func everyStoredSymbolIsTodays() {
        let today: [(MeasureUnit, String)] = [
            (.milligram, "mg"), (.gram, "g"), (.kilogram, "kg"), (.ounce, "oz"), (.pound, "lb"),
            (.milliliter, "mL"), (.centiliter, "cL"), (.deciliter, "dL"), (.liter, "L"), (.teaspoon, "tsp"),
            (.tablespoon, "tbsp"), (.fluidOunce, "fl oz"), (.cup, "cup"), (.pint, "pt"), (.quart, "qt"), (.gallon, "gal"),
            (.millimeter, "mm"), (.centimeter, "cm"), (.meter, "m"), (.inch, "in"), (.foot, "ft"), (.yard, "yd"),
            (.squareCentimeter, "cm²"), (.squareMeter, "m²"), (.squareInch, "sq in"), (.squareFoot, "sq ft"),
            (.each, "each"), (.pair, "pair"), (.dozen, "dozen"),
        ]
        for (unit, code) in today {
            #expect(unit.symbol == code && MeasureUnit(symbol: code) == unit, "\(code)")
            #expect(Array(unit.symbol.utf8) == Array(code.utf8), "\(code) is stored byte for byte as before")
        }
        #expect(Set(today.map(\.0)).count == today.count)
        #expect(MeasureUnit(symbol: "sheet") == .counted(CountWord("sheet")!))
    }

    /// The comparison unit that follows a typed unit is each row's, as it was when it was a switch of its own.
    @Test func theComparisonUnitFollowsEachRow() {
        let follows: [(MeasureUnit, String)] = [
            (.ounce, "oz"), (.pound, "lb"), (.gallon, "gal"), (.pair, "pair"), (.dozen, "dozen"),
            (.teaspoon, "fl oz"), (.tablespoon, "fl oz"), (.fluidOunce, "fl oz"), (.cup, "fl oz"), (.pint, "fl oz"),
            (.quart, "fl oz"), (.gram, "kg"), (.milligram, "kg"), (.milliliter, "L"), (.inch, "m"), (.squareFoot, "m²"),
            (.each, "each"), (.counted(CountWord("sheet")!), "sheet"),
        ]
        for (unit, label) in follows { #expect(ComparisonBasis.following(unit).label == label, "\(unit.symbol)") }
    }

    /// The lists the docs and `--help` print, from the table.
    @Test func theListingIsTheTable() {
        #expect(MeasureUnit.listing() == "mg g kg oz lb; mL cL dL L tsp tbsp fl oz cup pt qt gal; mm cm m in ft yd; cm² m² sq in sq ft; each pair dozen")
        #expect(MeasureUnit.listing(typed: true, separator: ", ")
            == "mg g kg oz lb, ml cl dl l tsp tbsp floz cup pt qt gal, mm cm m in ft yd, cm2 m2 sqin sqft, each pair dozen")
        #expect(MeasureUnit.listing(named: true, separator: ", ").hasPrefix("mass (mg g kg oz lb), volume (mL cL dL L"))
        for unit in MeasureUnit.standard { #expect(MeasureUnit(parsing: unit.typedSymbol) == unit, "\(unit.typedSymbol)") }
    }

    /// README, USAGE (the keypad's unit field and "Units and money") list the units as the table does, so a unit
    /// added to the table and not to the docs (or the other way) fails here; `compare --help` prints the listing itself.
    @Test func theDocsUnitListsAreTheTable() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        func flat(_ file: String) throws -> String {
            try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let readme = try flat("README.md"), usage = try flat("Docs/USAGE.md")
        #expect(readme.contains("Units: " + MeasureUnit.listing() + " ("), "README.md's unit list is not the table's: \(MeasureUnit.listing())")
        #expect(usage.contains("Units: " + MeasureUnit.listing() + " ("), "Docs/USAGE.md's unit field list is not the table's")
        #expect(usage.contains("Units: " + MeasureUnit.listing(named: true, separator: ", ") + ";"), "Docs/USAGE.md's Units and money list is not the table's")
    }

    @Test func imperialVolumesFollowTheirDefinitions() {
        let pint = MeasureUnit.pint.factor(in: .imperial)
        #expect(MeasureUnit.quart.factor(in: .imperial) == 2 * pint)
        #expect(MeasureUnit.cup.factor(in: .imperial) * 2 == pint)
        #expect(MeasureUnit.fluidOunce.factor(in: .imperial) * 20 == pint)
        #expect(MeasureUnit.tablespoon.factor(in: .imperial) == 15 && MeasureUnit.teaspoon.factor(in: .imperial) == 5)
        #expect(MeasureUnit.deciliter.factor(in: .imperial) == 100 && MeasureUnit.kilogram.factor(in: .imperial) == 1000)
        #expect(MeasureUnit.squareMeter.factor() == 1_000_000)
    }

    /// Base units by moving the point (power-of-ten factors) are the multiplication's, exactly, for every unit.
    @Test func baseUnitsAreTheFactorTimesTheAmount() {
        var rng = SeededRandom(seed: 4242)
        for unit in MeasureUnit.standard + [.counted(CountWord("sheet")!)] {
            for system in [VolumeSystem.us, .imperial] {
                for _ in 0..<40 {
                    let amount = DecimalText.parse(extremeInRange(using: &rng))!
                    #expect(unit.inBaseUnits(amount, in: system) == amount * unit.factor(in: system), "\(amount) \(unit.symbol)")
                    #expect(unit.inBaseUnits(-amount, in: system) == -amount * unit.factor(in: system))
                }
                #expect(unit.inBaseUnits(0, in: system) == 0)
            }
        }
    }

    @Test(arguments: [
        ("mL", MeasureUnit.milliliter), ("ml", .milliliter), ("ML", .milliliter), ("L", .liter), ("l", .liter),
        ("fl oz", .fluidOunce), ("floz", .fluidOunce), ("fl. oz", .fluidOunce), ("FL OZ", .fluidOunce),
        ("lbs", .pound), ("lb", .pound), ("ea", .each), ("each", .each), ("pcs", .each), ("doz", .dozen),
        ("kg", .kilogram), ("g", .gram), ("oz", .ounce), ("gal", .gallon), ("tbsp", .tablespoon),
    ])
    func symbolsAreReadLeniently(text: String, unit: MeasureUnit) {
        #expect(MeasureUnit(parsing: text) == unit)
    }

    @Test(arguments: ["", " ", ".", "12", "a1", "-a", "a-", "a--b", "a\u{1B}b", "a\tb", String(repeating: "w", count: 21)])
    func textThatIsNeitherUnitNorWordIsRefused(text: String) {
        #expect(MeasureUnit(parsing: text) == nil)
        #expect(MeasureUnit(symbol: text) == nil)
    }

    @Test func lengthAndAreaFactorsAreExact() {
        #expect(MeasureUnit.inch.factor() == dec("2.54") * MeasureUnit.centimeter.factor())
        #expect(MeasureUnit.foot.factor() == 12 * MeasureUnit.inch.factor())
        #expect(MeasureUnit.yard.factor() == 3 * MeasureUnit.foot.factor())
        #expect(MeasureUnit.meter.factor() == 100 * MeasureUnit.centimeter.factor())
        #expect(MeasureUnit.centimeter.factor() == 10 * MeasureUnit.millimeter.factor())
        #expect(MeasureUnit.millimeter.factor() == 1)
        #expect(MeasureUnit.squareCentimeter.factor() == MeasureUnit.centimeter.factor() * MeasureUnit.centimeter.factor())
        #expect(MeasureUnit.squareMeter.factor() == MeasureUnit.meter.factor() * MeasureUnit.meter.factor())
        #expect(MeasureUnit.squareInch.factor() == MeasureUnit.inch.factor() * MeasureUnit.inch.factor())
        #expect(MeasureUnit.squareFoot.factor() == MeasureUnit.foot.factor() * MeasureUnit.foot.factor())
        #expect(MeasureUnit.squareFoot.factor() == dec("92903.04"))
        #expect(MeasureUnit.counted(CountWord("sheet")!).factor() == 1)
        for unit in MeasureUnit.standard { #expect(unit.factor(in: .us) == unit.factor(in: .imperial) || unit.family == .volume) }
    }

    @Test(arguments: [
        ("mm", MeasureUnit.millimeter), ("cm", .centimeter), ("m", .meter), ("metres", .meter), ("in", .inch), ("inches", .inch),
        ("ft", .foot), ("feet", .foot), ("yd", .yard), ("yards", .yard),
        ("cm2", .squareCentimeter), ("cm²", .squareCentimeter), ("m2", .squareMeter), ("m²", .squareMeter), ("M2", .squareMeter),
        ("sq m", .squareMeter), ("square metres", .squareMeter), ("sq in", .squareInch), ("in2", .squareInch), ("in²", .squareInch),
        ("sq ft", .squareFoot), ("sqft", .squareFoot), ("SQ FT", .squareFoot), ("sq. ft.", .squareFoot), ("ft2", .squareFoot),
        ("ft²", .squareFoot), ("square feet", .squareFoot),
    ])
    func lengthAndAreaSymbolsAreRead(text: String, unit: MeasureUnit) {
        #expect(MeasureUnit(parsing: text) == unit)
        #expect(MeasureUnit.standard(named: text) == unit)
    }

    @Test func familiesOfLengthAndArea() {
        #expect(UnitFamily.length.units == [.millimeter, .centimeter, .meter, .inch, .foot, .yard])
        #expect(UnitFamily.area.units == [.squareCentimeter, .squareMeter, .squareInch, .squareFoot])
        #expect(UnitFamily.length.defaultBasis == ComparisonBasis(amount: 1, unit: .meter))
        #expect(UnitFamily.area.defaultBasis == ComparisonBasis(amount: 1, unit: .squareMeter))
        #expect(ComparisonBasis.choices(for: .area).map(\.label) == ["m²", "sq ft", "100 sq ft", "cm²"])
        #expect(ComparisonBasis.choices(for: .length).map(\.label) == ["m", "100 m", "cm", "ft", "yd"])
    }

    @Test(arguments: [
        ("sheet", "sheet"), ("sheets", "sheet"), ("Sheets", "sheet"), ("ROLL", "roll"), ("rolls", "roll"), ("loads", "load"),
        ("servings", "serving"), ("bag", "bag"), ("cans", "can"), ("berries", "berry"), ("boxes", "box"), ("glasses", "glass"),
        ("glass", "glass"), ("pouches", "pouch"), ("capsules", "capsule"), ("gas", "gas"), ("kgg", "kgg"),
        ("  tea   bags ", "tea bag"), ("t-shirts", "t-shirt"), ("Blätter", "blätter"), ("枚", "枚"),
    ])
    func anyOtherWordIsACountUnitOfItsOwn(text: String, singular: String) {
        let unit = MeasureUnit(parsing: text)
        #expect(unit == .counted(CountWord(singular)!))
        #expect(unit?.symbol == singular)
        #expect(unit?.family == .counted(CountWord(singular)!))
        #expect(MeasureUnit(symbol: singular) == unit)
    }

    @Test func countWordsPluralAndLabels() {
        let sheet = MeasureUnit.counted(CountWord("sheet")!)
        #expect(CountWord("sheet")!.plural == "sheets")
        #expect(CountWord("box")!.plural == "boxes")
        #expect(CountWord("berry")!.plural == "berries")
        #expect(CountWord("day")!.plural == "days")
        #expect(ComparisonBasis(amount: 100, unit: sheet).label == "100 sheets")
        #expect(ComparisonBasis(amount: 1, unit: sheet).label == "sheet")
        #expect(ComparisonBasis(parsing: "per 100 sheets") == ComparisonBasis(amount: 100, unit: sheet))
        #expect(ComparisonBasis(parsing: "100 sq ft") == ComparisonBasis(amount: 100, unit: .squareFoot))
        #expect(ComparisonBasis(parsing: "m²") == ComparisonBasis(amount: 1, unit: .squareMeter))
        #expect(UnitFamily.counted(CountWord("roll")!) != UnitFamily.counted(CountWord("sheet")!))
        #expect(UnitFamily.counted(CountWord("roll")!) != UnitFamily.count)
        #expect(CountWord(String(repeating: "w", count: CountWord.maximumLength)) != nil)
    }

    @Test func unitsExplainTheirKind() {
        #expect(MeasureUnit.milliliter.kindDescription == "mL is a volume unit")
        #expect(MeasureUnit.kilogram.kindDescription == "kg is a weight unit")
        #expect(MeasureUnit.squareFoot.kindDescription == "sq ft is an area unit")
        #expect(MeasureUnit.counted(CountWord("roll")!).kindDescription == "roll is a count unit of its own")
        #expect(UnitFamily.mass.comparisonPhrase == "by weight")
        #expect(UnitFamily.counted(CountWord("sheet")!).comparisonPhrase == "in sheets")
    }

    @Test func everyUnitSymbolParsesBackToItself() {
        for unit in MeasureUnit.standard {
            #expect(MeasureUnit(parsing: unit.symbol) == unit)
            #expect(MeasureUnit(symbol: unit.symbol) == unit)
            #expect(MeasureUnit.standard(named: unit.symbol) == unit)
        }
    }

    @Test func basisParsing() {
        #expect(ComparisonBasis(parsing: "100g") == ComparisonBasis(amount: 100, unit: .gram))
        #expect(ComparisonBasis(parsing: "per 100 ml") == ComparisonBasis(amount: 100, unit: .milliliter))
        #expect(ComparisonBasis(parsing: "kg") == ComparisonBasis(amount: 1, unit: .kilogram))
        #expect(ComparisonBasis(parsing: "0g") == nil)
        #expect(ComparisonBasis(parsing: "100 qq") == ComparisonBasis(amount: 100, unit: .counted(CountWord("qq")!)))
        #expect(ComparisonBasis(parsing: "100 1") == nil)
        #expect(ComparisonBasis(amount: 100, unit: .gram).label == "100 g")
    }
}

@Suite struct UnitPropertyTests {
    /// Converting a quantity into base units and back gives it exactly; a price per unit is the same
    /// whichever equivalent quantity and unit of a family a product is given in.
    @Test(arguments: 0..<30)
    func conversionsAreExactAndUnitPricesAgree(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        let families: [UnitFamily] = [.mass, .volume, .length, .area, .count]
        for _ in 0..<40 {
            let family = families.randomElement(using: &rng)!
            let system = VolumeSystem.allCases.randomElement(using: &rng)!
            let units = family.units
            let a = units.randomElement(using: &rng)!, b = units.randomElement(using: &rng)!
            let quantity = Decimal(Int.random(in: 1...5000, using: &rng)) / 100
            let base = quantity * a.factor(in: system)
            #expect(base / a.factor(in: system) == quantity, "\(quantity) \(a.symbol)")
            // The same amount in unit b: base / factor(b), exact when the ratio is (lengths, areas, mass in metric).
            let price = Decimal(Int.random(in: 1...99_999, using: &rng)) / 100
            let inA = UnitPrice(price: price, baseQuantity: quantity * a.factor(in: system))
            let inB = UnitPrice(price: price, baseQuantity: (base / b.factor(in: system)) * b.factor(in: system))
            if (base / b.factor(in: system)) * b.factor(in: system) == base {
                #expect(inA == inB)
                for basis in ComparisonBasis.choices(for: family) {
                    #expect(inA.price(per: basis.baseAmount(in: system)) == inB.price(per: basis.baseAmount(in: system)))
                }
            }
        }
    }

    @Test(arguments: 0..<10)
    func equivalentLengthsAndAreasPriceTheSame(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        for _ in 0..<50 {
            let price = Decimal(Int.random(in: 1...99_999, using: &rng)) / 100
            let n = Decimal(Int.random(in: 1...500, using: &rng))
            let pairs: [(Decimal, MeasureUnit, Decimal, MeasureUnit)] = [
                (n, .foot, 12 * n, .inch), (n, .yard, 3 * n, .foot), (n, .meter, 100 * n, .centimeter),
                (n * 254, .centimeter, n * 100, .inch), (n, .squareFoot, 144 * n, .squareInch),
                (n, .squareMeter, 10_000 * n, .squareCentimeter), (n * 64516, .squareCentimeter, n * 10_000, .squareInch),
            ]
            for (qa, ua, qb, ub) in pairs {
                var comparison = Comparison()
                comparison.append(Product.fixture(price: price, quantity: qa, unit: ua))
                comparison.append(Product.fixture(price: price, quantity: qb, unit: ub))
                let prices = comparison.products.map { comparison.unitPrice(of: $0)! }
                #expect(prices[0] == prices[1], "\(qa) \(ua.symbol) vs \(qb) \(ub.symbol)")
            }
        }
    }
}
