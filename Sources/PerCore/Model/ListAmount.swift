import Foundation

/// What a list count means (issue 39, DECISIONS 344): the amount asked, the count × the pack it was set on (2 × 500 g
/// is 1 kg), kept when the best product, a pack's size or the shop changes. A quantity of one unit, as it was set
/// (`1000 g`), held exactly; nil on an item (`ListItem.amount`) when none is known: its count is packs of the product
/// to buy, as before amounts (a count set without a ranked product, a 0.2.0 database, a version-2 file).
public struct ListAmount: Equatable, Hashable, Sendable {
    /// How many of `unit`: more than 0, within `NumberRange` times `ListItem.maximumCount`.
    public var quantity: Decimal
    public var unit: MeasureUnit

    public init(quantity: Decimal, unit: MeasureUnit) {
        self.quantity = quantity
        self.unit = unit
    }

    /// One pack of `product` (its quantity and unit); nil without both.
    public init?(pack product: Product) {
        guard let quantity = product.quantity, quantity > 0, let unit = product.unit else { return nil }
        self.init(quantity: quantity, unit: unit)
    }

    public var family: UnitFamily { unit.family }

    /// In base units (g, mL, mm, mm², each, or one of the word), exactly.
    public func base(in system: VolumeSystem) -> Decimal { unit.inBaseUnits(quantity, in: system) }

    /// `base` base units of `unit`'s family said in `unit` when that is exact, else in the family's smallest unit of a
    /// power-of-ten factor (g, mL, mm, cm², each), which always is.
    public init(base: Decimal, like unit: MeasureUnit, in system: VolumeSystem) {
        let inUnit = base / unit.factor(in: system)
        if unit.inBaseUnits(inUnit, in: system) == base {
            self.init(quantity: inUnit, unit: unit)
            return
        }
        let metric = unit.family.units.filter(\.hasPowerOfTenFactor)
        let smallest = metric.first { $0.factor() == 1 } ?? metric.min { $0.factor() < $1.factor() } ?? unit
        self.init(quantity: base / smallest.factor(in: system), unit: smallest)
    }

    /// The fewest whole packs of `size` base units that hold `amount` base units (0 for none), exactly; nil when more
    /// than `ListItem.maximumCount`.
    public static func packs(holding amount: Decimal, of size: Decimal) -> Int? {
        guard amount > 0 else { return 0 }
        guard size > 0 else { return nil }
        var quotient = amount / size, packs = Decimal()
        NSDecimalRound(&packs, &quotient, 0, .up)
        guard packs <= Decimal(ListItem.maximumCount + 1) else { return nil }
        while packs * size < amount { packs += 1 }
        while packs > 1, (packs - 1) * size >= amount { packs -= 1 }
        let count = Int(truncating: NSDecimalNumber(decimal: packs))
        return count <= ListItem.maximumCount ? count : nil
    }

    /// How a row says it: in the largest unit of the same kind (metric with metric) that says it whole or to three
    /// decimals (`1 kg`, `1.5 L`, `500 g`), else as set (`32 oz`): `1 kg` for 1000 g.
    public func text(in system: VolumeSystem, decimal: DecimalMark = .point) -> String {
        let base = base(in: system)
        let candidates = unit.hasPowerOfTenFactor
            ? unit.family.units.filter(\.hasPowerOfTenFactor).sorted { $0.factor() > $1.factor() }
            : [unit]
        for candidate in candidates {
            let value = base / candidate.factor(in: system)
            if value >= 1, DecimalText.rounded(value, places: 3) == value, candidate.inBaseUnits(value, in: system) == base {
                return decimal.shown(DecimalText.format(value)) + " " + candidate.symbol(for: value)
            }
        }
        return decimal.shown(DecimalText.format(quantity)) + " " + unit.symbol(for: quantity)
    }
}
