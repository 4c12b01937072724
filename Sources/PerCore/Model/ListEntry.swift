import Foundation

/// One saved comparison as lists show it: the list screen, `per lists`, the store's summaries.
public struct ListEntry: Equatable, Sendable {
    public var id: ComparisonID
    public var title: String
    public var productCount: Int
    public var updatedAt: Date?

    public init(id: ComparisonID, title: String, productCount: Int, updatedAt: Date? = nil) {
        self.id = id
        self.title = title
        self.productCount = productCount
        self.updatedAt = updatedAt
    }

    public var displayTitle: String { title.isEmpty ? "Untitled" : title }

    /// `2026-11-21 23:04`, local time: how the list screen and `per lists` show a last edit.
    public static func displayDate(_ date: Date) -> String {
        let c = Calendar.current.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0)
    }
}
