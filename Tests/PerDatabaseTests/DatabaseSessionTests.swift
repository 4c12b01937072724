import Foundation
import GRDB
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// Two app sessions on one database file, each with its own state and store session, driven the way
/// the app's loop drives them: every effect performed, every report sent back through `update`.
@Suite struct DatabaseSessionTests {
    let folder = TemporaryFolder()

    /// One side: an app state and its store session, driven as the app drives them (`AppDriver`).
    struct Side: ComparisonTypist {
        var driver: AppDriver
        var state: AppState { driver.state }
        var session: DatabaseSession {
            get { driver.database }
            _modify { yield &driver.database }
        }

        /// `asTheApp`: opens as the app does (a fresh file gets its first comparison saved, with an id of this side's).
        init(path: String, id: String, busyTimeout: TimeInterval = 5, asTheApp: Bool = false) throws {
            let store = try ComparisonDatabase(path: path, busyTimeout: busyTimeout)
            let state = asTheApp ? try store.openingState(orNew: Comparison(id: ComparisonID("\(id)-c0")), session: Session(id: id))
                : AppState(comparison: try store.mostRecentlyEditedID().flatMap { try store.load($0) } ?? Comparison(id: "c"), session: Session(id: id))
            driver = AppDriver(state: state, database: DatabaseSession(database: store, opened: state.editing.comparison))
        }

        mutating func send(_ action: Action) { driver.send(action) }
        mutating func sendTyped(_ action: Action) { send(action) }

        /// Types `text` into the focused field.
        mutating func type(_ text: String) {
            for c in text { send(.comparison(.type(c))) }
        }

        mutating func poll() { driver.poll() }
    }

    @Test func whatOneSessionCommitsTheOtherTakesInAtItsNextPoll() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home")
        var aisle = try Side(path: path, id: "aisle")
        home.enter(price: "3.99", quantity: "500", unit: "g", name: "small", then: .nextProduct)
        aisle.poll()
        #expect(aisle.state.editing.comparison.products.map(\.name) == ["small", ""])
        #expect(aisle.state.editing.comparison.products[0].price == Decimal(string: "3.99"))
        aisle.poll()   // nothing new: nothing changes
        #expect(aisle.state.editing.comparison.products.count == 2)
    }

    /// While the whole-file check runs beside the app, every write waits, in order; the first poll after it
    /// passes writes them, and another session then sees them.
    @Test func writesWaitWhileTheFileIsChecked() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home", asTheApp: true)
        let aisle = try Side(path: path, id: "aisle", asTheApp: true)
        home.session.holdsWrites = true
        home.enter(price: "3.99", quantity: "500", unit: "g", name: "small", then: .nextProduct)
        #expect(!home.session.isUpToDate)
        #expect(try home.session.database.load("home-c0")?.products.contains { $0.name == "small" } != true)
        home.poll()   // still held
        #expect(!home.session.isUpToDate)
        home.session.holdsWrites = false
        home.poll()
        #expect(home.session.isUpToDate)
        #expect(try home.session.database.load("home-c0")?.products.first?.name == "small")
        #expect(try aisle.session.database.load("home-c0")?.products.first?.price == Decimal(string: "3.99"))
    }

    /// A fresh file holds nothing until something is typed: each session opens its own unsaved comparison; the first
    /// typed into is saved, off the list (0×), and the other session's untouched one never is.
    @Test func aFreshFileHoldsOnlyWhatWasTypedAndItStartsOffTheList() throws {
        let path = folder.file("fresh.sqlite")
        var home = try Side(path: path, id: "home", asTheApp: true)
        var aisle = try Side(path: path, id: "aisle", asTheApp: true)
        home.send(.terminal(.started)); aisle.send(.terminal(.started))
        #expect(home.state.editing.comparison.id == "home-c0" && aisle.state.editing.comparison.id == "aisle-c0")
        #expect(try home.session.database.summaries().isEmpty)
        home.enter(price: "3.99", quantity: "500", unit: "g")
        aisle.poll()
        #expect(try home.session.database.summaries().map(\.id) == ["home-c0"])
        #expect(try home.session.database.shoppingList().map(\.item.count) == [0])
        // The untouched session opened the one typed into: the two share it.
        #expect(aisle.state.editing.comparison.id == "home-c0")
        #expect(aisle.state.editing.comparison.products.map(\.price) == [Decimal(string: "3.99"), nil])
        #expect(aisle.state.editing.onTheList == .known(0) && home.state.editing.onTheList == .known(0))
        aisle.enter(price: "2", quantity: "1", unit: "kg")
        home.poll()
        #expect(home.state.editing.comparison.products.map(\.price) == [Decimal(string: "3.99"), 2])
    }

    /// A session that began typing into its new comparison keeps it (and what it typed) when another session makes one.
    @Test func aNewComparisonBeingTypedIntoIsKeptWhenAnotherSessionMakesOne() throws {
        let path = folder.file("fresh.sqlite")
        var home = try Side(path: path, id: "home", asTheApp: true)
        var aisle = try Side(path: path, id: "aisle", asTheApp: true)
        aisle.send(.comparison(.type("7")))   // in progress, not committed
        home.enter(price: "3.99", quantity: "500", unit: "g")
        aisle.poll()
        #expect(aisle.state.editing.comparison.id == "aisle-c0")
        #expect(aisle.state.editing.editor.text == "7")
        aisle.enter(quantity: "1", unit: "kg")
        #expect(Set(try home.session.database.summaries().map(\.id)) == ["home-c0", "aisle-c0"])
    }

    /// The count on the list beside the keypad: read when opened, counted by Ctrl-X here, and another session's `+` on
    /// the list reaches it at the next poll.
    @Test func theOpenComparisonsCountOnTheListFollowsEverySession() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home", asTheApp: true)
        home.send(.terminal(.started))
        home.enter(price: "3.99", quantity: "500", unit: "g")
        var aisle = try Side(path: path, id: "aisle", asTheApp: true)
        #expect(aisle.state.editing.onTheList == .known(0))   // read before the first frame
        aisle.send(.terminal(.started))
        home.send(.comparison(.addToList))
        #expect(home.state.editing.onTheList == .known(1))
        aisle.poll()
        #expect(aisle.state.editing.onTheList == .known(1))
        aisle.send(.app(.showShoppingList))
        aisle.send(.shoppingList(.changeCount(1)))
        home.poll()
        #expect(home.state.editing.onTheList == .known(2))
    }

    /// Ctrl-X on a comparison not saved yet makes its row (off the list) and counts it once; again: twice. An item
    /// typed on the list starts at 1×.
    @Test func ctrlXPutsTheOpenComparisonOnTheListAndAListItemStartsAtOne() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home", asTheApp: true)
        home.send(.comparison(.addToList))
        #expect(try home.session.database.shoppingList().map { [$0.id.rawValue: $0.item.count] } == [["home-c0": 1]])
        home.send(.comparison(.addToList))
        #expect(try home.session.database.shoppingList().map(\.item.count) == [2])
        home.send(.app(.showShoppingList))
        home.send(.shoppingList(.startItem("M")))
        for c in "ilk" { home.send(.shoppingList(.type(c))) }
        home.send(.shoppingList(.acceptTitle))
        let counts = Dictionary(uniqueKeysWithValues: try home.session.database.shoppingList().map { ($0.title, $0.item.count) })
        #expect(counts == ["Milk": 1, "": 2])
    }

    @Test func aComparisonDeletedOnTheListComesBackWithCtrlY() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home", asTheApp: true)
        home.enter(price: "2", quantity: "1", unit: "kg", name: "oats")
        let typed = try #require(try home.session.database.load("home-c0"))
        home.send(.app(.showShoppingList))
        home.send(.shoppingList(.new))
        for c in "Rice" { home.send(.shoppingList(.type(c))) }
        home.send(.shoppingList(.acceptTitle))
        home.send(.app(.showShoppingList))
        home.send(.shoppingList(.moveSelection(1)))   // the older: the one typed
        #expect(home.state.shoppingList?.selectedEntry?.id == "home-c0")
        home.send(.shoppingList(.askDelete))
        home.send(.app(.answer(yes: true)))
        #expect(try home.session.database.load("home-c0") == nil)
        #expect(home.state.session.deletedComparisons == [typed])
        home.send(.shoppingList(.undoDelete))
        #expect(try home.session.database.load("home-c0") == typed)
        #expect(home.state.shoppingList?.entries.map(\.title) == ["", "Rice"])   // brought back: the latest edit
        #expect(home.state.shoppingList?.selectedEntry?.id == "home-c0")
        #expect(home.state.session.deletedComparisons.isEmpty)
    }

    @Test func leavingABlankComparisonDeletesIt() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home", asTheApp: true)
        #expect(try home.session.database.summaries().map(\.id) == [])   // not typed into: not saved
        home.send(.app(.showShoppingList))
        home.send(.shoppingList(.new))
        for c in "Rice" { home.send(.shoppingList(.type(c))) }
        home.send(.shoppingList(.acceptTitle))
        #expect(home.state.editing.comparison.title == "Rice")
        #expect(try home.session.database.summaries().map(\.title) == ["Rice"])   // the blank one went
        // Deleting the last comparison opens one blank one; leaving it again leaves no trail.
        home.send(.app(.showShoppingList))
        home.send(.shoppingList(.askDelete))
        home.send(.app(.answer(yes: true)))
        #expect(try home.session.database.summaries().map(\.title) == [])   // the blank one opened is not saved
        #expect(home.state.editing.comparison.isBlank && home.state.editing.onTheList == .known(0))
        home.send(.shoppingList(.new))
        for c in "Tea" { home.send(.shoppingList(.type(c))) }
        home.send(.shoppingList(.acceptTitle))
        #expect(try home.session.database.summaries().map(\.title) == ["Tea"])
    }

    /// Ctrl-D, Ctrl-K and Ctrl-Y in one session: the other sees the same products in the same order at each poll,
    /// and a product it typed meanwhile stays where it was.
    @Test func undoneDeletionsReachTheOtherSessionInTheirPlaces() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home")
        var aisle = try Side(path: path, id: "aisle")
        home.enter(price: "1", quantity: "1", unit: "kg", name: "a", then: .nextProduct)
        home.enter(price: "2", quantity: "1", unit: "kg", name: "b", then: .nextProduct)
        home.enter(price: "3", quantity: "1", unit: "kg", name: "c", then: .nextProduct)
        func names(_ side: Side) -> [String] { side.state.editing.comparison.products.filter { !$0.isBlank }.map(\.name) }
        let b = home.state.editing.comparison.products[1]
        home.send(.comparison(.deleteProduct(b.id, label: "b")))
        home.send(.comparison(.clearAll))
        aisle.poll()
        #expect(names(aisle) == [])
        aisle.enter(price: "9", quantity: "1", unit: "kg", name: "mine", then: .nextProduct)
        home.poll()
        #expect(names(home) == ["mine"])
        home.send(.comparison(.undoDeletion))      // a and c, before "mine"
        aisle.poll()
        #expect(names(home) == ["a", "c", "mine"])
        #expect(names(aisle) == names(home))
        home.send(.comparison(.undoDeletion))      // b, between a and c
        aisle.poll()
        home.poll()
        #expect(names(home) == ["a", "b", "c", "mine"])
        #expect(names(aisle) == names(home))
        #expect(try ComparisonDatabase(path: path).load("c")?.products.map(\.name) == ["a", "b", "c", "mine"])
    }

    @Test func aFieldInProgressSurvivesTheOtherSessionsChanges() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home")
        home.enter(price: "2", quantity: "1", unit: "kg", name: "a", then: .nextProduct)
        var aisle = try Side(path: path, id: "aisle")
        aisle.send(.comparison(.focus(FieldFocus(product: 0, field: .price))))
        aisle.send(.comparison(.clearField))
        aisle.type("1.5")                   // typing, not committed
        home.send(.comparison(.focus(FieldFocus(product: 0, field: .name))))
        home.send(.comparison(.clearField))
        home.enter(name: "oats")                 // renamed at home
        aisle.poll()
        #expect(aisle.state.editing.comparison.products[0].name == "oats")
        #expect(aisle.state.editing.editor.text == "1.5")
        aisle.send(.comparison(.nextField))
        home.poll()
        #expect(home.state.editing.comparison.products[0].price == Decimal(string: "1.5"))
        #expect(home.state.editing.comparison.products[0].name == "oats")
    }

    @Test func aComparisonDeletedElsewhereIsSaidAtTheNextPollAndSavedAgainByTheNextChange() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home")
        home.enter(price: "2", quantity: "1", unit: "kg", name: "a", then: .nextProduct)
        var aisle = try Side(path: path, id: "aisle")
        aisle.send(.app(.showShoppingList))
        aisle.send(.shoppingList(.askDelete))
        aisle.send(.app(.answer(yes: true)))
        home.poll()
        #expect(home.state.saving == SaveStatus(heldForDeletedOpen: 0))
        #expect(home.session.isUpToDate)        // nothing typed here waits: quitting now loses nothing
        home.enter(price: "3")
        #expect(home.state.saving == .upToDate)
        #expect(try ComparisonDatabase(path: path).load("c")?.products.compactMap(\.price) == [2, 3])
    }

    /// Which comparison is open is the state's alone: the session is given it with every effect and poll, so what it
    /// says of "the open comparison" (deleted elsewhere, held writes, its count) follows the state through opening,
    /// deleting, undoing, a deletion elsewhere and switching lists.
    @Test func theSessionFollowsTheStatesOpenComparison() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        for title in ["A", "B", "C"] { try store.save(Comparison(id: ComparisonID(title), title: title, products: [Product.fixture(id: ProductID("p" + title), price: 1, quantity: 1, unit: .kilogram)])) }
        var home = try Side(path: path, id: "home")
        #expect(home.state.editing.comparison.id == "C")
        func open(_ id: ComparisonID) {
            home.send(.app(.showShoppingList))
            home.send(.shoppingList(.openRow(try! #require(home.state.shoppingList?.entries.firstIndex { $0.id == id }))))
            #expect(home.state.editing.comparison.id == id)
            #expect(home.state.shoppingList == nil)
        }

        open("A")
        try store.deleteComparison("C")   // the comparison left, deleted elsewhere: nothing to say here
        home.poll()
        #expect(home.state.saving == .upToDate)
        try store.deleteComparison("A")   // the open one
        home.poll()
        #expect(home.state.saving == SaveStatus(heldForDeletedOpen: 0))

        open("B")                          // leaving it lets it go
        #expect(home.state.saving == .upToDate)
        home.send(.comparison(.type("2")))
        home.send(.comparison(.nextField))
        #expect(try store.load("B")?.products.compactMap(\.price) == [1, 2])   // written into B, the state's open one
        #expect(try store.load("A") == nil)

        home.send(.app(.showShoppingList))  // deleted here, and another opened: what the state shows is open
        home.send(.shoppingList(.askDelete))
        home.send(.app(.answer(yes: true)))
        let after = home.state.editing.comparison.id
        #expect(after != "B")
        home.poll()
        #expect(home.state.saving == .upToDate)   // B's row gone by this session's hand is not "deleted elsewhere"
        home.send(.shoppingList(.undoDelete))
        #expect(try store.load("B")?.products.compactMap(\.price) == [1, 2])
        home.send(.shoppingList(.close))
        #expect(home.state.editing.comparison.id == after)
        home.poll()
        #expect(home.state.saving == .upToDate)

        open("B")
        try store.deleteComparison("B")
        home.poll()
        #expect(home.state.saving == SaveStatus(heldForDeletedOpen: 0))
        home.enter(price: "5")              // a change here saves the open one, B, again whole
        #expect(home.state.saving == .upToDate)
        #expect(try store.load("B")?.products.compactMap(\.price) == [1, 2, 5])
    }

    @Test func aChangeRacingTheDeletionWaitsAndIsSavedAgainOnQuit() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home")
        home.enter(price: "2", quantity: "1", unit: "kg", name: "a", then: .nextProduct)
        try ComparisonDatabase(path: path).deleteComparison("c")
        home.enter(price: "3")                          // before any poll: the write finds the comparison gone
        #expect(home.state.saving.openDeletedWithEdits && home.state.saving.reason == nil)
        #expect(!home.session.isUpToDate)
        home.send(.app(.quit))
        #expect(home.session.isUpToDate)
        #expect(try ComparisonDatabase(path: path).load("c")?.products.compactMap(\.price) == [2, 3])
    }

    @Test func aComparisonDeletedElsewhereIsLetGoByOpeningAnother() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home")
        home.enter(price: "2", quantity: "1", unit: "kg", name: "a", then: .nextProduct)
        let store = try ComparisonDatabase(path: path)
        try store.save(Comparison(id: "other", title: "Other", products: [Product.fixture(id: "o-1", price: 5)]))
        try store.deleteComparison("c")
        home.poll()
        home.send(.app(.showShoppingList))
        home.send(.shoppingList(.open))
        #expect(home.state.editing.comparison.id == "other")
        #expect(home.state.saving == .upToDate)
        #expect(home.session.isUpToDate)
        #expect(try store.load("c") == nil)
    }

    /// The list on view when the file is deleted shows what the new file holds: never an item that is in no file.
    @Test func theListOnViewWhenTheFileIsDeletedShowsWhatTheNewFileHolds() throws {
        let path = folder.file("per.sqlite")
        let setup = try ComparisonDatabase(path: path)
        try setup.save(Comparison(id: "milk", title: "Milk", products: [Product.fixture(id: "m-1", price: 1)]))
        try setup.save(Comparison(id: "oats", title: "Oats", products: [Product.fixture(id: "o-1", price: 2)]))
        setup.close()
        var home = try Side(path: path, id: "home")   // on Oats, the last edited
        home.enter(price: "2", quantity: "1", unit: "kg", name: "a", then: .nextProduct)
        home.send(.app(.showShoppingList))
        #expect(home.state.shoppingList?.entries.map(\.title).sorted() == ["Milk", "Oats"])
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        home.poll()
        #expect(home.state.shoppingList?.entries.map(\.id) == [home.state.editing.comparison.id])
        #expect(try ComparisonDatabase(path: path).shoppingList().map(\.id) == [home.state.editing.comparison.id])
    }

    @Test func aDeletedDatabaseFileIsMadeAgainWithWhatThisSessionHolds() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home")
        home.enter(price: "2", quantity: "1", unit: "kg", name: "a", then: .nextProduct)
        try FileManager.default.removeItem(atPath: path)
        home.poll()
        #expect(home.state.chrome.status?.text.hasPrefix("The database file was deleted: made it again") == true)
        home.enter(price: "3")
        #expect(home.session.isUpToDate)
        #expect(try ComparisonDatabase(path: path).load("c")?.products.compactMap(\.price) == [2, 3])
    }

    /// Found trying per as a new user: the file made again held this session's blank new row, so a session opened on it
    /// took that row for its own new one; its product then became the row this session was typing in, and what was
    /// typed here (6.99) replaced the other's price. The file made again holds what was typed, never the blank row.
    @Test func aFileMadeAgainHoldsNoBlankRowForAnotherSessionToShare() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home")
        home.enter(price: "3.99", quantity: "500", unit: "g", name: "Oats", then: .nextProduct)
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        home.poll()
        let id = home.state.editing.comparison.id
        #expect(try ComparisonDatabase(path: path).load(id)?.products.map(\.name) == ["Oats"])
        var away = try Side(path: path, id: "away")   // opens the comparison made again, edited last
        #expect(away.state.editing.comparison.id == id)
        #expect(away.state.editing.focusedProduct.id != home.state.editing.focusedProduct.id)
        away.enter(price: "2.49", quantity: "250", unit: "g", name: "Small", then: .nextProduct)
        home.poll()
        home.enter(price: "6.99", quantity: "1", unit: "kg", name: "Jumbo", then: .nextProduct)
        away.poll()
        let saved = try ComparisonDatabase(path: path).load(id)
        #expect(saved?.products.map(\.name) == ["Oats", "Small", "Jumbo"])
        #expect(saved?.products.compactMap(\.price) == [decimal("3.99"), decimal("2.49"), decimal("6.99")])
        #expect(away.state.editing.comparison.products.filter { !$0.isBlank }.map(\.name) == ["Oats", "Small", "Jumbo"])
    }

    /// A saved product with nothing typed at the end of a comparison (an export's `{"price": null, ...}`) is no new row
    /// two sessions share: what each types is a product of its own.
    @Test func aSavedBlankLastProductIsNoNewRowTwoSessionsShare() throws {
        let path = folder.file("per.sqlite")
        let setup = try ComparisonDatabase(path: path)
        try setup.save(Comparison(id: "c", title: "Oats", products: [Product.fixture(id: "o-1", name: "Oats", price: 2, quantity: 1, unit: .kilogram),
                                                                     Product.fixture(id: "o-2")]))
        setup.close()
        var home = try Side(path: path, id: "home"), away = try Side(path: path, id: "away")
        #expect(home.state.editing.focusedProduct.id != away.state.editing.focusedProduct.id)
        home.enter(price: "3.99", quantity: "500", unit: "g", name: "Small", then: .nextProduct)
        away.poll()
        away.enter(price: "6.99", quantity: "1", unit: "kg", name: "Jumbo", then: .nextProduct)
        home.poll()
        let saved = try ComparisonDatabase(path: path).load("c")
        #expect(saved?.products.filter { !$0.isBlank }.map(\.name).sorted() == ["Jumbo", "Oats", "Small"])
    }

    @Test func aDatabaseMovedOverTheFileGetsThisSessionsComparisonAndKeepsItsOwnRows() throws {
        let path = folder.file("per.sqlite"), other = folder.file("other.sqlite")
        var home = try Side(path: path, id: "home")
        home.enter(price: "2", quantity: "1", unit: "kg", name: "a", then: .nextProduct)
        let theirs = Comparison(id: "theirs", title: "Theirs", products: [Product.fixture(id: "t-1", name: "t", price: 9, quantity: 1, unit: .gram)])
        let otherShop = try ComparisonDatabase(path: other)
        try otherShop.save(theirs)
        otherShop.close()                       // a database at rest: no -wal beside it
        #expect(rename(other, path) == 0)
        home.poll()
        #expect(home.state.chrome.status?.text.hasPrefix("The database file was replaced") == true)
        let store = try ComparisonDatabase(path: path)
        let loaded = try store.load("theirs"), all = try store.summaries()
        #expect(loaded == theirs, "\(String(describing: loaded)) \(all)")
        #expect(try store.load("c")?.products.compactMap(\.price) == [2])
    }

    @Test func writesWaitBehindALockInOrderWithoutBlockingAndLandWhenItIsGone() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home", busyTimeout: 0.05)
        home.enter(price: "1", quantity: "1", unit: "kg", name: "first", then: .nextProduct)
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true    // another program holding the write lock
        let other = try DatabaseQueue(path: path, configuration: holding)
        try other.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
        home.enter(price: "2")                                    // fails: kept
        #expect(home.state.saving.waiting == 1 && home.state.saving.reason == "the database is locked by another program")
        #expect(!home.session.isUpToDate)
        home.send(.comparison(.focus(FieldFocus(product: 0, field: .name))))
        home.send(.comparison(.clearField))
        home.enter(name: "renamed")                              // queued behind it
        home.poll()                                          // still locked
        #expect(!home.session.isUpToDate)
        try other.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
        home.poll()
        #expect(home.session.isUpToDate)
        #expect(home.state.saving == .upToDate)
        let saved = try #require(try ComparisonDatabase(path: path).load("c"))
        #expect(saved.products.map(\.name) == ["renamed", ""] && saved.products.compactMap(\.price) == [1, 2])
    }

    @Test func aQueuedWriteLandsInItsOwnComparisonAfterAnotherIsOpened() throws {
        let path = folder.file("per.sqlite")
        let setup = try ComparisonDatabase(path: path)
        try setup.save(Comparison(id: "other", title: "Other", products: [Product.fixture(id: "o-1", name: "o", price: 5)]))
        var home = try Side(path: path, id: "home", busyTimeout: 0.05)
        home.send(.app(.showShoppingList))
        home.send(.shoppingList(.new))
        for c in "Mine" { home.send(.shoppingList(.type(c))) }
        home.send(.shoppingList(.acceptTitle))                      // made and opened
        let mine = home.state.editing.comparison.id
        #expect(home.state.editing.comparison.title == "Mine")
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: holding)
        try other.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
        home.enter(price: "7")                                   // the first write of "mine": kept behind the lock
        #expect(!home.session.isUpToDate)
        home.send(.app(.showShoppingList))
        home.send(.shoppingList(.choose(try setup.summaries().firstIndex { $0.id == "other" }!)))
        home.send(.shoppingList(.open))                             // "Other" is open now
        #expect(home.state.editing.comparison.id == "other")
        try other.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
        home.poll()
        #expect(home.session.isUpToDate)
        #expect(try setup.load(mine)?.products.compactMap(\.price) == [7])
        #expect(try setup.load("other")?.products.compactMap(\.price) == [5])
    }

    /// A new comparison made under another program's lock is opened at once and saved when the lock goes, with what
    /// was typed into it after it, in order (it used to be refused, and a title typed then lost).
    @Test func aComparisonMadeUnderALockIsOpenedAndSavedOnceTheLockGoes() throws {
        let path = folder.file("per.sqlite")
        let setup = try ComparisonDatabase(path: path)
        try setup.save(Comparison(id: "other", title: "Other"))
        var home = try Side(path: path, id: "home", busyTimeout: 0.05)
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: holding)
        try other.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
        home.send(.app(.showShoppingList))
        home.send(.shoppingList(.new))
        for c in "Rice" { home.send(.shoppingList(.type(c))) }
        home.send(.shoppingList(.acceptTitle))
        #expect(home.state.editing.comparison.title == "Rice")
        #expect(home.state.screen == .comparison)
        home.enter(price: "2")
        #expect(!home.session.isUpToDate)
        home.poll()   // still locked: nothing is said deleted, nothing is lost
        #expect(!home.state.saving.openDeletedElsewhere)
        try other.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
        home.poll()
        #expect(home.session.isUpToDate)
        let rice = try #require(try setup.load(home.state.editing.comparison.id))
        #expect(rice.title == "Rice" && rice.products.compactMap(\.price) == [2])
    }

    /// Under another program's lock the shopping list shows the changes that wait, over what it reads again: a tick,
    /// a count of 3× and a new item stay on screen, so `+ +` is not pressed again (which made 5× once the lock went).
    @Test func theListShowsItsQueuedChangesOverWhatItReads() throws {
        let path = folder.file("per.sqlite")
        let setup = try ComparisonDatabase(path: path)
        try setup.save(Comparison(id: "m", title: "Milk"))
        try setup.save(Comparison(id: "o", title: "Oats"))
        var home = try Side(path: path, id: "home", busyTimeout: 0.05)
        home.send(.app(.showShoppingList))
        #expect(home.state.shoppingList?.entries.map(\.title) == ["Oats", "Milk"])
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: holding)
        try other.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
        home.send(.shoppingList(.toggleTick))                       // Oats ticked
        home.send(.shoppingList(.moveSelection(1)))
        home.send(.shoppingList(.changeCount(1)))
        home.send(.shoppingList(.changeCount(1)))                   // Milk 3×
        home.send(.shoppingList(.startItem("e")))
        for c in "ggs" { home.send(.shoppingList(.type(c))) }
        home.send(.shoppingList(.acceptTitle))
        home.send(.shoppingList(.cancelTitle))
        #expect(!home.session.isUpToDate)
        // Read again (the list shown anew), and at a poll while the lock holds.
        home.send(.shoppingList(.close))
        home.send(.app(.showShoppingList))
        home.poll()
        func shown() -> [String] {
            (home.state.shoppingList?.entries ?? []).map { "\($0.title) \($0.item.count)\($0.item.ticked ? " ticked" : "")" }
        }
        #expect(shown() == ["eggs 1", "Oats 1 ticked", "Milk 3"])
        try other.writeWithoutTransaction { try $0.execute(sql: "COMMIT") }
        home.poll()
        #expect(home.session.isUpToDate)
        #expect(shown() == ["eggs 1", "Oats 1 ticked", "Milk 3"])
        let saved = try setup.shoppingList()
        #expect(saved.first { $0.id == "m" }?.item.count == 3)
        #expect(saved.first { $0.id == "o" }?.item.ticked == true)
        #expect(saved.contains { $0.title == "eggs" })
    }

    /// One session deletes a comparison on its list while another keeps editing it: the one saved again keeps its price
    /// history, its count, its tick, its pin and its aisle, and gains no empty product; Ctrl-Y in the deleting session
    /// then says it is back already and changes nothing.
    @Test func aComparisonDeletedWhileAnotherSessionEditsItComesBackWithAllItHad() throws {
        let path = folder.file("per.sqlite")
        let setup = try ComparisonDatabase(path: path)
        try setup.save(Comparison(id: "o", title: "Oats", products: [
            Product.fixture(id: "o1", name: "big", price: 6, quantity: 1, unit: .kilogram, shop: "Aldi"),
            Product.fixture(id: "o2", name: "small", price: 4, quantity: 500, unit: .gram, shop: "Aldi"),
        ]))
        try setup.saveField(.price, of: Product.fixture(id: "o1", name: "big", price: 5, quantity: 1, unit: .kilogram, shop: "Aldi"), in: "o")
        try setup.changeListCount(of: "o", by: 3)
        try setup.setTicked("o", true)
        try setup.pin("o2", in: "o")
        try setup.setAisleOrder(["o"])
        let history = try setup.history(of: "o")
        var aisle = try Side(path: path, id: "aisle")       // editing Oats
        var home = try Side(path: path, id: "home")
        home.send(.app(.showShoppingList))
        home.send(.shoppingList(.askDelete))
        home.send(.app(.answer(yes: true)))
        #expect(try setup.load("o") == nil)
        aisle.send(.comparison(.focus(FieldFocus(product: 1, field: .price))))
        aisle.enter(price: "3")                                   // a new price for small: the comparison is saved again
        aisle.poll()
        aisle.enter(quantity: "400")                                 // and its quantity
        let saved = try #require(try setup.load("o"))
        #expect(saved.products.map(\.id) == ["o1", "o2"])   // no empty product
        #expect(saved.products.compactMap(\.price) == [5, 3] && saved.products[1].quantity == 400)
        #expect(Array(try setup.history(of: "o").prefix(history.count)) == history)
        let item = try #require(try setup.shoppingList().first { $0.id == "o" }?.item)
        #expect((item.count, item.ticked, item.pinned, item.aisle) == (4, true, "o2", 1))
        home.send(.shoppingList(.undoDelete))
        #expect(home.state.chrome.status?.text == "\"Oats\" is back already: another session saved it again")
        #expect(try setup.load("o")?.products.compactMap(\.price) == [5, 3])
    }

    /// A pin (Ctrl-W) is not an edit, yet it reaches the other session's open comparison at its next poll, and
    /// unpinning there then unpins what is pinned now (it used to remove the other's pin, or keep a stale one).
    @Test func aPinReachesTheOtherSessionAtItsNextPoll() throws {
        let path = folder.file("per.sqlite")
        let setup = try ComparisonDatabase(path: path)
        try setup.save(Comparison(id: "c", title: "Oats", products: [
            Product.fixture(id: "o1", name: "big", price: 6, quantity: 1, unit: .kilogram),
            Product.fixture(id: "o2", name: "small", price: 4, quantity: 500, unit: .gram),
        ]))
        var home = try Side(path: path, id: "home")
        var aisle = try Side(path: path, id: "aisle")
        home.send(.comparison(.focus(FieldFocus(product: 1, field: .price))))
        home.send(.comparison(.togglePin))
        aisle.poll()
        #expect(aisle.state.editing.comparison.pinned == "o2")
        aisle.send(.comparison(.focus(FieldFocus(product: 1, field: .price))))
        aisle.send(.comparison(.togglePin))                       // unpins what it now sees pinned
        home.poll()
        #expect(home.state.editing.comparison.pinned == nil)
        #expect(try setup.load("c")?.pinned == nil)
    }

    @Test func aRecoveryFileHoldsEverythingTypedAndImportsBack() throws {
        let path = folder.file("per.sqlite")
        var home = try Side(path: path, id: "home", busyTimeout: 0.05)
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: holding)
        try other.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
        home.enter(price: "1.25", quantity: "3", unit: "kg", name: "kept", then: .nextProduct)
        home.enter(price: "4", then: .keepEditing)
        let recovery = try home.session.writeRecovery()
        #expect(recovery.hasPrefix(folder.path))
        let text = try String(contentsOfFile: recovery, encoding: .utf8)
        let back = try RecoveryJournal.decode(text)
        #expect(back == home.session.recoveryJournal && back.changes.count == 4)
        guard case .edit(.saveField(.name, let product, _), _, _) = back.changes.last else { Issue.record("\(back)"); return }
        #expect(product == Product.fixture(id: product.id, name: "kept", price: Decimal(string: "1.25"), quantity: 3, unit: .kilogram, seen: home.state.session.today))
        try other.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
    }

    /// Sessions typing products into one comparison at once, keystrokes interleaved at random and
    /// each session polling at random moments: every product typed ends up intact, everywhere.
    @Test(arguments: [(2, 8, UInt64(1)), (3, 20, 2), (3, 6, 3), (4, 5, 4)])
    func sessionsTypingAtOnceKeepEveryProductIntact(sessions: Int, products: Int, seed: UInt64) throws {
        let path = folder.file("per.sqlite")
        var sides = try (0..<sessions).map { try Side(path: path, id: "s\($0)") }
        /// A product's keys: each field's text and a Tab, through every field in their order.
        func keys(_ side: Int, _ product: Int) -> [Action] {
            let typed: [ProductField: String] = [.price: "\(side + 1)\(product)", .quantity: "\(product + 1)00", .unit: "g", .name: "p\(side)-\(product)"]
            // The Uses field is walked only where uses are in play (decision 306): not here.
            return ProductField.allCases.filter { $0 != .uses }.flatMap { field in (typed[field] ?? "").map { .comparison(.type($0)) } + [.comparison(.nextField)] }
        }
        var pending = (0..<sessions).map { side in (0..<products).flatMap { keys(side, $0) } }
        var rng = SeededRandom(seed: seed)
        while pending.contains(where: { !$0.isEmpty }) {
            let side = (0..<sessions).filter { !pending[$0].isEmpty }.randomElement(using: &rng)!
            sides[side].send(pending[side].removeFirst())
            if Int.random(in: 0..<4, using: &rng) == 0 { sides[Int.random(in: 0..<sessions, using: &rng)].poll() }
        }
        for i in sides.indices { sides[i].poll() }
        var expected: [String: Product] = [:]
        for side in 0..<sessions {
            for product in 0..<products {
                expected["p\(side)-\(product)"] = Product.fixture(name: "p\(side)-\(product)", price: Decimal(string: "\(side + 1)\(product)"),
                                                          quantity: Decimal(string: "\(product + 1)00"), unit: .gram)
            }
        }
        func intact(_ found: [Product]) -> Bool {
            let named = found.filter { !$0.isBlank }
            return named.count == expected.count && named.allSatisfy { p in
                expected[p.name].map { $0.price == p.price && $0.quantity == p.quantity && $0.unit == p.unit } ?? false
            }
        }
        let saved = try #require(try ComparisonDatabase(path: path).load("c"))
        #expect(intact(saved.products), "\(saved.products.map { "\($0.name)=\($0.price ?? 0)/\($0.quantity ?? 0)" })")
        for side in sides {
            #expect(intact(side.state.editing.comparison.products), "\(side.state.session.id)")
        }
    }
}
