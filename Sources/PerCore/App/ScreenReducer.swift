/// The shape of every screen's reducer: its own actions, what it may read and change besides its own state, and the
/// effects it asks for. What a screen must tell the root (closed, renamed) it sends as a `.delegate` action of its own
/// (`Effect.send`), which the root handles in its `switch` like any other.
public protocol ScreenReducer {
    associatedtype ScreenAction
    mutating func update(_ action: ScreenAction, env: inout ScreenEnvironment) -> [Effect]
}

/// What a screen's reducer is given besides its own state.
public struct ScreenEnvironment {
    /// This run's settings and identity (IDs are made here).
    public var session: Session
    /// What is drawn around the screen: the status line, a question, the key shown pressed.
    public var chrome: Chrome
    /// The comparison open behind the screen on view.
    public let open: ComparisonID
}
