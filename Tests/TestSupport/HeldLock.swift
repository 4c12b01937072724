import GRDB

/// The database's write lock, held by the test process as another program would hold it (a long import, a backup),
/// until `release`.
public final class HeldLock {
    let queue: DatabaseQueue
    public init(_ path: String) throws {
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        queue = try DatabaseQueue(path: path, configuration: configuration)
        try queue.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
    }
    public func release() throws { try queue.writeWithoutTransaction { try $0.execute(sql: "COMMIT") } }
}
