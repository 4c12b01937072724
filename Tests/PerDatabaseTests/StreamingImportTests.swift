import Foundation
import PerCore
import Testing
@testable import PerDatabase
import GRDB
import TestSupport

/// Import streams: the file is read in pieces and written as it is read, in one transaction.
@Suite struct StreamingImportTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    /// `count` comparisons of `products` products each, of every unit family and with text that needs escaping.
    static func generated(comparisons count: Int, products: Int) -> [Comparison] {
        let families: [[MeasureUnit]] = [[.gram, .kilogram, .ounce, .pound], [.milliliter, .liter, .fluidOunce], [.each, .dozen]]
        return (0..<count).map { c in
            let units = families[c % families.count]
            return Comparison(
                title: c % 7 == 0 ? "Crème \"brûlée\", n° \(c)\nline two" : "Comparison \(c)",
                products: (0..<products).map { p in
                    product(p % 11 == 0 ? "日本茶 \(p), \"quoted\"" : "Product \(c)-\(p)",
                            p % 13 == 0 ? nil : "\(p % 100).\(String(format: "%02d", (c + p) % 100))",
                            p % 17 == 0 ? nil : ["1", "2.5", "250", "0.75", "1000", "0.000001"][p % 6],
                            p % 19 == 0 ? nil : units[p % units.count])
                },
                basis: c % 3 == 0 ? nil : units[0].family.defaultBasis,
                volumeSystem: c % 2 == 0 ? .us : .imperial)
        }
    }

    /// Hands `bytes` out in pieces of `size`.
    static func pieces(_ bytes: [UInt8], size: Int) -> () throws -> [UInt8] {
        var offset = 0
        return {
            defer { offset = min(bytes.count, offset + size) }
            return Array(bytes[offset..<min(bytes.count, offset + size)])
        }
    }

    private func importing(_ text: String, pieceSize: Int = 4093, into store: ComparisonDatabase) throws -> ImportCounts {
        try store.importing { writer in
            try ComparisonExchange.decode(from: Self.pieces(Array(text.utf8), size: pieceSize), into: &writer)
        }
    }

    @Test(arguments: ExchangeFormat.allCases)
    func aLargeFileImportsAsTheWholeFileReaderExpects(format: ExchangeFormat) throws {
        let original = Self.generated(comparisons: 150, products: 100)
        let text = ComparisonExchange.encode(original, as: format)
        let store = try ComparisonDatabase(path: db)
        let counts = try importing(text, into: store)
        let expected = original.map { Shape($0, droppingBlanks: format == .csv) }
        #expect(counts.comparisons == 150)
        #expect(counts.products == expected.reduce(0) { $0 + $1.products.count })
        let loaded = try store.loadAll()
        #expect(loaded.map { Shape($0) } == expected)
        #expect(loaded.map { Shape($0) } == (try ComparisonExchange.decode(text)).map { Shape($0) })
        // export → import → export is the identity.
        #expect(ComparisonExchange.encode(loaded, as: format) == ComparisonExchange.encode(try ComparisonExchange.decode(text), as: format))
    }

    /// The texts stored are `DecimalText.format`'s, whether the reader formatted them from the file's text or the Decimal.
    @Test func storedNumbersAreFormattedAsEverywhereElse() throws {
        let store = try ComparisonDatabase(path: db)
        let text = #"[{"title": "t", "products": [{"price": "007.50", "quantity": 0.250, "unit": "g"}, {"price": "10", "quantity": "1000.000"}, {"price": "0.0", "quantity": " 2.5 "}, {"price": "12345678.9010", "quantity": ".5"}]}]"#
        _ = try importing(text, into: store)
        let rows = try store.queue.read { db in try Row.fetchAll(db, sql: "SELECT price, quantity FROM product ORDER BY position") }
        #expect(rows.map { [$0["price"] as String?, $0["quantity"] as String?] } == [["7.5", "0.25"], ["10", "1000"], ["0", "2.5"], ["12345678.901", "0.5"]])
        for row in rows {
            for column in ["price", "quantity"] {
                let stored: String = row[column]
                #expect(DecimalText.parse(stored).map(DecimalText.format) == stored)
            }
        }
    }

    @Test(arguments: [1, 2, 3, 7, 64, 1 << 20])
    func pieceBoundariesChangeNothing(size: Int) throws {
        let original = hostileComparisons()
        for format in ExchangeFormat.allCases {
            let text = "\u{FEFF}" + ComparisonExchange.encode(original, as: format)
            var sink = CollectingSink()
            try ComparisonExchange.decode(from: Self.pieces(Array(text.utf8), size: size), into: &sink)
            #expect(sink.comparisons.map { Shape($0) } == original.map { Shape($0, droppingBlanks: format == .csv) }, "\(format), pieces of \(size)")
        }
    }

    @Test(arguments: ExchangeFormat.allCases)
    func aBadProductNearTheEndRefusesTheWholeFileAndWritesNothing(format: ExchangeFormat) throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(title: "before", products: [product("a", "1", "1", .gram)]))
        store.close()
        let before = FileSnapshot(db)

        var comparisons = Self.generated(comparisons: 100, products: 100)
        let last = comparisons.count - 1
        var bad = comparisons[last].products[98]
        bad.quantity = Decimal(string: "2")
        bad.price = Decimal(string: "-1") // below zero (a unit of another family is left out instead: UnitFamilyTests)
        var products = comparisons[last].products
        products[98] = bad
        comparisons[last] = Comparison(title: "the last", products: products.map { var p = $0; p.unit = p.unit == nil ? nil : .gram; return p })
        let text = ComparisonExchange.encode(comparisons, as: format)

        let reopened = try ComparisonDatabase(path: db)
        let error = try #require(throws: ExchangeError.self) { try importing(text, into: reopened) }
        #expect(error.message.contains("comparison 100 \"the last\", product 99"), "\(error.message)")
        #expect(error.message.contains(#"price: "-1" is below zero"#), "\(error.message)")
        #expect((error.line ?? 0) > text.split(separator: "\n").count - 10, "\(error.message)")
        #expect(try reopened.summaries().map(\.title) == ["before"])
        #expect(try reopened.loadAll().flatMap(\.products).count == 1)
        reopened.close()
        #expect(FileSnapshot(db).bytes == before.bytes)
    }

    @Test func badTextInTheLastPieceRefusesTheWholeFile() throws {
        let store = try ComparisonDatabase(path: db)
        var bytes = Array(ComparisonExchange.encode(Self.generated(comparisons: 20, products: 50), as: .json).utf8)
        bytes.insert(0xFF, at: bytes.count - 5) // not UTF-8, in the last piece
        #expect(throws: ExchangeInputError.notUTF8) {
            try store.importing { writer in try ComparisonExchange.decode(from: Self.pieces(bytes, size: 1000), into: &writer) }
        }
        #expect(try store.summaries().isEmpty)
    }

    @Test func theSizeLimitIsCountedWhileReading() throws {
        let text = ComparisonExchange.encode(Self.generated(comparisons: 5, products: 50), as: .csv)
        var sink = CollectingSink()
        #expect(throws: ExchangeInputError.tooLarge(limit: 2000)) {
            try ComparisonExchange.decode(limit: 2000, from: Self.pieces(Array(text.utf8), size: 512), into: &sink)
        }
        // What came before the limit was handed on (the caller's transaction undoes it), not all of it.
        #expect(sink.comparisons.count < 5)
        var whole = CollectingSink()
        try ComparisonExchange.decode(limit: text.utf8.count, from: Self.pieces(Array(text.utf8), size: 512), into: &whole)
        #expect(whole.comparisons.count == 5)
    }

    @Test func endlessTextIsRefusedAtTheFirstOverlongValue() throws {
        // Endless bytes without a line break or quote: refused after one field's worth, not at the end of the input.
        var handedOut = 0
        let zeros: () throws -> [UInt8] = { handedOut += 1 << 16; return [UInt8](repeating: 0, count: 1 << 16) }
        var sink = CollectingSink()
        let csv = try #require(throws: ExchangeError.self) { try ComparisonExchange.decode(from: zeros, into: &sink) }
        #expect(csv.message == "line 1, field 1: more than 4096 characters, the most per takes in one field")
        #expect(handedOut <= 1 << 16)

        let endlessTitle = "[{\"title\": \"" + String(repeating: "a", count: 40_000)
        let json = try #require(throws: ExchangeError.self) { try ComparisonExchange.decode(endlessTitle) }
        #expect(json.message.contains("text of more than 4096 characters"), "\(json.message)")
    }
}
