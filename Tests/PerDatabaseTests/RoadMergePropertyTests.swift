import Foundation
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// Random edits, counts, ticks, deletions and prices seen made on home and on a copy, in random order, merged twice:
/// the result is the model's (issue 43).
@Suite struct RoadMergePropertyTests {
    enum Side: CaseIterable { case home, copy }
    enum Op {
        case price(ProductID, String, day: Int)
        case name(ProductID, String)
        case count(ComparisonID, Int)
        case tick(ComparisonID, Bool)
        case delete(ComparisonID)
    }
    static let products: [(ComparisonID, ProductID)] = [("oats", "o-1"), ("milk", "m-1")]

    /// What one comparison holds in the model.
    struct Held: Equatable {
        var price: (String, Int, at: Int64) = ("1", 1, 0)
        var name: (String, at: Int64) = ("", 0)
        var count = 10
        var tick: (Bool, at: Int64) = (false, 0)
        var deleted = false
        static func == (a: Held, b: Held) -> Bool {
            a.price.0 == b.price.0 && a.price.1 == b.price.1 && a.name.0 == b.name.0 && a.count == b.count && a.tick.0 == b.tick.0 && a.deleted == b.deleted
        }
        var described: String { deleted ? "deleted" : "\(price.0)@\(price.1) \(name.0) ×\(count) \(tick.0 ? "ticked" : "-")" }
    }

    @Test(arguments: 0..<40) func aMergeIsTheModelsAndTwiceIsOnce(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &* 7919 &+ 1)
        let folder = TemporaryFolder()
        let home = try ComparisonDatabase(path: folder.file("home.sqlite"))
        for (comparison, product) in Self.products {
            try home.save(Comparison(id: comparison, title: comparison.rawValue, products: [
                Product.fixture(id: product, name: "", price: 1, quantity: 1, unit: .kilogram, shop: "Aldi", seen: Self.day(1)),
            ]), listCountIfNew: 10)
        }
        let t = ComparisonDatabase.nowMilliseconds() + 60_000
        let path = folder.file("road.sqlite")
        try home.takeCopy(to: path, now: t)
        let copy = try ComparisonDatabase(path: path)

        // Each side's view (what its own edits and the start made), and every op made with its time and side.
        var view: [Side: [ComparisonID: Held]] = [:]
        for side in Side.allCases { view[side] = Dictionary(uniqueKeysWithValues: Self.products.map { ($0.0, Held()) }) }
        var made: [(Side, Op, Int64)] = []
        let steps = Int.random(in: 0...14, using: &random)
        for step in 0..<steps {
            let side = Side.allCases.randomElement(using: &random)!
            let (comparison, product) = Self.products.randomElement(using: &random)!
            guard view[side]![comparison]!.deleted == false else { continue }
            let at = t + 1_000 * Int64(step + 1)
            let op: Op = switch Int.random(in: 0..<9, using: &random) {
            case 0, 1: .price(product, "1.\(Int.random(in: 10...99, using: &random))", day: Int.random(in: 2...4, using: &random))
            case 2: .name(product, ["Jumbo", "Own", "Bio"].randomElement(using: &random)!)
            case 3, 4: .count(comparison, [1, 2, -1].randomElement(using: &random)!)
            case 5, 6: .tick(comparison, Bool.random(using: &random))
            default: comparison == "milk" && Int.random(in: 0..<3, using: &random) == 0 ? .delete(comparison) : .count(comparison, 1)
            }
            try Self.make(op, at: at, step: step, on: side == .home ? home : copy)
            made.append((side, op, at))
            if case .delete = op { view[side]![comparison]!.deleted = true }
        }

        let first = try home.merge(try ComparisonDatabase.readCopy(at: path), now: t + 1_000_000)
        let expected = Self.model(made)
        let held = try Self.held(home)
        #expect(held == expected.mapValues(\.described), "seed \(seed): \(made)")
        #expect(first.conflicts.count == Self.conflicts(made, expected), "seed \(seed): \(first.conflicts) \(made)")
        // Twice is once.
        guard case .alreadyApplied = try home.merge(try ComparisonDatabase.readCopy(at: path), now: t + 1_000_000).outcome else {
            Issue.record("seed \(seed): merged twice")
            return
        }
        #expect(try Self.held(home) == held)
    }

    static func day(_ n: Int) -> CalendarDay? { CalendarDay(year: 2026, month: 12, day: n) }

    private static func make(_ op: Op, at: Int64, step: Int, on database: ComparisonDatabase) throws {
        func saved(_ id: ProductID) throws -> (Product, ComparisonHeader) {
            let comparison = try #require(try database.loadAll().first { $0.products.contains { $0.id == id } })
            return (comparison.products.first { $0.id == id }!, ComparisonHeader(id: comparison.id, title: comparison.title))
        }
        let change: PendingWrite
        switch op {
        case .price(let id, let price, let day):
            var (product, header) = try saved(id)
            product.price = Decimal(string: price)
            product.seen = Self.day(day)
            change = .edit(.saveField(.price, product: product, keepsEarlierPrice: true), of: header, needsRow: false)
        case .name(let id, let name):
            var (product, header) = try saved(id)
            product.name = name
            change = .edit(.saveField(.name, product: product, keepsEarlierPrice: true), of: header, needsRow: false)
        case .count(let id, let by): change = .other(.changeListCount(id, by: by))
        case .tick(let id, let ticked): change = .other(.setTicked(id, ticked))
        case .delete(let id): change = .other(.deleteComparison(id))
        }
        _ = try database.apply(RecoveryJournal.Entry(change, at: at, id: "op-\(step)"), once: true)
    }

    /// The model: a field and a tick are the latest edit of either side; counts add up; a comparison deleted on one
    /// side comes back when the other changed it (a field, a count or a tick), unless that side deleted it too; a
    /// deletion made on the copy loses to a later field edit at home.
    static func model(_ made: [(Side, Op, Int64)]) -> [ComparisonID: Held] {
        var held = Dictionary(uniqueKeysWithValues: products.map { ($0.0, Held()) })
        func comparison(of product: ProductID) -> ComparisonID { products.first { $0.1 == product }!.0 }
        var deletedAt: [Side: [ComparisonID: Int64]] = [.home: [:], .copy: [:]]
        var changedBy: [Side: Set<ComparisonID>] = [.home: [], .copy: []]
        var lastFieldEdit: [Side: [ComparisonID: Int64]] = [.home: [:], .copy: [:]]
        for (side, op, at) in made {
            switch op {
            case .price(let id, let price, let day):
                let c = comparison(of: id)
                if at > held[c]!.price.at { held[c]!.price = ("\(Decimal(string: price)!)", day, at) }
                changedBy[side]!.insert(c); lastFieldEdit[side]![c] = at
            case .name(let id, let name):
                let c = comparison(of: id)
                if at > held[c]!.name.at { held[c]!.name = (name, at) }
                changedBy[side]!.insert(c); lastFieldEdit[side]![c] = at
            case .count(let c, let by):
                held[c]!.count = max(0, held[c]!.count + by)
                changedBy[side]!.insert(c)
            case .tick(let c, let ticked):
                if at > held[c]!.tick.at { held[c]!.tick = (ticked, at) }
                changedBy[side]!.insert(c)
            case .delete(let c):
                deletedAt[side]![c] = at
            }
        }
        for (c, _) in products {
            if deletedAt[.home]![c] != nil {
                // Deleted at home: back when the copy changed it and did not delete it itself.
                held[c]!.deleted = !(changedBy[.copy]!.contains(c) && deletedAt[.copy]![c] == nil)
            } else if let at = deletedAt[.copy]![c] {
                // Deleted on the copy: kept when home edited a field of it later.
                held[c]!.deleted = (lastFieldEdit[.home]![c] ?? 0) <= at
            }
        }
        return held
    }

    /// How many fields and ticks both sides changed to different last values (on a comparison not deleted).
    static func conflicts(_ made: [(Side, Op, Int64)], _ expected: [ComparisonID: Held]) -> Int {
        var last: [String: [Side: String]] = [:]
        for (side, op, _) in made {
            switch op {
            case .price(let id, let price, let day): last["price \(id)", default: [:]][side] = "\(price)"; _ = day
            case .name(let id, let name): last["name \(id)", default: [:]][side] = name
            case .tick(let c, let ticked): last["tick \(c)", default: [:]][side] = "\(ticked)"
            case .count, .delete: break
            }
        }
        return last.values.count { $0[.home] != nil && $0[.copy] != nil && $0[.home] != $0[.copy] }
    }

    static func held(_ database: ComparisonDatabase) throws -> [ComparisonID: String] {
        let list = try database.shoppingList()
        var held: [ComparisonID: String] = [:]
        for (c, _) in products {
            guard let comparison = try database.load(c), let product = comparison.products.first, let entry = list.first(where: { $0.id == c }) else {
                held[c] = "deleted"
                continue
            }
            let price = product.price.map { "\($0)" } ?? "-"
            held[c] = "\(price)@\(product.seen?.day ?? 0) \(product.name) ×\(entry.item.count) \(entry.item.ticked ? "ticked" : "-")"
        }
        return held
    }
}
