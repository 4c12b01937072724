import Foundation
import Testing
@testable import PerCore
import TestSupport

/// The writes waiting for the database, laid over what was read, in order: the one definition the shopping list, a
/// comparison's count on it, the open comparison and its history are all shown through.
@Suite struct QueuedWritesTests {
    let read = [ListEntry(id: "a", title: "Oats", productCount: 1, item: ListItem(count: 2, ticked: true)),
                ListEntry(id: "b", title: "Milk", productCount: 0), ListEntry(id: "c", title: "Rice", productCount: 0)]

    func shown(_ entries: [ListEntry]) -> [String] {
        entries.map { "\($0.title) \($0.item.count)\($0.item.ticked ? " ticked" : "") aisle \($0.item.aisle)" }
    }

    @Test func eachKindOfListChangeShowsAsMade() {
        let queued: [PendingWrite] = [
            .other(.changeListCount("a", by: 1)), .other(.changeListCount("b", by: -1)), .other(.renameComparison("c", "Brown rice")),
            .other(.clearTicks), .other(.setTicked("b", true)), .other(.moveInAisle("c", by: -1, at: nil)), .other(.deleteComparison("zz")),
            .other(.addListItem(Comparison(id: "e", title: "eggs"))), .other(.changeListCount("e", by: 2)),
            .edit(.pinProduct("p"), of: ComparisonHeader(id: "a", title: "Oats"), needsRow: false),
        ]
        let result = queued.laidOver(read)
        #expect(shown(result) == ["eggs 3 aisle 0", "Oats 3 aisle 1", "Milk 0 ticked aisle 3", "Brown rice 1 aisle 2"])
        #expect(result.first { $0.id == "a" }?.item.pinned == "p")
        #expect([PendingWrite.other(.deleteComparison("b"))].laidOver(read).map(\.title) == ["Oats", "Rice"])
        // A count never passes its bounds, and an item that is there already is not added twice.
        #expect([PendingWrite.other(.changeListCount("a", by: 5_000))].laidOver(read).first?.item.count == ListItem.maximumCount)
        #expect([PendingWrite.other(.addListItem(Comparison(id: "a", title: "Oats")))].laidOver(read).count == 3)
    }

    /// The count beside the comparison's keypad is the list's count of it, under the same waiting writes: a comparison
    /// saved again whole (its row gone meanwhile) is on the list once, as the database makes it.
    @Test func aComparisonsCountIsTheListsCountOfIt() {
        let writes: [[PendingWrite]] = [
            [], [.other(.changeListCount("a", by: 3))], [.other(.changeListCount("a", by: -9))], [.other(.deleteComparison("a"))],
            [.restore(Comparison(id: "a"))], [.other(.createComparison(Comparison(id: "a"))), .other(.changeListCount("a", by: 1))],
            [.other(.restoreDeletedComparison(Comparison(id: "a"))), .other(.changeListCount("a", by: 2))],
        ]
        for queued in writes {
            for saved in [2, nil] {
                let list = queued.laidOver(saved.map { [ListEntry(id: "a", title: "Oats", productCount: 1, item: ListItem(count: $0, ticked: false))] } ?? [])
                #expect(queued.listCount(of: "a", saved: saved) == (list.first { $0.id == "a" }?.item.count ?? 0), "\(queued) \(String(describing: saved))")
            }
        }
        #expect([PendingWrite.restore(Comparison(id: "a"))].listCount(of: "a", saved: nil) == 1)
        #expect([PendingWrite.other(.changeListCount("a", by: 3))].listCount(of: "a", saved: 2) == 5)
    }

    @Test func historyChangesShowAsMade() {
        func record(_ entry: Int64?, shop: String = "Aldi") -> PriceRecord {
            PriceRecord(entry: entry.map(PriceEntryID.init), product: "p", name: "Oats", shop: shop, seen: nil, price: 2, quantity: 1, unit: .kilogram)
        }
        let history = [record(1), record(2), record(4)]
        let queued: [PendingWrite] = [
            .other(.changeHistoryEntry(.delete(PriceEntryID(2), of: "c"))), .other(.changeHistoryEntry(.delete(PriceEntryID(1), of: "other"))),
            .other(.changeHistoryEntry(.restore(record(3), in: "c"))), .other(.changeHistoryEntry(.restore(record(4), in: "c"))),
            .other(.changeHistoryEntry(.fix(PriceEntryID(4), of: "c", shop: "Lidl", seen: nil))),
        ]
        #expect(queued.laidOver(history, of: "c") == [record(1), record(3), record(4, shop: "Lidl")])
    }

    @Test func aComparisonShowsItsWaitingEditsOnly() {
        let oats = Product.fixture(id: "p", name: "Oats", price: 2, quantity: 1, unit: .kilogram)
        let queued: [PendingWrite] = [
            .edit(.saveField(.price, product: oats, keepsEarlierPrice: true), of: ComparisonHeader(id: "c", title: ""), needsRow: true),
            .edit(.pinProduct("p"), of: ComparisonHeader(id: "c", title: ""), needsRow: false),
            .edit(.deleteProduct("p"), of: ComparisonHeader(id: "other", title: ""), needsRow: false),
        ]
        #expect(queued.laidOver(Comparison(id: "c")) == Comparison(id: "c", products: [oats], pinned: "p"))
        #expect([PendingWrite.restore(Comparison(id: "c", title: "Whole"))].laidOver(Comparison(id: "c")).title == "Whole")
    }
}
