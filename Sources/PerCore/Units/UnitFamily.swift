/// Units of one family can be converted into each other; products of different families cannot be compared.
/// Each count word (`sheet`, `roll`) is a family of its own.
public enum UnitFamily: Hashable, Sendable {
    case mass
    case volume
    case length
    case area
    case count
    case counted(CountWord)

    /// `mass`, `volume`, `length`, `area`, `count`, or the word's plural (`sheets`).
    public var name: String {
        switch self {
        case .mass: "mass"
        case .volume: "volume"
        case .length: "length"
        case .area: "area"
        case .count: "count"
        case .counted(let word): word.plural
        }
    }

    /// How a comparison of this family goes: `by weight`, `by volume`, `in sheets`.
    public var comparisonPhrase: String {
        switch self {
        case .mass: "by weight"
        case .volume: "by volume"
        case .length: "by length"
        case .area: "by area"
        case .count: "by count"
        case .counted(let word): "in \(word.plural)"
        }
    }

    /// The comparison unit a new comparison of this family uses.
    public var defaultBasis: ComparisonBasis { ComparisonBasis.choices(for: self)[0] }

    public var units: [MeasureUnit] {
        if case .counted(let word) = self { return [.counted(word)] }
        return MeasureUnit.standard.filter { $0.family == self }
    }
}

extension MeasureUnit {
    /// `mL is a volume unit`, `sheet is a count unit of its own`.
    public var kindDescription: String {
        switch family {
        case .mass: "\(symbol) is a weight unit"
        case .volume: "\(symbol) is a volume unit"
        case .length: "\(symbol) is a length unit"
        case .area: "\(symbol) is an area unit"
        case .count: "\(symbol) is a count unit"
        case .counted: "\(symbol) is a count unit of its own"
        }
    }
}

/// US customary or UK imperial volume units (teaspoons to gallons).
public enum VolumeSystem: String, CaseIterable, Sendable, Codable {
    case us
    case imperial

    /// What stands beside a price per a customary volume: `(US)`, `(UK)`.
    public var mark: String {
        switch self {
        case .us: "(US)"
        case .imperial: "(UK)"
        }
    }
}

extension MeasureUnit {
    /// The standard units as the docs and help list them, from the table: family by family in picker order,
    /// `mg g kg oz lb; mL cL dL L ...; each pair dozen`. `typed` writes each as typed on a command line (`ml`, `floz`,
    /// `cm2`); `named` puts each family's name before it, `mass (mg g kg oz lb), volume (...)`; `separator` goes
    /// between families. `UnitTests.theDocsUnitListsAreTheTable` holds USAGE to it; `per compare --help` uses it.
    public static func listing(typed: Bool = false, named: Bool = false, separator: String = "; ") -> String {
        var families: [(family: UnitFamily, units: [MeasureUnit])] = []
        for unit in standard {
            if families.last?.family == unit.family { families[families.count - 1].units.append(unit) }
            else { families.append((unit.family, [unit])) }
        }
        return families.map { family, units in
            let symbols = units.map { typed ? $0.typedSymbol : $0.symbol }.joined(separator: " ")
            return named ? "\(family.name) (\(symbols))" : symbols
        }.joined(separator: separator)
    }

    /// The symbol as typed on a command line, in ASCII without spaces: `ml`, `floz`, `cm2`, `each`.
    public var typedSymbol: String {
        let key = Self.key(symbol)
        return key.allSatisfy(\.isASCII) ? key : names.first { $0.allSatisfy(\.isASCII) } ?? key
    }
}
