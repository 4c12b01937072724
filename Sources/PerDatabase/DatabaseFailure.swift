import Foundation
import PerCore

/// Why the database could not be opened or written, each with a one-line message for people.
public enum DatabaseFailure: Error, Equatable, Sendable {
    /// A SQLite database of some other program. Left untouched.
    case notAPerDatabase(path: String)
    /// Not a database at all, or a damaged one. Left untouched.
    case corrupt(path: String)
    case cannotOpen(path: String, reason: String)
    /// Another program held the database locked for longer than the busy timeout.
    case locked(path: String)
    /// A write to a database opened read-only.
    case readOnly(path: String)
    /// A write that could not be done (the comparison was deleted in another session, the disk is full...).
    case failed(path: String, reason: String)
    /// A field saved into a comparison that another session deleted meanwhile (`save(_:)` puts it back).
    case comparisonDeleted(id: ComparisonID)

    public var message: String {
        switch self {
        case .notAPerDatabase(let path):
            "\(path) is not a per database (it belongs to another program); it was left untouched. Use --db or PER_DB to choose another file."
        case .corrupt(let path):
            "\(path) is damaged or is not a database file; it was left untouched. Use --db or PER_DB to choose another file."
        case .cannotOpen(let path, let reason):
            "cannot open \(path): \(reason)"
        case .locked(let path):
            "\(path) is locked by another program and stayed locked; try again in a moment."
        case .readOnly(let path):
            "\(path) is read-only: changes cannot be saved."
        case .failed(let path, let reason):
            "could not save to \(path): \(reason)"
        case .comparisonDeleted:
            "this comparison was deleted in another session."
        }
    }
}

extension DatabaseFailure: CustomStringConvertible {
    public var description: String { message }
}
