import Foundation

/// A button on screen that can show pressed: a keypad key, a toolbar button or a unit in the picker.
public enum KeypadButton: Hashable, Sendable {
    case key(CalculatorKey)
    case previous
    case next
    case unit(MeasureUnit)
}

public enum Overlay: Equatable, Sendable {
    case none
    /// The help screen, at a page (narrow screens need several).
    case help(page: Int)
    case confirm(Confirmation)
}

public enum Confirmation: Equatable, Sendable {
    /// The product, and its number on screen when asked.
    case deleteProduct(ProductID, number: Int)
    case clearComparison
    case deleteComparison(ListEntry)

    public var question: String {
        switch self {
        case .deleteProduct(_, let number): "Delete product #\(number)? y/n"
        case .clearComparison: "Delete every product of this comparison? y/n"
        case .deleteComparison(let entry): "Delete the comparison \"\(entry.displayTitle)\" and its \(entry.productCount) product\(entry.productCount == 1 ? "" : "s")? y/n"
        }
    }
}

public struct StatusMessage: Equatable, Sendable {
    public var text: String
    public var isWarning: Bool
    public init(_ text: String, isWarning: Bool = false) {
        self.text = text
        self.isWarning = isWarning
    }
}

public struct TerminalSize: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// The whole app: the comparison being edited, the focused field and its edit in progress, and what is on screen.
public struct AppState: Equatable, Sendable {
    public private(set) var comparison: Comparison
    /// The visible page's row texts, derived from `comparison` and kept current by `update`.
    public private(set) var tablePage = TablePage.empty
    public private(set) var focus: FieldFocus
    public private(set) var editor: FieldEditor
    /// The editor as the focused field's value made it: leaving an untouched field saves nothing,
    /// so it cannot overwrite a newer value from another session.
    private var untouchedEditor: FieldEditor
    public var overlay: Overlay = .none
    /// The list of saved comparisons, when it is on screen (it covers the comparison).
    public var lists: ListsScreen?
    public var status: StatusMessage?
    /// The button shown pressed until `.flashEnded`.
    public var flash: KeypadButton?
    public var size: TerminalSize
    public var isReadOnly = false
    /// The glyphs the screen is drawn with (they set the toolbar's widths for clicks).
    public var glyphs: GlyphSet = .utf8
    /// Makes product IDs unique across sessions sharing a database.
    public let sessionID: String
    private var serial = 0

    /// Opens `comparison` with the focus on the price of a new, empty product at its end.
    public init(comparison: Comparison = Comparison(), size: TerminalSize = TerminalSize(width: 80, height: 24), sessionID: String = EntityID.random().rawValue,
                serial: Int = 0, glyphs: GlyphSet = .utf8, isReadOnly: Bool = false) {
        self.comparison = comparison
        self.size = size
        self.sessionID = sessionID
        self.serial = serial
        self.glyphs = glyphs
        self.isReadOnly = isReadOnly
        focus = FieldFocus(product: 0, field: .price)
        editor = .numeric(CalculatorEngine())
        untouchedEditor = editor
        if comparison.products.last?.isBlank != true {
            self.comparison.append(Product(id: makeProductID()))
        }
        focus = FieldFocus(product: self.comparison.products.count - 1, field: .price)
        resetEditor()
        refreshTablePage()
    }

    public var focusedProduct: Product { comparison.products[focus.product] }

    /// The keypad keys that do something now (none outside numeric fields).
    public var enabledKeys: Set<CalculatorKey> {
        if case .numeric(let engine) = editor { return engine.enabledKeys }
        return []
    }

    // MARK: Update

    /// Applies an action; returns what the edges must do (save, quit...).
    @discardableResult
    public mutating func update(_ action: Action) -> [Effect] {
        let effects = apply(action)
        refreshTablePage()
        return effects
    }

    /// Re-derives the visible rows when the comparison or the page changed.
    mutating func refreshTablePage() {
        let range = ScreenLayout(self).visibleProducts
        if !tablePage.isCurrent(for: comparison, range: range) {
            tablePage = TablePage(comparison, range: range, reusing: tablePage)
        }
    }

    private mutating func apply(_ action: Action) -> [Effect] {
        if !action.isTerminalEvent {
            if case .confirm(let question) = overlay { return answer(question, with: action) }
            if case .help(let page) = overlay {
                let pages = HelpView.pageCount(width: size.width, height: size.height)
                let forward = action == .nextField || action == .nextProduct
                overlay = forward && page + 1 < pages ? .help(page: page + 1) : .none
                return []
            }
            if lists != nil, let effects = updateLists(action) { return effects }
        }
        switch action {
        case .keypad(let key): return press(key)
        case .type(let character): return type(character)
        case .deleteBackward:
            if case .numeric = editor { return press(.backspace) }
            editEditor { editor in
                switch editor {
                case .unit(var picker): _ = picker.deleteBackward(); editor = .unit(picker)
                case .text(var text): if !text.isEmpty { text.removeLast() }; editor = .text(text)
                case .numeric: break
                }
            }
            return []
        case .clearField:
            if case .numeric = editor { return press(.clear) }
            editEditor { editor in
                switch editor {
                case .unit(var picker): picker.clear(); editor = .unit(picker)
                case .text: editor = .text("")
                case .numeric: break
                }
            }
            return []
        case .nextField: return move(by: 1)
        case .previousField: return move(by: -1)
        case .nextProduct: return moveTo(FieldFocus(product: min(focus.product + 1, comparison.products.count - 1), field: focus.field))
        case .previousProduct: return moveTo(FieldFocus(product: max(focus.product - 1, 0), field: focus.field))
        case .cancelEdit:
            resetEditor()
            status = StatusMessage("Edit cancelled")
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
            flash = .unit(unit)
            return move(by: 1)
        case .focus(let target): return moveTo(target)
        case .paste(let text): return paste(text)
        case .click(let x, let y):
            guard let hit = ScreenLayout(self).action(atX: x, y: y, glyphs: glyphs) else { return [] }
            return apply(hit)
        case .stepBasis(let delta): return stepBasis(delta)
        case .toggleVolumeSystem:
            comparison.volumeSystem = comparison.volumeSystem == .us ? .imperial : .us
            status = StatusMessage(comparison.volumeSystem == .us
                ? "US customary volume units (tsp to gal)" : "UK imperial volume units (pint, gallon, fl oz; metric spoons)")
            return [.saveHeader]
        case .askDeleteProduct:
            overlay = .confirm(.deleteProduct(focusedProduct.id, number: focus.product + 1))
            return []
        case .askClearComparison:
            overlay = .confirm(.clearComparison)
            return []
        case .confirm, .dismiss: return []
        case .toggleHelp:
            overlay = overlay == .none ? .help(page: 0) : .none
            return []
        case .resize(let width, let height):
            size = TerminalSize(width: width, height: height)
            return []
        case .flashEnded:
            flash = nil
            return []
        case .redraw: return [.repaint]
        case .suspend: return [.suspend]
        case .quit, .hangup:
            return commit() + [.quit]
        case .showLists:
            let effects = commit()
            lists = ListsScreen(entries: [], selecting: comparison.id)
            return effects + [.loadLists]
        case .opened(let opened):
            self = AppState(comparison: opened, size: size, sessionID: sessionID, serial: serial, glyphs: glyphs, isReadOnly: isReadOnly)
            return []
        case .listsLoaded, .moveSelection, .openSelected, .newComparison, .renameSelected, .moveSelected, .askDeleteSelected:
            return []
        }
    }

    // MARK: Keypad and typing

    private mutating func press(_ key: CalculatorKey) -> [Effect] {
        guard case .numeric(var engine) = editor else {
            status = StatusMessage("The keypad is for price and quantity", isWarning: true)
            return []
        }
        flash = .key(key)
        if let reason = engine.disabledReason(key) {
            status = StatusMessage(reason, isWarning: true)
            return []
        }
        engine.press(key)
        editor = .numeric(engine)
        status = nil
        return []
    }

    private mutating func type(_ character: Character) -> [Effect] {
        switch editor {
        case .numeric:
            guard let key = CalculatorKey(character: character) else {
                status = StatusMessage("'\(character)' is not a keypad key: digits, . + - * / =", isWarning: true)
                return []
            }
            return press(key)
        case .unit(var picker):
            if picker.type(character) {
                editor = .unit(picker)
                status = picker.typedIsUnknown ? StatusMessage("No unit starts with '\(picker.typed)'", isWarning: true) : nil
            }
            return []
        case .text(let text):
            guard TextWidth.of(character) > 0 else { return [] }
            editor = .text(text + String(character))
            status = nil
            return []
        }
    }

    private mutating func editEditor(_ change: (inout FieldEditor) -> Void) {
        change(&editor)
        status = nil
    }

    /// Pasted text goes into the field filtered to what it accepts; it never triggers a command.
    private mutating func paste(_ text: String) -> [Effect] {
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
        status = skipped > 0 ? StatusMessage("Pasted; \(skipped) character\(skipped == 1 ? "" : "s") this field doesn't take left out") : nil
        flash = nil
        return []
    }

    // MARK: Focus and commit

    private mutating func move(by delta: Int) -> [Effect] {
        let fields = ProductField.allCases
        let index = fields.firstIndex(of: focus.field)! + delta
        if index >= fields.count {
            if focus.product == comparison.products.count - 1 {
                let effects = commit()
                if comparison.products[focus.product].isBlank {
                    status = StatusMessage("Type a price to start the next product")
                    focus = FieldFocus(product: focus.product, field: .price)
                    resetEditor()
                    return effects
                }
                comparison.append(Product(id: makeProductID()))
                focus = FieldFocus(product: comparison.products.count - 1, field: .price)
                resetEditor()
                return effects
            }
            return moveTo(FieldFocus(product: focus.product + 1, field: fields[0]))
        }
        if index < 0 {
            guard focus.product > 0 else { return commitInPlace() }
            return moveTo(FieldFocus(product: focus.product - 1, field: fields[fields.count - 1]))
        }
        return moveTo(FieldFocus(product: focus.product, field: fields[index]))
    }

    private mutating func moveTo(_ target: FieldFocus) -> [Effect] {
        guard comparison.products.indices.contains(target.product) else { return [] }
        let effects = commit()
        focus = target
        resetEditor()
        return effects
    }

    /// Commits without leaving (previous from the very first field).
    private mutating func commitInPlace() -> [Effect] {
        let effects = commit()
        resetEditor()
        return effects
    }

    /// Writes the editor's value into the focused product; returns a save when it changed.
    private mutating func commit() -> [Effect] {
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
            if picker.typedIsUnknown {
                message = StatusMessage("Unknown unit '\(picker.typed)': kept \(product.unit?.symbol ?? "none")", isWarning: true)
            } else {
                product.unit = picker.selected
            }
        case .text(let text):
            product.name = text
        }
        if let message { status = message }
        guard product != focusedProduct else { return [] }
        comparison.replaceProduct(at: focus.product, with: product)
        if message == nil { status = nil }
        return [.saveField(focus.field, product: product, position: focus.product)]
    }

    /// Starts the focused field's edit from its value.
    private mutating func resetEditor() {
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
        guard let family = others.first?.family else { return MeasureUnit.allCases }
        return family.units
    }

    private mutating func makeProductID() -> ProductID {
        serial += 1
        return ProductID("\(sessionID)-\(serial)")
    }

    // MARK: Basis, deletion

    private mutating func stepBasis(_ delta: Int) -> [Effect] {
        guard let family = comparison.family else {
            status = StatusMessage("Pick a unit first: the comparison unit follows it", isWarning: true)
            return []
        }
        let choices = ComparisonBasis.choices(for: family)
        let current = comparison.basis.flatMap { choices.firstIndex(of: $0) } ?? 0
        comparison.chosenBasis = choices[(current + delta % choices.count + choices.count) % choices.count]
        status = StatusMessage("Unit prices per \(comparison.basis!.label)")
        return [.saveHeader]
    }

    private mutating func answer(_ question: Confirmation, with action: Action) -> [Effect] {
        switch action {
        case .confirm, .type("y"), .type("Y"):
            overlay = .none
            return perform(question)
        case .dismiss, .cancelEdit, .type("n"), .type("N"):
            overlay = .none
            status = StatusMessage("Nothing deleted")
            return []
        default:
            return []
        }
    }

    private mutating func perform(_ confirmation: Confirmation) -> [Effect] {
        switch confirmation {
        case .deleteComparison(let entry):
            if var screen = lists {
                screen.refresh(screen.entries.filter { $0.id != entry.id })
                lists = screen
            }
            status = StatusMessage("Deleted \"\(entry.displayTitle)\"")
            var effects: [Effect] = [.deleteComparison(entry.id)]
            if entry.id == comparison.id {
                let next = lists?.entries.first.map { Effect.openComparison($0.id) } ?? .createComparison(Comparison())
                effects.append(next)
            }
            return effects + [.loadLists]
        case .deleteProduct(let id, let number):
            guard let index = comparison.products.firstIndex(where: { $0.id == id }) else {
                status = StatusMessage("Product #\(number) was already deleted in another session")
                return []
            }
            let removed = comparison.products[index]
            comparison.removeProduct(at: index)
            if comparison.products.isEmpty { comparison.append(Product(id: makeProductID())) }
            focus = FieldFocus(product: min(index, comparison.products.count - 1), field: .price)
            resetEditor()
            status = StatusMessage("Deleted product #\(index + 1)")
            return [.deleteProduct(removed.id)]
        case .clearComparison:
            let ids = comparison.products.map(\.id)
            comparison.removeAllProducts()
            comparison.append(Product(id: makeProductID()))
            focus = FieldFocus(product: 0, field: .price)
            resetEditor()
            status = StatusMessage("Comparison cleared")
            return [.deleteAllProducts(ids)]
        }
    }
}

extension Action {
    /// Events that come from the terminal rather than the user (they never close an overlay).
    var isTerminalEvent: Bool {
        switch self {
        case .resize, .flashEnded, .redraw, .suspend, .quit, .hangup: true
        default: false
        }
    }
}

extension AppState {
    /// Takes in what another session saved, keeping this session's field in progress.
    /// A product that is focused here but gone there is kept, so the edit is not lost (committing saves it again);
    /// so are the products in `unsaved` (their save failed and will be tried again).
    public mutating func adoptExternalChanges(_ fresh: Comparison, unsaved: Set<ProductID> = []) {
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
        tablePage = .empty
        defer { refreshTablePage() }
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

extension AppState {
    /// Actions on the list screen; nil for those it leaves to the comparison (quit, resize...).
    mutating func updateLists(_ action: Action) -> [Effect]? {
        guard var screen = lists else { return nil }
        defer { if lists != nil { lists = screen } }
        if case .naming(let text, let isNew) = screen.mode {
            switch action {
            case .type(let c):
                if TextWidth.of(c) > 0 { screen.mode = .naming(text + String(c), isNew: isNew) }
                return []
            case .paste(let pasted):
                screen.mode = .naming(text + pasted.filter { !$0.isNewline && TextWidth.of($0) > 0 }, isNew: isNew)
                return []
            case .deleteBackward:
                screen.mode = .naming(String(text.dropLast()), isNew: isNew)
                return []
            case .clearField:
                screen.mode = .naming("", isNew: isNew)
                return []
            case .cancelEdit, .dismiss:
                screen.mode = .browsing
                return []
            case .nextField, .confirm, .openSelected:
                screen.mode = .browsing
                let title = text.trimmingCharacters(in: .whitespaces)
                if isNew {
                    let created = Comparison(id: EntityID("\(sessionID)-c\(serial + 1)"), title: title)
                    serial += 1
                    lists = nil
                    self = AppState(comparison: created, size: size, sessionID: sessionID, serial: serial, glyphs: glyphs, isReadOnly: isReadOnly)
                    status = StatusMessage("New comparison \"\(created.title.isEmpty ? "Untitled" : created.title)\"")
                    return [.createComparison(created)]
                }
                guard let entry = screen.selectedEntry else { return [] }
                screen.entries[screen.selected].title = title
                if entry.id == comparison.id { comparison.title = title }
                return [.renameComparison(entry.id, title), .loadLists]
            case .quit, .hangup, .resize, .flashEnded, .redraw, .suspend, .listsLoaded:
                break
            default:
                return []
            }
        }
        switch action {
        case .click(_, let y):
            let (first, rows, _, _) = screen.visibleRows(height: size.height)
            let index = first + y - 2
            guard y >= 2, y - 2 < rows, screen.entries.indices.contains(index) else { return [] }
            if index == screen.selected {
                lists = nil
                return screen.entries[index].id != comparison.id ? [.openComparison(screen.entries[index].id)] : []
            }
            screen.selected = index
            return []
        case .listsLoaded(let entries):
            screen.refresh(entries)
            return []
        case .moveSelection(let delta), .stepUnit(let delta):
            screen.selected = max(0, min(screen.entries.count - 1, screen.selected + delta))
            return []
        case .nextField: return updateLists(.moveSelection(1))
        case .previousField: return updateLists(.moveSelection(-1))
        case .openSelected, .confirm:
            guard let entry = screen.selectedEntry else { return [] }
            lists = nil
            return entry.id == comparison.id ? [] : [.openComparison(entry.id)]
        case .cancelEdit, .dismiss, .showLists:
            lists = nil
            return []
        case .newComparison:
            screen.mode = .naming("", isNew: true)
            return []
        case .renameSelected:
            guard let entry = screen.selectedEntry else { return [] }
            screen.mode = .naming(entry.title, isNew: false)
            return []
        case .moveSelected(let delta):
            guard let entry = screen.selectedEntry else { return [] }
            let target = screen.selected + delta
            guard screen.entries.indices.contains(target) else { return [] }
            screen.entries.swapAt(screen.selected, target)
            screen.selected = target
            return [.moveComparison(entry.id, to: target)]
        case .askDeleteSelected, .askDeleteProduct:
            guard let entry = screen.selectedEntry else { return [] }
            overlay = .confirm(.deleteComparison(entry))
            return []
        case .quit, .hangup, .resize, .flashEnded, .redraw, .suspend, .opened:
            return nil
        default:
            return []
        }
    }
}
