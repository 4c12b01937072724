import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

@Suite struct ExchangeTests {
    @Test(arguments: ExchangeFormat.allCases)
    func hostileTextRoundTripsExactly(format: ExchangeFormat) throws {
        let original = hostileComparisons()
        let text = ComparisonExchange.encode(original, as: format)
        #expect(ExchangeFormat.detect(text) == format)
        let decoded = try ComparisonExchange.decode(text)
        #expect(decoded.map { Shape($0) } == original.map { Shape($0, droppingBlanks: format == .csv) })
        // Scalar-exact, not just canonically equal.
        #expect(decoded.map { Array($0.title.unicodeScalars) } == original.map { Array($0.title.unicodeScalars) })
        // Decoding gives fresh identities.
        #expect(Set(decoded.map(\.id)).isDisjoint(with: original.map(\.id)))
        // And a second round gives the same text.
        #expect(ComparisonExchange.encode(decoded, as: format) == ComparisonExchange.encode(original.map { c in
            format == .csv ? Comparison(id: c.id, title: c.title, products: c.products.filter { !$0.isBlank }, basis: c.chosenBasis, volumeSystem: c.volumeSystem) : c
        }, as: format))
    }

    @Test func jsonLooksLikeTheDesign() throws {
        let comparison = Comparison(title: "Oats", products: [product("Big", "6.99", "1", .kilogram), product("", nil, nil, nil)],
                                    basis: ComparisonBasis(amount: 100, unit: .gram))
        let text = ComparisonExchange.encode([comparison], as: .json)
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(document?["format"] as? String == "per-export" && document?["version"] as? Int == 3)
        let first = try #require((document?["comparisons"] as? [[String: Any]])?.first)
        #expect(first["title"] as? String == "Oats")
        #expect(first["per"] as? String == "100 g")
        #expect(first["volumeSystem"] as? String == "us")
        let products = try #require(first["products"] as? [[String: Any]])
        #expect(products.first?["price"] as? String == "6.99")
        #expect(products.first?["quantity"] as? String == "1")
        #expect(products.first?["unit"] as? String == "kg")
        #expect(products.last?["price"] is NSNull)
        #expect(ComparisonExchange.encode([], as: .json) == "{\n  \"format\": \"per-export\",\n  \"version\": 3,\n  \"comparisons\": []\n}\n")
    }

    /// The first format's columns in their places, then a product's own data (`pack,deposit,deal,uses`) in
    /// `ProductDatum.all`'s order, which states it (a new datum adds its column there), then the comparison's list state.
    @Test func csvLooksLikeTheDesign() throws {
        let text = ComparisonExchange.encode([
            Comparison(title: "Oats, rolled", products: [product("Big \"one\"", "6.99", "1", .kilogram)], basis: ComparisonBasis(amount: 100, unit: .gram)),
            Comparison(title: "Empty"),
        ], as: .csv)
        let own = ProductDatum.all.filter { !$0.isPriceSeen }.map(\.key)
        let empty = String(repeating: ",", count: own.count)
        #expect(text == "number,comparison,per,volumeSystem,name,price,quantity,unit,shop,seen," + own.map { $0 + "," }.joined()
            + "kind,listCount,inCart,aisle,pinnedProduct,listAmount,listUnit\r\n"
            + "1,\"Oats, rolled\",100 g,us,\"Big \"\"one\"\"\",6.99,1,kg,,," + empty + "product,,,,,,\r\n"
            + "2,Empty,,us,,,,,,," + empty + ",,,,,,\r\n")
    }

    @Test func csvKeepsNeighboursWithTheSameTitleApart() throws {
        let two = [Comparison(products: [product("a", "1", "1", .kilogram)]), Comparison(products: [product("b", "2", "1", .kilogram)])]
        let decoded = try ComparisonExchange.decode(ComparisonExchange.encode(two, as: .csv))
        #expect(decoded.map { $0.products.map(\.name) } == [["a"], ["b"]])
    }

    @Test func csvByHandIsReadLeniently() throws {
        // LF line endings, other column order, missing columns, names instead of symbols, a trailing blank line.
        let text = "Name,Comparison,Price,Unit,Quantity\nbig,Rice,\"2.50\",kilograms,1\nsmall,Rice,1.10,g,500\n\n"
        let decoded = try ComparisonExchange.decode(text)
        #expect(decoded.count == 1)
        #expect(decoded.first.map { Shape($0) } == Shape(Comparison(title: "Rice", products: [
            product("big", "2.5", "1", .kilogram), product("small", "1.1", "500", .gram),
        ])))
    }

    @Test func jsonNumbersAreTakenExactlyAsWritten() throws {
        let decoded = try ComparisonExchange.decode(#"[{"title": "n", "products": [{"price": 0.1, "quantity": 12.345678901, "unit": "g"}]}]"#)
        #expect(decoded.first?.products.first?.price.map(DecimalText.format) == "0.1")
        #expect(decoded.first?.products.first?.quantity.map(DecimalText.format) == "12.345678901")
        // Missing optional members are empty.
        let one = try ComparisonExchange.decode(#"[{"title": "solo"}]"#)
        #expect(one.map { Shape($0) } == [Shape(Comparison(title: "solo"))])
    }

    @Test(arguments: [
        // (file, expected message)
        ("[\n  {\"title\": \"a\",\n   \"products\": [\n     {\"price\": \"1,99\"}]}]", #"line 4, comparison "a", product 1, price: "1,99" is not a decimal number (write it like 1.99)"#),
        ("[{\"title\": \"a\", \"products\": [{\"unit\": \"parsec2\"}]}]", "line 1, comparison \"a\", product 1, unit: \"parsec2\" is not a unit"),
        ("[{\"products\": []}]", "line 1, title: missing"),
        ("[\n{\"title\": \"a\",\n\"per\": \"per furlong9\"}]", "line 3, per: \"per furlong9\" is not a comparison unit"),
        ("[\n{\"title\": \"a\", \"volumeSystem\": \"metric\"}]", "line 2, volumeSystem: \"metric\" is not a volume system"),
        ("[\n{\"title\": \"a\",\n\"products\": [\n{\"price\": 1e41}]}]", "line 4, comparison \"a\", product 1, price: \"1e41\" is not a decimal number"),
        ("[\n{\"title\": \"a\"\n\"products\": []}]", "line 3, column 1: JSON: expected \",\" or \"}\""),
        ("[{\"title\": \"unclosed}]", "line 1, column 23: JSON: text not closed by a quote"),
        ("[{\"title\": 5}]", "line 1, title: expected text in quotes"),
        ("[1]", "line 1: expected a comparison"),
        ("comparison,name,price\nOats,big,1.2.3\n", #"line 2, comparison "Oats", product 1, price: "1.2.3" is not a decimal number"#),
        ("comparison,name,unit\nOats,big,g\nOats,small,light_years\n", #"line 3, comparison "Oats", product 2, unit: "light_years" is not a unit"#),
        ("comparison,name\n\"Oats\nmultiline\",a\nOats,b,extra\n", "line 4: 3 fields where the header has 2"),
        ("comparison,name\nOats,\"never closed\n\n", "line 2, field 2: a quoted field is never closed"),
        ("comparison,name\nOats,bad\"quote\n", "line 2, field 2: a quote inside unquoted text"),
        ("comparison,name\nOats,\"closed\"junk\n", "line 2, field 2: text after a closing quote"),
        ("comparison,colour\nOats,red\n", "1 column per import does not read (line 1: \"colour\")"),
        // Only a list of comparisons, or a CSV with per's columns (issue 22).
        ("{\"title\": \"solo\"}", "line 1: a JSON object without \"format\": not a per export"),
        ("not json\nat all\n", "line 1: neither a JSON list of comparisons nor a per CSV"),
        ("name,price\nbig,1\n", "line 1: the header has no \"comparison\" column"),
        ("comparison,per\nOats,per parsec2\n", "line 2, per: \"per parsec2\" is not a comparison unit"),
        ("comparison,volume_system\nOats,metric\n", "line 2, volumeSystem: \"metric\" is not a volume system"),
    ])
    func badFilesAreExplainedByLineAndField(file: String, expected: String) {
        #expect {
            _ = try ComparisonExchange.decode(file)
        } throws: { error in
            guard let error = error as? ExchangeError else { return false }
            let ok = error.message.hasPrefix(expected)
            if !ok { Issue.record("got: \(error.message)") }
            return ok && !error.message.contains("\n")
        }
    }

    @Test func formatIsDetectedFromTheContent() {
        #expect(ExchangeFormat.detect("\u{FEFF}  \n[") == .json)
        #expect(ExchangeFormat.detect("{\"title\": 1}") == .json)
        #expect(ExchangeFormat.detect("comparison,name\n") == .csv)
        #expect(ExchangeFormat.detect("") == .csv)
    }

    @Test func anEmptyFileHoldsNoComparisons() throws {
        #expect(try ComparisonExchange.decode("").isEmpty)
        #expect(try ComparisonExchange.decode("comparison,per,volume_system,name,price,quantity,unit\r\n").isEmpty)
        #expect(try ComparisonExchange.decode("[]").isEmpty)
    }

    @Test func storeToFileToStoreIsExact() throws {
        let folder = TemporaryFolder()
        let source = try ComparisonDatabase(path: folder.file("a.sqlite"))
        let original = hostileComparisons()
        try source.save(original)
        for format in ExchangeFormat.allCases {
            let text = ComparisonExchange.encode(try source.loadAll(), as: format)
            let target = try ComparisonDatabase(path: folder.file("b-\(format).sqlite"))
            try target.save(try ComparisonExchange.decode(text))
            #expect(try target.loadAll().map { Shape($0) } == original.map { Shape($0, droppingBlanks: format == .csv) })
        }
    }
}
