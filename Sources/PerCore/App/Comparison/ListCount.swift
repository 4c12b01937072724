/// How many of the open comparison are on the shopping list, as last read (or counted here since).
public enum ListCount: Equatable, Sendable {
    /// Not read yet: nothing is said about it.
    case unknown
    /// 0: off the list.
    case known(Int)

    public var count: Int? {
        switch self {
        case .unknown: nil
        case .known(let count): count
        }
    }
}
