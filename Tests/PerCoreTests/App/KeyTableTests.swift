import Foundation
import Testing
@testable import PerCore

@Suite struct KeyTableTests {
    @Test func keysDispatchByScreenAndField() {
        var store = TestStore()
        let state = { store.state }
        #expect(KeyTable.action(for: .character("x"), in: state()) == .comparison(.keypad(.operation(.times))))
        #expect(KeyTable.action(for: .control("q"), in: state()) == .app(.quit))
        #expect(KeyTable.action(for: .key(.down), in: state()) == .comparison(.nextField))
        #expect(KeyTable.action(for: .resize(width: 50, height: 30), in: state()) == .terminal(.resize(TerminalSize(width: 50, height: 30))))
        store.type("1\t1\t1\t")
        #expect(KeyTable.action(for: .character("x"), in: state()) == .comparison(.type("x")))   // a name takes letters
        #expect(KeyTable.action(for: .key(.escape), in: state()) == .comparison(.cancelEdit))
        store.send(.comparison(.askDeleteProduct)) { $0.chrome.overlay = .confirm(.deleteProduct("s-1", label: "1.00 for 1")) }
        #expect(KeyTable.action(for: .key(.enter), in: state()) == .app(.answer(yes: true)))
        #expect(KeyTable.action(for: .character("n"), in: state()) == .app(.answer(yes: false)))
        #expect(KeyTable.action(for: .control("q"), in: state()) == .app(.quit))
        #expect(KeyTable.legend(for: state()) == "^Q quit  F1 help  ^O lists  Tab next  S-Tab prev  Esc cancel  F2 per  ^D del")
    }

    @Test func clicksBecomeTheSameActionsAsKeys() {
        var store = TestStore()
        let layout = ScreenLayout(store.state)
        let five = KeypadView.keyCaps(x: layout.keypadOrigin.x, y: layout.keypadOrigin.y, size: layout.keypadSize).first { $0.key == .digit(5) }!
        #expect(KeyTable.action(for: .click(x: five.frame.x + 1, y: five.frame.y + 1), in: store.state) == .comparison(.keypad(.digit(5))))
        let next = layout.toolbarButtons[1]
        #expect(KeyTable.action(for: .click(x: next.frame.x, y: next.frame.y), in: store.state) == .comparison(.nextField))
        store.type("5\t")
        let priceCell = ScreenLayout(store.state).rows[0].price
        #expect(KeyTable.action(for: .click(x: priceCell.x, y: priceCell.y), in: store.state)
                == .comparison(.focus(FieldFocus(product: 0, field: .price))))
        #expect(KeyTable.action(for: .click(x: 2, y: 0), in: store.state) == .app(.showLists))
    }

    @Test func narrowHelpTurnsPagesThenAnyOtherKeyClosesIt() {
        var store = TestStore(size: TerminalSize(width: 40, height: 20))
        store.send(.app(.toggleHelp)) { $0.chrome.overlay = .help(page: 0) }
        let pages = HelpView.pageCount(AppState.Screen.comparison.helpScopes, width: 40, height: 20)
        #expect(pages > 1)
        #expect(ScreenView.render(store.state).lines[0].hasSuffix("keys 1/\(pages)"))
        #expect(KeyTable.action(for: .key(.tab), in: store.state) == .app(.nextHelpPage))
        store.send(.app(.nextHelpPage)) { $0.chrome.overlay = .help(page: 1) }
        #expect(KeyTable.action(for: .character("7"), in: store.state) == .app(.toggleHelp))   // closes, and does nothing else
        store.send(.app(.toggleHelp)) { $0.chrome.overlay = .none }
    }

    @Test func wideHelpFitsOnOnePage() {
        #expect(HelpView.pageCount(AppState.Screen.comparison.helpScopes, width: 80, height: 24) == 1)
        #expect(HelpView.pageCount(AppState.Screen.lists(ListsScreen(entries: [], selecting: nil)).helpScopes, width: 80, height: 24) == 1)
    }
}
