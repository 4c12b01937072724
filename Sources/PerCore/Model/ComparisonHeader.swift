/// A comparison without its products: what its row in the database holds besides the list's state.
public struct ComparisonHeader: Equatable, Sendable {
    public var id: ComparisonID
    public var title: String
    public var chosenBasis: ComparisonBasis?
    public var volumeSystem: VolumeSystem

    public init(id: ComparisonID, title: String = "", chosenBasis: ComparisonBasis? = nil, volumeSystem: VolumeSystem = .us) {
        self.id = id
        self.title = title
        self.chosenBasis = chosenBasis
        self.volumeSystem = volumeSystem
    }
}

extension Comparison {
    public var header: ComparisonHeader {
        ComparisonHeader(id: id, title: title, chosenBasis: chosenBasis, volumeSystem: volumeSystem)
    }

    /// A comparison with no products, as `header` describes it.
    public init(_ header: ComparisonHeader) {
        self.init(id: header.id, title: header.title, basis: header.chosenBasis, volumeSystem: header.volumeSystem)
    }
}
