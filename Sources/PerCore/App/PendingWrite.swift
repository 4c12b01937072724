/// A database write as it was asked, with what it needs of the comparison it was asked in: a queued write lands in
/// that comparison even if another one is open when it is finally done. `DatabaseSession` keeps them in order until
/// they are done; a recovery file (`RecoveryJournal`) holds the ones that never were.
public enum PendingWrite: Equatable, Sendable {
    /// `needsRow`: the comparison's row did not exist yet: the header is saved first.
    case edit(ComparisonEdit, of: ComparisonHeader, needsRow: Bool)
    /// A comparison saved whole again, as it was.
    case restore(Comparison)
    /// A write to the list or to whole comparisons (a `DatabaseEffect` that writes).
    case other(DatabaseEffect)

    public var isRestore: Bool {
        if case .restore = self { return true }
        return false
    }

    /// A write into comparison `id`'s own data, or its making (not a restore): saving it whole covers it.
    public func isEdit(of id: ComparisonID) -> Bool {
        switch self {
        case .edit(_, let header, _): header.id == id
        case .other(.createComparison(let created)): created.id == id
        case .restore, .other: false
        }
    }

    /// Whether this write makes comparison `id`'s row (until it is done, the row's absence means nothing).
    public func needsRow(of id: ComparisonID) -> Bool {
        switch self {
        case .edit(_, let header, let needsRow): needsRow && header.id == id
        case .other(.createComparison(let created)): created.id == id
        case .restore, .other: false
        }
    }

    public var savedProduct: ProductID? {
        if case .edit(let edit, _, _) = self { return edit.savedProduct }
        return nil
    }

    /// The change as the core asked it.
    public var change: DatabaseEffect {
        switch self {
        case .edit(let edit, let header, _): .edit(edit, of: header)
        case .restore(let comparison): .restoreComparison(comparison)
        case .other(let effect): effect
        }
    }
}
