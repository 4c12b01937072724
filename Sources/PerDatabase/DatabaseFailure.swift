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
    /// A product whose unit is of another family than the other products saved in its comparison (two sessions each
    /// saving a product of a different family into one comparison, a hand-edited recovery file): not saved, the
    /// transaction rolled back. Trying again cannot succeed until the unit or the comparison changes.
    case mixedFamilies(product: ProductID, name: String, unit: MeasureUnit, comparison: ComparisonID, title: String, family: UnitFamily)
    /// A recovery file written for another database (`RecoveryJournal.database` is not `ComparisonDatabase.identity`);
    /// nothing was changed. `per import --into-other-database` makes its changes anyway.
    case otherDatabase(file: String, database: String)
    /// A change of a recovery file that per refuses (an id that belongs to another comparison than the one the change
    /// names): the whole file is refused, nothing was changed. `change` counts from 1 in the file.
    case recoveryRefused(change: Int, reason: String)

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
        case .mixedFamilies(_, let name, let unit, _, let title, let family):
            "\(name.isEmpty ? "a product" : ComparisonExchange.quoted(name)) of \(Self.titled(title)) was not saved: \(unit.kindDescription), but the comparison is "
                + "\(family.comparisonPhrase) (one comparison, one family of units)"
        case .otherDatabase(let file, let database):
            "the recovery file was written for another database (\(file), this one is \(database)); nothing was imported. "
                + "To make its changes in this one anyway: per import --into-other-database FILE"
        case .recoveryRefused(let change, let reason):
            "change \(change): \(reason); nothing was imported"
        }
    }

    /// `"Oats"` (quoted for a message: control characters visible, a long one shortened), or `Untitled`.
    static func titled(_ title: String) -> String {
        title.isEmpty ? "Untitled" : ComparisonExchange.quoted(title)
    }

    /// Whether the same write tried again later may succeed (a lock let go, space freed); false for a write refused for
    /// what it holds (`mixedFamilies`: it fails the same way every time) and for `comparisonDeleted`, which waits for
    /// the comparison to be saved again.
    public var isRetryable: Bool {
        switch self {
        case .locked, .failed: true
        case .notAPerDatabase, .corrupt, .cannotOpen, .readOnly, .comparisonDeleted, .mixedFamilies, .otherDatabase, .recoveryRefused: false
        }
    }
}

extension DatabaseFailure: CustomStringConvertible {
    public var description: String { message }
}
