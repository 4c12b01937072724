import Foundation
import Testing
@testable import PerCore

/// The changes waiting for the database, laid over the shopping list as read, in order.
@Suite struct QueuedListChangesTests {
    let read = [ListEntry(id: "a", title: "Oats", productCount: 1, item: ListItem(count: 2, ticked: true)),
                ListEntry(id: "b", title: "Milk", productCount: 0), ListEntry(id: "c", title: "Rice", productCount: 0)]

    func shown(_ entries: [ListEntry]) -> [String] {
        entries.map { "\($0.title) \($0.item.count)\($0.item.ticked ? " ticked" : "") aisle \($0.item.aisle)" }
    }

    @Test func eachKindOfListChangeShowsAsMade() {
        let queued: [DatabaseEffect] = [
            .changeListCount("a", by: 1), .changeListCount("b", by: -1), .renameComparison("c", "Brown rice"), .clearTicks,
            .setTicked("b", true), .moveInAisle("c", by: -1, at: nil), .deleteComparison("zz"), .addListItem(Comparison(id: "e", title: "eggs")),
            .changeListCount("e", by: 2), .edit(.pinProduct("p"), of: ComparisonHeader(id: "a", title: "Oats")),
        ]
        let result = read.applying(queued)
        #expect(shown(result) == ["eggs 3 aisle 0", "Oats 3 aisle 1", "Milk 0 ticked aisle 3", "Brown rice 1 aisle 2"])
        #expect(result.first { $0.id == "a" }?.item.pinned == "p")
        #expect(read.applying([.deleteComparison("b")]).map(\.title) == ["Oats", "Rice"])
        // A count never passes its bounds, and an item that is there already is not added twice.
        #expect(read.applying([.changeListCount("a", by: 5_000)]).first?.item.count == ListItem.maximumCount)
        #expect(read.applying([.addListItem(Comparison(id: "a", title: "Oats"))]).count == 3)
    }
}
