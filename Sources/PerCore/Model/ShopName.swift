import Foundation

/// The current shop (`per --shop NAME`, `per trip --shop NAME`): the shop the list is for. A product is at it when
/// its shop is the same name, ignoring case, accents and spaces around it.
public struct ShopName: Equatable, Hashable, Sendable {
    public let text: String

    /// nil for an empty name (all spaces): no current shop.
    public init?(_ text: String) {
        // Foundation's trim only when an end is blank: its bridging is a first dynamic lookup on the first frame.
        let trimmed = ComparisonExchange.trimmed(text)
        guard !trimmed.isEmpty else { return nil }
        self.text = trimmed
    }

    public func matches(_ shop: String) -> Bool {
        shop.trimmingCharacters(in: .whitespaces).compare(text, options: Self.sameShop) == .orderedSame
    }

    /// Two spellings of one shop differ in case and accents at most: the rule of `matches`, the list's groups and
    /// where to shop.
    static let sameShop: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]

    /// One key for the spellings of one shop.
    static func key(_ name: String) -> String { name.folding(options: sameShop, locale: nil) }
}
