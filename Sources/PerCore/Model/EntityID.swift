import Foundation

/// A stable identity for a product or comparison, made by the session that created it
/// (`<session>-<serial>`), so that sessions sharing a database never collide.
public struct EntityID: Hashable, Comparable, Sendable, RawRepresentable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (a: EntityID, b: EntityID) -> Bool { a.rawValue < b.rawValue }

    /// A fresh random identity (for sessions and for products made outside the app).
    public static func random() -> EntityID { EntityID(UUID().uuidString.lowercased()) }
}

public typealias ProductID = EntityID
public typealias ComparisonID = EntityID

extension EntityID: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(value) }
}
