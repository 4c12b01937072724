import GRDB

/// The database's write lock, held by the test process as another program would hold it (a long import, a backup),
/// until `release`.
public final class HeldLock {
    let queue: DatabaseQueue
    public init(_ path: String) throws {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        // Waits out a session that is writing at that moment, as another program would, instead of failing at once.
        configuration.busyMode = .timeout(10)
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
    }
    public func release() throws { try queue.writeWithoutTransaction { try $0.execute(sql: "COMMIT") } }
}
