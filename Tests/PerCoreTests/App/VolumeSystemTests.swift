import Foundation
import Testing
import TestSupport
@testable import PerCore

/// Issue 39: UK measures reach the app (`--uk`, `uk = yes`: the session's volume system), and the screen says which
/// pint is in play.
@Suite struct VolumeSystemTests {
    func onTheList(_ system: VolumeSystem) -> TestStore {
        var store = TestStore(Comparison(id: "c", title: "Oil"), volumeSystem: system)
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.loaded([ListEntry(id: "c", title: "Oil", productCount: 0)])))
        return store
    }

    @Test func aComparisonMadeInTheAppTakesTheSessionsVolumeSystem() {
        var store = onTheList(.imperial)
        store.apply(.shoppingList(.new))
        for c in "Milk" { store.apply(.shoppingList(.type(c))) }
        let effects = store.apply(.shoppingList(.acceptTitle))
        #expect(effects.contains(.createComparison(Comparison(id: "s-c2", title: "Milk", volumeSystem: .imperial))), "\(effects)")
        var item = onTheList(.imperial)
        let added = item.type("cream\n")
        #expect(added.contains(.addListItem(Comparison(id: "s-c2", title: "cream", volumeSystem: .imperial))), "\(added)")
        var us = onTheList(.us)
        let usAdded = us.type("cream\n")
        #expect(usAdded.contains(.addListItem(Comparison(id: "s-c2", title: "cream"))), "\(usAdded)")
    }

    /// `(US)` or `(UK)` beside the comparison unit and the best price while a customary volume is in play (the unit or a
    /// product's), at 80 and 40 columns; nothing for a metric volume, which is the same in both.
    @Test func theScreenSaysUSOrUKWhileACustomaryVolumeIsInPlay() {
        let pint = Product.fixture(id: "p", name: "milk", price: decimal("1.50"), quantity: 1, unit: .pint)
        for size in [TerminalSize(width: 80, height: 24), TerminalSize(width: 40, height: 20)] {
            let us = ScreenView.render(TestStore(Comparison(id: "c", products: [pint]), size: size).state).lines
            #expect(us[0].hasSuffix("per fl oz (US) ›"), "\(us.joined(separator: "\n"))")
            #expect(us.dropFirst().contains { $0.contains("per fl oz (US)") }, "\(us.joined(separator: "\n"))")
            let uk = ScreenView.render(TestStore(Comparison(id: "c", products: [pint], volumeSystem: .imperial), size: size).state).lines
            #expect(uk[0].hasSuffix("per fl oz (UK) ›"), "\(uk.joined(separator: "\n"))")
            let litre = Product.fixture(id: "l", name: "milk", price: decimal("1.50"), quantity: 1, unit: .liter)
            let metric = ScreenView.render(TestStore(Comparison(id: "c", products: [litre]), size: size).state).lines
            #expect(metric[0].hasSuffix("per L ›") && !metric.joined().contains("(US)"), "\(metric.joined(separator: "\n"))")
        }
    }
}
