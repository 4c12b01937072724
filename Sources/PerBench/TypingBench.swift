import Foundation
import PerCore

/// `--typing 4000`: 4,000 letters typed, one key at a time, into a new title on the shopping list (Ctrl-O, Ctrl-N),
/// into the list's find (/) among 20 titles and into a product's name, through `KeyTable.action` and `AppState.update`,
/// then one frame rendered, as the loop draws once per batch of keys read. Prints one `TYPING field=… keys=…
/// update_ms=… first_tenth_us=… last_tenth_us=… frame_ms=…` line per field: a key typed at the end of a long text must
/// cost what one typed into a short one costs (issue 32: linear typing), so the last tenth's cost per key is about the
/// first tenth's.
func benchTyping(_ keys: Int) {
    var rng = SeededRandom(seed: 32)
    let letters = (0..<keys).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &rng))) }
    let session = Session(id: "bench", size: TerminalSize(width: 80, height: 24))

    var title = AppState(comparison: Comparison(id: "open"), session: session)
    title.update(.app(.showShoppingList))
    title.update(.shoppingList(.loaded([])))
    title.update(.shoppingList(.new))
    typeAndReport("title", letters, into: &title)

    // Finding (/) in a list of 20 titles: every key searches them for the text typed so far.
    var find = AppState(comparison: Comparison(id: "open"), session: session)
    find.update(.app(.showShoppingList))
    find.update(.shoppingList(.loaded((0..<20).map { ListEntry(id: ComparisonID("c\($0)"), title: "Title \($0)", productCount: 0) })))
    find.update(.shoppingList(.find))
    typeAndReport("find", letters, into: &find)

    var name = AppState(comparison: Comparison(id: "open", products: [.new(id: "p")]), session: session)
    name.update(.comparison(.focus(FieldFocus(product: 0, field: .name))))
    typeAndReport("name", letters, into: &name)
}

private func typeAndReport(_ field: String, _ letters: [Character], into state: inout AppState) {
    var perKey: [Double] = []
    perKey.reserveCapacity(letters.count)
    let started = now()
    for letter in letters {
        let t0 = now()
        if let action = KeyTable.action(for: .character(letter), in: state) { state.update(action) }
        perKey.append(Double(now() - t0) / 1000)
    }
    let typed = Double(now() - started) / 1_000_000
    let t0 = now()
    sink &+= ScreenView.render(state).cells.count
    let frame = Double(now() - t0) / 1_000_000
    let tenth = max(1, letters.count / 10)
    let first = perKey.prefix(tenth).reduce(0, +) / Double(tenth), last = perKey.suffix(tenth).reduce(0, +) / Double(tenth)
    print("TYPING field=\(field) keys=\(letters.count) update_ms=\(String(format: "%.1f", typed)) first_tenth_us=\(fmt(first))"
          + " last_tenth_us=\(fmt(last)) frame_ms=\(String(format: "%.2f", frame))")
}
