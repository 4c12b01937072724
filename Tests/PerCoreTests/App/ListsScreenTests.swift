import Foundation
import Testing
@testable import PerCore

@Suite struct ListsScreenTests {
    let entries = [ListEntry(id: "a", title: "Oats", productCount: 2), ListEntry(id: "c", title: "Oil", productCount: 1)]

    func opened() -> TestStore {
        var store = TestStore(Comparison(id: "c", title: "Oil"))
        store.send(.app(.showLists), effects: [.loadLists]) {
            $0.screen = .lists(ListsScreen(entries: [], selecting: "c"))
        }
        store.send(.store(.listsLoaded(entries))) {
            var lists = ListsScreen(entries: [], selecting: "c")
            lists.refresh(entries)
            $0.screen = .lists(lists)
        }
        return store
    }

    @Test func opensOnTheCurrentComparison() {
        let store = opened()
        #expect(store.state.lists?.selected == 1)
        #expect(store.state.lists?.entries == entries)
        #expect(KeyTable.legend(for: store.state) == "Enter open  ^N new  ^R rename  [ ] move  ^D delete  Esc back  ^Q quit  F1 help")
    }

    @Test func renameTypesATitleAndSavesIt() {
        var store = opened()
        store.send(.lists(.rename)) { $0.screen = .lists(self.lists(selected: 1, mode: .naming("Oil", isNew: false))) }
        store.send(.lists(.clearTitle)) { $0.screen = .lists(self.lists(selected: 1, mode: .naming("", isNew: false))) }
        store.type("Olive, virgin")
        var renamed = entries
        renamed[1].title = "Olive, virgin"
        store.send(.lists(.acceptTitle), effects: [.renameComparison("c", "Olive, virgin"), .loadLists]) {
            $0.screen = .lists(self.lists(renamed, selected: 1, mode: .browsing))
            $0.editing.comparison.title = "Olive, virgin"
        }
    }

    @Test func newComparisonIsCreatedThenOpenedWhenSaved() {
        var store = opened()
        store.send(.lists(.new)) { $0.screen = .lists(self.lists(selected: 1, mode: .naming("", isNew: true))) }
        store.type("Rice\n")
        let created = Comparison(id: "s-c2", title: "Rice")
        #expect(store.state.screen == .comparison)
        #expect(store.state.chrome.status == StatusMessage("New comparison \"Rice\""))
        store.send(.store(.opened(created))) {
            $0.editing = ComparisonScreen(comparison: created, session: &$0.session)
        }
        #expect(store.state.editing.comparison.products == [Product(id: "s-3")])
    }

    @Test func moveAndDeleteAskFirst() {
        var store = opened()
        store.send(.lists(.moveSelected(-1)), effects: [.moveComparison("c", to: 0)]) {
            $0.screen = .lists(self.lists([self.entries[1], self.entries[0]], selected: 0, mode: .browsing))
        }
        store.send(.lists(.askDelete)) { $0.chrome.overlay = .confirm(.deleteComparison(self.entries[1])) }
        store.send(.app(.answer(yes: true)), effects: [.deleteComparison("c"), .openComparison("a"), .loadLists]) {
            $0.chrome.overlay = .none
            $0.screen = .lists(self.lists([self.entries[0]], selected: 0, mode: .browsing))
            $0.chrome.status = StatusMessage("Deleted \"Oil\"")
        }
    }

    @Test func escapeGoesBackToTheComparison() {
        var store = opened()
        store.send(.lists(.close)) { $0.screen = .comparison }
        #expect(KeyTable.action(for: .key(.escape), in: store.state) == .comparison(.cancelEdit))
    }

    @Test func aClickChoosesARowAndASecondClickOpensIt() {
        var store = opened()
        let layout = ListsLayout(store.state.lists!, size: store.state.session.size)
        let first = layout.visibleRows[0]
        let click = KeyTable.action(for: .click(x: 5, y: first.y), in: store.state)
        #expect(click == .lists(.choose(0)))
        store.send(.lists(.choose(0))) { $0.screen = .lists(self.lists(selected: 0, mode: .browsing)) }
        store.send(.lists(.choose(0)), effects: [.openComparison("a")]) { $0.screen = .comparison }
    }

    @Test func aNewTitleIsTypedOnTheVisiblePageAndClicksOffTheRowsDoNothing() {
        var store = TestStore(Comparison(id: "c0"))
        store.send(.app(.showLists), effects: [.loadLists]) { $0.screen = .lists(ListsScreen(entries: [], selecting: "c0")) }
        let many = (0..<50).map { ListEntry(id: EntityID("c\($0)"), title: "T\($0)", productCount: 0) }
        store.send(.store(.listsLoaded(many))) { $0.screen = .lists(self.lists(many, selected: 0, mode: .browsing)) }
        store.send(.lists(.new)) { $0.screen = .lists(self.lists(many, selected: 0, mode: .naming("", isNew: true))) }
        store.type("New")
        let screen = ScreenView.render(store.state).text
        #expect(screen.contains("New▏"), "\(screen)")
        store.send(.lists(.cancelTitle)) { $0.screen = .lists(self.lists(many, selected: 0, mode: .browsing)) }
        #expect(KeyTable.action(for: .click(x: 5, y: 23), in: store.state) == nil)   // the legend line: not a list row
    }

    func lists(_ entries: [ListEntry]? = nil, selected: Int, mode: ListsScreen.Mode) -> ListsScreen {
        var lists = ListsScreen(entries: entries ?? self.entries, selecting: nil)
        lists.selected = selected
        lists.mode = mode
        return lists
    }
}
