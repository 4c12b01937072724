import Foundation
import Testing
import TestSupport

/// Scripts/startup.order lays the release binary out in the order a start touches it (DECISIONS 150). It links with
/// `--no-warn-symbol-ordering`, so a name it gives that no longer exists is skipped in silence and the layout rots as
/// the code changes. This fails once more than 2% of per's own names in it (its modules': `$s3per`, `$s7PerCore`,
/// `$s11PerTerminal`, `$s11PerDatabase`) are gone from the built binary.
///
/// `make test` has the debug build, whose symbols are not the release's: the optimizer adds specializations
/// (`…Tf4nd_n`, `…Tg5`), outlined copies and constants (`…WOy`, `…Tv_`), merged functions (`…Tm`). Such a name counts
/// as there when what it was made from is: a symbol of the binary that begins it (the function specialized), or, with
/// those endings taken off, a symbol that it begins (the type whose copy was outlined, `…Mn`).
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct StartupOrderTests {
    static let owners = ["$s3per", "$s7PerCore", "$s11PerTerminal", "$s11PerDatabase"]
    static let limit = 0.02

    @Test func theOrderFileStillNamesWhatPerHas() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let order = try String(contentsOf: root.appendingPathComponent("Scripts/startup.order"), encoding: .utf8)
        let names = order.split(separator: "\n").map(String.init).filter { name in Self.owners.contains { name.hasPrefix($0) } }
        #expect(names.count > 500, "Scripts/startup.order names only \(names.count) of per's symbols")
        let nm = run(["nm", "--defined-only", perBinary])
        try #require(nm.status == 0, "nm (binutils) could not read \(perBinary): \(nm.stderr)")
        let symbols = Set(nm.stdout.split(separator: "\n").compactMap { $0.split(separator: " ").last.map(String.init) })
        try #require(symbols.count > 1000, "\(perBinary) has no symbols (stripped?)")
        let sorted = symbols.sorted()
        let missing = names.filter { !Self.isThere($0, symbols: symbols, sorted: sorted) }
        let share = Double(missing.count) / Double(max(names.count, 1))
        #expect(share <= Self.limit, """
            \(missing.count) of the \(names.count) names of per's own in Scripts/startup.order \
            (\(String(format: "%.1f", share * 100))%, over \(Int(Self.limit * 100))%) are gone from the binary: the start's \
            layout has rotted. Run make startup-order (it needs valgrind) and commit Scripts/startup.order. Gone: \
            \(missing.prefix(8).joined(separator: " "))
            """)
    }

    /// The optimizer's endings: function signature and generic specializations, outlined variables, partial-apply
    /// forwarders, merged functions, outlined value operations, metadata and descriptors, Optional.
    static let madeByTheOptimizer = try! NSRegularExpression(
        pattern: "(Tf[0-9A-Za-z_]*|T[gGs]5|Tv[0-9]*_|TA|Tm|WO[a-z][0-9]*_?|MD|M[nafFNqc]|WV|Sg|Sq)$")

    static func isThere(_ name: String, symbols: Set<String>, sorted: [String]) -> Bool {
        if symbols.contains(name) { return true }
        // What it was made from, begins it: `f` of `fTf4nd_n`, the closure of its `TA`, the generic of its `…Tg5`.
        var end = name.index(name.startIndex, offsetBy: 8, limitedBy: name.endIndex) ?? name.endIndex
        while end < name.endIndex {
            if symbols.contains(String(name[..<end])) { return true }
            end = name.index(after: end)
        }
        // It begins what it was made from: the type of an outlined copy or a metadata cache has its descriptor.
        var base = name
        while true {
            let range = NSRange(base.startIndex..., in: base)
            guard let match = madeByTheOptimizer.firstMatch(in: base, range: range), match.range.length > 0,
                  let cut = Range(match.range, in: base) else { break }
            base = String(base[..<cut.lowerBound])
        }
        guard base != name, base.count > 8 else { return false }
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < base { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low].hasPrefix(base)
    }
}
