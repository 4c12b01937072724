import Foundation
import PerCore

/// One line of the list of saved comparisons.
public struct ComparisonSummary: Equatable, Sendable {
    public var id: ComparisonID
    public var title: String
    public var productCount: Int
    public var updatedAt: Date

    public init(id: ComparisonID, title: String, productCount: Int, updatedAt: Date) {
        self.id = id
        self.title = title
        self.productCount = productCount
        self.updatedAt = updatedAt
    }
}
