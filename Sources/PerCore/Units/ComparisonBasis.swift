import Foundation

/// What unit prices are quoted per: "per kg", "per 100 g", "per fl oz".
public struct ComparisonBasis: Equatable, Hashable, Sendable {
    public var amount: Decimal
    public var unit: MeasureUnit
    /// Per one use (`perUse`): products of any unit compare by their uses of the word (decision 304).
    public private(set) var isByUse = false

    public init(amount: Decimal, unit: MeasureUnit) {
        self.amount = amount
        self.unit = unit
    }

    /// Per one use of `word` (`per wash`): its unit is the word, its amount 1.
    public static func perUse(_ word: CountWord) -> ComparisonBasis {
        var basis = ComparisonBasis(amount: 1, unit: .counted(word))
        basis.isByUse = true
        return basis
    }

    /// The word a basis by use counts; nil for a basis by unit.
    public var useWord: CountWord? {
        guard isByUse, case .counted(let word) = unit else { return nil }
        return word
    }

    /// Its text in files and the database's `basis_unit` with `basis_amount` 1: `label`, and `use:wash` by use (a
    /// colon is in no unit or word, so `wash`, a comparison counting washes, stays apart).
    public var fileText: String { useWord.map { "use:" + $0.singular } ?? label }

    public var family: UnitFamily { unit.family }

    /// `kg`, `100 g`, `fl oz`, `100 sheets`.
    public var label: String {
        amount == 1 ? unit.symbol : "\(DecimalText.format(amount)) \(unit.symbol(for: amount))"
    }

    /// Base units (g, mL, each) in one basis.
    public func baseAmount(in system: VolumeSystem) -> Decimal { unit.inBaseUnits(amount, in: system) }

    /// Reads `kg`, `100g`, `100 mL`, `per 100 g`.
    public init?(parsing text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        if rest.lowercased().hasPrefix("use:") {
            guard let word = CountWord(String(rest.dropFirst(4)).trimmingCharacters(in: .whitespaces)) else { return nil }
            self = .perUse(word)
            return
        }
        if rest.lowercased().hasPrefix("per ") { rest = rest.dropFirst(4) }
        let number = rest.prefix { $0.isNumber || $0 == "." }
        let unitText = rest.dropFirst(number.count)
        let amount = number.isEmpty ? Decimal(1) : DecimalText.parse(String(number))
        guard let amount, amount > 0, let unit = MeasureUnit(parsing: String(unitText)) else { return nil }
        self.init(amount: amount, unit: unit)
    }

    /// The comparison unit that follows what was typed, while the user has chosen none: US customary mass per
    /// oz or lb as typed, US customary volume per fl oz (per gal for gallons), pairs and dozens per pair or dozen,
    /// metric units and each per the family's default (kg, L, each): each unit's row says which (`follows`).
    public static func following(_ unit: MeasureUnit) -> ComparisonBasis {
        switch unit.follows {
        case .itself: ComparisonBasis(amount: 1, unit: unit)
        case .unit(let other): ComparisonBasis(amount: 1, unit: .standardUnit(other))
        case .familyDefault: unit.family.defaultBasis
        }
    }

    /// The comparison units offered for a family, in the order the picker steps through them.
    public static func choices(for family: UnitFamily) -> [ComparisonBasis] {
        switch family {
        case .mass:
            [.init(amount: 1, unit: .kilogram), .init(amount: 100, unit: .gram), .init(amount: 1, unit: .gram),
             .init(amount: 1, unit: .pound), .init(amount: 1, unit: .ounce)]
        case .volume:
            [.init(amount: 1, unit: .liter), .init(amount: 100, unit: .milliliter), .init(amount: 1, unit: .milliliter),
             .init(amount: 1, unit: .fluidOunce), .init(amount: 1, unit: .cup), .init(amount: 1, unit: .gallon)]
        case .length:
            [.init(amount: 1, unit: .meter), .init(amount: 100, unit: .meter), .init(amount: 1, unit: .centimeter),
             .init(amount: 1, unit: .foot), .init(amount: 1, unit: .yard)]
        case .area:
            [.init(amount: 1, unit: .squareMeter), .init(amount: 1, unit: .squareFoot), .init(amount: 100, unit: .squareFoot),
             .init(amount: 1, unit: .squareCentimeter)]
        case .count:
            [.init(amount: 1, unit: .each), .init(amount: 1, unit: .pair), .init(amount: 1, unit: .dozen)]
        case .counted(let word):
            [.init(amount: 1, unit: .counted(word)), .init(amount: 100, unit: .counted(word))]
        }
    }
}
