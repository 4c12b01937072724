// In-process keystroke cost for `make bench`: KeyTable.action + AppState.update + ScreenView.render into a Canvas,
// with 10, 1,000 and 100,000 products in the comparison. Prints one `RESULT key=value ...` line per size
// (Scripts/bench reads them) and a readable breakdown.
//
// Usage: PerBench [--keys N] [--seed S] [--sizes 10,1000,100000]
//        PerBench --list 200x20   (only the shopping list: 200 comparisons of 20 products opened and drawn)
//        PerBench --shops 200x20x10   (only where to shop: 200 items of 20 products over 10 shops, ShopsBench.swift)
//        PerBench --merge 10000   (only merging a copy for the road of 10,000 changes home, MergeBench.swift)
//        PerBench --typing 4000   (only typing: 4,000 letters into a title and into a name, TypingBench.swift)
//        PerBench --sizes '' --price-book DB [--price-book-shape 1000x100x20] [--samples 50]: the price book's costs
//        (PriceBookBench.swift), seeding DB first when it does not exist.
//        PerBench --fill DB --fill-shape 50x10[x20]   (only seeds DB: 50 comparisons of 10 products, 20 earlier prices
//        each; Seed.swift. make bench and make startup-order start per on it)
import Foundation
import PerCore
import PerDatabase


func argument(_ name: String) -> String? {
    let args = CommandLine.arguments
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    return args[i + 1]
}

let keyCount = Int(argument("--keys") ?? "") ?? 2000
let seed = UInt64(argument("--seed") ?? "") ?? 42
/// The focus goes back to its starting product this often (untimed), so that Tab never walks off the last
/// product (which would start new ones and let the product count drift from the size measured).
let refocusEvery = Int(argument("--refocus-every") ?? "") ?? 40
let sizes = (argument("--sizes") ?? "10,1000,100000").split(separator: ",").compactMap { Int($0) }

if let path = argument("--fill") {
    fillCommand(path: path, shape: argument("--fill-shape") ?? "50x10")
}

if let shape = argument("--shops") {
    benchWhereToShop(shape)
    exit(0)
}

if let changes = argument("--merge").flatMap({ Int($0) }) {
    benchMerge(changes)
    exit(0)
}

if let keys = argument("--typing").flatMap({ Int($0) }) {
    benchTyping(keys)
    exit(0)
}

/// `--list 200x20`: the shopping list of 200 comparisons of 20 products each, opened (read from a seeded database,
/// ranked) and drawn, as Ctrl-O does; prints `LIST items=… products=… median_ms=… max_ms=…` and nothing else.
if let list = argument("--list") {
    let parts = list.split(separator: "x").compactMap { Int($0) }
    let (items, products) = (parts.first ?? 200, parts.count > 1 ? parts[1] : 20)
    let path = NSTemporaryDirectory() + "per-bench-list-\(getpid()).sqlite"
    defer { for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) } }
    do {
        try seedDatabase(path: path, comparisons: items, productsPerComparison: products)
        let store = try ComparisonDatabase(path: path)
        var state = AppState(comparison: Comparison(id: "open"), session: Session(id: "bench", size: TerminalSize(width: 80, height: 24)))
        state.update(.app(.showShoppingList))
        var times: [Double] = [], reads: [Double] = []
        for _ in 0..<30 {
            let t0 = now()
            let entries = try store.shoppingList()
            reads.append(Double(now() - t0) / 1_000_000)
            state.update(.shoppingList(.loaded(entries)))
            sink &+= ScreenView.render(state).cells.count
            times.append(Double(now() - t0) / 1_000_000)
        }
        print("LIST read_median_ms=\(String(format: "%.1f", percentile(reads.sorted(), 0.5)))")
        let sorted = times.sorted()
        print("LIST items=\(items) products=\(products) median_ms=\(String(format: "%.1f", percentile(sorted, 0.5))) max_ms=\(String(format: "%.1f", sorted.last!)) first_ms=\(String(format: "%.1f", times[0]))")
    } catch {
        print("LIST failed: \(error)")
    }
    exit(0)
}

/// Random valid products of one family (mass), so that every one is ranked.
func randomProducts(_ count: Int, using rng: inout SeededRandom) -> [Product] {
    let units: [MeasureUnit] = [.gram, .kilogram, .ounce, .pound]
    return (0..<count).map { i in
        let cents = Int.random(in: 50...99_999, using: &rng)
        let quantity = Int.random(in: 1...2_000, using: &rng)
        return Product(
            id: ProductID("bench-\(i)"), name: "Product \(i + 1)",
            price: Decimal(cents) / 100, quantity: Decimal(quantity), unit: units.randomElement(using: &rng)!, pack: nil, shop: "", seen: nil, deposit: nil)
    }
}

enum KeyKind: String, CaseIterable { case digit, op = "operator", tab = "tab", backspace }

/// The keystroke mix: mostly digits, some operators, Tab (commit, next field) and Backspace.
func randomKey(using rng: inout SeededRandom) -> (InputEvent, KeyKind) {
    let roll = Int.random(in: 0..<100, using: &rng)
    switch roll {
    case ..<60: return (.character(Character(String(Int.random(in: 0...9, using: &rng)))), .digit)
    case ..<72: return (.character(["+", "-", "*", "/", ".", "="].randomElement(using: &rng)!), .op)
    case ..<88: return (.key(.tab), .tab)
    default: return (.key(.backspace), .backspace)
    }
}

@inline(never) func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

/// CPU time of this thread: tells the app's own cost from time the scheduler gave to other processes.
@inline(never) func cpuNow() -> UInt64 {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return UInt64(t.tv_sec) * 1_000_000_000 + UInt64(t.tv_nsec)
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let index = min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))
    return sorted[index]
}

func fmt(_ microseconds: Double) -> String { String(format: "%.1f", microseconds) }

/// Keeps the optimizer from dropping the render.
nonisolated(unsafe) var sink = 0

/// Where typing starts: a product in the middle, so that the table shows a full page of ranked products
/// (at the end it would show the last, mostly empty, page). With few products, the first.
func startFocus(_ size: Int) -> FieldFocus {
    FieldFocus(product: size >= 40 ? size / 2 : 0, field: .price)
}

for size in sizes {
    var rng = SeededRandom(seed: seed)
    let products = randomProducts(size, using: &rng)
    var state = AppState(comparison: Comparison(title: "Bench", products: products), session: Session(id: "bench", size: TerminalSize(width: 80, height: 24)))
    state.update(.comparison(.focus(startFocus(size))))
    // Warm-up: caches, first allocations, lazy statics.
    for _ in 0..<200 {
        let (event, _) = randomKey(using: &rng)
        if let action = KeyTable.action(for: event, in: state) { state.update(action) }
        sink &+= ScreenView.render(state).cells.count
    }
    state.update(.comparison(.focus(startFocus(size))))
    var totals: [Double] = [], cpus: [Double] = [], actions: [Double] = [], updates: [Double] = [], renders: [Double] = []
    var kinds: [KeyKind] = []
    var largest = 0, visible = 0
    totals.reserveCapacity(keyCount)
    for i in 0..<keyCount {
        if i % refocusEvery == 0 { state.update(.comparison(.cancelEdit)); state.update(.comparison(.focus(startFocus(size)))) }
        let (event, kind) = randomKey(using: &rng)
        let c0 = cpuNow()
        let t0 = now()
        let action = KeyTable.action(for: event, in: state)
        let t1 = now()
        if let action { state.update(action) }
        let t2 = now()
        let canvas = ScreenView.render(state)
        let t3 = now()
        let c1 = cpuNow()
        sink &+= canvas.cells.count
        actions.append(Double(t1 - t0) / 1000)
        updates.append(Double(t2 - t1) / 1000)
        renders.append(Double(t3 - t2) / 1000)
        totals.append(Double(t3 - t0) / 1000)
        cpus.append(Double(c1 - c0) / 1000)
        kinds.append(kind)
        largest = max(largest, state.editing.comparison.products.count)
        visible = max(visible, ScreenLayout(state).visibleProducts.count)
    }
    let sorted = totals.sorted()
    let worst = totals.indices.max { totals[$0] < totals[$1] }!
    let cpuSorted = cpus.sorted()
    var line = "RESULT products=\(size) keys=\(keyCount) median_us=\(fmt(percentile(sorted, 0.5))) p99_us=\(fmt(percentile(sorted, 0.99)))"
    line += " max_us=\(fmt(sorted.last!)) max_kind=\(kinds[worst].rawValue) max_action_us=\(fmt(actions[worst]))"
    line += " max_update_us=\(fmt(updates[worst])) max_render_us=\(fmt(renders[worst])) max_cpu_us=\(fmt(cpus[worst]))"
    line += " median_action_us=\(fmt(percentile(actions.sorted(), 0.5))) median_update_us=\(fmt(percentile(updates.sorted(), 0.5)))"
    line += " median_render_us=\(fmt(percentile(renders.sorted(), 0.5))) over_1ms=\(totals.filter { $0 > 1000 }.count)"
    line += " cpu_median_us=\(fmt(percentile(cpuSorted, 0.5))) cpu_p99_us=\(fmt(percentile(cpuSorted, 0.99))) cpu_max_us=\(fmt(cpuSorted.last!))"
    line += " cpu_over_1ms=\(cpus.filter { $0 > 1000 }.count) largest=\(largest) visible_rows=\(visible)"
    print(line)
    for kind in KeyKind.allCases {
        let mine = totals.indices.filter { kinds[$0] == kind }
        guard !mine.isEmpty else { continue }
        let wall = mine.map { totals[$0] }.sorted(), cpu = mine.map { cpus[$0] }.sorted()
        print("KIND products=\(size) kind=\(kind.rawValue) count=\(mine.count) median_us=\(fmt(percentile(wall, 0.5))) p99_us=\(fmt(percentile(wall, 0.99))) max_us=\(fmt(wall.last!)) cpu_max_us=\(fmt(cpu.last!))")
    }
}
if let path = argument("--price-book") {
    let shape = (argument("--price-book-shape") ?? "1000x100x20").split(separator: "x").compactMap { Int($0) }
    do {
        try priceBookBench(path: path, comparisons: shape[0], products: shape[1], history: shape[2], samples: Int(argument("--samples") ?? "") ?? 50)
    } catch {
        print("PerBench: price book: \(error)")
        exit(1)
    }
}
if sink == 42 { print("") }
