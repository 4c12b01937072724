import Foundation
import PerCore
import PerDatabase

/// The price book's costs on a database seeded with `comparisons` × `products` × `history` earlier prices (the
/// issue's 1,000 × 100 × 20, two million entries): opening a comparison's history (the query, and the whole
/// `PriceBook` newest first with its lowest), and the lowest-seen check of a commit, both as a full scan of the
/// history and as the one comparison against the lowest kept since opening. Prints `PRICEBOOK key=value` lines.
func priceBookBench(path: String, comparisons: Int, products: Int, history: Int, samples: Int) throws {
    if !FileManager.default.fileExists(atPath: path) {
        let start = now()
        try seedDatabase(path: path, comparisons: comparisons, productsPerComparison: products, historyPerProduct: history)
        print("PRICEBOOK seeded comparisons=\(comparisons) products=\(products) history=\(history) seconds=\(String(format: "%.1f", Double(now() - start) / 1e9))")
    }
    let store = try ComparisonDatabase(path: path)
    let ids = try store.summaries().map(\.id)
    var rng = SeededRandom(seed: 7)
    var query: [Double] = [], book: [Double] = [], scan: [Double] = [], kept: [Double] = []
    // The app's own path: the history arriving (`LowestSeen` found once), a price committed through `update` with its
    // lowest-seen message, and a frame of the history screen.
    var arrive: [Double] = [], commit: [Double] = [], commitWithout: [Double] = [], historyFrame: [Double] = []
    var entries = 0
    for _ in 0..<samples {
        let id = ids.randomElement(using: &rng)!
        let comparison = try store.load(id)!
        let t0 = now()
        let records = try store.history(of: id)
        let t1 = now()
        let priceBook = PriceBook(history: records, comparison: comparison)
        let t2 = now()
        entries = max(entries, priceBook.entries.count)
        // A commit: the lowest of everything seen before, against the product just committed.
        var committed = comparison.products.randomElement(using: &rng)!
        committed.price = Decimal(Int.random(in: 100...9_999, using: &rng)) / 100
        let t3 = now()
        let lowest = PriceBook.lowest(of: records.reversed(), in: comparison)
        let verdict = comparison.unitPrice(of: committed).map { price in lowest.map { price < $0.unitPrice } ?? true }
        let t4 = now()
        // Kept since opening: one comparison.
        let verdictKept = comparison.unitPrice(of: committed).map { price in lowest.map { price < $0.unitPrice } ?? true }
        let t5 = now()
        sink &+= (verdict == verdictKept ? 1 : 0) + priceBook.entries.count
        var app = AppState(comparison: comparison, session: Session(size: TerminalSize(width: 80, height: 24)))
        var unread = app
        let a0 = now()
        app.update(.comparison(.historyLoaded(id, records)))
        let a1 = now()
        for state in [0, 1] {
            var s = state == 0 ? app : unread
            s.update(.comparison(.focus(FieldFocus(product: 0, field: .price))))
            for c in "\(Int.random(in: 100...9_999, using: &rng))" { s.update(.comparison(.type(c))) }
            let c0 = now()
            s.update(.comparison(.nextField))
            let c1 = now()
            (state == 0 ? { commit.append(Double(c1 - c0) / 1e6) } : { commitWithout.append(Double(c1 - c0) / 1e6) })()
            if state == 0 { app = s } else { unread = s }
        }
        app.update(.app(.showHistory))
        app.update(.history(.loaded(id, records)))
        let h0 = now()
        sink &+= ScreenView.render(app).width
        let h1 = now()
        arrive.append(Double(a1 - a0) / 1e6); historyFrame.append(Double(h1 - h0) / 1e6)
        query.append(Double(t1 - t0) / 1e6); book.append(Double(t2 - t0) / 1e6)
        scan.append(Double(t4 - t3) / 1e6); kept.append(Double(t5 - t4) / 1e6)
    }
    func ms(_ values: [Double], _ p: Double) -> String { String(format: "%.3f", percentile(values.sorted(), p)) }
    print("PRICEBOOK open_history entries=\(entries) samples=\(samples) query_median_ms=\(ms(query, 0.5)) query_max_ms=\(ms(query, 1))"
          + " book_median_ms=\(ms(book, 0.5)) book_max_ms=\(ms(book, 1)) target_ms=50")
    print("PRICEBOOK app history_arrives_median_ms=\(ms(arrive, 0.5)) history_arrives_max_ms=\(ms(arrive, 1))"
          + " commit_median_ms=\(ms(commit, 0.5)) commit_max_ms=\(ms(commit, 1))"
          + " commit_unread_median_ms=\(ms(commitWithout, 0.5)) commit_unread_max_ms=\(ms(commitWithout, 1))"
          + " history_frame_median_ms=\(ms(historyFrame, 0.5)) history_frame_max_ms=\(ms(historyFrame, 1))")
    print("PRICEBOOK lowest_seen scan_median_ms=\(ms(scan, 0.5)) scan_max_ms=\(ms(scan, 1)) kept_median_ms=\(ms(kept, 0.5)) kept_max_ms=\(ms(kept, 1)) target_ms=1")
}
