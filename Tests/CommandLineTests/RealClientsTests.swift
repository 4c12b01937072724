import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// Issue 41: per's outputs as real clients read them. LibreOffice (headless, `soffice --convert-to csv`: opened as a
/// spreadsheet opens it, saved back) turns a short id `0179` into 179 and `9e44` into 9E+044, and a price of
/// 0.000000000001 into `1E-12`: `per show` takes what it made of an id, `per import` reads the saved file. cmark (the
/// CommonMark reference) renders `per trip --format markdown` with shops named like list items as text, never as a
/// list in the list or a ticked box. make deps installs both (libreoffice-calc-nogui, cmark).
@Suite struct RealClientsTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    static let soffice = ["/usr/bin/soffice", "/usr/bin/libreoffice"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let cmark = ["/usr/bin/cmark"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// `csv` opened in LibreOffice Calc and saved again as CSV as its Save As does by default (comma, double quotes,
    /// UTF-8, cell contents saved as shown: `--convert-to` alone saves the values); the saved text.
    func throughLibreOffice(_ csv: String, name: String) throws -> String {
        let soffice = try #require(Self.soffice, "make deps installs LibreOffice (libreoffice-calc-nogui)")
        let input = folder.file("\(name).csv"), out = folder.file("saved-\(name)")
        try csv.write(toFile: input, atomically: true, encoding: .utf8)
        let converted = run([soffice, "-env:UserInstallation=file://" + folder.file("libreoffice-profile"), "--headless",
                             "--convert-to", "csv:Text - txt - csv (StarCalc):44,34,76,1,,0,false,true,true", "--outdir", out, input], environment: ["HOME": folder.path])
        #expect(converted.status == 0, "\(converted)")
        return try String(contentsOfFile: out + "/\(name).csv", encoding: .utf8)
    }

    /// Two comparisons whose ids hash to the short ids `0179` and `9e44` (`ListEntry.shortIDs`), which a spreadsheet
    /// reads as numbers.
    @Test(.enabled(if: perBinaryIsBuilt && soffice != nil, "needs the built per and LibreOffice (make deps installs it)"))
    func shortIdsAsASpreadsheetSavesThemStillName() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "spreadsheet-45", title: "Oats"))
        try store.save(Comparison(id: "spreadsheet-95", title: "Rice"))
        let lists = run([perBinary, "lists", "--db", db, "--format", "csv"])
        #expect(lists.status == 0 && lists.stdout.contains(",0179,Oats,") && lists.stdout.contains(",9e44,Rice,"), "\(lists)")
        let saved = try throughLibreOffice(lists.stdout, name: "lists")
        let rows = saved.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let shortIds = Dictionary(uniqueKeysWithValues: rows.map { ($0[2], $0[1]) })
        // What LibreOffice made of them (so that the test shows the problem it holds).
        #expect(shortIds["Oats"] == "179" && shortIds["Rice"]?.hasPrefix("9E+") == true, "\(saved)")
        for (title, id) in shortIds {
            let shown = run([perBinary, "show", "--db", db, "--format", "json", id])
            #expect(shown.status == 0 && shown.stdout.contains("\"title\": \"\(title)\""), "per show \(id): \(shown)")
        }
    }

    /// A price at the bottom of the range (0.000000000001), exported as CSV, saved by LibreOffice as `1E-12`, imports;
    /// one below the range saved so (`1E-13`) is refused as any too small a price is.
    @Test(.enabled(if: perBinaryIsBuilt && soffice != nil, "needs the built per and LibreOffice (make deps installs it)"))
    func numbersASpreadsheetSavesReadBack() throws {
        let seed = run([perBinary, "import", "--db", db, "-"], input: #"[{"title": "Saffron", "products": [{"name": "tiny", "price": "0.000000000001", "quantity": "1", "unit": "g"}, {"name": "bulk", "price": "2500", "quantity": "1", "unit": "kg"}]}]"#)
        #expect(seed.status == 0, "\(seed)")
        let export = run([perBinary, "export", "--db", db, "--format", "csv"])
        let saved = try throughLibreOffice(export.stdout, name: "export")
        #expect(saved.contains("1E-12"), "\(saved)")
        let file = folder.file("saved.csv")
        try saved.write(toFile: file, atomically: true, encoding: .utf8)
        let other = folder.file("other.sqlite")
        let imported = run([perBinary, "import", "--db", other, file])
        #expect(imported.status == 0, "\(imported)")
        let again = run([perBinary, "export", "--db", other, "--format", "csv"])
        #expect(again.stdout.contains(",tiny,0.000000000001,1,g,") && again.stdout.contains(",bulk,2500,1,kg,"), "\(again)")
        try saved.replacingOccurrences(of: "1E-12", with: "1E-13").write(toFile: file, atomically: true, encoding: .utf8)
        let refused = run([perBinary, "import", "--db", folder.file("third.sqlite"), file])
        #expect(refused.status == 1 && refused.stderr.contains("price: \"1E-13\" is too small"), "\(refused)")
    }

    /// Shops named like Markdown list items and a task's box, in `per trip --shops` and `per trip --by-shop` as Markdown:
    /// cmark renders one list of one item per shop (no list in a list, no ordered list), each shop's name as typed.
    @Test(.enabled(if: perBinaryIsBuilt && cmark != nil, "needs the built per and cmark (make deps installs it)"))
    func shopsNamedLikeListItemsRenderAsText() throws {
        let shops = ["+ Lidl", "2. Edeka", "- Netto", "- [x] fake", "3) Rewe"]
        let products = shops.enumerated().map { #"{"name": "m\#($0.offset)", "price": "\#($0.offset + 1)", "quantity": "1", "unit": "kg", "shop": "\#($0.element)"}"# }
        let seed = run([perBinary, "import", "--db", db, "-"], input: #"[{"title": "Milk", "products": ["# + products.joined(separator: ", ") + "]}]")
        #expect(seed.status == 0, "\(seed)")
        let cmark = try #require(Self.cmark)
        let shopsList = run([perBinary, "trip", "--shops", "--db", db, "--format", "markdown"])
        #expect(shopsList.status == 0, "\(shopsList)")
        let html = run([cmark], input: shopsList.stdout).stdout
        #expect(html.components(separatedBy: "<ul>").count == 2 && !html.contains("<ol") && !html.contains("<input"), "\(shopsList.stdout)\n\(html)")
        for shop in shops {
            #expect(html.contains("<li>\(shop): "), "\(shop) in \(html)")
        }
        let byShop = run([perBinary, "trip", "--by-shop", "--db", db, "--format", "markdown"])
        let headings = run([cmark], input: byShop.stdout).stdout
        #expect(!headings.contains("<ol") && !headings.contains("<ul>\n<li>\n<ul>"), "\(byShop.stdout)\n\(headings)")
    }
}
