import Foundation
import Testing
import TestSupport
@testable import PerCore

/// No message is cut (issue 22): one too long for the status line goes on over the legend's line, words whole, on
/// every screen; the last messages can be read again on the help's Messages page.
@Suite struct StatusLineTests {
    static let lowestSeen = "Lowest seen: 1.27 per kg at Lidl, today (this is +277%)"

    static func said(_ text: String, on state: AppState) -> AppState {
        var s = state
        s.chrome.status = StatusMessage(text)
        return s
    }

    static func threeProducts(_ width: Int, _ height: Int) -> AppState {
        var s = SnapshotTests.threeProducts()
        s.update(.terminal(.resize(TerminalSize(width: width, height: height))))
        return s
    }

    /// The last lines of the screen (two unless told).
    static func footer(_ state: AppState, lines: Int = 2) -> [String] { Array(ScreenView.render(state).lines.suffix(lines)) }

    /// Each text field says what it takes in its own words (`FieldSpec.hints`), on the status line and in the keypad's
    /// place: the Deal field said "Name this product (optional); Tab for its shop" when the hints were the name's or the shop's.
    @Test func eachTextFieldsHintIsItsOwn() {
        let texts = ProductField.allCases.filter { $0.spec.hints != nil }
        #expect(texts.count >= 3 && Set(texts.compactMap { $0.spec.hints?.long }).count == texts.count)
        for field in texts {
            let hints = field.spec.hints!
            var s = AppState(comparison: Comparison(id: "c", title: "Oats"), session: Session(id: "s", size: TerminalSize(width: 80, height: 24)))
            s.update(.comparison(.focus(FieldFocus(product: 0, field: field))))
            let screen = ScreenView.render(s).lines.joined(separator: "\n")
            #expect(s.editing.focus.field == field && Self.footer(s).joined(separator: " ").contains(hints.long), "\(field): \(screen)")
            #expect(screen.contains("Type the \(hints.what)"), "\(field): \(screen)")
        }
    }

    /// Issue 39: a message keeps its instruction at 40 columns: where the whole would take three lines its short form,
    /// a sentence of its own, is said (it ended `…this comparison is in sheets: fix it, or…`, losing "Esc undoes it"),
    /// and the whole stays on the help's Messages page; at 80 columns the whole is said.
    @Test func aUnitRefusedAt40ColumnsKeepsItsInstruction() {
        for (width, height) in [(40, 20), (80, 24)] {
            var s = AppState(comparison: Comparison(id: "c", title: "Paper"), session: Session(id: "s", size: TerminalSize(width: width, height: height)))
            s.enter(price: "5.49", quantity: "12x200", unit: "sheets", then: .nextProduct)
            s.enter(price: "3", quantity: "4", unit: "rolls", then: .keepEditing)
            s.update(.comparison(.finishProduct))
            let footer = Self.footer(s, lines: 4).joined(separator: " ").split(separator: " ").joined(separator: " ")
            #expect(footer.contains("fix it, or Esc undoes it") && !footer.contains("…"), "\(width): \(footer)")
            #expect(s.chrome.messages.first?.text == "roll is a count unit of its own; this comparison is in sheets: fix it, or Esc undoes it",
                    "\(String(describing: s.chrome.messages.first))")
        }
    }

    /// A message of two lines goes up over the keypad's last line: the legend stays, its taps too (decision 141).
    @Test func aLongMessageGoesUpOverTheKeypadsLastLineAt40x20() {
        #expect(ScreenView.render(Self.said(Self.lowestSeen, on: Self.threeProducts(40, 20))).text == """
         per │ Oats                    per kg ›
                                 Per kg
         3 3.99 500 g small  today 7.98 +21%
         2 6.99 for 1 kg big today 6.99 +6% more
         1 3.00 1 lb pound   today 6.61 ★ Best
        ›-
           12+3▏      for qty        lb?
        Price (new product):                = 15
         ‹ prev next › clear
         ┌───┬───┬───┐ ┌───┐  3 of 3 ranked
         │ 1 │ 2 │ 3 │ │   │  Best: pound
         ├───┼───┼───┤ │   │  6.61 per kg
         │ 4 │ 5 │ 6 │ │   │
         ├───┼───┼───┤ │   │
         │ 7 │ 8 │ 9 │ ├───┤
         ├───┼───┼───┤ │ = │
         │ . │ 0 │ ⌫ │ │   │
         Lowest seen: 1.27 per kg at Lidl, today
         (this is +277%)
        ^Q quit ^G help ^O list ^T title ^Y undo
        """)
    }

    @Test func savedAgainReadsWholeAt40x20AndOnOneLineAt80x24() {
        var s = Self.threeProducts(80, 24)
        s.update(.database(.restoredDeletedComparison))
        #expect(ScreenView.render(s).text == """
         per │ Oats                                                            per kg ›
         # Name        Price    Qty Unit  Seen  Per kg              Price (new)    = 15
         3 small        3.99    500 g     today   7.98 +21% more
         2 big          6.99      1 kg    today   6.99 +6% more     ‹ prev next › clear
         1 pound        3.00      1 lb    today   6.61 ★ Best value ┌───┬───┬───┐ ┌───┐
        ›-           12+3▏      qty lb?                             │ 1 │ 2 │ 3 │ │   │
                                                                    │   │   │   │ ├───┤
                                                                    ├───┼───┼───┤ │   │
                                                                    │ 4 │ 5 │ 6 │ ├───┤
                                                                    │   │   │   │ │   │
                                                                    ├───┼───┼───┤ ├───┤
                                                                    │ 7 │ 8 │ 9 │ │   │
                                                                    │   │   │   │ ├───┤
                                                                    ├───┼───┼───┤ │   │
                                                                    │ . │ 0 │ ⌫ │ │ = │
                                                                    │   │   │   │ │   │
                                                                    └───┴───┴───┘ └───┘
                                                                     3 of 3 ranked
                                                                     Best: pound
                                                                     6.61 per kg


         Saved "Oats" again: another session had deleted it
        ^Q quit  F1 help  ^O list  ^T title  ^N new  Tab next  S-Tab prev  ^Y undo
        """)
        s.update(.terminal(.resize(TerminalSize(width: 40, height: 20))))
        #expect(StatusLineTests.footer(s, lines: 3) == [" Saved \"Oats\" again: another session had", " deleted it", "^Q quit ^G help ^O list ^T title ^Y undo"])
        // The next key takes the message away (the legend stayed).
        s.update(.comparison(.nextField))
        #expect(StatusLineTests.footer(s) == [" Type a number; Tab for next", "^Q quit ^G help ^O list ^T title ^Y undo"])
    }

    @Test func aLongMessageReadsWholeOnEveryScreen() {
        let whole = [" Lowest seen: 1.27 per kg at Lidl, today", " (this is +277%)"]
        let list = WhereToShopScreenTests.onTheList(WhereToShopScreenTests.milkEggsOats, 40, 20)
        #expect(Self.footer(Self.said(Self.lowestSeen, on: list), lines: 3).prefix(2) == whole[...])
        let shops = WhereToShopScreenTests.whereToShop(WhereToShopScreenTests.milkEggsOats, 40, 20)
        #expect(Self.footer(Self.said(Self.lowestSeen, on: shops), lines: 3).prefix(2) == whole[...])
        #expect(ScreenView.render(Self.said(Self.lowestSeen, on: PriceBookSnapshotTests.historyState(40, 20))).text == """
         per │ Oats: prices seen       6 prices
         Seen  Product          Qty    Per kg
        ›3 d   Oats @ Lidl 2.29 500 g    4.58
         7 wk  O… @ Costco 5.49   1 kg   5.49
         8 wk  Oats @ Lidl 1.99 500 g    3.98 ★
         5 mo  Jum… @ Aldi 8.99   2 kg   4.50
         6 mo  O… @ Costco 6.61   1 kg   6.61
         13 mo O… @ Costco 4.99   1 kg   4.99









         Lowest seen: 1.27 per kg at Lidl, today
         (this is +277%)
        ^Q quit ^G help ^F more Esc back ^D del
        """)
    }

    @Test func aMessageThatFitsKeepsTheLegend() {
        #expect(Self.footer(Self.said("Nothing deleted", on: Self.threeProducts(40, 20))) == [" Nothing deleted", "^Q quit ^G help ^O list ^T title ^Y undo"])
    }

    @Test func aQuestionKeepsItsYesNoOnItsLastLine() {
        var s = WhereToShopScreenTests.onTheList(WhereToShopScreenTests.milkEggsOats, 40, 20)
        s.update(.shoppingList(.moveSelection(1)))
        s.update(KeyTable.action(for: .control("d"), in: s)!)
        #expect(StatusLineTests.footer(s, lines: 3) == [" Delete the comparison \"Eggs\" and its", " 2 products? y/n", "y yes  n no"])
        let rendered = ScreenView.render(s)
        #expect(rendered.styleLines.suffix(3).prefix(2).allSatisfy { $0.hasPrefix("RRRRRRRR") }, "both lines are the question's, reversed")
        // Longer than two lines: cut between words, the y/n kept.
        let long = "Delete the comparison \"Organic rolled oats, large flakes, from the market\" and its 12 products? y/n"
        let lines = ScreenView.statusLines(long, width: 39, lines: 2, ellipsis: "…")
        #expect(lines == ["Delete the comparison \"Organic rolled", "oats, large flakes, from the… y/n"])
    }

    @Test func wrappedWordsStayWholeAndNumbersAreNeverSplit() {
        #expect(ScreenView.statusLines("Lowest seen: 1234567.89 per kg", width: 20, lines: 2, ellipsis: "…")
                == ["Lowest seen:", "1234567.89 per kg"])
        #expect(ScreenView.statusLines("Lowest seen: 1234567.89 per kg at Lidl", width: 20, lines: 2, ellipsis: "…")
                == ["Lowest seen:", "1234567.89 per kg…"])
        #expect(ScreenView.statusLines("short", width: 20, lines: 2, ellipsis: "…") == ["short"])
        // A day or a count stays with its word.
        #expect(ScreenView.statusLines("Lowest seen: 6.61 per kg at Costco, 1 Jul (this is +51%)", width: 39, lines: 2, ellipsis: "…")
                == ["Lowest seen: 6.61 per kg at Costco,", "1 Jul (this is +51%)"])
        // One line (a hint): cut between words as before.
        #expect(ScreenView.statusLines("Type a number on the keypad; Tab for next", width: 20, lines: 1, ellipsis: "…") == ["Type a number on…"])
    }

    // MARK: The last messages

    @Test func theLastMessagesAreKeptNewestFirst() {
        var store = TestStore()
        store.send(.database(.refused("the file is read-only"))) {
            $0.chrome.status = StatusMessage("Not saved: the file is read-only", isWarning: true)
        }
        #expect(store.state.chrome.messages == [StatusMessage("Not saved: the file is read-only", isWarning: true)])
        store.send(.comparison(.nextField)) {   // the next key takes the message off the line, not out of the messages
            $0.editing.focus(FieldFocus(product: 0, field: .quantity), editing: .numeric(CalculatorEngine()))
            $0.chrome.status = nil
        }
        #expect(store.state.chrome.messages == [StatusMessage("Not saved: the file is read-only", isWarning: true)])
        store.send(.database(.backAlready("Tea"))) {
            $0.chrome.status = StatusMessage("\"Tea\" is back already: another session saved it again")
        }
        #expect(store.state.chrome.messages == [StatusMessage("\"Tea\" is back already: another session saved it again"),
                                                StatusMessage("Not saved: the file is read-only", isWarning: true)])
        // The same message again straight after is kept once.
        store.apply(.comparison(.previousField))
        store.apply(.database(.backAlready("Tea")))
        #expect(store.state.chrome.messages.count == 2)
    }

    @Test func atMostTwentyAreKept() {
        var store = TestStore()
        for i in 1...25 { store.apply(.database(.refused("reason \(i)"))) }
        #expect(store.state.chrome.messages.map(\.text) == (6...25).reversed().map { "Not saved: reason \($0)" })
    }

    @Test func theHelpsLastPageIsTheMessages() {
        var s = Self.threeProducts(40, 20)
        s.update(.database(.restoredDeletedComparison))
        s.update(.database(.backAlready("Tea")))
        s.update(.app(.toggleHelp))
        let pages = HelpPages.pageCount(s.screen.helpScopes, messages: s.chrome.messages, size: s.session.size)
        for _ in 1..<pages { s.update(.app(.nextHelpPage)) }
        #expect(s.chrome.overlay == .help(page: pages - 1))
        #expect(ScreenView.render(s).text == """
         per │ messages 7/7

         Messages
          - "Tea" is back already: another
            session saved it again
          - Saved "Oats" again: another session
            had deleted it












         ‹ prev          Esc close
        """)
        var fresh = Self.threeProducts(80, 24)
        fresh.update(.app(.toggleHelp))
        fresh.update(.app(.nextHelpPage))
        fresh.update(.app(.nextHelpPage))
        #expect(ScreenView.render(fresh).lines.prefix(5) == [" per │ messages 3/3", "", " Messages", "  None yet: what the status line says is kept", "  here."])
    }

    /// A hint has a form that fits 40 columns, so the legend stays (issue 22, decision 151): a long counting word.
    @Test func aCountedUnitsHintKeepsTheLegendAt40Columns() {
        var s = AppState(comparison: Comparison(id: "c", title: "Ink"), session: Session(id: "s", size: TerminalSize(width: 40, height: 20)))
        s.enter(price: "24.99", quantity: "2", unit: "cartridges", then: .nextProduct)
        s.enter(price: "19.99", quantity: "1")
        // Its unit suggested (issue 28): the suggestion's hint has its narrow form too.
        #expect(Self.footer(s) == [" cartridge? Enter takes it, or type", "^Q quit ^G help ^O list ^T title ^Y undo"], "\(Self.footer(s))")
        s.update(.terminal(.resize(TerminalSize(width: 80, height: 24))))
        #expect(Self.footer(s).first == " Suggested cartridge? Enter takes it; typing replaces it")
    }
}

/// The help's columns: a heading never ends a column, so it is never drawn apart from what follows it.
@Suite struct HelpColumnsTests {
    @Test(arguments: [(40, 20), (60, 20), (80, 24), (100, 30), (120, 40), (80, 50)])
    func aHeadingNeverEndsAColumn(width: Int, height: Int) {
        let screens: [[KeyScope]] = [[.everywhere, .comparison, .numeric, .unit, .name], [.shoppingList, .adding, .finding, .naming, .everywhere],
                                     [.history, .fixingEntry, .everywhere], [.whereToShop, .everywhere]]
        for scopes in screens {
            let columns = HelpPages.columns(scopes, size: TerminalSize(width: width, height: height), glyphs: .utf8)
            for (index, column) in columns.enumerated() {
                let last = column.last { $0 != .blank }
                if case .heading(let text) = last { Issue.record("\(scopes[0]) at \(width)x\(height): column \(index) ends with \(text)") }
            }
        }
    }
}
