/// Units of one family can be converted into each other; products of different families cannot be compared.
public enum UnitFamily: String, CaseIterable, Sendable, Codable {
    case mass
    case volume
    case count

    /// The comparison unit a new comparison of this family uses.
    public var defaultBasis: ComparisonBasis {
        switch self {
        case .mass: ComparisonBasis(amount: 1, unit: .kilogram)
        case .volume: ComparisonBasis(amount: 1, unit: .liter)
        case .count: ComparisonBasis(amount: 1, unit: .each)
        }
    }

    public var units: [MeasureUnit] { MeasureUnit.allCases.filter { $0.family == self } }
}

/// US customary or UK imperial volume units (teaspoons to gallons).
public enum VolumeSystem: String, CaseIterable, Sendable, Codable {
    case us
    case imperial
}
