/// What the database session reports of this session's writes, after every write and poll: the one owner of
/// "saved or not". The state keeps the last report (`AppState.saving`) and draws from it; nothing else tracks it.
public struct SaveStatus: Equatable, Sendable {
    /// Changes made here that are not in the database yet, each kept (on disk while it waits: `keptIn`).
    public var waiting: Int
    /// Why the first of them waits for the database (a lock, a full disk); nil when none does (the only ones left are
    /// held for the open comparison, which another session deleted).
    public var reason: String?
    /// Another session deleted the open comparison (nil: it did not): how many of the waiting changes are held for it.
    /// The next change made here saves it again whole; leaving it lets it go (saved again whole first when changes
    /// made here wait for it).
    public var heldForDeletedOpen: Int?
    /// The file the waiting changes are kept in while they wait (a recovery file `per import` takes), if any.
    public var keptIn: String?
    /// Why the waiting changes as they are now could not be written to disk (a full disk): they are only in memory, and
    /// a kill would lose them. Nil when what waits is on disk.
    public var notKept: String?

    public init(waiting: Int = 0, reason: String? = nil, heldForDeletedOpen: Int? = nil, keptIn: String? = nil, notKept: String? = nil) {
        self.waiting = waiting
        self.reason = reason
        self.heldForDeletedOpen = heldForDeletedOpen
        self.keptIn = keptIn
        self.notKept = notKept
    }

    public static let upToDate = SaveStatus()

    public var isUpToDate: Bool { waiting == 0 }

    public var openDeletedElsewhere: Bool { heldForDeletedOpen != nil }

    /// Changes made here wait for the open comparison that another session deleted.
    public var openDeletedWithEdits: Bool { (heldForDeletedOpen ?? 0) > 0 }

    /// The notice the status line keeps while something waits, longest form first: the status line takes the first
    /// that fits; the last goes beside a message.
    public var notice: [String]? {
        guard let reason else { return nil }
        let count = "\(waiting) change\(waiting == 1 ? "" : "s")"
        if notKept != nil {
            return ["Saving waits (\(count): \(reason)); only in memory: free disk space, or a kill loses them",
                    "Saving waits (\(count), only in memory: free disk space)", "Saving waits (\(count), only in memory)"]
        }
        return ["Saving waits (\(count): \(reason)); kept, saved when it can", "Saving waits (\(count): \(reason))", "Saving waits (\(count))"]
    }
}
