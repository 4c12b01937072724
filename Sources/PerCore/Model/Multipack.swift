import Foundation

/// A quantity typed as count × size (`6×330`), kept with the product so the table shows the pack's
/// shape and not only its total (1980). It describes the quantity only while count × size equals it.
public struct Multipack: Equatable, Hashable, Sendable {
    public var count: Decimal
    public var size: Decimal

    public init(count: Decimal, size: Decimal) {
        self.count = count
        self.size = size
    }

    /// `6*330`: the keypad's expression text, as stored.
    public var text: String { DecimalText.format(count) + String(ArithmeticOperator.times.rawValue) + DecimalText.format(size) }

    /// `6×330`, as people read it (the canvas draws `*` with the ASCII glyph set).
    public var shown: String { DecimalText.format(count) + "×" + DecimalText.format(size) }

    /// Reads `text`; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ArithmeticOperator.times.rawValue, omittingEmptySubsequences: false)
        guard parts.count == 2, let count = DecimalText.parse(String(parts[0])), let size = DecimalText.parse(String(parts[1])) else { return nil }
        self.init(count: count, size: size)
    }

    /// Whether it still describes `quantity` (a quantity changed without it drops it from view).
    public func describes(_ quantity: Decimal?) -> Bool { quantity == count * size }
}
