import Foundation

/// One saved comparison as lists show it: the list screen, `per lists`, the shop's summaries.
public struct ListEntry: Equatable, Sendable {
    public var id: ComparisonID
    public var title: String
    public var productCount: Int
    public var updatedAt: Date?
    /// As an item of the shopping list.
    public var item: ListItem

    public init(id: ComparisonID, title: String, productCount: Int, updatedAt: Date? = nil, item: ListItem = ListItem()) {
        self.id = id
        self.title = title
        self.productCount = productCount
        self.updatedAt = updatedAt
        self.item = item
    }

    /// An item of the trip: counted at least once, and not a blank page (no title, no product).
    public var isOnTheList: Bool { item.isListed && !(title.isEmpty && productCount == 0) }

    public var displayTitle: String { title.isEmpty ? Comparison.untitled : title }

    /// Short ids for `per lists`, `show` and `export`: the first hex digits of a hash of each id, as many as
    /// make every entry's differ (at least 4). Ids made by one session share a long prefix, so a prefix of
    /// the id itself would not be short.
    public static func shortIDs(_ entries: [ListEntry]) -> [String] {
        let hashes = entries.map { hashID($0.id) }
        for length in 4...16 where Set(hashes.map { $0.prefix(length) }).count == hashes.count {
            return hashes.map { String($0.prefix(length)) }
        }
        return entries.map(\.id.rawValue)   // two ids with one hash: the ids themselves
    }

    /// The 16 hex digits a short id is the start of.
    public static func hashID(_ id: ComparisonID) -> String { String(hashOf(id.rawValue), radix: 16).leftPadded(to: 16) }

    /// FNV-1a, 64 bits, then MurmurHash3's finalizer so that ids differing in their last characters (one session's
    /// `…-c2`, `…-c3`) differ in the first digits too: stable across runs and machines (Swift's `Hasher` is seeded
    /// per process).
    private static func hashOf(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        hash = (hash ^ hash >> 33) &* 0xff51_afd7_ed55_8ccd
        hash = (hash ^ hash >> 33) &* 0xc4ce_b9fe_1a85_ec53
        return hash ^ hash >> 33
    }

    /// `2026-11-21 23:04`, local time: how the list screen and `per lists` show a last edit.
    public static func displayDate(_ date: Date) -> String {
        let c = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
