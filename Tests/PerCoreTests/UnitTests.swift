import Foundation
import Testing
@testable import PerCore

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

    @Test(arguments: [
        ("mL", MeasureUnit.milliliter), ("ml", .milliliter), ("ML", .milliliter), ("L", .liter), ("l", .liter),
        ("fl oz", .fluidOunce), ("floz", .fluidOunce), ("fl. oz", .fluidOunce), ("FL OZ", .fluidOunce),
        ("lbs", .pound), ("lb", .pound), ("ea", .each), ("each", .each), ("pcs", .each), ("doz", .dozen),
        ("kg", .kilogram), ("g", .gram), ("oz", .ounce), ("gal", .gallon), ("tbsp", .tablespoon),
    ])
    func symbolsAreReadLeniently(text: String, unit: MeasureUnit) {
        #expect(MeasureUnit(parsing: text) == unit)
    }

    @Test(arguments: ["", "m", "zz", "kgg", "fl"])
    func unknownSymbolsAreRefused(text: String) {
        #expect(MeasureUnit(parsing: text) == nil)
    }

    @Test func everyUnitSymbolParsesBackToItself() {
        for unit in MeasureUnit.allCases { #expect(MeasureUnit(parsing: unit.symbol) == unit) }
    }

    @Test func basisParsing() {
        #expect(ComparisonBasis(parsing: "100g") == ComparisonBasis(amount: 100, unit: .gram))
        #expect(ComparisonBasis(parsing: "per 100 ml") == ComparisonBasis(amount: 100, unit: .milliliter))
        #expect(ComparisonBasis(parsing: "kg") == ComparisonBasis(amount: 1, unit: .kilogram))
        #expect(ComparisonBasis(parsing: "0g") == nil)
        #expect(ComparisonBasis(parsing: "100 qq") == nil)
        #expect(ComparisonBasis(amount: 100, unit: .gram).label == "100 g")
    }
}
