import Foundation
@testable import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// Text from a shared file never reaches a terminal or a spreadsheet as commands.
@Suite struct HostileTextTests {
    // MARK: Import refuses control characters

    static let refusedJSON: [(file: String, place: String, codePoint: String)] = [
        (#"[{"title": "evil\u001b]52;c;cm0=\u0007", "products": []}]"#, #"line 1, comparison "evil\u{1B}]52;c;cm0=\u{7}", title"#, "U+001B"),
        (#"[{"title": "Oats", "products": [{"name": "ok"}, {"name": "\u001b[2Jwiped"}]}]"#, #"comparison "Oats", product 2, name"#, "U+001B"),
        (#"[{"title": "Oats", "products": [{"name": "a\u0000b"}]}]"#, #"comparison "Oats", product 1, name"#, "U+0000"),
        (#"[{"title": "c1 \u009b2J", "products": []}]"#, "title", "U+009B"),
        (#"[{"title": "del \u007f", "products": []}]"#, "title", "U+007F"),
    ]

    @Test(arguments: refusedJSON.indices)
    func jsonImportRefusesControlCharactersNamingThePlace(index: Int) throws {
        let (file, place, codePoint) = Self.refusedJSON[index]
        let error = try #require(throws: ExchangeError.self) { try ComparisonExchange.decode(file) }
        #expect(error.message.contains(place), "\(error.message)")
        #expect(error.message.contains(codePoint), "\(error.message)")
        #expect(controlCharacters(in: error.message, allowing: []).isEmpty, "\(error.message.debugDescription)")
    }

    @Test func csvImportRefusesControlCharactersNamingThePlace() throws {
        let title = try #require(throws: ExchangeError.self) {
            try ComparisonExchange.decode("comparison,name,price\r\n\"x\(osc52)\",a,1\r\n")
        }
        #expect(title.message.hasPrefix("line 2, comparison \"x\\u{1B}]52;c;cm0gLXJmIH4=\\u{7}\", title: holds the control character U+001B"), "\(title.message)")
        let name = try #require(throws: ExchangeError.self) {
            try ComparisonExchange.decode("comparison,name,price\r\nOats,a,1\r\nOats,\(clearScreen)b,2\r\n")
        }
        #expect(name.message.hasPrefix("line 3, comparison \"Oats\", product 2, name: holds the control character U+001B"), "\(name.message)")
        let nul = try #require(throws: ExchangeError.self) { try ComparisonExchange.decode("comparison,name\r\nOats,a\u{0}b\r\n") }
        #expect(nul.message.contains("U+0000"))
        // Tab and line breaks stay allowed.
        let fine = try ComparisonExchange.decode("comparison,name\r\n\"two\r\nlines\",\"tab\there\"\r\n")
        #expect(fine.first?.title == "two\r\nlines")
        #expect(fine.first?.products.first?.name == "tab\there")
    }

    /// Issue 40: a bidi control is refused as a control character is, naming the place, and the message shows it
    /// as `\u{202E}`.
    @Test func importRefusesBidiControlsNamingThePlace() throws {
        let json = try #require(throws: ExchangeError.self) {
            try ComparisonExchange.decode(#"[{"title": "Oats", "products": [{"name": "ok", "shop": "\u202eoctsoC"}]}]"#)
        }
        #expect(json.message == #"line 1, comparison "Oats", product 1, shop: holds the bidi control U+202E, which per does not take in text (it would show the text in another order)"#,
                "\(json.message)")
        let csv = try #require(throws: ExchangeError.self) { try ComparisonExchange.decode("comparison,name\r\nOats\u{2067},a\r\n") }
        #expect(csv.message == #"line 2, comparison "Oats\u{2067}", title: holds the bidi control U+2067, which per does not take in text (it would show the text in another order)"#,
                "\(csv.message)")
        for scalar in ["\u{202A}", "\u{202D}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}"] {
            #expect(throws: ExchangeError.self) { try ComparisonExchange.decode("comparison,name\r\nOats,a\(scalar)\r\n") }
        }
        // Right-to-left text itself is fine.
        #expect(try ComparisonExchange.decode("comparison,name\r\nשָׁלוֹם,مَرْحَبًا\r\n").first?.products.first?.name == "مَرْحَبًا")
    }

    @Test func importErrorMessagesShowControlCharactersVisibly() throws {
        let price = try #require(throws: ExchangeError.self) { try ComparisonExchange.decode("comparison,price\r\nOats,1\(clearScreen)\r\n") }
        #expect(price.message.contains("\"1\\u{1B}[2J\" is not a decimal number"), "\(price.message)")
        let column = try #require(throws: ExchangeError.self) { try ComparisonExchange.decode("comparison,\(osc52)\r\n") }
        #expect(controlCharacters(in: column.message, allowing: []).isEmpty, "\(column.message.debugDescription)")
        let json = try #require(throws: ExchangeError.self) { try ComparisonExchange.decode("[\u{1B}]") }
        #expect(controlCharacters(in: json.message, allowing: []).isEmpty, "\(json.message.debugDescription)")
        #expect(json.message.contains("U+001B"), "\(json.message)")
    }

    // MARK: Output escapes what got in another way

    static let hostile = Comparison(
        title: "Oats\(osc52)\u{9B}",
        products: [product("big\(clearScreen)", "6.99", "1", .kilogram), product("a\u{0}b\u{7F}", "3.99", "500", .gram)])

    @Test func exportAndReportsWriteNoControlCharacters() throws {
        let csv = ComparisonExchange.encode([Self.hostile], as: .csv)
        #expect(controlCharacters(in: csv, allowing: ["\r", "\n"]).isEmpty, "\(csv.debugDescription)")
        #expect(csv.contains("Oats\\u{1B}]52;c;cm0gLXJmIH4=\\u{7}\\u{9B}"), "\(csv)")
        let json = ComparisonExchange.encode([Self.hostile], as: .json)
        #expect(controlCharacters(in: json).isEmpty, "\(json.debugDescription)")
        #expect(json.contains(#"Oats\u001b]52;c;cm0gLXJmIH4=\u0007\u009b"#), "\(json)")
        // JSON stays exact: its escapes decode to the same text (which import then refuses, as any control character).
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect((parsed?["comparisons"] as? [[String: Any]])?.first?["title"] as? String == Self.hostile.title)

        let report = ComparisonReport(Self.hostile)
        for format in ReportFormat.allCases {
            let text = report.render(format)
            // CSV's rows end in CR LF (RFC 4180).
            #expect(controlCharacters(in: format == .csv ? text.replacingOccurrences(of: "\r\n", with: "\n") : text).isEmpty, "\(format): \(text.debugDescription)")
        }
        #expect(report.render(.table).contains("big\\u{1B}[2J"))
        #expect(report.render(.table).hasPrefix("Oats\\u{1B}]52"))
    }

    @Test func terminalTextRules() {
        #expect(TerminalText.visible("a\u{1B}[2Jb\u{7}\u{0}\u{7F}\u{85}\u{9F}\u{A0}é") == "a\\u{1B}[2Jb\\u{7}\\u{0}\\u{7F}\\u{85}\\u{9F}\u{A0}é")
        #expect(TerminalText.visible("two\r\nlines\tx", keeping: TerminalText.allowedInText) == "two\r\nlines\tx")
        #expect(TerminalText.singleLine("two\r\nlines\tand\rcr\u{1B}") == "two lines and cr\\u{1B}")
        #expect(TerminalText.forbiddenScalar(in: "fine\t\r\n") == nil)
        #expect(TerminalText.forbiddenScalar(in: "bad\u{85}") == "\u{85}")
        #expect(TerminalText.codePoint("\u{7}") == "U+0007")
    }

    // MARK: Spreadsheet formulas

    static let formulaTexts = ["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "'x", "''x", "'", "=", "plain", "a=b", "", "-"]

    @Test func textCellsThatASpreadsheetWouldRunAreNeutralisedAndRoundTrip() throws {
        let comparisons = Self.formulaTexts.map { text in
            Comparison(title: text, products: [product(text, "1.5", "2", .kilogram)])
        }
        let csv = ComparisonExchange.encode(comparisons, as: .csv)
        let records = try CSV.parse(csv).dropFirst()
        #expect(records.count == Self.formulaTexts.count)
        for (record, text) in zip(records, Self.formulaTexts) {
            let title = record.fields[1], name = record.fields[4]
            #expect(title == name)
            let first = title.unicodeScalars.first
            #expect(first.map { !["=", "+", "-", "@", "\t", "\r"].contains($0) } ?? true, "\(title.debugDescription)")
            #expect(title == (text.isEmpty || "=+-@\t\r'".unicodeScalars.contains(text.unicodeScalars.first!) ? "'" + text : text) || text.isEmpty && title.isEmpty)
            // Numbers are not text cells: never prefixed.
            #expect(record.fields[5] == "1.5" && record.fields[6] == "2")
        }
        let decoded = try ComparisonExchange.decode(csv)
        #expect(decoded.map(\.title) == Self.formulaTexts)
        #expect(decoded.map { $0.products.first?.name } == Self.formulaTexts)

        // The report's CSV (per show / per compare --format csv) uses the same rule.
        let report = ComparisonReport(Comparison(title: "x", products: [product("=HYPERLINK(\"http://x\")", "1", "1", .kilogram)])).render(.csv)
        #expect(report.contains("\n\"'=HYPERLINK(\"\"http://x\"\")\",1,1,kg,"), "\(report)")
    }

    @Test func oneLeadingQuoteIsTakenOffTextCellsOnImport() throws {
        let decoded = try ComparisonExchange.decode("comparison,name,price\r\n'=x,''y,5\r\n")
        #expect(decoded.first?.title == "=x")
        #expect(decoded.first?.products.first?.name == "'y")
        // Only text cells: a quoted number is still not a number.
        #expect(throws: ExchangeError.self) { try ComparisonExchange.decode("comparison,price\r\nx,'-5\r\n") }
    }

    // MARK: Limits

    /// Issue 40: a CSV text cell at the limit that export wrote with a formula quote (decision 22) is one scalar
    /// longer than its text, and imports: the limit is the text's.
    @Test func aTextCellAtTheLimitWithItsFormulaQuoteImports() throws {
        let shop = "=" + String(repeating: "a", count: FieldText.maximumLength - 1)
        let csv = ComparisonExchange.encode([Comparison(title: "Oats", products: [Product.fixture(id: "x", name: "x", price: 1, quantity: 1, unit: .kilogram, shop: shop)])], as: .csv)
        #expect(csv.contains("'" + shop))
        #expect(try ComparisonExchange.decode(csv).first?.products.first?.shop == shop)
        // One more is refused, naming the limit.
        let longer = ComparisonExchange.encode([Comparison(title: "Oats", products: [Product.fixture(id: "x", name: "x", price: 1, quantity: 1, unit: .kilogram, shop: shop + "a")])], as: .csv)
        #expect(throws: ExchangeError.self) { try ComparisonExchange.decode(longer) }
    }

    @Test func tooLongTextIsRefused() throws {
        let long = String(repeating: "a", count: FieldText.maximumLength + 1)
        let justRight = String(repeating: "a", count: FieldText.maximumLength)
        #expect(try ComparisonExchange.decode("comparison,name\r\n\(justRight),\(justRight)\r\n").first?.title == justRight)
        let csv = try #require(throws: ExchangeError.self) { try ComparisonExchange.decode("comparison,name\r\nx,\(long)\r\n") }
        #expect(csv.message.contains("line 2, name: 4097 characters, more than the 4096"), "\(csv.message)")
        let json = try #require(throws: ExchangeError.self) { try ComparisonExchange.decode(#"[{"title": "\#(long)"}]"#) }
        #expect(json.message.contains("4097 characters"), "\(json.message)")
    }
}
