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

extension Comparison {
    /// The comparison with an edit made that waits to be written (the database session lays its queue over what it
    /// reads, so a change that waits shows as made). A saved field brings its product as it is now.
    public mutating func apply(_ edit: ComparisonEdit) {
        switch edit {
        case .saveField(_, let product, _):
            if let index = products.firstIndex(where: { $0.id == product.id }) {
                replaceProduct(at: index, with: product)
            } else {
                append(product)
            }
        case .restoreProduct(let product, let position):
            guard !products.contains(where: { $0.id == product.id }) else { return }
            insert(product, at: min(max(position, 0), products.count))
        case .deleteProduct(let id), .withdrawProduct(let id):
            if let index = products.firstIndex(where: { $0.id == id }) { removeProduct(at: index) }
        case .deleteAllProducts(let ids):
            for index in products.indices.reversed() where ids.contains(products[index].id) { removeProduct(at: index) }
        case .saveHeader:
            break   // the header travels with the edit; the open comparison shows its own
        case .pinProduct(let product):
            pinned = product
        }
    }
}
