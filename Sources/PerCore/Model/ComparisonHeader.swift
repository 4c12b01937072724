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

extension Comparison {
    /// The comparison as it is worth saving whole: without the blank new row (nothing typed into it yet).
    public var withoutBlankProducts: Comparison {
        var kept = self
        for index in kept.products.indices.reversed() where kept.products[index].isBlank { kept.removeProduct(at: index) }
        return kept
    }
}
