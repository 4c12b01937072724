import Foundation

/// A stable identity for a product or comparison, made by the session that created it
/// (`<session>-<serial>`), so that sessions sharing a database never collide.
public struct EntityID: Hashable, Comparable, Sendable, RawRepresentable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
    public static func < (a: EntityID, b: EntityID) -> Bool { a.rawValue < b.rawValue }

    /// A fresh random identity (for sessions and for products made outside the app): a version 4 UUID in lower case,
    /// from the system's random generator. Foundation's `UUID()` opens /dev/urandom on each call on Linux, which
    /// was a tenth of an import's time.
    public static func random() -> EntityID {
        var generator = SystemRandomNumberGenerator()
        let words: (UInt64, UInt64) = (generator.next(), generator.next())
        let high = words.0 & 0xFFFF_FFFF_FFFF_0FFF | 0x0000_0000_0000_4000 // version 4
        let low = words.1 & 0x3FFF_FFFF_FFFF_FFFF | 0x8000_0000_0000_0000 // RFC 4122 variant
        let hex = Array("0123456789abcdef".utf8)
        var bytes = [UInt8](repeating: UInt8(ascii: "-"), count: 36)
        var i = 0
        for word in [high, low] {
            for nibble in 0..<16 {
                if i == 8 || i == 13 || i == 18 || i == 23 { i += 1 }
                bytes[i] = hex[Int((word >> UInt64(60 - 4 * nibble)) & 0xF)]
                i += 1
            }
        }
        return EntityID(String(decoding: bytes, as: UTF8.self))
    }
}

public typealias ProductID = EntityID
public typealias ComparisonID = EntityID

extension EntityID: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) { self.init(value) }
}
