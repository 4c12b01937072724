import Foundation

/// The current store (`per --store NAME`, `per trip --store NAME`): the shop the list is for. A product is at it when
/// its store is the same name, ignoring case, accents and spaces around it.
public struct ShopName: Equatable, Hashable, Sendable {
    public let text: String

    /// nil for an empty name (all spaces): no current store.
    public init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        self.text = trimmed
    }

    public func matches(_ store: String) -> Bool {
        store.trimmingCharacters(in: .whitespaces).compare(text, options: [.caseInsensitive, .diacriticInsensitive]) == .orderedSame
    }
}
