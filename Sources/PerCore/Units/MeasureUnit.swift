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
    public static let standard: [MeasureUnit] = table.map(\.unit)

    /// A standard unit's facts, one row each: its symbol, family, factor (integer digits, made a Decimal when asked:
    /// no Decimals are parsed or built at start) and the names `standard(named:)` reads, as keys (lower case, no
    /// spaces or dots). Only a volume unit's factor differs in UK imperial measure.
    private struct Row {
        let unit: MeasureUnit
        let symbol: String
        let family: UnitFamily
        /// significand × 10^exponent base units (g, mL, mm, mm², each).
        let factor: (significand: UInt64, exponent: Int)
        let imperial: (significand: UInt64, exponent: Int)?
        let names: [String]

        init(_ unit: MeasureUnit, _ symbol: String, _ family: UnitFamily, _ factor: (UInt64, Int),
             imperial: (UInt64, Int)? = nil, _ names: [String]) {
            (self.unit, self.symbol, self.family, self.factor, self.imperial, self.names) = (unit, symbol, family, factor, imperial, names)
        }
    }

    /// The standard units in picker order. Lengths in mm, areas in mm²: 1 in = 25.4 mm exactly (international inch,
    /// 1959), 1 ft = 12 in, 1 yd = 3 ft. US customary volume: 1 gal = 231 in³ = 3785.411784 mL; UK imperial: 1 gal =
    /// 4.54609 L, and UK kitchens use metric spoons.
    private static let table: [Row] = [
        Row(.milligram, "mg", .mass, (1, -3), ["mg", "milligram", "milligrams", "milligramme", "milligrammes"]),
        Row(.gram, "g", .mass, (1, 0), ["g", "gr", "gram", "grams", "gramme", "grammes"]),
        Row(.kilogram, "kg", .mass, (1, 3), ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"]),
        Row(.ounce, "oz", .mass, (28349523125, -9), ["oz", "ounce", "ounces"]),    // 1/16 of the international pound
        Row(.pound, "lb", .mass, (45359237, -5), ["lb", "lbs", "pound", "pounds"]), // international pound, 1959
        Row(.milliliter, "mL", .volume, (1, 0), ["ml", "milliliter", "milliliters", "millilitre", "millilitres"]),
        Row(.centiliter, "cL", .volume, (1, 1), ["cl", "centiliter", "centiliters", "centilitre", "centilitres"]),
        Row(.deciliter, "dL", .volume, (1, 2), ["dl", "deciliter", "deciliters", "decilitre", "decilitres"]),
        Row(.liter, "L", .volume, (1, 3), ["l", "liter", "liters", "litre", "litres", "ltr"]),
        Row(.teaspoon, "tsp", .volume, (492892159375, -11), imperial: (5, 0), ["tsp", "teaspoon", "teaspoons"]), // 1/6 US fl oz
        Row(.tablespoon, "tbsp", .volume, (1478676478125, -11), imperial: (15, 0), ["tbsp", "tablespoon", "tablespoons"]), // 1/2 US fl oz
        Row(.fluidOunce, "fl oz", .volume, (295735295625, -10), imperial: (284130625, -7), ["floz", "fluidounce", "fluidounces"]), // 1/128 US gal, 1/160 imperial gal
        Row(.cup, "cup", .volume, (2365882365, -7), imperial: (284130625, -6), ["cup", "cups"]), // 8 US fl oz, half an imperial pint
        Row(.pint, "pt", .volume, (473176473, -6), imperial: (56826125, -5), ["pt", "pint", "pints"]),
        Row(.quart, "qt", .volume, (946352946, -6), imperial: (11365225, -4), ["qt", "quart", "quarts"]),
        Row(.gallon, "gal", .volume, (3785411784, -6), imperial: (454609, -2), ["gal", "gallon", "gallons"]),
        Row(.millimeter, "mm", .length, (1, 0), ["mm", "millimeter", "millimeters", "millimetre", "millimetres"]),
        Row(.centimeter, "cm", .length, (1, 1), ["cm", "centimeter", "centimeters", "centimetre", "centimetres"]),
        Row(.meter, "m", .length, (1, 3), ["m", "meter", "meters", "metre", "metres"]),
        Row(.inch, "in", .length, (254, -1), ["in", "inch", "inches"]),
        Row(.foot, "ft", .length, (3048, -1), ["ft", "foot", "feet"]),
        Row(.yard, "yd", .length, (9144, -1), ["yd", "yds", "yard", "yards"]),
        Row(.squareCentimeter, "cm²", .area, (1, 2),
            ["cm2", "cm²", "sqcm", "squarecentimeter", "squarecentimeters", "squarecentimetre", "squarecentimetres"]),
        Row(.squareMeter, "m²", .area, (1, 6), ["m2", "m²", "sqm", "squaremeter", "squaremeters", "squaremetre", "squaremetres"]),
        Row(.squareInch, "sq in", .area, (64516, -2), ["sqin", "in2", "in²", "squareinch", "squareinches"]),     // 25.4²
        Row(.squareFoot, "sq ft", .area, (9290304, -2), ["sqft", "ft2", "ft²", "squarefoot", "squarefeet"]),  // 304.8²
        Row(.each, "each", .count, (1, 0), ["ea", "each", "pc", "pcs", "piece", "pieces", "unit", "units", "ct", "count"]),
        Row(.pair, "pair", .count, (2, 0), ["pair", "pairs", "pr"]),
        Row(.dozen, "dozen", .count, (12, 0), ["doz", "dozen", "dozens"]),
    ]

    /// Its row; count words have none. The switch is the compiler's check that a new unit gets a row (the position is
    /// checked by `UnitTests.everyStandardUnitRoundTrips`); it also spares the hot paths a search of the table.
    private var row: Row? {
        let position: Int
        switch self {
        case .milligram: position = 0
        case .gram: position = 1
        case .kilogram: position = 2
        case .ounce: position = 3
        case .pound: position = 4
        case .milliliter: position = 5
        case .centiliter: position = 6
        case .deciliter: position = 7
        case .liter: position = 8
        case .teaspoon: position = 9
        case .tablespoon: position = 10
        case .fluidOunce: position = 11
        case .cup: position = 12
        case .pint: position = 13
        case .quart: position = 14
        case .gallon: position = 15
        case .millimeter: position = 16
        case .centimeter: position = 17
        case .meter: position = 18
        case .inch: position = 19
        case .foot: position = 20
        case .yard: position = 21
        case .squareCentimeter: position = 22
        case .squareMeter: position = 23
        case .squareInch: position = 24
        case .squareFoot: position = 25
        case .each: position = 26
        case .pair: position = 27
        case .dozen: position = 28
        case .counted: return nil
        }
        return Self.table[position]
    }

    /// Whether this unit's row is the one at its position (what `UnitTests` checks for every standard unit).
    var rowIsItsOwn: Bool { row.map { $0.unit == self } ?? true }

    public var symbol: String {
        if case .counted(let word) = self { return word.singular }
        return row?.symbol ?? ""
    }

    /// The symbol for `amount` of this unit: count words take their plural (`100 sheets`).
    public func symbol(for amount: Decimal) -> String {
        if case .counted(let word) = self, amount != 1 { return word.plural }
        return symbol
    }

    /// Reads a stored symbol: a standard unit's exact symbol, else as `init(parsing:)` does (`ml`, `sheet`).
    public init?(symbol text: String) {
        if let row = Self.table.first(where: { $0.symbol == text }) { self = row.unit; return }
        self.init(parsing: text)
    }

    public var family: UnitFamily {
        if case .counted(let word) = self { return .counted(word) }
        return row?.family ?? .count
    }

    /// How many base units (g, mL, mm, mm², each, or one of the word) one of this unit is, exactly, from its definition.
    public func factor(in system: VolumeSystem = .us) -> Decimal {
        guard let row else { return 1 }
        let (significand, exponent) = system == .imperial ? row.imperial ?? row.factor : row.factor
        return Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// `amount` of this unit in base units, `amount × factor(in:)` exactly. A power-of-ten factor (g, kg, mL, L,
    /// m, cm²...) moves the point instead of multiplying: Decimal multiplication allocates, and the ranking and
    /// the table do this for every product.
    public func inBaseUnits(_ amount: Decimal, in system: VolumeSystem = .us) -> Decimal {
        guard let shift = powerOfTen, !amount.isNaN else { return amount * factor(in: system) }
        if shift == 0 { return amount }
        return Decimal(sign: amount.sign, exponent: amount.exponent + shift, significand: amount.significand)
    }

    /// A customary volume (tsp to gal) whose size is the US or the UK one: a price per it must say which.
    public var sizeDependsOnVolumeSystem: Bool { row?.imperial != nil }

    /// Its factor is a power of ten, so `inBaseUnits` moves the point instead of multiplying.
    var hasPowerOfTenFactor: Bool { powerOfTen != nil }

    /// The factor's power of ten, when it is one (in both volume systems).
    private var powerOfTen: Int? {
        guard let row else { return 0 }
        return row.factor.significand == 1 && row.imperial == nil ? row.factor.exponent : nil
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

    /// The names `standard(named:)` reads for this unit, as keys; none for a count word.
    var names: [String] { row?.names ?? [] }

    private static let aliases: [String: MeasureUnit] = {
        var table: [String: MeasureUnit] = [:]
        for row in Self.table { for name in row.names { table[name] = row.unit } }
        return table
    }()
}
