import Foundation

/// The current shop (`per --shop NAME`, `per trip --shop NAME`): the shop the list is for. A product is at it when
/// its shop is the same name, ignoring case, accents and blanks around it (spaces, tabs, line breaks).
public struct ShopName: Equatable, Hashable, Sendable {
    public let text: String

    /// nil for an empty name (all spaces): no current shop.
    public init?(_ text: String) {
        let trimmed = Self.trimmed(text)
        guard !trimmed.isEmpty else { return nil }
        self.text = trimmed
    }

    public func matches(_ shop: String) -> Bool {
        Self.trimmed(shop).compare(text, options: Self.sameShop) == .orderedSame
    }

    /// A shop's name without the blanks around it: spaces, tabs and line breaks (`Aldi\n` from a spreadsheet is Aldi).
    /// Foundation's trim only when an end is not plain ASCII: its bridging is a first dynamic lookup on the first frame.
    public static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return text }
        func solid(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x7F }
        return solid(first) && solid(last) ? text : text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Two spellings of one shop differ in case and accents at most: the rule of `matches`, the list's groups and
    /// where to shop.
    static let sameShop: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]

    /// One key for the spellings of one shop.
    static func key(_ name: String) -> String { name.folding(options: sameShop, locale: nil) }
}
