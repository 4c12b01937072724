import Foundation
import PerCore
import Testing
@testable import PerDatabase
@testable import per
import TestSupport

/// Issue 29: one vocabulary in every JSON and CSV output (Docs/VOCABULARY.md), a reader as strict as JSON, Markdown that
/// escapes what the user typed, and every option used or refused.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct VocabularyTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    private func seed(title: String = "Oats") throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "o", title: title, products: [
            Product.fixture(id: "o1", name: "o1", price: decimal("3.99"), quantity: 500, unit: .gram, shop: "Aldi"),
            Product.fixture(id: "o2", name: "o2", price: decimal("6.99"), quantity: 1, unit: .kilogram, shop: "Lidl"),
        ]))
        try store.setTicked("o", true)
    }

    /// Every CSV per writes: RFC 4180 line ends (CR LF), camelCase headers, `shop` for the shop, true/false.
    @Test func everyCSVIsWrittenOneWay() throws {
        try seed()
        for arguments in [["show", "Oats"], ["history", "Oats"], ["history", "--lowest", "Oats"], ["export"], ["lists"]] {
            let result = run([perBinary] + arguments + ["--db", db, "--format", "csv"])
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            let lines = result.stdout.components(separatedBy: "\r\n")
            #expect(lines.last == "" && lines.dropLast().allSatisfy { !$0.contains("\n") }, "\(arguments): \(result.stdout)")
            let header = lines[0].split(separator: ",").map(String.init)
            #expect(header.allSatisfy { !$0.contains("_") && $0.first?.isLowercase == true }, "\(arguments): \(header)")
            #expect(!header.contains("store"), "\(arguments): \(header)")
            #expect(!result.stdout.contains(",yes,") && !result.stdout.contains(",no,"), "\(arguments)")
        }
        let export = run([perBinary, "export", "--db", db, "--format", "csv"]).stdout
        #expect(csvHeader(export) == ComparisonExchange.csvColumns.dropLast(), "\(export)")  // no currency: no last column
        #expect(export.contains(",1,true,0,,,\r\n"))
    }

    /// One name for one thing in JSON: the shop is `shop`, a tick `inCart`, the list count `listCount`, percentages text.
    @Test func everyJSONUsesOneName() throws {
        try seed()
        let show = run([perBinary, "show", "--db", db, "--format", "json", "Oats"]).stdout
        #expect(show.contains(#""percentMore": "14", "shop": "Aldi""#), "\(show)")
        let trip = run([perBinary, "trip", "--db", db, "--format", "json"]).stdout
        #expect(trip.contains(#"{"title": "Oats", "listCount": 1, "inCart": true, "product": {"name": "o2", "shop": "Lidl""#), "\(trip)")
        #expect(trip.contains(#""inCartTotal": "6.99""#), "\(trip)")
        for output in [show, trip, run([perBinary, "export", "--db", db]).stdout, run([perBinary, "history", "--db", db, "--format", "json", "Oats"]).stdout] {
            #expect(!output.contains("\"store\"") && !output.contains("\"bought\"") && !output.contains("\"count\""), "\(output)")
            #expect(output.hasPrefix("{\n  \"format\": \"per-") && output.contains("\n  \"version\": 3,\n"), "\(output)")
        }
    }

    /// Import still reads every earlier file: version 1's bare JSON list with `store`, and the CSV with snake_case
    /// columns and yes/no ticks.
    @Test func importReadsTheEarlierVocabulary() throws {
        let json = folder.file("v1.json"), csv = folder.file("v1.csv")
        try #"[{"title": "Oats", "listCount": 2, "inCart": true, "products": [{"name": "o1", "price": "3.99", "quantity": "500", "unit": "g", "store": "Aldi"}]}]"#
            .write(toFile: json, atomically: true, encoding: .utf8)
        try "number,comparison,per,volume_system,name,price,quantity,unit,store,seen,quantity_pack,kind,list_count,in_cart,aisle,pinned_product\r\n1,Cola,,us,c1,4.49,1980,ml,Lidl,,6*330,product,1,yes,0,1\r\n"
            .write(toFile: csv, atomically: true, encoding: .utf8)
        for file in [json, csv] {
            let result = run([perBinary, "import", "--db", db, file])
            #expect(result.status == 0, "\(result.stderr)")
        }
        let store = try ComparisonDatabase(path: db)
        let all = try store.loadAll()
        #expect(all.map(\.title).sorted() == ["Cola", "Oats"])
        #expect(all.flatMap(\.products).map(\.shop).sorted() == ["Aldi", "Lidl"])
        #expect(all.flatMap(\.products).compactMap(\.pack).map(\.text) == ["6*330"])
        #expect(try store.shoppingList().filter(\.item.ticked).map(\.title).sorted() == ["Cola", "Oats"])
    }

    /// Issue 40: a key or column import does not read refuses the file, naming each and its line, the database byte
    /// for byte as it was; `--ignore-unknown` takes the rest and names what it ignored on stderr (exit 0). Version 1's
    /// names are still read (`importReadsTheEarlierVocabulary`).
    @Test func unknownKeysAndColumnsRefuseTheFileNamingEach() throws {
        try seed()
        let json = folder.file("unknown.json"), csv = folder.file("unknown.csv")
        try """
            {"format": "per-export", "version": 2, "bogus": 5, "comparisons": [
              {"title": "Rice", "count": 2,
               "products": [{"name": "r1", "price": "2", "quantity": "1", "unit": "kg", "brand": "X"}],
               "history": [{"name": "r1", "price": "3", "quantity": "1", "unit": "kg", "note": "old"}]}
            ]}
            """.write(toFile: json, atomically: true, encoding: .utf8)
        try "comparison,name,price,quantity,unit,brand,store,colour\r\nRice,r1,2,1,kg,X,Lidl,red\r\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let before = FileSnapshot(db)
        let refusedJSON = run([perBinary, "import", "--db", db, json])
        #expect(refusedJSON.status == 1)
        #expect(refusedJSON.stderr == "per: \(json): 4 keys per import does not read (line 1: \"bogus\"; line 2, comparison \"Rice\": \"count\"; "
            + "line 3, comparison \"Rice\", product 1: \"brand\"; line 4, comparison \"Rice\", history 1: \"note\"); "
            + "per import --ignore-unknown takes the rest without them; nothing was imported\n", "\(refusedJSON.stderr)")
        let refusedCSV = run([perBinary, "import", "--db", db, csv])
        #expect(refusedCSV.status == 1)
        #expect(refusedCSV.stderr.hasPrefix("per: \(csv): 2 columns per import does not read (line 1: \"brand\"; line 1: \"colour\"); "
            + "per import --ignore-unknown takes the rest without them (per's columns are number,comparison,"), "\(refusedCSV.stderr)")
        #expect(FileSnapshot(db).bytes == before.bytes)

        for (file, ignored) in [(json, #"line 1: "bogus"; line 2, comparison "Rice": "count"; line 3, comparison "Rice", product 1: "brand"; line 4, comparison "Rice", history 1: "note""#),
                                (csv, #"line 1: "brand"; line 1: "colour""#)] {
            let taken = run([perBinary, "import", "--db", db, "--ignore-unknown", file])
            #expect(taken.status == 0, "\(taken.stderr)")
            #expect(taken.stdout == "Imported 1 comparison (1 product).\n")
            #expect(taken.stderr == "per: \(file): imported without what per import does not read (--ignore-unknown): \(ignored)\n", "\(taken.stderr)")
        }
        let store = try ComparisonDatabase(path: db)
        let rice = try store.loadAll().filter { $0.title == "Rice" }
        #expect(rice.map { $0.products.map(\.shop) } == [[""], ["Lidl"]])
    }

    /// What JSON refuses is refused: a raw control character in text, a leading zero, a repeated key; exit 1 naming the
    /// line and column, and the database byte for byte as it was.
    @Test(arguments: [
        ("{\"format\": \"per-export\", \"version\": 2, \"comparisons\": [{\"title\": \"Oa\u{01}ts\", \"products\": []}]}",
         "line 1, column 69: JSON: the control character U+0001 inside quoted text (JSON writes it as \\u0001)"),
        ("{\"format\": \"per-export\", \"version\": 2,\n \"comparisons\": [{\"title\": \"Oats\", \"products\": [{\"price\": 01}]}]}",
         "line 2, column 59: JSON: 01 is not a JSON number (no leading zeros, + or lone point: write 1, 0.5, 1.99)"),
        ("{\"format\": \"per-export\", \"version\": 2, \"comparisons\": [{\"title\": \"Oats\", \"title\": \"Rice\", \"products\": []}]}",
         "line 1, column 74: JSON: the key \"title\" is repeated in one object (JSON's readers disagree on which counts)"),
        ("{\"format\": \"per-comparison\", \"version\": 2, \"comparisons\": []}",
         "line 1, format: \"per-comparison\" is not a per export (\"per-export\"); per import reads what per export writes"),
        ("{\"format\": \"per-export\", \"version\": 4, \"comparisons\": []}",
         "line 1, version: \"4\" is not a version this per reads (1 to 3); a newer per wrote it"),
    ])
    func importRefusesWhatJSONRefuses(content: String, message: String) throws {
        try seed()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let file = folder.file("in.json")
        try content.write(toFile: file, atomically: true, encoding: .utf8)
        let result = run([perBinary, "import", "--db", db, file])
        #expect(result.status == 1)
        #expect(result.stderr == "per: \(file): \(message); nothing was imported\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    /// A title that reads as Markdown is escaped in the checklist: `- [x] fake` stays text, not a second tick.
    @Test func theChecklistEscapesWhatMarkdownWouldRead() throws {
        try seed(title: "- [x] fake *bold* <b>")
        let result = run([perBinary, "trip", "--db", db, "--format", "markdown", "--shop", "Al_di"])
        #expect(result.status == 0)
        // A list marker at the text's start is escaped too (decision 365): harmless after `1× `, needed after `- `.
        #expect(result.stdout.hasPrefix(#"- [x] 1× \- \[x\] fake \*bold\* \<b\>: not at Al\_di"#), "\(result.stdout)")
    }

    /// `--decimal` and `--currency` apply to every command that prints money; an app option a command does not use is
    /// refused (exit 2, naming it), not silently ignored.
    @Test func everyOptionIsUsedOrRefused() throws {
        try seed()
        let history = run([perBinary, "history", "--db", db, "Oats", "--decimal", ",", "--currency", "€"])
        #expect(history.status == 0 && history.stdout.contains("3,99 €"), "\(history.stdout)\(history.stderr)")
        for (arguments, option) in [(["lists", "--decimal", ","], "--decimal"), (["backup", "--currency", "€", folder.file("x.sqlite")], "--currency"),
                                    (["show", "Oats", "--stale-days=3"], "--stale-days"), (["trip", "--no-mouse"], "--no-mouse"),
                                    (["compare", "--db", db, "1/1kg"], "--db"), (["import", "--shop", "Aldi", "-"], "--shop")] {
            let result = run([perBinary] + arguments + (arguments[0] == "compare" ? [] : ["--db", db]))
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.hasPrefix("per: \(option) is not an option of per \(arguments[0])"), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("x.sqlite")))
    }

    /// The hand-kept lists of the app's options (`PerCommand.appOptions`, and `appOptionsWithValues`, those that take
    /// the next argument as their value) are the options swift-argument-parser knows for the app, as it dumps them.
    @Test func theAppOptionListsAreTheAppsOptions() throws {
        let dump = run([perBinary, "--experimental-dump-help"])
        let tool = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        let arguments = try #require((tool["command"] as? [String: Any])?["arguments"] as? [[String: Any]])
        var options = Set<String>(), withValues = Set<String>()
        for argument in arguments {
            let names = ((argument["names"] as? [[String: Any]]) ?? []).compactMap { $0["kind"] as? String == "long" ? "--" + ($0["name"] as? String ?? "") : nil }
            guard !names.contains("--help"), !names.contains("--version") else { continue }
            options.formUnion(names)
            if argument["kind"] as? String == "option" { withValues.formUnion(names) }
        }
        #expect(options.count > 10, "\(dump.stdout.prefix(300))")
        #expect(PerCommand.appOptions == options)
        #expect(PerCommand.appOptionsWithValues == withValues)
    }

    /// The table of the app options each subcommand uses (`PerCommand.appOptionsUsed`) agrees with the subcommands:
    /// each app option is in a subcommand's help exactly when it is not refused there.
    @Test func theRefusalsAgreeWithEachCommandsOptions() {
        let options = ["--mouse", "--no-mouse", "--db", "--currency", "--decimal", "--currency-format", "--shop", "--store", "--stale-days", "--member"]
        // app and config take them all (and app would start the full-screen app).
        for command in ["compare", "lists", "show", "history", "export", "import", "backup", "trip", "licenses"] {
            let help = run([perBinary, command, "--help"]).stdout
            for option in options {
                let refused = run([perBinary, command, option + "=x"]).stderr.contains("is not an option of per \(command)")
                let listed = help.range(of: option + "[ =,)]", options: .regularExpression) != nil || help.contains(option + "\n")
                #expect(listed != refused, "per \(command) \(option): in its help \(listed), refused \(refused)")
            }
        }
    }
}
