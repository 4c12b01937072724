extension ComparisonScreen {
    /// The store's reports that concern the open comparison; the root takes the rest.
    mutating func update(_ event: StoreEvent, session: Session, chrome: inout Chrome) -> [Effect] {
        defer { refreshTablePage(session) }
        switch event {
        case .externalChanges(let fresh):
            adoptExternalChanges(fresh)
        case .saved(let id):
            unsaved.remove(id)
        case .saveFailed(let id, _):
            if comparison.products.contains(where: { $0.id == id }) { unsaved.insert(id) }
        case .listsLoaded, .opened, .failed, .refused, .allSaved, .quitWaits, .comparisonDeletedElsewhere, .restoredDeletedComparison:
            break
        }
        return []
    }

    /// Takes in what another session saved, keeping this session's field in progress.
    /// A product that is focused here but gone there is kept, so the edit is not lost (committing saves it again);
    /// so are unsaved products (their save failed and will be tried again).
    private mutating func adoptExternalChanges(_ fresh: Comparison) {
        let focusedProduct = self.focusedProduct
        var merged = fresh
        // Local products the store does not have (blank, failed to save, or focused here) are kept,
        // each placed after the product it followed here (at the end when none).
        for (localIndex, product) in comparison.products.enumerated()
        where (product.isBlank || unsaved.contains(product.id) || product.id == focusedProduct.id)
            && !merged.products.contains(where: { $0.id == product.id }) {
            let previous = comparison.products[..<localIndex].last { p in merged.products.contains { $0.id == p.id } }
            let at = previous.flatMap { p in merged.products.firstIndex { $0.id == p.id } }.map { $0 + 1 } ?? merged.products.count
            merged.insert(product, at: at)
        }
        for id in unsaved {
            if let mine = comparison.products.first(where: { $0.id == id }), let i = merged.products.firstIndex(where: { $0.id == id }) {
                merged.replaceProduct(at: i, with: mine)
            }
        }
        comparison = merged
        page.value = .empty
        let index = merged.products.firstIndex { $0.id == focusedProduct.id }!
        focus = FieldFocus(product: index, field: focus.field)
        if editor == untouchedEditor {
            resetEditor()     // nothing typed here: show the other session's value
        } else if case .unit(let picker) = editor {
            var refreshed = UnitPicker(selected: picker.selected, offered: offeredUnits(for: index))
            for c in picker.typed { _ = refreshed.type(c) }
            editor = .unit(refreshed)
        }
    }
}
