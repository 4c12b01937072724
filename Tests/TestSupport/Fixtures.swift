import Foundation
import PerCore

// Test data shared by the store's tests (in process) and the command-line tests (through the binary).

/// What an export keeps of a comparison (identities are new on import).
public struct Shape: Equatable, CustomStringConvertible {
    public var title: String
    public var basis: ComparisonBasis?
    public var system: VolumeSystem
    public var products: [[String?]]

    public init(_ c: Comparison, droppingBlanks: Bool = false) {
        title = c.title
        basis = c.chosenBasis
        system = c.volumeSystem
        products = c.products.filter { !droppingBlanks || !$0.isBlank }.map {
            [$0.name, $0.price.map(DecimalText.format), $0.quantity.map(DecimalText.format), $0.unit?.symbol]
        }
    }

    public var description: String { "\(title.debugDescription) \(basis?.label ?? "-") \(system) \(products)" }
}

public let hostileTitles = [
    "Oats, \"rolled\"", "comma,comma", "\"", "\"\"", "line\nbreak", "crlf\r\nbreak", "cr\ronly", "  edge spaces  ",
    "tab\tin", "Crème brûlée", "日本茶", "🥣🥛", "e\u{301} combining", "back\\slash", "=SUM(A1)", "",
    "+1", "-1", "@cmd", "\tstarts with a tab", "\rstarts with CR", "'quoted'", "''", "'",
    "[not json", "{", "ends with comma,",
]

public func hostileComparisons() -> [Comparison] {
    var all = hostileTitles.enumerated().map { i, title in
        Comparison(
            title: title,
            products: [
                product(hostileTitles[(i + 1) % hostileTitles.count], "0.1", "12.345678901", .gram),
                // 12 significant digits, the most per keeps (NumberRange); one family per comparison.
                product("second, \"one\"\n", "1234567.89012", "0.0000001", .kilogram),
                product("no numbers yet", nil, nil, nil),
                product("", "19.99", nil, .ounce),
            ],
            basis: i % 3 == 0 ? nil : ComparisonBasis(amount: i % 2 == 0 ? 100 : 1, unit: .gram),
            volumeSystem: i % 2 == 0 ? .us : .imperial)
    }
    all.append(Comparison(title: "No products at all"))
    all.append(Comparison(title: "No products at all", basis: ComparisonBasis(amount: 1, unit: .liter))) // same title, other basis
    all.append(Comparison(title: "fl oz", products: [product("x", "2", "3.5", .fluidOunce)], basis: ComparisonBasis(amount: 1, unit: .fluidOunce)))
    return all
}

/// Escape sequences that would act on a terminal: OSC 52 writes the clipboard, CSI 2 J clears the screen.
public let osc52 = "\u{1B}]52;c;cm0gLXJmIH4=\u{07}"
public let clearScreen = "\u{1B}[2J"

/// Control characters that may appear in output: line breaks and tabs, nothing else.
public func controlCharacters(in text: String, allowing allowed: Set<Unicode.Scalar> = ["\n"]) -> [Unicode.Scalar] {
    text.unicodeScalars.filter { ($0.value < 0x20 || (0x7F...0x9F).contains($0.value)) && !allowed.contains($0) }
}

/// Makes a per database of 40 comparisons × 50 products at `path` (`save` writes them there, with PerDatabase), then writes
/// garbage over pages 40 to 50 (products' pages, well after the schema's, which grows with every migration), leaving
/// the header, the schema and the first pages intact: SQLite opens it without complaint.
public func makeDamagedPerDatabase(at path: String, save: ([Comparison]) throws -> Void) throws {
    try save((0..<40).map { c in
        Comparison(title: "c\(c)", products: (0..<50).map { p in product("p\(p)", "\(p).99", "\(c + 1)", .gram) })
    })
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let pageSize = 4096
    guard bytes.count >= 51 * pageSize else { throw CocoaError(.fileReadCorruptFile) }
    for i in (39 * pageSize)..<(50 * pageSize) { bytes[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) }
    try bytes.write(to: URL(fileURLWithPath: path))
}
