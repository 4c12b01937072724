import PerCore

/// The app's state and its database session, and the one loop that connects them: an action goes through `update`,
/// the database's effects are performed and what they report goes back through `update`, until nothing is left. The
/// app (`RunningApp`) and the tests drive it alike; the effects that are not the database's (the terminal's, the
/// timers') are returned, in order, for the edge that performs them.
public struct AppDriver {
    public private(set) var state: AppState
    public var database: DatabaseSession

    public init(state: AppState, database: DatabaseSession) {
        self.state = state
        self.database = database
    }

    /// Sends an action and everything it leads to; returns the effects for the terminal and the timers.
    @discardableResult
    public mutating func send(_ action: Action) -> [Effect] {
        var others: [Effect] = []
        var queue = [action]
        while !queue.isEmpty {
            for effect in state.update(queue.removeFirst()) {
                switch effect {
                case .database(let effect): queue += database.perform(effect, watch: state.watch)
                case .send(let action): queue.append(action)
                case .terminal, .after: others.append(effect)
                }
            }
        }
        return others
    }

    /// The database session's poll (writes that wait, other sessions' changes), sent through `update`.
    @discardableResult
    public mutating func poll() -> [Effect] {
        database.poll(state.watch).flatMap { send($0) }
    }
}
