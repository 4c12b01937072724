import Foundation

/// A unit a quantity can be given in: a standard unit (`kg`, `fl oz`, `m²`, `dozen`) or a count
/// word of its own (`sheet`). Its `symbol` is what is shown and stored.
public enum MeasureUnit: Hashable, Sendable {
    case milligram, gram, kilogram, ounce, pound
    case milliliter, centiliter, deciliter, liter, teaspoon, tablespoon, fluidOunce, cup, pint, quart, gallon
    case millimeter, centimeter, meter, inch, foot, yard
    case squareCentimeter, squareMeter, squareInch, squareFoot
    case each, pair, dozen
    /// Any other word: a count unit compared only with the same word.
    case counted(CountWord)

    /// Every unit but count words, family by family, in the order the picker shows them.
    public static let standard: [MeasureUnit] = {
        let units = Standard.allCases.map(\.unit)
        assert(units.allSatisfy { $0.standardCase?.unit == $0 }, "Standard and standardCase disagree")
        return units
    }()

    /// The standard units as a list the compiler keeps whole, declared in picker order: a new unit must name
    /// its `Standard` case in `standardCase` (count words have none), and a new `Standard` case its unit.
    private enum Standard: CaseIterable {
        case milligram, gram, kilogram, ounce, pound
        case milliliter, centiliter, deciliter, liter, teaspoon, tablespoon, fluidOunce, cup, pint, quart, gallon
        case millimeter, centimeter, meter, inch, foot, yard
        case squareCentimeter, squareMeter, squareInch, squareFoot
        case each, pair, dozen

        var unit: MeasureUnit {
            switch self {
            case .milligram: .milligram
            case .gram: .gram
            case .kilogram: .kilogram
            case .ounce: .ounce
            case .pound: .pound
            case .milliliter: .milliliter
            case .centiliter: .centiliter
            case .deciliter: .deciliter
            case .liter: .liter
            case .teaspoon: .teaspoon
            case .tablespoon: .tablespoon
            case .fluidOunce: .fluidOunce
            case .cup: .cup
            case .pint: .pint
            case .quart: .quart
            case .gallon: .gallon
            case .millimeter: .millimeter
            case .centimeter: .centimeter
            case .meter: .meter
            case .inch: .inch
            case .foot: .foot
            case .yard: .yard
            case .squareCentimeter: .squareCentimeter
            case .squareMeter: .squareMeter
            case .squareInch: .squareInch
            case .squareFoot: .squareFoot
            case .each: .each
            case .pair: .pair
            case .dozen: .dozen
            }
        }
    }

    private var standardCase: Standard? {
        switch self {
        case .milligram: .milligram
        case .gram: .gram
        case .kilogram: .kilogram
        case .ounce: .ounce
        case .pound: .pound
        case .milliliter: .milliliter
        case .centiliter: .centiliter
        case .deciliter: .deciliter
        case .liter: .liter
        case .teaspoon: .teaspoon
        case .tablespoon: .tablespoon
        case .fluidOunce: .fluidOunce
        case .cup: .cup
        case .pint: .pint
        case .quart: .quart
        case .gallon: .gallon
        case .millimeter: .millimeter
        case .centimeter: .centimeter
        case .meter: .meter
        case .inch: .inch
        case .foot: .foot
        case .yard: .yard
        case .squareCentimeter: .squareCentimeter
        case .squareMeter: .squareMeter
        case .squareInch: .squareInch
        case .squareFoot: .squareFoot
        case .each: .each
        case .pair: .pair
        case .dozen: .dozen
        case .counted: nil
        }
    }

    public var symbol: String {
        switch self {
        case .milligram: "mg"
        case .gram: "g"
        case .kilogram: "kg"
        case .ounce: "oz"
        case .pound: "lb"
        case .milliliter: "mL"
        case .centiliter: "cL"
        case .deciliter: "dL"
        case .liter: "L"
        case .teaspoon: "tsp"
        case .tablespoon: "tbsp"
        case .fluidOunce: "fl oz"
        case .cup: "cup"
        case .pint: "pt"
        case .quart: "qt"
        case .gallon: "gal"
        case .millimeter: "mm"
        case .centimeter: "cm"
        case .meter: "m"
        case .inch: "in"
        case .foot: "ft"
        case .yard: "yd"
        case .squareCentimeter: "cm²"
        case .squareMeter: "m²"
        case .squareInch: "sq in"
        case .squareFoot: "sq ft"
        case .each: "each"
        case .pair: "pair"
        case .dozen: "dozen"
        case .counted(let word): word.singular
        }
    }

    /// The symbol for `amount` of this unit: count words take their plural (`100 sheets`).
    public func symbol(for amount: Decimal) -> String {
        if case .counted(let word) = self, amount != 1 { return word.plural }
        return symbol
    }

    /// Reads a stored symbol: a standard unit's exact symbol, else as `init(parsing:)` does (`ml`, `sheet`).
    public init?(symbol text: String) {
        if let unit = Self.standard.first(where: { $0.symbol == text }) { self = unit; return }
        self.init(parsing: text)
    }

    public var family: UnitFamily {
        switch self {
        case .milligram, .gram, .kilogram, .ounce, .pound: .mass
        case .milliliter, .centiliter, .deciliter, .liter, .teaspoon, .tablespoon, .fluidOunce, .cup, .pint, .quart, .gallon: .volume
        case .millimeter, .centimeter, .meter, .inch, .foot, .yard: .length
        case .squareCentimeter, .squareMeter, .squareInch, .squareFoot: .area
        case .each, .pair, .dozen: .count
        case .counted(let word): .counted(word)
        }
    }

    /// How many base units (g, mL, mm, mm², each, or one of the word) one of this unit is, exactly, from its definition.
    /// Built from integer digits each time (no table: a lookup table of parsed Decimals cost the app's first
    /// paint a tenth of a millisecond to build).
    public func factor(in system: VolumeSystem = .us) -> Decimal {
        switch (self, system) {
        case (.milligram, _): d(1, -3)
        case (.gram, _): 1
        case (.kilogram, _): 1000
        case (.ounce, _): d(28349523125, -9)          // 1/16 of the international pound
        case (.pound, _): d(45359237, -5)             // international pound, 1959
        case (.milliliter, _): 1
        case (.centiliter, _): 10
        case (.deciliter, _): 100
        case (.liter, _): 1000
        case (.each, _): 1
        case (.pair, _): 2
        case (.dozen, _): 12
        case (.counted, _): 1
        // Lengths in mm, areas in mm²: 1 in = 25.4 mm exactly (international inch, 1959), 1 ft = 12 in, 1 yd = 3 ft
        case (.millimeter, _): 1
        case (.centimeter, _): 10
        case (.meter, _): 1000
        case (.inch, _): d(254, -1)
        case (.foot, _): d(3048, -1)
        case (.yard, _): d(9144, -1)
        case (.squareCentimeter, _): 100
        case (.squareMeter, _): 1_000_000
        case (.squareInch, _): d(64516, -2)           // 25.4²
        case (.squareFoot, _): d(9290304, -2)         // 304.8²
        // US customary: 1 gal = 231 in³ = 3785.411784 mL
        case (.gallon, .us): d(3785411784, -6)
        case (.quart, .us): d(946352946, -6)
        case (.pint, .us): d(473176473, -6)
        case (.cup, .us): d(2365882365, -7)           // 8 US fl oz
        case (.fluidOunce, .us): d(295735295625, -10)  // 1/128 US gal
        case (.tablespoon, .us): d(1478676478125, -11) // 1/2 US fl oz
        case (.teaspoon, .us): d(492892159375, -11)    // 1/6 US fl oz
        // UK imperial: 1 gal = 4.54609 L
        case (.gallon, .imperial): d(454609, -2)
        case (.quart, .imperial): d(11365225, -4)
        case (.pint, .imperial): d(56826125, -5)
        case (.cup, .imperial): d(284130625, -6)      // half an imperial pint
        case (.fluidOunce, .imperial): d(284130625, -7) // 1/160 imperial gal
        case (.tablespoon, .imperial): 15           // UK kitchens use metric spoons
        case (.teaspoon, .imperial): 5
        }
    }

    /// `amount` of this unit in base units, `amount × factor(in:)` exactly. A power-of-ten factor (g, kg, mL, L,
    /// m, cm²...) moves the point instead of multiplying: Decimal multiplication allocates, and the ranking and
    /// the table do this for every product.
    public func inBaseUnits(_ amount: Decimal, in system: VolumeSystem = .us) -> Decimal {
        guard let shift = powerOfTen, !amount.isNaN else { return amount * factor(in: system) }
        if shift == 0 { return amount }
        return Decimal(sign: amount.sign, exponent: amount.exponent + shift, significand: amount.significand)
    }

    /// Its factor is a power of ten, so `inBaseUnits` moves the point instead of multiplying.
    var hasPowerOfTenFactor: Bool { powerOfTen != nil }

    /// The factor's power of ten, when it is one (in both volume systems).
    private var powerOfTen: Int? {
        switch self {
        case .gram, .milliliter, .millimeter, .each, .counted: 0
        case .milligram: -3
        case .kilogram, .liter, .meter: 3
        case .centiliter, .centimeter: 1
        case .deciliter, .squareCentimeter: 2
        case .squareMeter: 6
        case .ounce, .pound, .teaspoon, .tablespoon, .fluidOunce, .cup, .pint, .quart, .gallon, .inch, .foot, .yard,
             .squareInch, .squareFoot, .pair, .dozen: nil
        }
    }

    /// `significand` × 10^`exponent`: `d(254, -1)` is 25.4.
    private func d(_ significand: UInt64, _ exponent: Int) -> Decimal {
        Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// Reads a unit symbol or name: a standard unit (case-insensitive, ignoring spaces and dots:
    /// `ML`, `fl. oz`, `lbs`, `pcs`, `sq ft`, `m2`), else any other word as a count unit of its own.
    public init?(parsing text: String) {
        if let unit = Self.standard(named: text) { self = unit; return }
        guard let word = CountWord(text.trimmingCharacters(in: .whitespaces)) else { return nil }
        self = .counted(word)
    }

    /// The standard unit a symbol or name names, if any (no count words).
    public static func standard(named text: String) -> MeasureUnit? {
        aliases[key(text)]
    }

    /// How typed unit text is looked up: lower case, without spaces and dots.
    static func key(_ text: String) -> String { text.lowercased().filter { !$0.isWhitespace && $0 != "." } }

    private static let aliases: [String: MeasureUnit] = {
        var table: [String: MeasureUnit] = [:]
        for unit in standard { for name in unit.names { table[name] = unit } }
        return table
    }()

    /// The names `standard(named:)` reads for this unit, as keys (lower case, no spaces or dots). Count words have
    /// none: they are read as words of their own.
    private var names: [String] {
        switch self {
        case .milligram: ["mg", "milligram", "milligrams", "milligramme", "milligrammes"]
        case .gram: ["g", "gr", "gram", "grams", "gramme", "grammes"]
        case .kilogram: ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"]
        case .ounce: ["oz", "ounce", "ounces"]
        case .pound: ["lb", "lbs", "pound", "pounds"]
        case .milliliter: ["ml", "milliliter", "milliliters", "millilitre", "millilitres"]
        case .centiliter: ["cl", "centiliter", "centiliters", "centilitre", "centilitres"]
        case .deciliter: ["dl", "deciliter", "deciliters", "decilitre", "decilitres"]
        case .liter: ["l", "liter", "liters", "litre", "litres", "ltr"]
        case .teaspoon: ["tsp", "teaspoon", "teaspoons"]
        case .tablespoon: ["tbsp", "tablespoon", "tablespoons"]
        case .fluidOunce: ["floz", "fluidounce", "fluidounces"]
        case .cup: ["cup", "cups"]
        case .pint: ["pt", "pint", "pints"]
        case .quart: ["qt", "quart", "quarts"]
        case .gallon: ["gal", "gallon", "gallons"]
        case .millimeter: ["mm", "millimeter", "millimeters", "millimetre", "millimetres"]
        case .centimeter: ["cm", "centimeter", "centimeters", "centimetre", "centimetres"]
        case .meter: ["m", "meter", "meters", "metre", "metres"]
        case .inch: ["in", "inch", "inches"]
        case .foot: ["ft", "foot", "feet"]
        case .yard: ["yd", "yds", "yard", "yards"]
        case .squareCentimeter: ["cm2", "cm²", "sqcm", "squarecentimeter", "squarecentimeters", "squarecentimetre", "squarecentimetres"]
        case .squareMeter: ["m2", "m²", "sqm", "squaremeter", "squaremeters", "squaremetre", "squaremetres"]
        case .squareInch: ["sqin", "in2", "in²", "squareinch", "squareinches"]
        case .squareFoot: ["sqft", "ft2", "ft²", "squarefoot", "squarefeet"]
        case .each: ["ea", "each", "pc", "pcs", "piece", "pieces", "unit", "units", "ct", "count"]
        case .pair: ["pair", "pairs", "pr"]
        case .dozen: ["doz", "dozen", "dozens"]
        case .counted: []
        }
    }
}
