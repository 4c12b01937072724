import Foundation

/// A unit a quantity can be given in. The raw value is its symbol, as shown and stored.
public enum MeasureUnit: String, CaseIterable, Sendable, Codable, Hashable {
    case milligram = "mg"
    case gram = "g"
    case kilogram = "kg"
    case ounce = "oz"
    case pound = "lb"
    case milliliter = "mL"
    case centiliter = "cL"
    case deciliter = "dL"
    case liter = "L"
    case teaspoon = "tsp"
    case tablespoon = "tbsp"
    case fluidOunce = "fl oz"
    case cup = "cup"
    case pint = "pt"
    case quart = "qt"
    case gallon = "gal"
    case each = "each"
    case pair = "pair"
    case dozen = "dozen"

    public var symbol: String { rawValue }

    public var family: UnitFamily {
        switch self {
        case .milligram, .gram, .kilogram, .ounce, .pound: .mass
        case .each, .pair, .dozen: .count
        default: .volume
        }
    }

    /// How many base units (g, mL, each) one of this unit is, exactly, from its definition.
    public func factor(in system: VolumeSystem = .us) -> Decimal {
        (system == .us ? Self.usFactors : Self.imperialFactors)[self]!
    }

    private static let usFactors = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.definedFactor(in: .us)) })
    private static let imperialFactors = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.definedFactor(in: .imperial)) })

    private func definedFactor(in system: VolumeSystem) -> Decimal {
        switch (self, system) {
        case (.milligram, _): d("0.001")
        case (.gram, _): 1
        case (.kilogram, _): 1000
        case (.ounce, _): d("28.349523125")          // 1/16 of the international pound
        case (.pound, _): d("453.59237")             // international pound, 1959
        case (.milliliter, _): 1
        case (.centiliter, _): 10
        case (.deciliter, _): 100
        case (.liter, _): 1000
        case (.each, _): 1
        case (.pair, _): 2
        case (.dozen, _): 12
        // US customary: 1 gal = 231 in³ = 3785.411784 mL
        case (.gallon, .us): d("3785.411784")
        case (.quart, .us): d("946.352946")
        case (.pint, .us): d("473.176473")
        case (.cup, .us): d("236.5882365")           // 8 US fl oz
        case (.fluidOunce, .us): d("29.5735295625")  // 1/128 US gal
        case (.tablespoon, .us): d("14.78676478125") // 1/2 US fl oz
        case (.teaspoon, .us): d("4.92892159375")    // 1/6 US fl oz
        // UK imperial: 1 gal = 4.54609 L
        case (.gallon, .imperial): d("4546.09")
        case (.quart, .imperial): d("1136.5225")
        case (.pint, .imperial): d("568.26125")
        case (.cup, .imperial): d("284.130625")      // half an imperial pint
        case (.fluidOunce, .imperial): d("28.4130625") // 1/160 imperial gal
        case (.tablespoon, .imperial): 15           // UK kitchens use metric spoons
        case (.teaspoon, .imperial): 5
        }
    }

    private func d(_ text: String) -> Decimal { DecimalText.parse(text)! }

    /// Reads a unit symbol or name: case-insensitive, ignoring spaces and dots (`ML`, `fl. oz`, `lbs`, `pcs`).
    public init?(parsing text: String) {
        let key = text.lowercased().filter { !$0.isWhitespace && $0 != "." }
        guard let unit = Self.aliases[key] else { return nil }
        self = unit
    }

    private static let aliases: [String: MeasureUnit] = {
        let names: [MeasureUnit: [String]] = [
            .milligram: ["mg", "milligram", "milligrams", "milligramme", "milligrammes"],
            .gram: ["g", "gr", "gram", "grams", "gramme", "grammes"],
            .kilogram: ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme", "kilogrammes"],
            .ounce: ["oz", "ounce", "ounces"],
            .pound: ["lb", "lbs", "pound", "pounds"],
            .milliliter: ["ml", "milliliter", "milliliters", "millilitre", "millilitres"],
            .centiliter: ["cl", "centiliter", "centiliters", "centilitre", "centilitres"],
            .deciliter: ["dl", "deciliter", "deciliters", "decilitre", "decilitres"],
            .liter: ["l", "liter", "liters", "litre", "litres", "ltr"],
            .teaspoon: ["tsp", "teaspoon", "teaspoons"],
            .tablespoon: ["tbsp", "tablespoon", "tablespoons"],
            .fluidOunce: ["floz", "fluidounce", "fluidounces"],
            .cup: ["cup", "cups"],
            .pint: ["pt", "pint", "pints"],
            .quart: ["qt", "quart", "quarts"],
            .gallon: ["gal", "gallon", "gallons"],
            .each: ["ea", "each", "pc", "pcs", "piece", "pieces", "unit", "units", "ct", "count"],
            .pair: ["pair", "pairs", "pr"],
            .dozen: ["doz", "dozen", "dozens"],
        ]
        var table: [String: MeasureUnit] = [:]
        for (unit, keys) in names { for key in keys { table[key] = unit } }
        return table
    }()
}
