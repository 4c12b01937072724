import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Issue 38's per-use prices in the app: a comparison by use (Ctrl-P past the family's units to `per wash`), the Uses
/// field on the keypad after the offer, any unit ranked per wash (decisions 304-307).
@Suite struct UsesFieldTests {
    static let wash = CountWord("wash")!

    /// The bottle, 2.5 L at 11.99 typed with keys, and the comparison stepped to per wash (Ctrl-P past L, 100 mL, mL,
    /// fl oz, cup and gal).
    static func bottleByWash(size: TerminalSize = TerminalSize(width: 80, height: 24)) -> TestStore {
        var store = TestStore(size: size)
        store.type("11.99\n2.5\nl\n")
        for _ in 0..<6 { store.apply(.comparison(.stepBasis(1))) }
        return store
    }

    /// The detergent typed with keys: 2.5 L with 50 washes at 11.99, 1.5 L with 30 at 7.49, 40 pods (40 washes) at 12.99.
    static func detergent(size: TerminalSize = TerminalSize(width: 80, height: 24)) -> TestStore {
        var store = bottleByWash(size: size)
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .uses))))
        store.type("50\n")
        store.type("7.49\n1.5\nl\n30\n")
        store.type("12.99\n40\npod\n40\n")
        return store
    }

    @Test func theDetergentIsRankedPerWashWhateverItsUnit() {
        let store = Self.detergent()
        let comparison = store.state.editing.comparison
        #expect(comparison.basis == .perUse(Self.wash))
        #expect(comparison.products.prefix(3).map(\.uses) == [50, 30, 40].map { Uses(count: Decimal($0), word: Self.wash) })
        #expect(comparison.products.prefix(3).map(\.unit) == [.liter, .liter, .counted(CountWord("pod")!)])
        // By hand: 11.99 / 50 = 0.2398, 7.49 / 30 = 0.24966…, 12.99 / 40 = 0.32475.
        let perWash = comparison.products.map { comparison.unitPrice(of: $0).map { $0.price(per: 1) } }
        #expect(perWash[0] == dec("0.2398"))
        #expect(perWash[2] == dec("0.32475"))
        #expect(perWash[1].map { abs($0 - dec("7.49") / 30) < dec("0.000000000001") } == true)
        let rows = (0..<3).map { store.state.editing.tablePage.row($0) }
        #expect(rows.map(\.unitPrice) == ["0.240", "0.250", "0.325"])
        #expect(rows.map(\.verdict) == ["Best value", "+4% more", "+35% more"])
        #expect(rows[0].nameAndShop == "50 washes")
    }

    /// By use a word typed as a unit compares per wash with every other unit, so the status line says so, not that
    /// the pods compare only with pods (as it says in a comparison by unit).
    @Test func aNewWordByUseIsSaidToComparePerUse() {
        var store = Self.bottleByWash()
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .uses))))
        store.type("50\n12.99\n40\npod\n")
        #expect(store.state.chrome.status == StatusMessage("pod: a count unit, compared per wash by its uses"))
        var byUnit = TestStore()
        byUnit.type("12.99\n40\npod\n")
        #expect(byUnit.state.chrome.status == StatusMessage("pod: a count unit, compared only with pods"))
    }

    /// Enter on the unit of a product by use goes on to its uses, then Enter on them to the next product.
    @Test func enterGoesOnToTheUsesByUse() {
        var store = Self.bottleByWash()
        #expect(store.state.chrome.status == StatusMessage("Unit prices per wash"))
        store.type("7.49\n1.5\nl\n")
        #expect(store.state.editing.focus == FieldFocus(product: 1, field: .uses))
        store.type("30\n")
        #expect(store.state.editing.focus == FieldFocus(product: 2, field: .price))
        #expect(store.state.editing.tablePage.row(0).verdict == "no washes yet")
    }

    /// Nothing typed is lost: 0 uses stay in the field with the reason; Esc undoes them.
    @Test func zeroUsesStayInTheFieldToBePutRight() {
        var store = Self.bottleByWash()
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .uses))))
        store.type("0\n")
        #expect(store.state.editing.focus == FieldFocus(product: 0, field: .uses))
        #expect(store.state.chrome.status == StatusMessage("0 washes is no use: a product holds 1 wash or more: fix it, or Esc undoes it", isWarning: true))
        #expect(store.state.editing.comparison.products[0].uses == nil)
        store.type("\u{8}50\t")
        #expect(store.state.editing.comparison.products[0].uses == Uses(count: 50, word: Self.wash))
    }

    /// Where no uses are in play the Uses field is not walked: Tab from the offer goes on to the next product as before.
    @Test func tabSkipsTheUsesFieldWhereNoUsesAreInPlay() {
        var store = TestStore()
        store.type("1.79\n500\ng\n")
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .deal))))
        store.apply(.comparison(.nextField))
        #expect(store.state.editing.focus == FieldFocus(product: 1, field: .price))
    }

    /// Ctrl-Y takes uses typed into the empty field back.
    @Test func ctrlYTakesTypedUsesBack() {
        var store = Self.detergent()
        store.apply(.comparison(.undoDeletion))
        #expect(store.state.editing.comparison.products[2].uses == nil)
        #expect(store.state.chrome.status?.text.contains("40 washes") == true)
    }

    /// A comparison by use whose products are of several families stays by use: Ctrl-P steps its words only.
    @Test func severalFamiliesStayByUse() {
        var store = Self.detergent()
        store.apply(.comparison(.stepBasis(1)))
        #expect(store.state.editing.comparison.useWord != nil)
    }
}
