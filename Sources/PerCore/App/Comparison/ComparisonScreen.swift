import Foundation

/// The comparison being edited: its products, the focused field and that field's edit in progress.
public struct ComparisonScreen: Equatable, Sendable {
    public internal(set) var comparison: Comparison
    public internal(set) var focus: FieldFocus
    public internal(set) var editor: FieldEditor
    /// The editor as the focused field's value made it: leaving an untouched field saves nothing,
    /// so it cannot overwrite a newer value from another session.
    var untouchedEditor: FieldEditor
    /// Products whose last save failed (a long lock, a full disk): kept through other sessions'
    /// changes and saved again at the next poll.
    public internal(set) var unsaved: Set<ProductID> = []
    /// Products another session deleted while the user was editing them here: kept until the focus
    /// leaves them, then gone unless the edit was committed (which saves them again).
    var deletedElsewhere: Set<ProductID> = []
    /// The visible page's row texts, derived from `comparison` and kept current by `update`.
    var page = Derived(TablePage.empty)

    /// Opens `comparison` with the focus on the price of a new, empty product at its end.
    public init(comparison: Comparison, session: inout Session) {
        self.comparison = comparison
        if comparison.products.last?.isBlank != true {
            self.comparison.append(Product(id: session.makeProductID()))
        }
        focus = FieldFocus(product: self.comparison.products.count - 1, field: .price)
        editor = .numeric(CalculatorEngine())
        untouchedEditor = editor
        resetEditor()
        refreshTablePage(session)
    }

    public var tablePage: TablePage { page.value }
    public var focusedProduct: Product { comparison.products[focus.product] }

    /// The keypad keys that do something now (none outside numeric fields).
    public var enabledKeys: Set<CalculatorKey> {
        if case .numeric(let engine) = editor { return engine.enabledKeys }
        return []
    }

    /// Re-derives the visible rows when the comparison or the page changed.
    mutating func refreshTablePage(_ session: Session) {
        let range = ScreenLayout(self, session: session).visibleProducts
        if !page.value.isCurrent(for: comparison, range: range) {
            page.value = TablePage(comparison, range: range, reusing: page.value)
        }
    }

    // MARK: Update

    public mutating func update(_ action: ComparisonAction, session: inout Session, chrome: inout Chrome) -> [Effect] {
        defer { refreshTablePage(session) }
        switch action {
        case .keypad(let key): return press(key, chrome: &chrome)
        case .type(let character): return type(character, currency: session.currency, chrome: &chrome)
        case .deleteBackward:
            switch editor {
            case .numeric: return press(.backspace, chrome: &chrome)
            case .unit(var picker): _ = picker.deleteBackward(); editor = .unit(picker)
            case .text(var text): if !text.isEmpty { text.removeLast() }; editor = .text(text)
            }
            chrome.status = nil
            return []
        case .clearField:
            switch editor {
            case .numeric: return press(.clear, chrome: &chrome)
            case .unit(var picker): picker.clear(); editor = .unit(picker)
            case .text: editor = .text("")
            }
            chrome.status = nil
            return []
        case .nextField: return move(by: 1, session: &session, chrome: &chrome)
        case .previousField: return move(by: -1, session: &session, chrome: &chrome)
        case .nextProduct:
            return moveTo(FieldFocus(product: min(focus.product + 1, comparison.products.count - 1), field: focus.field), chrome: &chrome)
        case .previousProduct:
            return moveTo(FieldFocus(product: max(focus.product - 1, 0), field: focus.field), chrome: &chrome)
        case .cancelEdit:
            resetEditor()
            chrome.status = StatusMessage("Edit cancelled")
            return []
        case .stepUnit(let delta):
            guard case .unit(var picker) = editor else { return [] }
            picker.step(delta)
            editor = .unit(picker)
            return []
        case .selectUnit(let unit):
            guard case .unit(var picker) = editor else { return [] }
            picker.select(unit)
            editor = .unit(picker)
            chrome.flash = .unit(unit)
            return move(by: 1, session: &session, chrome: &chrome)
        case .focus(let target): return moveTo(target, chrome: &chrome)
        case .paste(let text): return paste(text, currency: session.currency, chrome: &chrome)
        case .stepBasis(let delta): return stepBasis(delta, chrome: &chrome)
        case .toggleVolumeSystem:
            comparison.volumeSystem = comparison.volumeSystem == .us ? .imperial : .us
            chrome.status = StatusMessage(comparison.volumeSystem == .us
                ? "US customary volume units (tsp to gal)" : "UK imperial volume units (pint, gallon, fl oz; metric spoons)")
            return [.saveHeader]
        case .askDeleteProduct:
            chrome.overlay = .confirm(.deleteProduct(focusedProduct.id, number: focus.product + 1))
            return []
        case .askClearComparison:
            chrome.overlay = .confirm(.clearComparison)
            return []
        case .deleteProduct(let id, let number):
            return deleteProduct(id, number: number, session: &session, chrome: &chrome)
        case .clearAll:
            let ids = comparison.products.map(\.id)
            comparison.removeAllProducts()
            comparison.append(Product(id: session.makeProductID()))
            unsaved = []
            focus = FieldFocus(product: 0, field: .price)
            resetEditor()
            chrome.status = StatusMessage("Comparison cleared")
            return [.deleteAllProducts(ids)]
        case .commitField:
            return commit(chrome: &chrome)
        }
    }

    // MARK: Keypad and typing

    private mutating func press(_ key: CalculatorKey, chrome: inout Chrome) -> [Effect] {
        guard case .numeric(var engine) = editor else {
            chrome.status = StatusMessage("The keypad is for price and quantity", isWarning: true)
            return []
        }
        chrome.flash = .key(key)
        if let reason = engine.disabledReason(key) {
            chrome.status = StatusMessage(reason, isWarning: true)
            return []
        }
        engine.press(key)
        editor = .numeric(engine)
        chrome.status = nil
        return []
    }

    private mutating func type(_ character: Character, currency: Currency?, chrome: inout Chrome) -> [Effect] {
        switch editor {
        case .numeric:
            guard let key = CalculatorKey(character: character) else {
                // The currency is shown with prices, so typing it before one means nothing and is fine.
                if let currency, currency.text.contains(character), focus.field == .price {
                    chrome.status = nil
                    return []
                }
                if character.isWhitespace { return [] }
                chrome.status = StatusMessage("'\(character)' isn't a number: digits, . + - * / =", isWarning: true)
                return []
            }
            return press(key, chrome: &chrome)
        case .unit(var picker):
            if picker.type(character) {
                editor = .unit(picker)
                chrome.status = picker.typingMessage
            }
            return []
        case .text(let text):
            guard TextWidth.of(character) > 0 else { return [] }
            editor = .text(text + String(character))
            chrome.status = nil
            return []
        }
    }

    /// Pasted text goes into the field filtered to what it accepts; it never triggers a command.
    private mutating func paste(_ text: String, currency: Currency?, chrome: inout Chrome) -> [Effect] {
        var text = text
        if case .numeric = editor {
            // `$1,234.56` is 1234.56: the currency left out, thousands ungrouped; never 1.23456.
            if let currency, focus.field == .price { text = currency.stripped(from: text) }
            switch NumberGrouping.ungrouped(text) {
            case .success(let plain): text = plain
            case .failure(let refusal):
                chrome.status = StatusMessage("Not pasted: " + refusal.message, isWarning: true)
                chrome.flash = nil
                return []
            }
        }
        var skipped = 0
        for character in text {
            if character.isNewline || character == "\t" { skipped += 1; continue }
            switch editor {
            case .numeric(var engine):
                if let key = CalculatorKey(character: character), engine.press(key) {
                    editor = .numeric(engine)
                } else if !character.isWhitespace {
                    skipped += 1
                }
            case .unit(var picker):
                if picker.type(character) { editor = .unit(picker) } else { skipped += 1 }
            case .text(let current):
                if TextWidth.of(character) > 0 { editor = .text(current + String(character)) } else { skipped += 1 }
            }
        }
        chrome.status = skipped > 0 ? StatusMessage("Pasted; \(skipped) character\(skipped == 1 ? "" : "s") this field doesn't take left out") : nil
        chrome.flash = nil
        return []
    }

    // MARK: Focus and commit

    private mutating func move(by delta: Int, session: inout Session, chrome: inout Chrome) -> [Effect] {
        let fields = ProductField.allCases
        let index = fields.firstIndex(of: focus.field)! + delta
        if index >= fields.count {
            if let next = productAfterLastField(session: session) {
                return moveTo(FieldFocus(product: next, field: fields[0]), chrome: &chrome)
            }
            let effects = commit(chrome: &chrome)
            if comparison.products[focus.product].isBlank {
                chrome.status = StatusMessage("Type a price to start the next product")
                focus = FieldFocus(product: focus.product, field: .price)
                resetEditor()
                return effects
            }
            comparison.append(Product(id: session.makeProductID()))
            focus = FieldFocus(product: comparison.products.count - 1, field: .price)
            resetEditor()
            return effects
        }
        if index < 0 {
            guard focus.product > 0 else {
                let effects = commit(chrome: &chrome)
                resetEditor()
                return effects
            }
            return moveTo(FieldFocus(product: focus.product - 1, field: fields[fields.count - 1]), chrome: &chrome)
        }
        return moveTo(FieldFocus(product: focus.product, field: fields[index]), chrome: &chrome)
    }

    /// Where Tab from the last field goes: from a product this session made, to the next one it
    /// made (another session's products, added meanwhile, are never entered this way); from any
    /// other product, to the next product. Nil: a new product is started at the end.
    private func productAfterLastField(session: Session) -> Int? {
        let later = comparison.products.indices.dropFirst(focus.product + 1)
        guard session.made(focusedProduct.id) else { return later.first }
        return later.first { session.made(comparison.products[$0].id) }
    }

    private mutating func moveTo(_ target: FieldFocus, chrome: inout Chrome) -> [Effect] {
        guard comparison.products.indices.contains(target.product) else { return [] }
        let effects = commit(chrome: &chrome)
        var target = target
        let left = focusedProduct.id
        if deletedElsewhere.remove(left) != nil, effects.isEmpty, target.product != focus.product {
            comparison.removeProduct(at: focus.product)
            if target.product > focus.product { target.product -= 1 }
        }
        focus = target
        resetEditor()
        return effects
    }

    /// Writes the editor's value into the focused product; returns a save when it changed.
    private mutating func commit(chrome: inout Chrome) -> [Effect] {
        guard editor != untouchedEditor else { return [] }
        var product = focusedProduct
        var message: StatusMessage?
        switch editor {
        case .numeric(let engine):
            let commit = engine.commit
            if let value = commit.value, value < 0 {
                message = StatusMessage("\(focus.field.title) can't be below zero: kept the previous value", isWarning: true)
            } else if focus.field == .price {
                product.price = commit.value
            } else {
                product.quantity = commit.value
            }
            if let text = commit.message { message = StatusMessage(text, isWarning: true) }
        case .unit(let picker):
            let kept = "kept \(product.unit?.symbol ?? "none")"
            switch picker.reading {
            case .nothingTyped: product.unit = picker.selected
            case .offered(let unit): product.unit = unit
            case .newWord(let unit):
                product.unit = unit
                message = StatusMessage("\(unit.symbol): a count unit, compared only with \(unit.family.name)")
            case .otherFamily(let unit, let family):
                message = StatusMessage("\(unit.kindDescription); this comparison is \(family.comparisonPhrase): \(kept)", isWarning: true)
            case .unknown:
                message = StatusMessage("Unknown unit '\(picker.typed)' (a word of at most \(CountWord.maximumLength) letters counts on its own): \(kept)", isWarning: true)
            }
        case .text(let text):
            product.name = text
        }
        if let message { chrome.status = message }
        guard product != focusedProduct else { return [] }
        comparison.replaceProduct(at: focus.product, with: product)
        if message == nil { chrome.status = nil }
        return [.saveField(focus.field, product: product, position: focus.product)]
    }

    /// Starts the focused field's edit from its value.
    mutating func resetEditor() {
        editor = makeEditor(for: focus)
        untouchedEditor = editor
    }

    private func makeEditor(for focus: FieldFocus) -> FieldEditor {
        let product = comparison.products[focus.product]
        switch focus.field {
        case .price: return .numeric(CalculatorEngine(value: product.price))
        case .quantity: return .numeric(CalculatorEngine(value: product.quantity))
        case .unit: return .unit(UnitPicker(selected: product.unit, offered: offeredUnits(for: focus.product)))
        case .name: return .text(product.name)
        }
    }

    /// Units of the family the other products use; every unit while none has one.
    public func offeredUnits(for index: Int) -> [MeasureUnit] {
        let others = comparison.products.indices.lazy.filter { $0 != index }.compactMap { comparison.products[$0].unit }
        guard let family = others.first?.family else { return MeasureUnit.standard }
        return family.units
    }

    // MARK: Basis, deletion

    private mutating func stepBasis(_ delta: Int, chrome: inout Chrome) -> [Effect] {
        guard let family = comparison.family else {
            chrome.status = StatusMessage("Pick a unit first: the comparison unit follows it", isWarning: true)
            return []
        }
        let choices = ComparisonBasis.choices(for: family)
        let current = comparison.basis.flatMap { choices.firstIndex(of: $0) } ?? 0
        comparison.chosenBasis = choices[(current + delta % choices.count + choices.count) % choices.count]
        chrome.status = StatusMessage("Unit prices per \(comparison.basis!.label)")
        return [.saveHeader]
    }

    private mutating func deleteProduct(_ id: ProductID, number: Int, session: inout Session, chrome: inout Chrome) -> [Effect] {
        guard let index = comparison.products.firstIndex(where: { $0.id == id }) else {
            chrome.status = StatusMessage("Product #\(number) was already deleted in another session")
            return []
        }
        comparison.removeProduct(at: index)
        unsaved.remove(id)
        if comparison.products.isEmpty { comparison.append(Product(id: session.makeProductID())) }
        focus = FieldFocus(product: min(index, comparison.products.count - 1), field: .price)
        resetEditor()
        chrome.status = StatusMessage("Deleted product #\(index + 1)")
        return [.deleteProduct(id)]
    }
}

extension ComparisonScreen {
    /// The comparison was renamed on the list screen.
    mutating func rename(_ title: String) {
        comparison.title = title
    }
}
