import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Issue 38's deals in the app: a text field after the deposit, read on leaving it, shown in the name's cell with the
/// shelf's unit price beside the offer's (decisions 284-286).
@Suite struct DealFieldTests {
    static let tub = Product.fixture(id: "s-1", price: dec("1.79"), quantity: 500, unit: .gram, seen: TestStore.today)

    static func tubTyped(size: TerminalSize = TerminalSize(width: 80, height: 24), members: [String] = []) -> TestStore {
        var store = TestStore(size: size, members: members)
        store.enter(price: "1.79", quantity: "500", unit: "g", name: "", shop: "", then: .keepEditing)
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .deal))))
        return store
    }

    @Test func aMultiBuyTypedInTheDealFieldIsSavedRankedAndShownBesideTheShelfPrice() {
        var store = Self.tubTyped()
        store.type("2 for 3")
        var withDeal = Self.tub
        withDeal.deal = Deal(.multibuy(count: 2, price: 3))
        store.send(.comparison(.nextField), effects: [.saveField(.deal, product: withDeal)]) {
            $0.editing.overwritten = Overwrite(field: .deal, before: Self.tub, after: withDeal)
            $0.editing.comparison.replaceProduct(at: 0, with: withDeal)
            $0.editing.comparison.append(Product.fixture(id: "s-2"))
            $0.editing.focus(FieldFocus(product: 1, field: .price), editing: .numeric(CalculatorEngine()))
            $0.madeIDs(2)
        }
        let row = store.state.editing.tablePage.row(0)
        // 3.00 for 2 × 500 g: 3.00 per kg; the shelf's 1.79 for 500 g: 3.58.
        #expect(row.unitPrice == "3.00")
        #expect(row.nameAndShop == "2/3.00 (shelf 3.58)")
    }

    @Test func aMemberPriceIsRankedForAMemberAndMarkedForAnyoneElse() {
        var member = Self.tubTyped(members: ["Clubcard"])
        member.type("Clubcard 1.49")
        member.apply(.comparison(.nextField))
        #expect(member.state.editing.comparison.products[0].deal == Deal(.member(scheme: "Clubcard", price: dec("1.49"))))
        #expect(member.state.editing.tablePage.row(0).unitPrice == "2.98")
        #expect(member.state.editing.tablePage.row(0).nameAndShop == "Clubcard 1.49 (shelf 3.58)")
        var other = Self.tubTyped()
        other.type("Clubcard 1.49")
        other.apply(.comparison(.nextField))
        #expect(other.state.editing.tablePage.row(0).unitPrice == "3.58")
        #expect(other.state.editing.tablePage.row(0).nameAndShop == "Clubcard 1.49 members")
    }

    /// Nothing typed is lost: Enter and Tab stay on text that is no offer, and say why; Esc undoes it.
    @Test func anOfferOfZeroOrAPastLastDayStaysInTheFieldToBePutRight() {
        var store = Self.tubTyped()
        store.type("2 for 0")
        store.send(.comparison(.finishProduct)) {
            $0.chrome.status = StatusMessage("an offer of 0 for 2 is no price: type what the 2 cost: fix it, or Esc undoes it", isWarning: true)
        }
        #expect(store.state.editing.comparison.products[0].deal == nil)
        store.apply(.comparison(.clearField))
        store.type("2 for 3 until 2026-11-01")
        store.send(.comparison(.nextField)) {
            $0.chrome.status = StatusMessage("the offer ended on 2026-11-01: its last day is before today: fix it, or Esc undoes it", isWarning: true)
        }
        #expect(store.state.editing.focus == FieldFocus(product: 0, field: .deal))
    }

    @Test func anOfferDearerThanItsSinglesIsKeptAndSaidToBeNoDeal() {
        var store = Self.tubTyped()
        store.type("2 for 4")
        store.apply(.comparison(.previousField))
        #expect(store.state.editing.comparison.products[0].deal == Deal(.multibuy(count: 2, price: 4)))
        #expect(store.state.chrome.status == StatusMessage("2 for 4.00 costs no less than 2 at 1.79: kept, but it is no deal"))
        #expect(store.state.editing.tablePage.row(0).unitPrice == "3.58")
        #expect(store.state.editing.tablePage.row(0).nameAndShop == "2/4.00 no deal")
    }

    @Test func ctrlYTakesATypedOfferBack() {
        var store = Self.tubTyped()
        store.type("2 for 3")
        store.apply(.comparison(.previousField))
        #expect(store.state.editing.comparison.products[0].deal != nil)
        store.apply(.comparison(.undoDeletion))
        #expect(store.state.editing.comparison.products[0].deal == nil)
    }

    /// Nothing typed is lost (issue 38's bad input): an offer of 0 for 2, a last day past, a scheme without a price and
    /// 0 uses stay in their field as typed after Enter, Tab, Shift-Tab and `next ›` alike, said, and nothing is saved;
    /// Esc then undoes the text. A deposit above the price is kept whole and said.
    @Test func badShelvesInputStaysInItsFieldAsTypedWhicheverWayItIsLeft() {
        // Enter, Tab, Shift-Tab (`‹ prev`), `next ›`, a tap on the product's price: Shift-Tab and the tap dropped
        // the text, `kept the earlier offer` (decision 435).
        let ways: [ComparisonAction] = [.finishProduct, .nextField, .previousField, .nextFieldTakingSuggestion,
                                        .focus(FieldFocus(product: 0, field: .price))]
        for (typed, reason) in [("2 for 0", "an offer of 0 for 2 is no price"), ("2 for 3 until 2026-11-01", "the offer ended on 2026-11-01"),
                                ("Clubcard", "no offer")] {
            for way in ways {
                var store = Self.tubTyped()
                store.type(typed)
                store.apply(.comparison(way))
                #expect(store.state.editing.focus == FieldFocus(product: 0, field: .deal), "\(typed) \(way)")
                #expect(store.state.editing.editor.text == typed, "\(typed) \(way)")
                #expect(store.state.chrome.status?.text.contains(reason) == true && store.state.chrome.status?.isWarning == true,
                        "\(typed) \(way): \(String(describing: store.state.chrome.status))")
                #expect(store.state.editing.comparison.products[0].deal == nil)
                store.apply(.comparison(.cancelEdit))
                #expect(store.state.editing.editor.text == "")
            }
        }
        for way in ways {
            var store = UsesFieldTests.detergent()
            store.apply(.comparison(.focus(FieldFocus(product: 1, field: .uses))))
            store.apply(.comparison(.clearField))
            store.type("0")
            store.apply(.comparison(way))
            #expect(store.state.editing.focus == FieldFocus(product: 1, field: .uses), "\(way)")
            #expect(store.state.editing.editor.text == "0", "\(way)")
            #expect(store.state.chrome.status?.text.contains("0 washes is no use") == true, "\(way)")
            #expect(store.state.editing.comparison.products[1].uses == Uses(count: 30, word: UsesFieldTests.wash))
        }
    }
}
