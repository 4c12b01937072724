import Foundation
import PerCore
import Testing
@testable import PerStore

/// Two app sessions on one database file, each with its own state and store session, driven the way
/// the app's loop drives them: every effect performed, every report sent back through `update`.
@Suite struct StoreSessionTests {
    let folder = TemporaryFolder()

    /// One side: an app state and its store session.
    struct Side {
        var state: AppState
        var session: StoreSession

        init(path: String, id: String) throws {
            let store = try ComparisonStore(path: path)
            let opened = try store.mostRecentlyEditedID().flatMap { try store.load($0) } ?? Comparison(id: "c")
            state = AppState(comparison: opened, session: Session(id: id))
            session = StoreSession(store: store, opened: opened)
        }

        /// Sends an action, performs its effects and sends back what they report, as the loop does.
        mutating func send(_ action: Action) {
            var queue = [action]
            while !queue.isEmpty {
                for effect in state.update(queue.removeFirst()) { queue += session.perform(effect, in: state) }
            }
        }

        mutating func type(_ text: String) {
            for c in text { send(c == "\t" ? .comparison(.nextField) : .comparison(.type(c))) }
        }

        mutating func poll() { for action in session.poll(state) { send(action) } }
    }

    @Test func whatOneSessionCommitsTheOtherTakesInAtItsNextPoll() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home")
        var aisle = try Side(path: path, id: "aisle")
        home.type("3.99\t500\tg\tsmall\t")
        aisle.poll()
        #expect(aisle.state.editing.comparison.products.map(\.name) == ["small", ""])
        #expect(aisle.state.editing.comparison.products[0].price == Decimal(string: "3.99"))
        aisle.poll()   // nothing new: nothing changes
        #expect(aisle.state.editing.comparison.products.count == 2)
    }

    @Test func aFieldInProgressSurvivesTheOtherSessionsChanges() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home")
        home.type("2\t1\tkg\ta\t")
        var aisle = try Side(path: path, id: "aisle")
        aisle.send(.comparison(.focus(FieldFocus(product: 0, field: .price))))
        aisle.send(.comparison(.clearField))
        aisle.type("1.5")                   // typing, not committed
        home.send(.comparison(.focus(FieldFocus(product: 0, field: .name))))
        home.send(.comparison(.clearField))
        home.type("oats\t")                 // renamed at home
        aisle.poll()
        #expect(aisle.state.editing.comparison.products[0].name == "oats")
        #expect(aisle.state.editing.editor.text == "1.5")
        aisle.type("\t")
        home.poll()
        #expect(home.state.editing.comparison.products[0].price == Decimal(string: "1.5"))
        #expect(home.state.editing.comparison.products[0].name == "oats")
    }

    @Test func aComparisonDeletedElsewhereIsSavedBackByTheNextEditWithNothingLost() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home")
        home.type("2\t1\tkg\ta\t")
        var aisle = try Side(path: path, id: "aisle")
        aisle.send(.app(.showLists))
        aisle.send(.lists(.askDelete))
        aisle.send(.app(.answer(yes: true)))
        home.type("3\t")
        #expect(home.state.chrome.status == StatusMessage("Another session had deleted this comparison; saved it again", isWarning: true))
        let store = try ComparisonStore(path: path)
        #expect(try store.load("c")?.products.compactMap(\.price) == [2, 3])
    }
}
