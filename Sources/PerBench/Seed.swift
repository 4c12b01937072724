import Foundation
import PerCore
import PerDatabase

// Benchmark data for `make bench` and `make startup-order`: `PerBench --fill DB --fill-shape 50x10` (comparisons x
// products, x earlier prices of each), here and not in the shipped binary. It writes through the import's writer
// (`ComparisonDatabase.importing`, one transaction), the public path `per import` takes, so PerDatabase opens nothing
// up for it.

/// Fills the database at `path` with `comparisons` comparisons of `productsPerComparison` products (mass units,
/// varied prices, dated), each with `historyPerProduct` earlier prices (a week apart).
func seedDatabase(path: String, comparisons: Int, productsPerComparison: Int, historyPerProduct: Int = 0) throws {
    let store = try ComparisonDatabase(path: path)
    let start = try store.summaries().count
    let units: [MeasureUnit] = [.gram, .kilogram, .ounce, .pound]
    let today = CalendarDay(year: 2026, month: 11, day: 22)!
    _ = try store.importing { writer in
        for c in 0..<comparisons {
            let id = ComparisonID.random()
            try writer.comparison(Comparison(id: id, title: "Bench \(start + c + 1)"))
            for p in 0..<productsPerComparison {
                let n = c * productsPerComparison + p
                let product = Product(
                    id: .random(), name: "Product \(p + 1)", price: Decimal(1 + n % 97) + Decimal(10 + n % 90) / 100,
                    quantity: Decimal(100 + (n * 7) % 900), unit: units[n % units.count], pack: nil, shop: "Store \(n % 7)", seen: today,
                    deposit: nil)
                try writer.product(product, position: p, in: id, texts: DecimalTexts())
                for h in 0..<historyPerProduct {
                    let record = PriceRecord(
                        product: product.id, name: product.name, shop: "Store \((n + h) % 7)", seen: today.adding(days: -(h + 1) * 7),
                        price: Decimal(1 + (n + h * 13) % 97) + Decimal(10 + (n + h) % 90) / 100, quantity: product.quantity!, unit: product.unit!)
                    try writer.history(record, in: id, texts: DecimalTexts())
                }
            }
        }
    }
}

/// `--fill DB --fill-shape 50x10[x20]`: seeds DB (made when missing) and prints `FILL comparisons=… products=…
/// history=… seconds=…`; a failure is one line on stderr and status 1.
func fillCommand(path: String, shape: String) -> Never {
    let parts = shape.split(separator: "x").compactMap { Int($0) }
    guard parts.count == 2 || parts.count == 3 else {
        FileHandle.standardError.write(Data("PerBench: --fill-shape is COMPARISONSxPRODUCTS[xHISTORY], not \(shape)\n".utf8))
        exit(2)
    }
    let history = parts.count == 3 ? parts[2] : 0
    let start = now()
    do {
        try seedDatabase(path: path, comparisons: parts[0], productsPerComparison: parts[1], historyPerProduct: history)
    } catch {
        FileHandle.standardError.write(Data("PerBench: cannot fill \(path): \(error)\n".utf8))
        exit(1)
    }
    print("FILL comparisons=\(parts[0]) products=\(parts[1]) history=\(history) seconds=\(String(format: "%.1f", Double(now() - start) / 1e9))")
    exit(0)
}
