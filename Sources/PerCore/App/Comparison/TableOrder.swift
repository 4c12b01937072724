/// How the table lists products: as typed (the edited row never moves; the default), or best value
/// first (Ctrl-S). A way of looking, kept in the session, not saved with the comparison.
public enum TableOrder: Equatable, Sendable {
    case entry
    case bestFirst

    public var toggled: TableOrder {
        switch self {
        case .entry: .bestFirst
        case .bestFirst: .entry
        }
    }
}

/// The table's order as product indices, derived once per change of the comparison (sorting
/// 100,000 products is not done per keystroke).
struct DisplayOrder: Sendable {
    var comparisonID: ComparisonID?
    var revision: Int
    var order: TableOrder
    /// The product index at each position; empty in entry order, where a position is the index.
    private var indices: [Int]
    /// The position of each product index; empty in entry order.
    private var positions: [Int]

    static let empty = DisplayOrder(comparisonID: nil, revision: -1, order: .entry, indices: [], positions: [])

    private init(comparisonID: ComparisonID?, revision: Int, order: TableOrder, indices: [Int], positions: [Int]) {
        self.comparisonID = comparisonID
        self.revision = revision
        self.order = order
        self.indices = indices
        self.positions = positions
    }

    init(_ comparison: Comparison, order: TableOrder) {
        switch order {
        case .entry:
            self.init(comparisonID: comparison.id, revision: comparison.revision, order: order, indices: [], positions: [])
        case .bestFirst:
            let indices = comparison.indicesByRank
            var positions = [Int](repeating: 0, count: indices.count)
            for (position, index) in indices.enumerated() { positions[index] = position }
            self.init(comparisonID: comparison.id, revision: comparison.revision, order: order, indices: indices, positions: positions)
        }
    }

    func isCurrent(for comparison: Comparison, order: TableOrder) -> Bool {
        self.order == order && (order == .entry || (comparisonID == comparison.id && revision == comparison.revision))
    }

    func index(at position: Int) -> Int { indices.isEmpty ? position : indices[position] }
    func position(of index: Int) -> Int { positions.isEmpty ? index : positions[index] }
}
