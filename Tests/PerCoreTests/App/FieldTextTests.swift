import Foundation
import Testing
@testable import PerCore
import TestSupport

/// Issue 40: what the app takes, import takes back. Text typed or pasted into a field is cut at
/// `FieldText.maximumLength` scalars and loses its bidi controls, each said on the message line.
@Suite struct FieldTextTests {
    static let limit = FieldText.maximumLength
    static let cut = StatusMessage("Cut to 4,096 characters, the most per keeps in one field", isWarning: true)

    /// A store with the comparison's name field of the first product focused, empty.
    static func onTheName() -> TestStore {
        var store = TestStore()
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .name))))
        return store
    }

    @Test func theLimitIsImportsAndItsMessageSaysIt() {
        #expect(Self.limit == 4096)
        #expect(FieldText.cutMessage == Self.cut.text)
    }

    @Test func aNamePastedPastTheLimitIsCutAndSaysSo() {
        var store = Self.onTheName()
        let paste = String(repeating: "a", count: Self.limit + 1795)
        store.send(.comparison(.paste(paste))) {
            $0.editing.editor = .text(TextField(String(repeating: "a", count: Self.limit)))
            $0.chrome.status = Self.cut
        }
        // A key typed at the limit is cut too, and says so again; Backspace makes room.
        store.send(.comparison(.type("b"))) { $0.chrome.status = Self.cut }
        store.apply(.comparison(.deleteBackward))
        store.send(.comparison(.type("b"))) {
            $0.editing.editor = .text(TextField(String(repeating: "a", count: Self.limit - 1) + "b"))
        }
    }

    /// The limit counts scalars, as import does: an emoji of four scalars takes four, and a paste of them stops at
    /// the last whole one that fits.
    @Test func theLimitCountsScalarsAsImportDoes() {
        var store = Self.onTheName()
        let family = "👨\u{200D}👩\u{200D}👧"   // five scalars
        store.send(.comparison(.paste(String(repeating: family, count: 1000)))) {
            $0.editing.editor = .text(TextField(String(repeating: family, count: Self.limit / 5)))
            $0.chrome.status = Self.cut
        }
        guard case .text(let field) = store.state.editing.editor else { Issue.record("not a text field"); return }
        #expect(field.text.unicodeScalars.count == Self.limit / 5 * 5)
    }

    @Test func aBidiControlTypedOrPastedIsLeftOutAndSaid() {
        var store = Self.onTheName()
        store.apply(.comparison(.type("C")))
        store.send(.comparison(.type("\u{202E}"))) {
            $0.chrome.status = StatusMessage("Left out U+202E, a bidi control: it would show the text in another order", isWarning: true)
        }
        store.send(.comparison(.paste("ost\u{2066}co\u{200F}"))) {
            $0.editing.editor = .text(TextField("Costco"))
            $0.chrome.status = StatusMessage("Left out U+2066, a bidi control: it would show the text in another order", isWarning: true)
        }
        for scalar in ["\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",
                       "\u{200E}", "\u{200F}", "\u{061C}"] as [Unicode.Scalar] {
            #expect(!TextField.takes(Character(scalar)), "\(TerminalText.codePoint(scalar))")
            #expect(TerminalText.isBidiControl(scalar))
        }
        // Right-to-left letters themselves are text.
        #expect(TextField.takes("ש") && TextField.takes("م"))
    }

    @Test func aListTitlePastedPastTheLimitIsCutAndSaysSo() {
        var store = TestStore(Comparison(id: "c", title: "Oil"))
        store.apply(.app(.showShoppingList))
        store.apply(.shoppingList(.loaded([ListEntry(id: "c", title: "Oil", productCount: 0)])))
        store.apply(.shoppingList(.startItem("e")))
        store.apply(.shoppingList(.paste(String(repeating: "ggs\n", count: 2000))))
        #expect(store.state.shoppingList?.mode == .adding("e" + String(repeating: "ggs", count: 1365)))
        #expect(store.state.chrome.status == Self.cut)
        store.apply(.shoppingList(.clearTitle))
        store.apply(.shoppingList(.type("\u{202E}")))
        #expect(store.state.shoppingList?.mode == .adding(""))
        #expect(store.state.chrome.status?.text == FieldText.leftOutMessage("\u{202E}"))
    }

    /// A shop is saved as import reads it back (`ShopName.trimmed`): a typed " Lidl " is Lidl, so a backup restores
    /// it as it was saved.
    @Test func aTypedShopIsSavedWithoutTheSpacesAroundItAsImportReadsIt() {
        var store = TestStore()
        store.enter(price: "1", quantity: "1", unit: "kg", shop: " Lidl ")
        #expect(store.state.editing.comparison.products.first?.shop == "Lidl")
    }

    @Test func appendingLeavesOutBidiControlsSayingSoAndLineBreaksQuietly() {
        var text = "Lidl"
        #expect(FieldText.appending("\u{202E}x", to: &text) == [.bidiControl("\u{202E}")])
        #expect(text == "Lidlx")
        #expect(FieldText.message(for: [.notText]) == nil)
    }
}
