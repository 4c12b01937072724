import Foundation
import PerCore
import PerDatabase

/// `--merge 10000`: a copy for the road (`per copy`) of a home of 200 comparisons of 10 products, with N changes made
/// on it (prices, names, counts and ticks, a quarter each), read and merged home, as `per import COPY` does; prints
/// `MERGE changes=… read_ms=… merge_ms=…`, and whether merging it again changed nothing.
func benchMerge(_ changes: Int) {
    let folder = NSTemporaryDirectory() + "per-bench-merge-\(getpid())"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let homePath = folder + "/home.sqlite", copyPath = folder + "/road.sqlite"
        try seedDatabase(path: homePath, comparisons: 200, productsPerComparison: 10)
        let home = try ComparisonDatabase(path: homePath)
        try home.takeCopy(to: copyPath)
        let copy = try ComparisonDatabase(path: copyPath)
        let comparisons = try copy.loadAll()
        var rng = SeededRandom(seed: 43)
        let at = Int64(Date().timeIntervalSince1970 * 1000) + 1_000
        var entries: [RecoveryJournal.Entry] = []
        for n in 0..<changes {
            let comparison = comparisons[Int.random(in: 0..<comparisons.count, using: &rng)]
            var product = comparison.products[Int.random(in: 0..<comparison.products.count, using: &rng)]
            let header = ComparisonHeader(id: comparison.id, title: comparison.title)
            let change: PendingWrite = switch n % 4 {
            case 0:
                { product.price = Decimal(Int.random(in: 50...9_999, using: &rng)) / 100; return .edit(.saveField(.price, product: product), of: header, needsRow: false) }()
            case 1:
                { product.name = "Name \(n)"; return .edit(.saveField(.name, product: product), of: header, needsRow: false) }()
            case 2: .other(.changeListCount(comparison.id, by: 1))
            default: .other(.setTicked(comparison.id, n % 8 == 3))
            }
            entries.append(RecoveryJournal.Entry(change, at: at + Int64(n), id: "bench-\(n)"))
        }
        // Made on the copy in one go (a recovery file's import keeps each as the copy's change, as the app's would be).
        _ = try copy.importRecovery(RecoveryJournal(id: "bench", database: copy.identity, entries: entries))
        copy.close()
        var t0 = now()
        let road = try ComparisonDatabase.readCopy(at: copyPath)
        let read = Double(now() - t0) / 1_000_000
        t0 = now()
        let merged = try home.merge(road)
        let merge = Double(now() - t0) / 1_000_000
        let again = try home.merge(try ComparisonDatabase.readCopy(at: copyPath))
        var once = false
        if case .alreadyApplied = again.outcome { once = true }
        print("MERGE changes=\(road.journal.entries.count) read_ms=\(String(format: "%.0f", read)) merge_ms=\(String(format: "%.0f", merge)) conflicts=\(merged.conflicts.count) twice_changes_nothing=\(once)")
    } catch {
        print("MERGE failed: \(error)")
    }
}
