import PerCore

/// Reducer tests name effects briefly: a write into the test comparison `c` (its header as `TestStore` makes it,
/// unless given), a read, a terminal effect. Each builds the effect the reducers really return.
extension ComparisonHeader {
    static let testComparison = ComparisonHeader(id: "c")
}

extension Effect {
    static func saveField(_ field: ProductField, product: Product, keepsEarlierPrice: Bool = true,
                          in header: ComparisonHeader = .testComparison) -> Effect {
        .database(.edit(.saveField(field, product: product, keepsEarlierPrice: keepsEarlierPrice), of: header))
    }
    static func deleteProduct(_ id: ProductID, in header: ComparisonHeader = .testComparison) -> Effect {
        .database(.edit(.deleteProduct(id), of: header))
    }
    static func restoreProduct(_ product: Product, position: Int, in header: ComparisonHeader = .testComparison) -> Effect {
        .database(.edit(.restoreProduct(product, position: position), of: header))
    }
    static func deleteAllProducts(_ ids: [ProductID], in header: ComparisonHeader = .testComparison) -> Effect {
        .database(.edit(.deleteAllProducts(ids), of: header))
    }
    static func saveHeader(_ header: ComparisonHeader) -> Effect { .database(.edit(.saveHeader, of: header)) }
    static var saveHeader: Effect { saveHeader(.testComparison) }
    static func pinProduct(_ id: ProductID?, in header: ComparisonHeader = .testComparison) -> Effect {
        .database(.edit(.pinProduct(id), of: header))
    }
    static var loadShoppingList: Effect { .database(.loadShoppingList) }
    static func loadHistory(_ id: ComparisonID, for reader: HistoryReader = .lowestSeen) -> Effect { .database(.loadHistory(id, for: reader)) }
    static func openComparison(_ id: ComparisonID) -> Effect { .database(.openComparison(id)) }
    static func createComparison(_ c: Comparison) -> Effect { .database(.createComparison(c)) }
    static func openNew(_ c: Comparison) -> Effect { .database(.openNew(c)) }
    static func addListItem(_ c: Comparison) -> Effect { .database(.addListItem(c)) }
    static func changeListCount(_ id: ComparisonID, by delta: Int, pack: ListAmount? = nil) -> Effect { .database(.changeListCount(id, by: delta, pack: pack)) }
    static func setTicked(_ id: ComparisonID, _ ticked: Bool) -> Effect { .database(.setTicked(id, ticked)) }
    static var clearTicks: Effect { .database(.clearTicks) }
    static func moveInAisle(_ id: ComparisonID, by step: Int, at shop: ShopName?) -> Effect { .database(.moveInAisle(id, by: step, at: shop)) }
    static func renameComparison(_ id: ComparisonID, _ title: String) -> Effect { .database(.renameComparison(id, title)) }
    static func deleteComparison(_ id: ComparisonID) -> Effect { .database(.deleteComparison(id)) }
    static func restoreDeletedComparison(_ c: Comparison) -> Effect { .database(.restoreDeletedComparison(c)) }
    static func discardIfBlank(_ id: ComparisonID) -> Effect { .database(.discardIfBlank(id)) }
    static func restoreComparison(_ c: Comparison) -> Effect { .database(.restoreComparison(c)) }
    static var repaint: Effect { .terminal(.repaint) }
    static var suspend: Effect { .terminal(.suspend) }
    static var quit: Effect { .terminal(.quit) }
    static var quitNow: Effect { .terminal(.quitNow) }
    /// The timer that ends a key flash.
    static var flashTimer: Effect { .after(milliseconds: AppState.flashMilliseconds, .terminal(.flashEnded)) }
}
