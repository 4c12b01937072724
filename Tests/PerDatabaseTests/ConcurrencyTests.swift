import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

@Suite struct ConcurrencyTests {
    let folder = TemporaryFolder()

    /// Two sessions (two connections) edit the same products at the same time, each a different field, and each
    /// adds comparisons of its own: nothing is lost and both see the same data.
    @Test func twoWritersOnOneFileConverge() throws {
        let path = folder.file("shared.sqlite")
        let setup = try ComparisonDatabase(path: path)
        var shared = Comparison(title: "shared")
        for i in 0..<40 { shared.append(Product.fixture(name: "p\(i)")) }
        try setup.save(shared)

        let a = try ComparisonDatabase(path: path), b = try ComparisonDatabase(path: path)
        let products = shared.products
        let id = shared.id
        let errors = ErrorBox()
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            do {
                for (i, p) in products.enumerated() {
                    var edited = p
                    edited.price = decimal("\(i).99")
                    try a.saveField(.price, of: edited, in: id)
                    if i % 10 == 0 { try a.save(Comparison(title: "from a \(i)")) }
                }
            } catch { errors.add(error) }
        }
        DispatchQueue.global().async(group: group) {
            do {
                for (i, p) in products.enumerated().reversed() {
                    var edited = p
                    edited.unit = .gram
                    edited.name = "this name is stale" // only the unit column is written
                    try b.saveField(.unit, of: edited, in: id)
                    if i % 10 == 0 { try b.save(Comparison(title: "from b \(i)")) }
                }
            } catch { errors.add(error) }
        }
        group.wait()
        #expect(errors.all.isEmpty, "\(errors.all)")

        let seenByA = try #require(try a.load(id)), seenByB = try #require(try b.load(id))
        #expect(seenByA == seenByB)
        #expect(seenByA.products.count == 40)
        for (i, p) in seenByA.products.enumerated() {
            #expect(p.name == "p\(i)")
            #expect(p.price == decimal("\(i).99"))
            #expect(p.unit == .gram)
        }
        #expect(try a.summaries() == b.summaries())
        #expect(try a.summaries().count == 1 + 4 + 4)
    }

    /// Same field, two sessions: the later write wins and both then read it.
    @Test func theLaterWriteOfOneFieldWins() throws {
        let path = folder.file("shared.sqlite")
        let a = try ComparisonDatabase(path: path), b = try ComparisonDatabase(path: path)
        var comparison = Comparison(title: "t")
        let item = product("x", "1", nil, nil)
        comparison.append(item)
        try a.save(comparison)
        var first = item, second = item
        first.price = decimal("2")
        second.price = decimal("3")
        try a.saveField(.price, of: first, in: comparison.id)
        try b.saveField(.price, of: second, in: comparison.id)
        #expect(try a.load(comparison.id)?.products.first?.price == decimal("3"))
        #expect(try b.load(comparison.id)?.products.first?.price == decimal("3"))
    }
}

final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [any Error] = []
    func add(_ error: any Error) { lock.withLock { errors.append(error) } }
    var all: [any Error] { lock.withLock { errors } }
}
