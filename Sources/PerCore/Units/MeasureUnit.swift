import Foundation

/// A unit a quantity can be given in: a standard unit (`kg`, `fl oz`, `m²`, `dozen`) or a count
/// word of its own (`sheet`). Its `symbol` is what is shown and stored.
public enum MeasureUnit: Hashable, Sendable {
    /// A unit of the table below (`StandardUnit`).
    case standardUnit(StandardUnit)
    /// Any other word: a count unit compared only with the same word.
    case counted(CountWord)

    /// Every unit but count words, family by family, in the order the picker shows them.
    public static let standard: [MeasureUnit] = StandardUnit.allCases.map(MeasureUnit.standardUnit)

    // Shorthands for the standard units code names (`.kilogram`); a new unit needs one only where code names it.
    public static var milligram: MeasureUnit { .standardUnit(.milligram) }
    public static var gram: MeasureUnit { .standardUnit(.gram) }
    public static var kilogram: MeasureUnit { .standardUnit(.kilogram) }
    public static var ounce: MeasureUnit { .standardUnit(.ounce) }
    public static var pound: MeasureUnit { .standardUnit(.pound) }
    public static var milliliter: MeasureUnit { .standardUnit(.milliliter) }
    public static var centiliter: MeasureUnit { .standardUnit(.centiliter) }
    public static var deciliter: MeasureUnit { .standardUnit(.deciliter) }
    public static var liter: MeasureUnit { .standardUnit(.liter) }
    public static var teaspoon: MeasureUnit { .standardUnit(.teaspoon) }
    public static var tablespoon: MeasureUnit { .standardUnit(.tablespoon) }
    public static var fluidOunce: MeasureUnit { .standardUnit(.fluidOunce) }
    public static var cup: MeasureUnit { .standardUnit(.cup) }
    public static var pint: MeasureUnit { .standardUnit(.pint) }
    public static var quart: MeasureUnit { .standardUnit(.quart) }
    public static var gallon: MeasureUnit { .standardUnit(.gallon) }
    public static var millimeter: MeasureUnit { .standardUnit(.millimeter) }
    public static var centimeter: MeasureUnit { .standardUnit(.centimeter) }
    public static var meter: MeasureUnit { .standardUnit(.meter) }
    public static var inch: MeasureUnit { .standardUnit(.inch) }
    public static var foot: MeasureUnit { .standardUnit(.foot) }
    public static var yard: MeasureUnit { .standardUnit(.yard) }
    public static var squareCentimeter: MeasureUnit { .standardUnit(.squareCentimeter) }
    public static var squareMeter: MeasureUnit { .standardUnit(.squareMeter) }
    public static var squareInch: MeasureUnit { .standardUnit(.squareInch) }
    public static var squareFoot: MeasureUnit { .standardUnit(.squareFoot) }
    public static var each: MeasureUnit { .standardUnit(.each) }
    public static var pair: MeasureUnit { .standardUnit(.pair) }
    public static var dozen: MeasureUnit { .standardUnit(.dozen) }

    /// Its row; count words have none.
    private var row: StandardUnit.Row? {
        guard case .standardUnit(let unit) = self else { return nil }
        return StandardUnit.rows[unit.rawValue]
    }

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
        if let unit = Self.bySymbol[text] { self = unit; return }
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
        for unit in standard { for name in unit.names { table[name] = unit } }
        return table
    }()

    /// The standard units by their exact symbol, as stored.
    private static let bySymbol = Dictionary(uniqueKeysWithValues: standard.map { ($0.symbol, $0) })

    /// The comparison unit that follows this one while the user has chosen none (`ComparisonBasis.following`).
    var follows: StandardUnit.Row.Follows { row?.follows ?? .familyDefault }
}

/// The standard units, in the order the picker shows them, and their facts: a new unit is its case here and its row in
/// `row` (the compiler asks for it). Units are stored and exported by their symbol, never by position (the raw value
/// is only where its row is kept in memory), so a unit added anywhere renumbers nothing stored;
/// `UnitTests.everyStoredSymbolIsTodays` holds every symbol to what older files hold.
public enum StandardUnit: Int, CaseIterable, Sendable {
    case milligram, gram, kilogram, ounce, pound
    case milliliter, centiliter, deciliter, liter, teaspoon, tablespoon, fluidOunce, cup, pint, quart, gallon
    case millimeter, centimeter, meter, inch, foot, yard
    case squareCentimeter, squareMeter, squareInch, squareFoot
    case each, pair, dozen

    /// A standard unit's facts: its symbol, family, factor (integer digits, made a Decimal when asked: no Decimals are
    /// parsed or built at start), the names `MeasureUnit.standard(named:)` reads, as keys (lower case, no spaces or
    /// dots), and the comparison unit that follows it while the user has chosen none. Only a volume unit's factor
    /// differs in UK imperial measure.
    struct Row {
        let symbol: String
        let family: UnitFamily
        /// significand × 10^exponent base units (g, mL, mm, mm², each).
        let factor: (significand: UInt64, exponent: Int)
        let imperial: (significand: UInt64, exponent: Int)?
        let names: [String]
        let follows: Follows

        /// What the comparison unit becomes when a product is typed in this unit (`ComparisonBasis.following`).
        enum Follows { case familyDefault, itself, unit(StandardUnit) }

        init(_ symbol: String, _ family: UnitFamily, _ factor: (UInt64, Int), imperial: (UInt64, Int)? = nil,
             _ names: [String], follows: Follows = .familyDefault) {
            (self.symbol, self.family, self.factor, self.imperial, self.names, self.follows) = (symbol, family, factor, imperial, names, follows)
        }
    }

    /// Every row, kept once, in case order.
    static let rows: [Row] = allCases.map(\.row)

    /// Lengths in mm, areas in mm²: 1 in = 25.4 mm exactly (international inch, 1959), 1 ft = 12 in, 1 yd = 3 ft.
    /// US customary volume: 1 gal = 231 in³ = 3785.411784 mL; UK imperial: 1 gal = 4.54609 L, and UK kitchens use
    /// metric spoons.
    private var row: Row {
        switch self {
        case .milligram: Row("mg", .mass, (1, -3), ["mg", "milligram", "milligrams", "milligramme", "milligrammes"])
        case .gram: Row("g", .mass, (1, 0), ["g", "gr", "gram", "grams", "gramme", "grammes"])
        case .kilogram: Row("kg", .mass, (1, 3), ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"])
        case .ounce: Row("oz", .mass, (28349523125, -9), ["oz", "ounce", "ounces"], follows: .itself)  // 1/16 of the international pound
        case .pound: Row("lb", .mass, (45359237, -5), ["lb", "lbs", "pound", "pounds"], follows: .itself)  // international pound, 1959
        case .milliliter: Row("mL", .volume, (1, 0), ["ml", "milliliter", "milliliters", "millilitre", "millilitres"])
        case .centiliter: Row("cL", .volume, (1, 1), ["cl", "centiliter", "centiliters", "centilitre", "centilitres"])
        case .deciliter: Row("dL", .volume, (1, 2), ["dl", "deciliter", "deciliters", "decilitre", "decilitres"])
        case .liter: Row("L", .volume, (1, 3), ["l", "liter", "liters", "litre", "litres", "ltr"])
        case .teaspoon: Row("tsp", .volume, (492892159375, -11), imperial: (5, 0), ["tsp", "teaspoon", "teaspoons"], follows: .unit(.fluidOunce))  // 1/6 US fl oz
        case .tablespoon: Row("tbsp", .volume, (1478676478125, -11), imperial: (15, 0), ["tbsp", "tablespoon", "tablespoons"], follows: .unit(.fluidOunce))  // 1/2 US fl oz
        case .fluidOunce: Row("fl oz", .volume, (295735295625, -10), imperial: (284130625, -7), ["floz", "fluidounce", "fluidounces"], follows: .unit(.fluidOunce))  // 1/128 US gal, 1/160 imperial gal
        case .cup: Row("cup", .volume, (2365882365, -7), imperial: (284130625, -6), ["cup", "cups"], follows: .unit(.fluidOunce))  // 8 US fl oz, half an imperial pint
        case .pint: Row("pt", .volume, (473176473, -6), imperial: (56826125, -5), ["pt", "pint", "pints"], follows: .unit(.fluidOunce))
        case .quart: Row("qt", .volume, (946352946, -6), imperial: (11365225, -4), ["qt", "quart", "quarts"], follows: .unit(.fluidOunce))
        case .gallon: Row("gal", .volume, (3785411784, -6), imperial: (454609, -2), ["gal", "gallon", "gallons"], follows: .itself)
        case .millimeter: Row("mm", .length, (1, 0), ["mm", "millimeter", "millimeters", "millimetre", "millimetres"])
        case .centimeter: Row("cm", .length, (1, 1), ["cm", "centimeter", "centimeters", "centimetre", "centimetres"])
        case .meter: Row("m", .length, (1, 3), ["m", "meter", "meters", "metre", "metres"])
        case .inch: Row("in", .length, (254, -1), ["in", "inch", "inches"])
        case .foot: Row("ft", .length, (3048, -1), ["ft", "foot", "feet"])
        case .yard: Row("yd", .length, (9144, -1), ["yd", "yds", "yard", "yards"])
        case .squareCentimeter: Row("cm²", .area, (1, 2), ["cm2", "cm²", "sqcm", "squarecentimeter", "squarecentimeters", "squarecentimetre", "squarecentimetres"])
        case .squareMeter: Row("m²", .area, (1, 6), ["m2", "m²", "sqm", "squaremeter", "squaremeters", "squaremetre", "squaremetres"])
        case .squareInch: Row("sq in", .area, (64516, -2), ["sqin", "in2", "in²", "squareinch", "squareinches"])  // 25.4²
        case .squareFoot: Row("sq ft", .area, (9290304, -2), ["sqft", "ft2", "ft²", "squarefoot", "squarefeet"])  // 304.8²
        case .each: Row("each", .count, (1, 0), ["ea", "each", "pc", "pcs", "piece", "pieces", "unit", "units", "ct", "count"])
        case .pair: Row("pair", .count, (2, 0), ["pair", "pairs", "pr"], follows: .itself)
        case .dozen: Row("dozen", .count, (12, 0), ["doz", "dozen", "dozens"], follows: .itself)
        }
    }
}
