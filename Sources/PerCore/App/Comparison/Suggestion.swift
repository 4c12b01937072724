/// What an empty unit or shop field of a product this session made suggests (shown `g?`, `@ Lidl?`): the unit of the
/// product before it, and the shop the shopper said they are in (`--shop`), else the last shop typed into a product
/// this session made here. A suggestion is never the product's until taken: the unit by Enter on it, the shop when the
/// product is finished (Enter, or Tab from its last field); a unit or shop typed replaces it. Until then the product
/// ranks, is judged, goes into the price book and is saved without it.
public struct Suggestion: Equatable, Sendable {
    public var unit: MeasureUnit?
    public var shop: String?
}

extension Comparison {
    /// What product `index`'s empty fields suggest; nothing for a product another session (or another run) made.
    func suggestion(for index: Int, session: Session) -> Suggestion {
        let product = products[index]
        guard session.made(product.id) else { return Suggestion() }
        let before = products[..<index]
        let unit = product.unit == nil ? before.last { $0.unit != nil }?.unit : nil
        // The shop asked first, then whether this session made it: most products have none, and the look back is cheap.
        let shop = product.shop.isEmpty ? session.shop?.text ?? before.last { !$0.shop.isEmpty && session.made($0.id) }?.shop : nil
        return Suggestion(unit: unit, shop: shop)
    }
}

extension ComparisonScreen {
    public func suggestion(for index: Int, session: Session) -> Suggestion { comparison.suggestion(for: index, session: session) }
}

extension ComparisonScreen {
    /// The suggestion the focused unit or shop field shows untouched (`g`, `Lidl`), which Enter takes; nil otherwise.
    public var focusedSuggestion: String? {
        guard editor == untouchedEditor, !editor.text.isEmpty else { return nil }
        switch focus.field.spec.editor {
        case .unit: return focusedProduct.unit == nil ? editor.text : nil
        case .text(let value, .some, _, _): return value(focusedProduct).isEmpty ? editor.text : nil
        case .text, .number: return nil
        }
    }
}
