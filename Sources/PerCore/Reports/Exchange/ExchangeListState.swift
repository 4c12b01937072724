import Foundation

/// A comparison's place on the shopping list as the export files carry it: its count (0: off the list), its tick
/// (in the cart), its aisle place and its pinned product. Files from before the shopping list have none of these:
/// they read as `earlierFormat` (on the list once, not ticked, not placed, nothing pinned).
public struct ExchangeListState: Equatable, Sendable {
    public var count: Int
    public var ticked: Bool
    public var aisle: Int
    /// The pinned product's position among the comparison's products as the file gives them (0-based); nil: none.
    /// Export works it out from `Comparison.pinned`, import turns it back into the imported product's id.
    public var pinnedPosition: Int?
    /// What the count means (`listAmount`, `listUnit`: DECISIONS 344); nil: none known, the count is packs (a
    /// version-2 file's, read as it was).
    public var amount: ListAmount?

    public init(count: Int = 1, ticked: Bool = false, aisle: Int = 0, pinnedPosition: Int? = nil, amount: ListAmount? = nil) {
        self.count = count
        self.amount = amount
        self.ticked = ticked
        self.aisle = aisle
        self.pinnedPosition = pinnedPosition
    }

    /// What a file without list fields means.
    public static let earlierFormat = ExchangeListState()

    /// The largest aisle place a file may give (`[` `]` number a shop's items 1, 2…).
    public static let maximumAisle = 999_999_999
}

extension ComparisonExchange {
    /// A list count read back: a whole number from 0 to `ListItem.maximumCount`; empty: 1.
    static func listCount(_ text: String, line: Int?, field: String) throws(ExchangeError) -> Int {
        try wholeNumber(text, in: 0...ListItem.maximumCount, line: line, field: field, what: "a count") ?? 1
    }

    /// A list amount read back from its two fields (`listAmount`, `listUnit`): both empty for none; a quantity above 0
    /// (below 10¹⁵: a count of up to 999 packs) and a unit, or the file is refused naming the field.
    static func listAmount(_ quantity: String, unit: String, line: Int?) throws(ExchangeError) -> ListAmount? {
        let quantity = trimmed(quantity), unit = trimmed(unit)
        if quantity.isEmpty && unit.isEmpty { return nil }
        guard !quantity.isEmpty else { throw ExchangeError(line: line, field: "listAmount", problem: "a listUnit (\(quoted(unit))) needs its listAmount") }
        guard let value = DecimalText.parse(quantity), value > 0, value < Decimal(sign: .plus, exponent: 15, significand: 1) else {
            throw ExchangeError(line: line, field: "listAmount", problem: "\(quoted(quantity)) is not an amount (a decimal number above 0)")
        }
        guard !unit.isEmpty, let measure = MeasureUnit(symbol: unit) else {
            throw ExchangeError(line: line, field: "listUnit", problem: unit.isEmpty ? "a listAmount needs its listUnit" : "\(quoted(unit)) is not a unit")
        }
        return ListAmount(quantity: value, unit: measure)
    }

    /// An aisle place read back: a whole number from 0; empty: 0 (not placed).
    static func aisle(_ text: String, line: Int?, field: String) throws(ExchangeError) -> Int {
        try wholeNumber(text, in: 0...ExchangeListState.maximumAisle, line: line, field: field, what: "an aisle place") ?? 0
    }

    /// A pinned product read back: its number among the comparison's products (1, 2…); empty: none. Returns the
    /// 0-based position; whether there is such a product is checked at the comparison's end (`checkPin`).
    static func pinnedPosition(_ text: String, line: Int?, field: String) throws(ExchangeError) -> Int? {
        try wholeNumber(text, in: 1...Int(Int32.max), line: line, field: field, what: "a product number").map { $0 - 1 }
    }

    /// A tick read back (CSV): true or false (also yes/no, as version 1 wrote it, and 1/0); empty: false.
    static func ticked(_ text: String, line: Int?, field: String) throws(ExchangeError) -> Bool {
        switch trimmed(text).lowercased() {
        case "", "no", "false", "0": return false
        case "yes", "true", "1": return true
        default: throw ExchangeError(line: line, field: field, problem: "\(quoted(text)) is not true or false")
        }
    }

    /// Refuses a pin naming a product the comparison does not have.
    static func checkPin(_ state: ExchangeListState, products: Int, comparison title: String, line: Int?, field: String) throws(ExchangeError) {
        guard let position = state.pinnedPosition, position >= products else { return }
        throw ExchangeError(line: line, field: "comparison \(quoted(title)), \(field)",
                            problem: "product \(position + 1) is pinned, but the comparison has \(products) product\(products == 1 ? "" : "s")")
    }

    /// The pinned product's number (1, 2…) among `products`, when it is one of them.
    static func pinnedNumber(_ comparison: Comparison, among products: [Product]) -> Int? {
        guard let pinned = comparison.pinned else { return nil }
        return products.firstIndex { $0.id == pinned }.map { $0 + 1 }
    }

    /// A multipack's shape read back (`6*330`, also `6×330`), refused unless count × size is the quantity.
    static func pack(_ text: String, quantity: Decimal?, line: Int?, field: String) throws(ExchangeError) -> Multipack? {
        let trimmed = trimmed(text)
        if trimmed.isEmpty { return nil }
        guard let pack = Multipack(parsing: trimmed.replacingOccurrences(of: "×", with: "*")),
              NumberRange.violation(of: pack.count) == nil, NumberRange.violation(of: pack.size) == nil else {
            throw ExchangeError(line: line, field: field, problem: "\(quoted(text)) is not a multipack (write it like 6*330)")
        }
        guard pack.describes(quantity) else {
            throw ExchangeError(line: line, field: field, problem: "\(quoted(text)) is \(DecimalText.format(pack.count * pack.size)), not the quantity \(quantity.map(DecimalText.format) ?? "(none)")")
        }
        return pack
    }

    private static func wholeNumber(_ text: String, in range: ClosedRange<Int>, line: Int?, field: String, what: String) throws(ExchangeError) -> Int? {
        let trimmed = trimmed(text)
        if trimmed.isEmpty { return nil }
        guard trimmed.utf8.count <= 10, trimmed.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let value = Int(trimmed), range.contains(value) else {
            throw ExchangeError(line: line, field: field, problem: "\(quoted(text)) is not \(what) (a whole number from \(range.lowerBound) to \(range.upperBound))")
        }
        return value
    }
}
