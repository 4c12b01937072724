import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Ctrl-S (best value first), the mouse wheel, and products named by what they are.
@Suite struct TableOrderTests {
    /// small 7.98/kg, big 6.99/kg, pound 6.61/kg, then the empty new row.
    static func threeProducts() -> TestStore {
        var store = TestStore()
        store.enterSmallBigAndPound()
        return store
    }

    static func rowNames(_ state: AppState) -> [String] {
        ScreenLayout(state).rows.map { state.editing.comparison.products[$0.index].label }
    }

    @Test func ctrlSTogglesBestFirstAndBackWithoutMovingTheFocus() {
        var store = Self.threeProducts()
        #expect(KeyTable.action(for: .control("s"), in: store.state) == .comparison(.toggleTableOrder))
        #expect(Self.rowNames(store.state) == ["small", "big", "pound", "the new product"])
        store.send(.comparison(.toggleTableOrder)) {
            $0.session.tableOrder = .bestFirst
            $0.chrome.status = StatusMessage("Best value first")
        }
        #expect(Self.rowNames(store.state) == ["pound", "big", "small", "the new product"])
        store.send(.comparison(.toggleTableOrder)) {
            $0.session.tableOrder = .entry
            $0.chrome.status = StatusMessage("Products in the order typed")
        }
        #expect(Self.rowNames(store.state) == ["small", "big", "pound", "the new product"])
    }

    @Test func inEntryOrderTheEditedRowNeverMoves() {
        var store = Self.threeProducts()
        store.send(.comparison(.focus(FieldFocus(product: 0, field: .price)))) {
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: Decimal(string: "3.99")!)))
        }
        store.type("\u{8}\u{8}\u{8}\u{8}1\t")   // small becomes the best value
        #expect(Self.rowNames(store.state) == ["small", "big", "pound", "the new product"])
        #expect(store.state.editing.tablePage.row(0).rank == "1")
    }

    @Test func pageKeysAndTheWheelFollowTheTablesOrder() {
        var store = Self.threeProducts()
        store.send(.comparison(.toggleTableOrder)) {
            $0.session.tableOrder = .bestFirst
            $0.chrome.status = StatusMessage("Best value first")
        }
        #expect(Input.action(for: .scroll(lines: -1, x: 70, y: 20), in: store.state) == .comparison(.scrollProducts(-1)))
        #expect(Input.action(for: .scroll(lines: 0, x: 1, y: 1), in: store.state) == nil)
        // From the new row (last), one line up is the last ranked product: small (index 0).
        store.send(.comparison(.scrollProducts(-1))) {
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine(value: Decimal(string: "3.99")!)))
            $0.chrome.status = nil
        }
        // Two more lines up: pound (index 2), the best; further up stops there.
        store.send(.comparison(.scrollProducts(-5))) {
            $0.editing.focus(FieldFocus(product: 2, field: .price), editing: .numeric(CalculatorEngine(value: 3)))
        }
        store.send(.comparison(.nextProduct)) {
            $0.editing.focus(FieldFocus(product: 1, field: .price), editing: .numeric(CalculatorEngine(value: Decimal(string: "6.99")!)))
        }
    }

    @Test func theDeleteQuestionNamesTheProduct() {
        var store = TestStore()
        store.enter(price: "2.5", quantity: "500", unit: "g")
        store.send(.comparison(.askDeleteProduct)) { $0.chrome.overlay = .confirm(.deleteProduct("s-1", label: "2.50 for 500 g")) }
        #expect(Confirmation.deleteProduct("s-1", label: "2.50 for 500 g").question == "Delete '2.50 for 500 g'? y/n")
        store.send(.app(.answer(yes: true)), effects: [.deleteProduct("s-1"), .loadHistory("c")]) {
            $0.chrome.overlay = .none
            let deleted = $0.editing.comparison.products[0]
            $0.editing.comparison.removeProduct(at: 0)
            $0.editing.comparison.append(Product.fixture(id: "s-2"))
            $0.madeIDs(2)
            $0.editing.deletions = [Deletion(products: [PlacedProduct(position: 0, product: deleted)])]
            $0.editing.overwritten = nil   // a deletion forgets the value typed
            $0.editing.focus(FieldFocus(product: 0, field: .price), editing: .numeric(CalculatorEngine()))
            $0.chrome.status = StatusMessage("Deleted '2.50 for 500 g' · Ctrl-Y brings it back")
        }
    }

    /// On the compact screen the other products take one line each: a tap on one opens its price.
    @Test func aTapOnAOneLineRowOpensItsPrice() {
        var store = TestStore(size: TerminalSize(width: 40, height: 20))
        store.enter(price: "3.99", quantity: "500", unit: "g", name: "small", then: .nextProduct)
        store.enter(price: "6.99", quantity: "1", unit: "kg", name: "big", then: .nextProduct)
        let layout = ScreenLayout(store.state)
        let big = layout.rows[1]
        #expect(big.index == 1 && big.price.width == 0 && layout.rows[2].price.width > 0)
        #expect(Input.action(for: .click(x: big.verdict.x, y: big.rank.y), in: store.state)
            == .comparison(.focus(FieldFocus(product: 1, field: .price))))
        #expect(Input.action(for: .click(x: big.name.x, y: big.rank.y), in: store.state)
            == .comparison(.focus(FieldFocus(product: 1, field: .price))))
    }
}
