/// What the user does on the where-to-shop screen.
public enum WhereToShopAction: Equatable, Sendable {
    /// Up/Down, the mouse wheel: this many lines (below zero: up).
    case scroll(Int)
    /// PgDn/PgUp, Ctrl-F/Ctrl-B: this many pages.
    case scrollPage(Int)
    /// Home, End.
    case toFirst
    case toLast
    /// Esc, Ctrl-W: back to the shopping list.
    case close
    /// What the screen tells the root.
    case delegate(Delegate)

    public enum Delegate: Equatable, Sendable {
        /// Back to the shopping list it was opened from.
        case closed
    }

    var isTheUsers: Bool {
        switch self {
        case .delegate: false
        case .scroll, .scrollPage, .toFirst, .toLast, .close: true
        }
    }
}
