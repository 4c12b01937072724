import Foundation

/// The comparison being edited: its products, the focused field and that field's edit in progress.
public struct ComparisonScreen: Equatable, Sendable, ScreenReducer {
    public internal(set) var comparison: Comparison
    public internal(set) var focus: FieldFocus
    public internal(set) var editor: FieldEditor
    /// The editor as the focused field's value made it: leaving an untouched field saves nothing,
    /// so it cannot overwrite a newer value from another session.
    var untouchedEditor: FieldEditor
    /// Products another session deleted while the user was editing them here: kept until the focus
    /// leaves them, then gone unless the edit was committed (which saves them again).
    var deletedElsewhere: Set<ProductID> = []
    /// What Ctrl-D and Ctrl-K deleted here, the latest last, for Ctrl-Y.
    public internal(set) var deletions: [Deletion] = []
    /// How many deletions Ctrl-Y can bring back.
    static let undoDepth = 20
    /// The value the last commit overwrote, which Ctrl-Y brings back before any deletion; a deletion or bringing it
    /// back forgets it.
    public internal(set) var overwritten: Overwrite?
    /// The last price typed on another shop's product that went to the shop you are in, which Ctrl-R takes back as a
    /// correction of that product (decision 111).
    public internal(set) var seenHere: SeenHere?
    /// The last Ctrl-R, which Ctrl-Y undoes until another change or deletion is made.
    public internal(set) var corrected: Correction?
    /// The lowest unit price seen in this comparison (its history and its products' prices), for what a commit says.
    public internal(set) var lowestSeen: LowestSeen = .unknown
    /// The unlikely price Enter kept on being asked (`UnlikelyPrice`), which the commit it was asked before then takes
    /// without asking again; nil once the field is left.
    var keptUnlikely: Product?
    /// How many of this comparison are on the shopping list (shown beside the keypad); unknown until read.
    public internal(set) var onTheList: ListCount = .unknown
    /// The visible page's row texts, derived from `comparison` and kept current by `update`.
    var page = Derived(TablePage.empty)
    /// The table's order (entry order, or best first), derived from `comparison` and kept current by `update`.
    var order = Derived(DisplayOrder.empty)

    /// Opens `comparison` with the focus on the price of a new, empty product at its end.
    public init(comparison: Comparison, session: inout Session) {
        self.comparison = comparison
        // The new row is this run's own: a blank product saved by another (an export's, one cleared) is a row of its own,
        // or two sessions would take it as their new row and type into one product.
        if comparison.products.last.map({ !($0.isBlank && session.made($0.id)) }) ?? true {
            self.comparison.append(.new(id: session.makeProductID()))
        }
        focus = FieldFocus(product: self.comparison.products.count - 1, field: .price)
        editor = .numeric(CalculatorEngine())
        untouchedEditor = editor
        refreshTablePage(session)
    }

    public var tablePage: TablePage { page.value }
    /// Nothing typed into the comparison, nor being typed: it may give way to one another session made.
    public var isUntouched: Bool { comparison.isBlank && editor == untouchedEditor }
    var displayOrder: DisplayOrder { order.value }
    public var focusedProduct: Product { comparison.products[focus.product] }

    /// The keypad keys that do something now (none outside numeric fields).
    public var enabledKeys: Set<CalculatorKey> {
        if case .numeric(let engine) = editor { return engine.enabledKeys }
        return []
    }

    // MARK: Update

    public mutating func update(_ action: ComparisonAction, env: inout ScreenEnvironment) -> [Effect] {
        defer { refreshTablePage(env.session) }
        if comparison.shopper != env.session.shopper { comparison.shopper = env.session.shopper }
        let familyBefore = comparison.family
        let effects = reduce(action, session: &env.session, chrome: &env.chrome)
        // A comparison by use keeps its basis whatever units come and go (decision 304).
        return comparison.family == familyBefore || comparison.useWord != nil ? effects : effects + adoptRememberedBasis(env.session)
    }

    /// A change to this comparison's data, for the database, with its header as it is now.
    func edit(_ edit: ComparisonEdit) -> Effect { .database(.edit(edit, of: comparison.header)) }

    /// Reads the history again for the lowest seen (after a change of what it holds: a deletion, a price brought back).
    var rereadHistory: Effect { .database(.loadHistory(comparison.id, for: .lowestSeen)) }

    private mutating func reduce(_ action: ComparisonAction, session: inout Session, chrome: inout Chrome) -> [Effect] {
        // Asked before anything of it is ranked, booked or said; the field stays as typed for Esc.
        if action.leavesTheField, let unlikely = unlikelyPrice(before: action, session: session) {
            chrome.overlay = .confirm(.unlikelyPrice(unlikely))
            return []
        }
        switch action {
        case .keepUnlikelyPrice(let product, let then):
            keptUnlikely = product
            return reduce(then, session: &session, chrome: &chrome)
        case .keypad(let key): return press(key, chrome: &chrome)
        case .keypadTouch(let touch):
            switch touch {
            case .down(let key):
                chrome.keypadPress = .over(key)
                return []
            case .moved(let key):
                guard chrome.keypadPress != nil else { return [] }
                chrome.keypadPress = key.map { .over($0) } ?? .away
                return []
            case .up(let key):
                guard chrome.keypadPress != nil else { return [] }
                chrome.keypadPress = nil
                guard let key else { return [] }
                return press(key, chrome: &chrome)
            }
        case .type(let character): return type(character, currency: session.currency, chrome: &chrome)
        case .deleteBackward:
            switch editor {
            case .numeric: return press(.backspace, chrome: &chrome)
            case .unit(var picker): _ = picker.deleteBackward(); editor = .unit(picker)
            case .text: editor.editText { $0.deleteBackward() }
            }
            return []
        case .deleteForward:
            guard case .text = editor else { return reduce(.deleteBackward, session: &session, chrome: &chrome) }
            editor.editText { $0.deleteForward() }
            return []
        case .moveCursor(let motion):
            guard case .text(var field) = editor else { return [] }
            field.move(motion)
            editor = .text(field)
            return []
        case .clearField:
            switch editor {
            case .numeric: return press(.clear, chrome: &chrome)
            case .unit(var picker): picker.clear(); editor = .unit(picker)
            case .text: editor = .text(TextField())
            }
            return []
        case .nextField:
            guard acceptsTheTypedDeal(chrome: &chrome), acceptsTheTypedUses(chrome: &chrome) else { return [] }
            return move(by: 1, session: &session, chrome: &chrome)
        case .nextFieldTakingSuggestion:
            guard acceptsTheTypedUnit(chrome: &chrome), acceptsTheTypedDeal(chrome: &chrome), acceptsTheTypedUses(chrome: &chrome) else { return [] }
            takeSuggestion()
            return move(by: 1, session: &session, chrome: &chrome)
        case .finishProduct:
            guard acceptsTheTypedUnit(chrome: &chrome), acceptsTheTypedDeal(chrome: &chrome), acceptsTheTypedUses(chrome: &chrome) else { return [] }
            takeSuggestion()
            // By use a product is finished with its uses: Enter goes on to them from any other field (decision 306).
            if let word = comparison.useWord, focus.field != .quantity, focus.field != .uses, edited().product.price != nil,
               edited().product.useCount(of: word) == nil, edited().product.isPriced || focus.field == .unit {
                return moveTo(FieldFocus(product: focus.product, field: .uses), session: &session, chrome: &chrome)
            }
            if focus.field == .uses, comparison.useWord != nil, edited().product.price != nil {
                return moveToNextProduct(session: &session, chrome: &chrome)
            }
            // Enter on the quantity always goes on to the unit, suggested or not: price⏎ quantity⏎ unit⏎ is one
            // rhythm for every product, and a unit typed in it is never read as the next price.
            guard focus.field != .quantity, edited().product.isPriced else {
                return move(by: 1, session: &session, chrome: &chrome)
            }
            return moveToNextProduct(session: &session, chrome: &chrome)
        case .previousField:
            // Shift-Tab and `‹ prev` too: an offer or uses refused stay to be put right, never dropped (decision 435).
            guard acceptsTheTypedDeal(chrome: &chrome), acceptsTheTypedUses(chrome: &chrome) else { return [] }
            return move(by: -1, session: &session, chrome: &chrome)
        case .nextProduct: return scroll(by: 1, session: &session, chrome: &chrome)
        case .previousProduct: return scroll(by: -1, session: &session, chrome: &chrome)
        case .cancelEdit:
            resetEditor(session)
            chrome.status = StatusMessage("Edit cancelled")
            return []
        case .stepUnit(let delta):
            guard case .unit(var picker) = editor else { return [] }
            picker.step(delta)
            editor = .unit(picker)
            return []
        case .stepUnitFamily(let delta):
            guard case .unit(var picker) = editor else { return [] }
            picker.stepFamily(delta)
            editor = .unit(picker)
            return []
        case .selectUnit(let unit):
            guard case .unit(var picker) = editor else { return [] }
            picker.select(unit)
            editor = .unit(picker)
            // A tap on the suggested unit takes it, as Enter does.
            takeSuggestion()
            chrome.flash = .unit(unit)
            return move(by: 1, session: &session, chrome: &chrome)
        case .focus(let target):
            // A tap on another field is Tab's leaving too (decision 435).
            guard target == focus || (acceptsTheTypedDeal(chrome: &chrome) && acceptsTheTypedUses(chrome: &chrome)) else { return [] }
            return moveTo(target, session: &session, chrome: &chrome)
        case .paste(let text): return paste(text, currency: session.currency, chrome: &chrome)
        case .stepBasis(let delta): return stepBasis(delta, session: &session, chrome: &chrome)
        case .toggleVolumeSystem:
            comparison.volumeSystem = comparison.volumeSystem == .us ? .imperial : .us
            chrome.status = StatusMessage(comparison.volumeSystem == .us
                ? "US customary volume units (tsp to gal)" : "UK imperial volume units (pint, gallon, fl oz; metric spoons)")
            return [edit(.saveHeader)]
        case .togglePin:
            let product = focusedProduct
            let label = TerminalText.singleLine(product.label(decimal: session.decimal))
            if comparison.pinned == product.id {
                comparison.pinned = nil
                chrome.status = StatusMessage("Unpinned \"\(label)\": the best value is the one to buy")
            } else if comparison.unitPrice(of: product) == nil {
                chrome.status = StatusMessage("Only a product with a price, quantity and unit can be the one to buy", isWarning: true)
                return []
            } else {
                comparison.pinned = product.id
                chrome.status = StatusMessage("Pinned \"\(label)\" to buy; Ctrl-W unpins")
            }
            return [edit(.pinProduct(comparison.pinned))]
        case .addToList:
            let title = TerminalText.singleLine(comparison.displayTitle)
            if case .known(let count) = onTheList {
                onTheList = .known(ListItem(count: count, ticked: false).count(changedBy: 1))
                chrome.status = StatusMessage("\"\(title)\": \(onTheList.count ?? count)× on the list (Ctrl-O shows it)")
            } else {
                chrome.status = StatusMessage("\"\(title)\": one more on the list (Ctrl-O shows it)")
            }
            // The header first: the count is a list write, and the comparison's row must be there for it.
            // One pack of the product to buy here more (DECISIONS 344).
            let pack = ListItem(count: 0, ticked: false, pinned: comparison.pinned, comparison: comparison).pack(at: session.shop)
            return [edit(.saveHeader), .database(.changeListCount(comparison.id, by: 1, pack: pack))]
        case .toggleTableOrder:
            session.tableOrder = session.tableOrder.toggled
            chrome.status = StatusMessage(session.tableOrder == .entry ? "Products in the order typed" : "Best value first")
            return []
        case .scrollProducts(let lines):
            return scroll(by: lines, session: &session, chrome: &chrome)
        case .askDeleteProduct:
            chrome.overlay = .confirm(.deleteProduct(focusedProduct.id, label: TerminalText.singleLine(focusedProduct.label(decimal: session.decimal))))
            return []
        case .askClearComparison:
            chrome.overlay = .confirm(.clearComparison)
            return []
        case .deleteProduct(let id, let label):
            return deleteProduct(id, label: label, session: &session, chrome: &chrome)
        case .clearAll:
            let ids = comparison.products.map(\.id)
            remember(Deletion(products: comparison.products.enumerated().map { PlacedProduct(position: $0, product: $1) }))
            comparison.removeAllProducts()
            comparison.append(.new(id: session.makeProductID()))
            focus = FieldFocus(product: 0, field: .price)
            resetEditor(session)
            chrome.status = StatusMessage("Comparison cleared \(Self.undoHint)")
            // Their prices are history now: what the lowest seen is compared with is read again from the book.
            return [edit(.deleteAllProducts(ids)), rereadHistory]
        case .commitField:
            return commit(&session, chrome: &chrome)
        case .undoDeletion:
            return undoDeletion(session: &session, chrome: &chrome)
        case .itWasTheOtherShops:
            return takeBackAsCorrection(session: &session, chrome: &chrome)
        case .listCounted(let id, let count):
            if id == comparison.id { onTheList = .known(count) }
            return []
        case .historyLoaded(let id, let history):
            if id == comparison.id { lowestSeen = LowestSeen(history: history, comparison: comparison) }
            return []
        case .externalChanges(let fresh):
            adoptExternalChanges(fresh, session: &session)
            return []
        }
    }

    // MARK: Keypad and typing

    /// `flashes`: the key shows pressed on the keypad; a digit typed at the keyboard does not (decision 420).
    private mutating func press(_ key: CalculatorKey, flashes: Bool = true, chrome: inout Chrome) -> [Effect] {
        guard case .numeric(var engine) = editor else {
            chrome.status = StatusMessage("The keypad is for price and quantity", isWarning: true)
            return []
        }
        chrome.flash = flashes ? .key(key) : nil
        if let reason = engine.disabledReason(key) {
            chrome.status = StatusMessage(reason, isWarning: true)
            return []
        }
        engine.press(key)
        editor = .numeric(engine)
        return []
    }

    private mutating func type(_ character: Character, currency: Currency?, chrome: inout Chrome) -> [Effect] {
        switch editor {
        case .numeric:
            guard let key = CalculatorKey(character: character) else {
                // The currency is shown with prices, so typing it before one means nothing and is fine.
                if let currency, currency.text.contains(character), focus.field == .price { return [] }
                if character.isWhitespace { return [] }
                chrome.status = StatusMessage("'\(character)' isn't a number: digits, . + - * / =", isWarning: true)
                return []
            }
            // A digit typed shows where the eye is, at the caret: no trip to the keypad and back (decision 420).
            return press(key, flashes: !key.showsAtTheCaret, chrome: &chrome)
        case .unit(var picker):
            if picker.type(character) {
                editor = .unit(picker)
                chrome.status = picker.typingMessage
            }
            return []
        case .text:
            if case .some(.some(let refusal)) = editor.editText({ $0.insert(character) }),
               let message = FieldText.message(for: [refusal]) {
                chrome.status = StatusMessage(message, isWarning: true)
            }
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
        var refusals: [FieldText.Refusal] = []
        pasting: for character in text {
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
            case .text:
                if case .some(.some(let refusal)) = editor.editText({ $0.insert(character) }) {
                    skipped += 1
                    refusals.append(refusal)
                    // Full: the rest is cut (and not walked, however long the paste).
                    if refusal == .full { break pasting }
                }
            }
        }
        if let message = FieldText.message(for: refusals) {
            chrome.status = StatusMessage(message, isWarning: true)
        } else if skipped > 0 { chrome.status = StatusMessage("Pasted; \(skipped) character\(skipped == 1 ? "" : "s") this field doesn't take left out") }
        chrome.flash = nil
        return []
    }

    // MARK: Focus and commit

    private mutating func move(by delta: Int, session: inout Session, chrome: inout Chrome) -> [Effect] {
        let fields = walkedFields
        let index = fields.firstIndex(of: focus.field)! + delta
        if index >= fields.count { return moveToNextProduct(session: &session, chrome: &chrome) }
        if index < 0 {
            guard focus.product > 0 else {
                let effects = commit(&session, chrome: &chrome)
                resetEditor(session)
                return effects
            }
            return moveTo(FieldFocus(product: focus.product - 1, field: fields[fields.count - 1]), session: &session, chrome: &chrome)
        }
        return moveTo(FieldFocus(product: focus.product, field: fields[index]), session: &session, chrome: &chrome)
    }

    /// Tab from the last field, or Enter in a finished product: to the price of the next product
    /// (`productAfterLastField`), or of a new one at the end.
    private mutating func moveToNextProduct(session: inout Session, chrome: inout Chrome) -> [Effect] {
        // The product is finished as its row shows it: with the shop it suggests, unless one was typed into its field.
        let shopTyped = focus.field == .shop && editor != untouchedEditor
        var effects = edited().product.isBlank || shopTyped ? [] : takeSuggestedShop(session)
        if let next = productAfterLastField(session: session) {
            return effects + moveTo(FieldFocus(product: next, field: .price), session: &session, chrome: &chrome)
        }
        effects += commit(&session, chrome: &chrome)
        if comparison.products[focus.product].isBlank {
            chrome.status = StatusMessage("Type a price to start the next product")
            focus = FieldFocus(product: focus.product, field: .price)
            resetEditor(session)
            return effects
        }
        // A new product at the end starts empty: its unit and shop are suggested (`suggestion(for:session:)`).
        comparison.append(.new(id: session.makeProductID()))
        focus = FieldFocus(product: comparison.products.count - 1, field: .price)
        resetEditor(session)
        return effects
    }

    /// Where Tab from the last field goes: from a product this session made, to the next one it
    /// made (another session's products, added meanwhile, are never entered this way); from any
    /// other product, to the next product. Nil: a new product is started at the end.
    private func productAfterLastField(session: Session) -> Int? {
        let later = comparison.products.indices.dropFirst(focus.product + 1)
        guard session.made(focusedProduct.id) else { return later.first }
        return later.first { session.made(comparison.products[$0].id) }
    }

    /// The wheel moves the focus through the table's order, the field kept (as PgUp/PgDn do).
    private mutating func scroll(by lines: Int, session: inout Session, chrome: inout Chrome) -> [Effect] {
        let order = displayOrder.isCurrent(for: comparison, order: session.tableOrder) ? displayOrder : DisplayOrder(comparison, order: session.tableOrder)
        let position = min(max(order.position(of: focus.product) + lines, 0), comparison.products.count - 1)
        return moveTo(FieldFocus(product: order.index(at: position), field: focus.field), session: &session, chrome: &chrome)
    }

    private mutating func moveTo(_ target: FieldFocus, session: inout Session, chrome: inout Chrome) -> [Effect] {
        guard comparison.products.indices.contains(target.product) else { return [] }
        let (leaving, going) = (focusedProduct.id, comparison.products[target.product].id)
        let effects = commit(&session, chrome: &chrome)
        var target = target
        // A commit may add a row (a price seen at the shop you are in): the target is a product, not a place, and
        // leaving for another field of the product left goes to the row that took its price.
        if going == leaving { target.product = focus.product } else if let index = comparison.products.firstIndex(where: { $0.id == going }) { target.product = index }
        let left = focusedProduct.id
        if deletedElsewhere.remove(left) != nil, effects.isEmpty, target.product != focus.product {
            comparison.removeProduct(at: focus.product)
            if target.product > focus.product { target.product -= 1 }
        }
        focus = target
        resetEditor(session)
        return effects
    }

    /// Writes the editor's value into the focused product; returns a save when it changed. A changed price,
    /// quantity or unit is dated `today` (the session's); its earlier value is a price seen (kept in the history) unless
    /// the change corrects it (`Product.changeIsCorrection`). A price typed on a product of another shop than the one you
    /// are in goes to that shop's row instead (`seeAtShopYouAreIn`). When the unit price changed, the status line says
    /// how it stands against the lowest seen.
    private mutating func commit(_ session: inout Session, chrome: inout Chrome) -> [Effect] {
        guard editor != untouchedEditor else { return [] }
        var (product, message) = edited()
        if let message { chrome.status = message }
        guard product != focusedProduct else { return [] }
        corrected = nil
        let earlier = focusedProduct
        if focus.field.isPricing, let here = session.shop, earlier.isPriced, ShopName(earlier.shop) != nil, !here.matches(earlier.shop) {
            return seeAtShopYouAreIn(here, product, session: &session, chrome: &chrome, message: message)
        }
        let kindSaid: PriceKind = focus.field == .deal ? comparison.pricePaid(of: product).kind : .shelf
        let unitPriceBefore = comparison.unitPrice(ofNow: focusedProduct, as: kindSaid)
        if focus.field.isPricing { product.seen = session.today }
        comparison.replaceProduct(at: focus.product, with: product)
        overwritten = Overwrite(field: focus.field, before: earlier, after: product)
        if focus.field.isPricing { recordIfSeen(earlier, replacedBy: product, field: focus.field, today: session.today) }
        if session.today == nil, focus.field.isPricing, message == nil {
            chrome.status = StatusMessage("The clock's date is not known: saved without a day", isWarning: true)
        }
        // A shelf price against shelf prices; an offer typed, when it is paid, against offers of its kind (decision 412).
        if focus.field.isPricing || (focus.field == .deal && kindSaid != .shelf) {
            sayHowThePriceStands(of: product, as: kindSaid, unitPriceBefore: unitPriceBefore, saying: message == nil && session.today != nil,
                                 session: session, chrome: &chrome)
        }
        return [edit(.saveField(focus.field, product: product))]
    }

    /// A price, quantity or unit typed on `product` of another shop while the session is at `here`: that shop's price
    /// stays as it was, and the new value goes to `here`'s product of the same name (a change of it, as any), else to a
    /// new product at `here` (after the others), which the focus follows. Ctrl-R takes it back (`seenHere`).
    private mutating func seeAtShopYouAreIn(_ here: ShopName, _ typed: Product, session: inout Session, chrome: inout Chrome,
                                            message: StatusMessage?) -> [Effect] {
        let original = focusedProduct
        let field = focus.field
        let existing = comparison.products.firstIndex { $0.id != original.id && !$0.name.isEmpty && $0.name == original.name && here.matches($0.shop) }
        var row = existing.map { comparison.products[$0] } ?? original.seen(at: here, as: session.makeProductID())
        let before = existing.map { _ in row }
        field.copy(from: typed, into: &row)
        row.seen = session.today
        let index: Int
        if let existing {
            index = existing
            comparison.replaceProduct(at: index, with: row)
        } else {
            index = comparison.products.last.map { $0.isBlank && $0.id != original.id } == true ? comparison.products.count - 1 : comparison.products.count
            comparison.insert(row, at: index)
        }
        if let before { recordIfSeen(before, replacedBy: row, field: field, today: session.today) }
        overwritten = before.map { Overwrite(field: field, before: $0, after: row) }
        seenHere = SeenHere(original: original.id, field: field, row: row, rowBefore: before)
        focus = FieldFocus(product: index, field: field)
        untouchedEditor = makeEditor(for: focus, session: session)
        editor = untouchedEditor
        let other = TerminalText.singleLine(original.shop)
        let shopHere = TerminalText.singleLine(here.text)
        // Narrow, the row's shop says the rest (each row shows its shop once there are two).
        let said = session.size.width >= 80 ? "\(shopHere)'s price\(existing == nil ? ", a new row" : ""); \(other)'s kept (Ctrl-R: it was \(other)'s)"
            : "\(shopHere)'s price; ^R: it was \(other)'s"
        chrome.status = message ?? StatusMessage(said)
        return [edit(.saveField(field, product: row))]
    }

    /// A price seen, replaced by a change of its `field` that is no correction, is history now: the lowest seen takes it.
    private mutating func recordIfSeen(_ before: Product, replacedBy after: Product, field: ProductField, today: CalendarDay?) {
        guard !before.changeIsCorrection(on: today), let record = PriceRecord(before), field.changed(from: before, to: after) else { return }
        lowestSeen.record(record, in: comparison)
    }

    /// The status line says how `product`'s new unit price stands against the lowest seen (unless the commit has
    /// something else to say).
    private mutating func sayHowThePriceStands(of product: Product, as kind: PriceKind, unitPriceBefore: UnitPrice?, saying: Bool, session: Session,
                                               chrome: inout Chrome) {
        guard saying, let unitPrice = comparison.unitPrice(ofNow: product, as: kind), unitPrice != unitPriceBefore,
              let standing = lowestSeen.standing(of: unitPrice, kind: kind, product: product.id, in: comparison, currency: session.currency,
                                                 today: session.today, decimal: session.decimal) else { return }
        chrome.status = StatusMessage(standing)
    }

    /// The focused product as committing the editor would make it, and what the status line would say.
    private func edited() -> (product: Product, message: StatusMessage?) {
        var product = focusedProduct
        guard editor != untouchedEditor else { return (product, nil) }
        var message: StatusMessage?
        switch editor {
        case .numeric(let engine):
            let commit = engine.commit
            if let value = commit.value, value < 0 {
                message = StatusMessage("\(focus.field.title) can't be below zero: kept the previous value", isWarning: true)
            } else if case .number(_, let write) = focus.field.spec.editor {
                message = write(FieldSpec.Typed(value: commit.value, multipack: engine.multipack), &product, editContext)
            }
            if let text = commit.message { message = StatusMessage(text, isWarning: true) }
        case .unit(let picker):
            switch picker.reading {
            case .nothingTyped: product.unit = picker.selected
            case .offered(let unit): product.unit = unit
            case .newWord(let unit):
                product.unit = unit
                // By use every unit compares per use (decision 305): the word is no family of its own there.
                if let word = comparison.basis?.useWord {
                    message = StatusMessage("\(unit.symbol): a count unit, compared per \(word.singular) by its uses")
                } else {
                    message = StatusMessage("\(unit.symbol): a count unit, compared only with \(unit.family.name)")
                }
            case .otherFamily, .unknown:
                let kept = product.unit.map { "kept \($0.symbol)" } ?? "no unit kept"
                if let refusal = picker.refusal { message = StatusMessage("\(refusal): \(kept)", isWarning: true) }
            }
        case .text(let field):
            if case .text(_, _, _, let write) = focus.field.spec.editor { message = write(field.text, &product, editContext) }
        }
        return (product, message)
    }

    /// What a commit of the focused field may need beyond its product.
    private var editContext: FieldSpec.Context {
        FieldSpec.Context(useWord: { [self, index = focus.product] in useWord(for: index) }, today: comparison.shopper.today)
    }

    /// Starts the focused field's edit from its value, else from what it suggests (which Enter takes: `takeSuggestion`).
    mutating func resetEditor(_ session: Session) {
        editor = makeEditor(for: focus, session: session)
        untouchedEditor = editor
        keptUnlikely = nil
    }

    /// What to ask before `action` commits the focused pricing field: its product as the commit would make it (a unit
    /// suggested taken by Enter, a unit tapped in the picker) when that changes its unit price to one 100 times or more
    /// away from every other product's now and from the history's lowest; nil when there is nothing to compare it
    /// with, or Enter kept it.
    private func unlikelyPrice(before action: ComparisonAction, session: Session) -> UnlikelyPrice? {
        guard focus.field.isPricing else { return nil }
        var probe = self
        if case .finishProduct = action { probe.takeSuggestion() }
        if case .selectUnit(let unit) = action, case .unit(var picker) = probe.editor {
            picker.select(unit)
            probe.editor = .unit(picker)
        }
        guard probe.editor != probe.untouchedEditor else { return nil }
        let product = probe.edited().product
        guard product != keptUnlikely, let unitPrice = comparison.unitPrice(of: product),
              comparison.unitPrice(of: focusedProduct) != unitPrice else { return nil }
        var compared = 0
        if case .record(let lowest, _) = lowestSeen, let lowestPrice = comparison.unitPrice(of: lowest.shelfProduct) {
            guard unitPrice.isFar(from: lowestPrice, times: UnlikelyPrice.times) else { return nil }
            compared += 1
        }
        // Far from the nearest on each side is far from every other product's.
        for otherPrice in comparison.nearestUnitPrices(to: unitPrice, leavingOut: comparison.unitPrice(of: focusedProduct)) {
            guard unitPrice.isFar(from: otherPrice, times: UnlikelyPrice.times) else { return nil }
            compared += 1
        }
        return compared == 0 ? nil : UnlikelyPrice(product: product, typed: session.decimal.shown((product.pricedAs ?? []).joined(separator: " for ")),
                                                     field: focus.field, then: action)
    }

    private func makeEditor(for focus: FieldFocus, session: Session) -> FieldEditor {
        let product = comparison.products[focus.product]
        switch focus.field.spec.editor {
        case .number(let value, _): return .numeric(CalculatorEngine(value: value(product)))
        case .unit:
            let unit = product.unit ?? suggestion(for: focus.product, session: session).unit
            return .unit(UnitPicker(selected: unit, offered: offeredUnits(for: focus.product)))
        case .text(let value, let suggested, _, _):
            let text = value(product)
            guard text.isEmpty, let suggested else { return .text(.entered(text)) }
            return .text(.entered(suggested(suggestion(for: focus.product, session: session)) ?? ""))
        }
    }

    /// Whether Enter (or `next ›`) may leave the unit: a unit per refuses stays, the text kept to be put right (Tab
    /// leaves and drops it), and the status line says why.
    private func acceptsTheTypedUnit(chrome: inout Chrome) -> Bool {
        guard case .unit(let picker) = editor, let refusal = picker.refusal else { return true }
        chrome.status = StatusMessage("\(refusal): fix it, or Esc undoes it", isWarning: true,
                                      short: "'\(TerminalText.singleLine(picker.typed))' does not fit this comparison: fix it, or Esc undoes it")
        return false
    }

    /// Whether Enter or Tab may leave the Deal field: text that is no offer stays to be put right (nothing typed is
    /// lost), and the status line says why; Esc undoes it.
    private func acceptsTheTypedDeal(chrome: inout Chrome) -> Bool {
        guard focus.field == .deal, case .text(let field) = editor, editor != untouchedEditor,
              case .failure(let problem) = Deal.parse(field.text, shelf: focusedProduct.price, today: comparison.shopper.today) else { return true }
        chrome.status = StatusMessage(problem.message + ": fix it, or Esc undoes it", isWarning: true)
        return false
    }

    /// Whether Enter or Tab may leave the Uses field: a count of 0 or below stays to be put right, the reason said.
    private func acceptsTheTypedUses(chrome: inout Chrome) -> Bool {
        guard focus.field == .uses, case .numeric(let engine) = editor, editor != untouchedEditor, let value = engine.commit.value,
              case .failure(let problem) = Uses.checked(value, word: useWord(for: focus.product)) else { return true }
        chrome.status = StatusMessage(problem.message + ": fix it, or Esc undoes it", isWarning: true)
        return false
    }

    /// Whether the Uses field is walked: in a comparison by use, or one where a product says its uses.
    /// The fields Tab and `next ›` walk, in order: the Uses field only where uses are in play (decision 306), so
    /// elsewhere they are as before.
    public var walkedFields: [ProductField] { usesInPlay ? ProductField.allCases : ProductField.allCases.filter { $0 != .uses } }

    var usesInPlay: Bool { comparison.useWord != nil || comparison.products.contains { $0.uses != nil } }

    /// The word uses typed into product `index` count (decision 307): the comparison's by use, else its own uses',
    /// else another product's, else `use`.
    public func useWord(for index: Int) -> CountWord {
        comparison.useWord ?? comparison.products[index].uses?.word ?? comparison.products.lazy.compactMap(\.uses).first?.word ?? Uses.defaultWord
    }

    /// Enter on a unit or shop field that shows its suggestion untouched takes it: the commit then writes it as typed.
    private mutating func takeSuggestion() {
        guard editor == untouchedEditor else { return }
        switch focus.field.spec.editor {
        case .unit where focusedProduct.unit == nil: untouchedEditor = .unit(UnitPicker(selected: nil, offered: offeredUnits(for: focus.product)))
        case .text(let value, .some, _, _) where value(focusedProduct).isEmpty: untouchedEditor = .text(.entered(""))
        case .unit, .text, .number: break
        }
    }

    /// The shop a finished product suggests becomes its own (saved), as its row showed it.
    private mutating func takeSuggestedShop(_ session: Session) -> [Effect] {
        guard let shop = suggestion(for: focus.product, session: session).shop else { return [] }
        var product = focusedProduct
        product.shop = shop
        comparison.replaceProduct(at: focus.product, with: product)
        return [edit(.saveField(.shop, product: product))]
    }

    /// Units of the family the other products use; every unit while none has one.
    public func offeredUnits(for index: Int) -> [MeasureUnit] {
        // By use any unit compares (decision 305).
        if comparison.useWord != nil { return MeasureUnit.standard }
        let others = comparison.products.indices.lazy.filter { $0 != index }.compactMap { comparison.products[$0].unit }
        guard let family = others.first?.family else { return MeasureUnit.standard }
        return family.units
    }

    // MARK: Basis, deletion

    private mutating func stepBasis(_ delta: Int, session: inout Session, chrome: inout Chrome) -> [Effect] {
        // After the family's units, per use of each word the products' uses say, then of the words offered (decision 304);
        // products of several families stay by use.
        let words = comparison.products.compactMap(\.uses?.word) + (comparison.useWord.map { [$0] } ?? []) + Uses.offeredWords
        let byUse = words.reduce(into: [CountWord]()) { if !$0.contains($1) { $0.append($1) } }.map(ComparisonBasis.perUse)
        let family = comparison.hasMixedFamilies ? nil : comparison.family
        guard family != nil || comparison.useWord != nil else {
            chrome.status = StatusMessage("Pick a unit first: the comparison unit follows it", isWarning: true)
            return []
        }
        let choices = (family.map(ComparisonBasis.choices) ?? []) + byUse
        let current = comparison.basis.flatMap { choices.firstIndex(of: $0) } ?? 0
        // Back from the family's first unit is its last, as before uses: the uses' words are reached forwards.
        let units = family.map(ComparisonBasis.choices)?.count ?? 0
        let next = delta < 0 && current == 0 && units > 0 ? units - 1 : (current + delta % choices.count + choices.count) % choices.count
        comparison.chosenBasis = choices[next]
        if let family, comparison.useWord == nil { session.chosenBases[family] = comparison.chosenBasis }
        chrome.status = StatusMessage("Unit prices per \(comparison.basis!.label)")
        return [edit(.saveHeader)]
    }

    private mutating func deleteProduct(_ id: ProductID, label: String, session: inout Session, chrome: inout Chrome) -> [Effect] {
        guard let index = comparison.products.firstIndex(where: { $0.id == id }) else {
            chrome.status = StatusMessage("'\(label)' was already deleted in another session")
            return []
        }
        remember(Deletion(products: [PlacedProduct(position: index, product: comparison.products[index])]))
        comparison.removeProduct(at: index)
        if comparison.products.isEmpty { comparison.append(.new(id: session.makeProductID())) }
        focus = FieldFocus(product: min(index, comparison.products.count - 1), field: .price)
        resetEditor(session)
        chrome.status = StatusMessage("Deleted '\(label)' \(Self.undoHint)")
        return [edit(.deleteProduct(id)), rereadHistory]
    }
}

extension ComparisonScreen {
    /// The comparison was renamed on the list screen.
    mutating func rename(_ title: String) {
        comparison.title = title
    }
}

/// A product as it was deleted, with its place in the comparison then.
public struct PlacedProduct: Equatable, Sendable {
    public var position: Int
    public var product: Product
}

/// What one Ctrl-D or Ctrl-K deleted: the products (none blank), first place first.
public struct Deletion: Equatable, Sendable {
    public var products: [PlacedProduct]
    init(products: [PlacedProduct]) { self.products = products.filter { !$0.product.isBlank } }
}

extension ComparisonScreen {
    /// Whether Ctrl-Y has something to bring back: a value a change overwrote, or a deletion.
    public var canUndo: Bool { overwritten != nil || corrected != nil || !deletions.isEmpty }

    mutating func remember(_ deletion: Deletion) {
        guard !deletion.products.isEmpty else { return }
        overwritten = nil
        corrected = nil
        deletions.append(deletion)
        if deletions.count > Self.undoDepth { deletions.removeFirst(deletions.count - Self.undoDepth) }
    }

    /// Ctrl-Y: the latest deletion's products back in their places, each saved whole in its place, with the focus
    /// on the first of them.
    mutating func undoDeletion(session: inout Session, chrome: inout Chrome) -> [Effect] {
        if corrected != nil {
            let effects = commit(&session, chrome: &chrome)
            resetEditor(session)
            // A change typed since is the newer one (the commit forgot the correction): it is undone as any.
            guard let correction = corrected else { return effects + undoDeletion(session: &session, chrome: &chrome) }
            corrected = nil
            return effects + undoCorrection(correction, session: session, chrome: &chrome)
        }
        if overwritten != nil || deletions.isEmpty {
            var effects = commit(&session, chrome: &chrome)
            resetEditor(session)
            if let overwrite = overwritten {
                overwritten = nil
                if let back = bringBack(overwrite, session: session, chrome: &chrome) { return effects + back }
            }
            guard !deletions.isEmpty else {
                if chrome.status == nil || effects.isEmpty { chrome.status = StatusMessage("Nothing deleted to bring back") }
                return effects
            }
            effects += undoDeletion(session: &session, chrome: &chrome)
            return effects
        }
        let deletion = deletions.removeLast()
        var effects = commit(&session, chrome: &chrome)
        resetEditor(session)
        let present = Set(comparison.products.map(\.id))
        let back = deletion.products.filter { !present.contains($0.product.id) }
        guard let first = back.first?.product.id else {
            chrome.status = StatusMessage("Already back (another session brought it back)")
            return effects
        }
        for placed in back {
            let position = min(placed.position, comparison.products.count)
            comparison.insert(placed.product, at: position)
            effects.append(edit(.restoreProduct(placed.product, position: position)))
        }
        focus = FieldFocus(product: comparison.products.firstIndex { $0.id == first }!, field: .price)
        resetEditor(session)
        chrome.status = StatusMessage(back.count == 1
            ? "Brought back \(Self.naming(back[0].product, session: session))"
            : "Brought back \(back.count) products")
        return effects + [rereadHistory]
    }

    /// Ctrl-Y after Ctrl-R: the price goes back to the shop you are in (its row as the price made it, brought back in its
    /// place if Ctrl-R took it away) and the other shop's product to what it held; Ctrl-R may take it back again.
    private mutating func undoCorrection(_ correction: Correction, session: Session, chrome: inout Chrome) -> [Effect] {
        let seen = correction.seen
        guard let originalIndex = comparison.products.firstIndex(where: { $0.id == seen.original }),
              !seen.field.changed(from: comparison.products[originalIndex], to: correction.after) else {
            chrome.status = StatusMessage("Changed since: the correction is kept", isWarning: true)
            return []
        }
        var original = comparison.products[originalIndex]
        seen.field.copy(from: correction.before, into: &original)
        comparison.replaceProduct(at: originalIndex, with: original)
        var effects = [edit(.saveField(seen.field, product: original, keepsEarlierPrice: false))]
        if let rowIndex = comparison.products.firstIndex(where: { $0.id == seen.row.id }) {
            comparison.replaceProduct(at: rowIndex, with: seen.row)
            effects.append(edit(.saveField(seen.field, product: seen.row, keepsEarlierPrice: false)))
        } else {
            let position = min(correction.rowPosition, comparison.products.count)
            comparison.insert(seen.row, at: position)
            effects.append(edit(.restoreProduct(seen.row, position: position)))
        }
        seenHere = seen
        focus = FieldFocus(product: comparison.products.firstIndex { $0.id == seen.row.id }!, field: seen.field)
        resetEditor(session)
        let other = TerminalText.singleLine(original.shop)
        let here = TerminalText.singleLine(seen.row.shop)
        chrome.status = StatusMessage("Undid the correction of \(other)'s \(seen.field.title.lowercased()): \(here)'s again")
        return effects + [rereadHistory]
    }

    /// Ctrl-Y after a commit overwrote a value: the value back, if the field still holds what the commit gave it (nil
    /// otherwise). A price brought back is not a new price seen, and the one it replaces was a mistake: neither is
    /// recorded, and the sighting the commit recorded leaves the history (the database takes it out).
    private mutating func bringBack(_ overwrite: Overwrite, session: Session, chrome: inout Chrome) -> [Effect]? {
        guard let index = comparison.products.firstIndex(where: { $0.id == overwrite.after.id }),
              !overwrite.field.changed(from: comparison.products[index], to: overwrite.after) else { return nil }
        var product = comparison.products[index]
        overwrite.field.copy(from: overwrite.before, into: &product)
        if overwrite.field.isPricing { product.seen = overwrite.before.seen }
        comparison.replaceProduct(at: index, with: product)
        focus = FieldFocus(product: index, field: overwrite.field)
        resetEditor(session)
        if overwrite.field.changed(from: .new(id: product.id), to: product) {
            chrome.status = StatusMessage("Brought back the earlier \(overwrite.field.title.lowercased()) of \(Self.naming(product, session: session))")
        } else {
            // The value typed into the empty field, named as the row shows it.
            let typed = overwrite.field.typedText(overwrite.after)
            chrome.status = StatusMessage("Undid the \(overwrite.field.title.lowercased()) \"\(TerminalText.singleLine(typed))\"")
        }
        return [edit(.saveField(overwrite.field, product: product, keepsEarlierPrice: false))] + (overwrite.field.isPricing ? [rereadHistory] : [])
    }

    /// Ctrl-R: the price that went to the shop you are in (`seenHere`) was the other shop's after all: it corrects that
    /// product (its day kept: it is what was seen then), and the shop you are in keeps nothing of it (its new row taken
    /// back, or its row's earlier value brought back).
    mutating func takeBackAsCorrection(session: inout Session, chrome: inout Chrome) -> [Effect] {
        var effects = commit(&session, chrome: &chrome)
        resetEditor(session)
        guard let seen = seenHere else {
            chrome.status = StatusMessage("Ctrl-R takes back a price that went to the shop you are in: none to take back")
            return effects
        }
        seenHere = nil
        guard let rowIndex = comparison.products.firstIndex(where: { $0.id == seen.row.id }), comparison.products[rowIndex] == seen.row,
              let originalIndex = comparison.products.firstIndex(where: { $0.id == seen.original }) else {
            chrome.status = StatusMessage("Changed since: nothing taken back", isWarning: true)
            return effects
        }
        let before = comparison.products[originalIndex]
        var corrected = before
        seen.field.copy(from: seen.row, into: &corrected)
        comparison.replaceProduct(at: originalIndex, with: corrected)
        effects.append(edit(.saveField(seen.field, product: corrected, keepsEarlierPrice: false)))
        if let before = seen.rowBefore {
            comparison.replaceProduct(at: rowIndex, with: before)
            effects.append(edit(.saveField(seen.field, product: before, keepsEarlierPrice: false)))
        } else {
            comparison.removeProduct(at: rowIndex)
            effects.append(edit(.withdrawProduct(seen.row.id)))
        }
        overwritten = nil
        self.corrected = Correction(seen: seen, before: before, after: corrected, rowPosition: rowIndex)
        focus = FieldFocus(product: comparison.products.firstIndex { $0.id == seen.original }!, field: seen.field)
        resetEditor(session)
        let other = TerminalText.singleLine(corrected.shop)
        let here = TerminalText.singleLine(seen.row.shop)
        let field = seen.field.title.lowercased()
        chrome.status = StatusMessage(session.size.width >= 80 ? "Corrected \(other)'s \(field); nothing kept at \(here)"
                                                                : "\(other)'s \(field) corrected; none at \(here)")
        return effects + [rereadHistory]
    }

    /// A product in a message as its row shows it: its name, else its price and size (`'3.99 for 500 g'`), never a number.
    static func naming(_ product: Product, session: Session) -> String {
        "'\(TerminalText.singleLine(product.label(decimal: session.decimal)))'"
    }

    /// How a deletion or a clear is undone, after its message.
    static let undoHint = "· Ctrl-Y brings it back"

    /// When the comparison takes on a family whose comparison unit the user chose in this session, and its own
    /// chosen basis is of another family (or none), it takes the user's choice.
    mutating func adoptRememberedBasis(_ session: Session) -> [Effect] {
        guard let family = comparison.family, comparison.chosenBasis?.family != family,
              let remembered = session.chosenBases[family] else { return [] }
        comparison.chosenBasis = remembered
        return [edit(.saveHeader)]
    }
}

/// A field's value before a commit changed it, for Ctrl-Y.
public struct Overwrite: Equatable, Sendable {
    public var field: ProductField
    /// The product before the commit and after it.
    public var before: Product
    public var after: Product

    /// A value typed into an empty field is kept too (its before empty), so Ctrl-Y takes the typed value back: a price,
    /// quantity or unit as a name, shop or deposit (decision 253).
    init(field: ProductField, before: Product, after: Product) {
        self.field = field
        self.before = before
        self.after = after
    }
}

/// A Ctrl-R made: what it took back (`seen`), the other shop's product before and after it, and where the row at the
/// shop you are in was.
public struct Correction: Equatable, Sendable {
    public var seen: SeenHere
    public var before: Product
    public var after: Product
    public var rowPosition: Int
}

/// A price, quantity or unit typed on another shop's product that went to the shop you are in (decision 111).
public struct SeenHere: Equatable, Sendable {
    /// The other shop's product, left as it was.
    public var original: ProductID
    public var field: ProductField
    /// The row at the shop you are in as the value made it.
    public var row: Product
    /// That row before, when it was there already (nil: it was made for the value).
    public var rowBefore: Product?
}
