import Foundation
import PerCore

/// `--shops 200x20x10`: where to shop (`WhereToShop`) for a list of 200 items of 20 products each spread over 10
/// shops, pure (no database); prints `SHOPS items=… products=… shops=… median_ms=… max_ms=…`. Issue 21 asks for
/// under 50 ms in a release build.
func benchWhereToShop(_ shape: String) {
    let parts = shape.split(separator: "x").compactMap { Int($0) }
    let (items, products, shops) = (parts.first ?? 200, parts.count > 1 ? parts[1] : 20, parts.count > 2 ? parts[2] : 10)
    var rng = SeededRandom(seed: 21)
    let entries = (0..<items).map { i -> ListEntry in
        let comparison = Comparison(id: ComparisonID("bench-\(i)"), title: "Item \(i)", products: (0..<products).map { p in
            Product(id: ProductID("bench-\(i)-\(p)"), name: "Product \(p)", price: Decimal(Int.random(in: 50...9_999, using: &rng)) / 100,
                    quantity: Decimal(Int.random(in: 1...2_000, using: &rng)), unit: .gram, pack: nil,
                    shop: Int.random(in: 0...shops, using: &rng) == shops ? "" : "Shop \(Int.random(in: 1...shops, using: &rng))", seen: nil, deposit: nil)
        })
        return ListEntry(id: comparison.id, title: comparison.title, productCount: products,
                         item: ListItem(count: Int.random(in: 1...3, using: &rng), ticked: false, pinned: nil, comparison: comparison))
    }
    var times: [Double] = []
    var found = 0
    for _ in 0..<30 {
        let t0 = now()
        let answer = WhereToShop(entries)
        times.append(Double(now() - t0) / 1_000_000)
        found &+= answer.shops.count
    }
    let sorted = times.sorted()
    print("SHOPS items=\(items) products=\(products) shops=\(shops) found=\(found / 30) median_ms=\(String(format: "%.1f", percentile(sorted, 0.5))) max_ms=\(String(format: "%.1f", sorted.last!))")
}
