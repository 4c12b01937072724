import Testing
import TestSupport
@testable import PerCore

/// Sends actions and states the whole state expected after each, as TCA's TestStore does: the
/// closure changes a copy of the state before the action, and that copy must equal the result.
struct TestStore: ComparisonTypist {
    private(set) var state: AppState
    /// The session's day in every reducer test: committed prices, quantities and units are dated with it.
    static let today = CalendarDay(year: 2026, month: 11, day: 22)!

    init(_ comparison: Comparison = Comparison(id: "c"), size: TerminalSize = TerminalSize(width: 80, height: 24), currency: Currency? = nil,
         shop: String = "", volumeSystem: VolumeSystem = .us, accessible: Bool = false, members: [String] = []) {
        var session = Session(id: "s", size: size, currency: currency, today: TestStore.today, shop: ShopName(shop), volumeSystem: volumeSystem,
                              accessible: accessible)
        session.members = members
        state = AppState(comparison: comparison, session: session)
    }

    mutating func send(_ action: Action, effects: [Effect] = [], sourceLocation: SourceLocation = #_sourceLocation,
                       _ expect: (inout AppState) -> Void = { _ in }) {
        var expected = state
        expect(&expected)
        var actual = state.update(action)
        // The timer that ends a key flash is checked only where a test names it (KeyFlashTests).
        if !effects.contains(.flashTimer) { actual.removeAll { $0 == .flashTimer } }
        #expect(actual == effects, sourceLocation: sourceLocation)
        #expect(state == expected, sourceLocation: sourceLocation)
        expectCachesCurrent(sourceLocation: sourceLocation)
    }

    /// Sends an action without checking the state; returns the effects.
    @discardableResult
    mutating func apply(_ action: Action, sourceLocation: SourceLocation = #_sourceLocation) -> [Effect] {
        defer { expectCachesCurrent(sourceLocation: sourceLocation) }
        return state.update(action)
    }

    /// The table on view as the open comparison's caches (`Derived`, left out of `==`) give it equals the table a fresh
    /// derivation makes of the state: checked after every action, so a cache a reducer leaves stale fails here.
    func expectCachesCurrent(sourceLocation: SourceLocation = #_sourceLocation) {
        var fresh = state.editing
        fresh.page = Derived(.empty)
        fresh.order = Derived(.empty)
        let shown = state.editing.visibleTable(state.session), derived = fresh.visibleTable(state.session)
        #expect(shown.positions == derived.positions && shown.positions.map(shown.order.index(at:)) == derived.positions.map(derived.order.index(at:)),
                "the table's order is stale", sourceLocation: sourceLocation)
        #expect(shown.page.indices == derived.page.indices && shown.page.rows == derived.page.rows, "the table's rows are stale",
                sourceLocation: sourceLocation)
        #expect(shown.page.bestText == derived.page.bestText && shown.page.bestLabel == derived.page.bestLabel,
                "the best value shown is stale", sourceLocation: sourceLocation)
        #expect(shown.page.suggestions == derived.page.suggestions, "the rows' suggestions are stale", sourceLocation: sourceLocation)
    }

    mutating func sendTyped(_ action: Action) { apply(action) }

    /// Types keys through the key table without checking each step (Tab is "\t", Enter "\n",
    /// Backspace "\u{8}"); returns the effects. A product's fields are typed with `enter(price:quantity:...)`.
    @discardableResult
    mutating func type(_ text: String) -> [Effect] {
        var effects: [Effect] = []
        for c in text {
            let event: InputEvent = switch c {
            case "\t": .key(.tab)
            case "\n": .key(.enter)
            case "\u{8}": .key(.backspace)
            default: .character(c)
            }
            if let action = KeyTable.action(for: event, in: state) { effects += state.update(action) }
            expectCachesCurrent()
        }
        return effects
    }

    /// Tab through the key table until the focus is on `field` of the focused product (at most once round the
    /// fields), so a test names the field it goes to and counts no Tabs; returns the effects.
    @discardableResult
    mutating func tab(to field: ProductField, sourceLocation: SourceLocation = #_sourceLocation) -> [Effect] {
        let product = state.editing.focusedProduct.id
        var effects: [Effect] = []
        for _ in ProductField.allCases where state.editing.focus.field != field && state.editing.focusedProduct.id == product {
            effects += type("\t")
        }
        #expect(state.editing.focus.field == field && state.editing.focusedProduct.id == product, sourceLocation: sourceLocation)
        return effects
    }
}

extension ComparisonScreen {
    /// The focus on `focus` with a fresh, untouched edit `editor`.
    mutating func focus(_ focus: FieldFocus, editing editor: FieldEditor) {
        self.focus = focus
        self.editor = editor
        untouchedEditor = editor
    }
}

extension AppState {
    /// For expectations: the same value, with the ID counter as the action leaves it.
    mutating func madeIDs(_ serial: Int) { session.serial = serial }
}

extension ComparisonScreen {
    /// For expectations: a commit of `field` on product `index` as `product`: the product replaced, and the value it
    /// overwrote (an empty field too: decision 253) kept for Ctrl-Y.
    mutating func committed(_ field: ProductField, at index: Int, as product: Product) {
        overwritten = Overwrite(field: field, before: comparison.products[index], after: product)
        comparison.replaceProduct(at: index, with: product)
    }
}
