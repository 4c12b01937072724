/// A value derived from the rest of a state, kept only to save work: it never makes two states
/// differ, so reducer tests compare what the user sees and not caches.
public struct Derived<Value: Sendable>: Equatable, Sendable {
    public var value: Value
    public init(_ value: Value) { self.value = value }
    public static func == (lhs: Self, rhs: Self) -> Bool { true }
}
