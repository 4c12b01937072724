extension ComparisonScreen {
    /// Takes in what another session saved, keeping this session's field in progress.
    /// A product that is focused here but gone there is kept, so the edit is not lost (committing saves it again).
    /// Products whose saves wait (a lock, a full disk) come in `fresh` as this session made them: the database
    /// session lays its waiting writes over what it read.
    mutating func adoptExternalChanges(_ fresh: Comparison, session: inout Session) {
        let focusedProduct = self.focusedProduct
        let isEditing = editor != untouchedEditor
        var merged = fresh
        let freshIDs = Set(fresh.products.map(\.id))
        // Local products the shop does not have (being edited here) are kept, each placed
        // after the product it followed here (at the end when none). The blank new row stays last: what it
        // becomes is saved after the comparison's last product, so that is where it is shown meanwhile.
        let kept = comparison.products.enumerated().filter { _, product in
            (product.isBlank || (product.id == focusedProduct.id && isEditing))
                && !freshIDs.contains(product.id)
        }
        for (localIndex, product) in kept where !product.isBlank {
            let previous = comparison.products[..<localIndex].last { p in merged.products.contains { $0.id == p.id } }
            let at = previous.flatMap { p in merged.products.firstIndex { $0.id == p.id } }.map { $0 + 1 } ?? merged.products.count
            merged.insert(product, at: at)
        }
        for (_, product) in kept where product.isBlank { merged.append(product) }
        if !freshIDs.contains(focusedProduct.id) && !focusedProduct.isBlank && isEditing {
            deletedElsewhere.insert(focusedProduct.id)
        }
        deletedElsewhere.formIntersection(merged.products.map(\.id))
        if merged.products.isEmpty { merged.append(focusedProduct.isBlank ? focusedProduct : .new(id: session.makeProductID())) }
        let index = merged.products.firstIndex { $0.id == focusedProduct.id }
            ?? min(focus.product, merged.products.count - 1)   // gone and not being edited: its neighbour takes the focus
        comparison = merged
        // Other sessions' prices now are compared with as this session's are; what they replaced went into the
        // history, which the poll reads again when it changed.
        page.value = .empty
        focus = FieldFocus(product: index, field: focus.field)
        if !isEditing || comparison.products[index].id != focusedProduct.id {
            resetEditor(session)     // nothing typed here: show the other session's value
        } else if case .unit(let picker) = editor {
            var refreshed = UnitPicker(selected: picker.selected, offered: offeredUnits(for: index))
            for c in picker.typed { _ = refreshed.type(c) }
            editor = .unit(refreshed)
        }
    }
}
