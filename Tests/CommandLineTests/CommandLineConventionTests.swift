import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// The command line as its users expect (issue 22): one exit status (2) for bad input, whoever refuses it; refusals in
/// command-line words; `per import` telling JSON from CSV by content; one check of `--stale-days`; completions that
/// offer the saved titles.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct CommandLineConventionTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    private func seed(_ titles: [String]) {
        let json = "[" + titles.map { #"{"title": "\#($0)", "products": []}"# }.joined(separator: ", ") + "]"
        let result = run([perBinary, "import", "--db", db, "-"], input: json)
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// What swift-argument-parser refuses exits 2 as per's own refusals do (it was 64), with its explanation, starting
    /// `per: ` as every failure does (USAGE, "Exit status"; it was ArgumentParser's `Error: `).
    @Test(arguments: [
        (["frobnicate"], "per: unexpected argument 'frobnicate'"),
        (["compare", "--format", "xml", "1/1kg"], "per: the value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'json' or 'csv'."),
        (["show", "--format", "xml", "Oats"], "per: the value 'xml' is invalid for '--format <format>'. Please provide one of 'table', 'json' or 'csv'."),
        (["export", "--format", "xml"], "per: the value 'xml' is invalid for '--format <format>'. Please provide one of 'json' and 'csv'."),
        (["lists", "--bogus"], "per: unknown option '--bogus'"),
        (["history"], "per: missing expected argument '<name>'"),
        (["import", "--db"], "per: missing value for '--db <db>'"),
        // Issue 41: `per nonsense --help` printed the main help and exited 0.
        (["nonsense", "--help"], "per: unexpected argument 'nonsense'"),
        (["nonsense", "-h"], "per: unexpected argument 'nonsense'"),
        (["--help", "nonsense"], "per: unexpected argument 'nonsense'"),
        (["--db", "x.sqlite", "-h", "nonsense"], "per: unexpected argument 'nonsense'"),
    ])
    func theParsersRefusalsExitTwo(arguments: [String], firstLine: String) {
        let result = run([perBinary] + arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == firstLine, "\(result.stderr)")
    }

    /// Issue 41: help for a subcommand, or for the root, still prints and exits 0 (only an unknown first word is refused).
    @Test(arguments: [["--help"], ["-h"], ["show", "--help"], ["help", "show"], ["trip", "-h"], ["--db", "x.sqlite", "--help"], ["--help", "--db", "x.sqlite"], ["--help", "show"]])
    func helpThatNamesNothingUnknownIsHelp(arguments: [String]) {
        let result = run([perBinary] + arguments)
        #expect(result.status == 0 && result.stdout.contains("USAGE:"), "\(result)")
    }

    /// `--stale-days` is checked the same way wherever it is given, the root's option after a subcommand included.
    @Test(arguments: [
        (["lists", "--stale-days", "0"], "0"), (["lists", "--stale-days", "-1"], "-1"), (["show", "--stale-days", "0", "Oats"], "0"),
        (["trip", "--stale-days", "3651"], "3651"), (["app", "--stale-days", "x"], "x"), (["--stale-days", "0"], "0"),
    ])
    func staleDaysIsCheckedOnce(arguments: [String], value: String) {
        let result = run([perBinary, "--db", db] + arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr == "per: --stale-days: '\(value)' is not a number of days from 1 to 3650\n")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    /// Issue 32: an option the mode given would ignore is refused (status 2), naming both, before the database is
    /// opened: `--delete` and `--clear` print one line whatever `--format` says, `--shops` orders shops, not items.
    @Test(arguments: [
        (["history", "Oats", "--delete", "1", "--format", "json"], "--format does not go with --delete, which deletes and says so in one line; leave --format out"),
        (["history", "--format", "table", "Oats", "--delete", "1"], "--format does not go with --delete, which deletes and says so in one line; leave --format out"),
        (["history", "Oats", "--clear", "--yes", "--format", "csv"], "--format does not go with --clear, which deletes and says so in one line; leave --format out"),
        (["trip", "--shops", "--by-shop"], "--shops lists the shops cheapest first, not the items; leave --by-shop out"),
        (["trip", "--by-recent", "--shops"], "--shops lists the shops cheapest first, not the items; leave --by-recent out"),
    ])
    func anOptionTheModeWouldIgnoreIsRefused(arguments: [String], message: String) {
        let result = run([perBinary] + arguments + ["--db", db])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "per: \(message)\n", "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test(arguments: [
        ("-3.99/500g", "per: invalid item '-3.99/500g': price '-3.99' is negative\n"),
        ("3.99/6x330x2ml", "per: invalid item '3.99/6x330x2ml': quantity '6x330x2': one operation at most\n"),
        (".0000000000001/1kg", "per: invalid item '.0000000000001/1kg': price '.0000000000001' is too small (at least 0.000000000001, or 0)\n"),
    ])
    func compareRefusesInCommandLineWords(item: String, message: String) {
        let result = run([perBinary, "compare", "--", item])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == message)
    }

    /// Issue 40: what import would refuse, the command line refuses first (status 2): a name or shop past 4,096
    /// characters, a bidi control, a control character in a name; a long argument is named by its start.
    @Test func compareRefusesANameOrShopThatImportWouldRefuse() {
        let long = String(repeating: "a", count: 4097)
        for (item, message) in [
            (long + "=1/1kg", "per: invalid item '\(String(repeating: "a", count: 40))…': the name 4097 characters, more than the 4096 per takes in one field\n"),
            ("oats=1/1kg@" + long, "per: invalid item 'oats=1/1kg@\(String(repeating: "a", count: 29))…': the shop 4097 characters, more than the 4096 per takes in one field\n"),
            ("oats=1/1kg@\u{202E}octsoC", "per: invalid item 'oats=1/1kg@\\u{202E}octsoC': the shop holds U+202E, a bidi control (it would show the text in another order)\n"),
            ("big\u{2066}=1/1kg", "per: invalid item 'big\\u{2066}=1/1kg': the name holds U+2066, a bidi control (it would show the text in another order)\n"),
            ("big\u{1B}[2J=1/1kg", "per: invalid item 'big\\u{1B}[2J=1/1kg': the name holds the control character U+001B\n"),
        ] {
            let result = run([perBinary, "compare", "--", item])
            #expect(result.status == 2, "\(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr == message, "\(result.stderr)")
        }
        let shop = run([perBinary, "trip", "--db", db, "--shop", long])
        #expect(shop.status == 2, "\(shop.stderr)")
        #expect(shop.stderr == "per: --shop: a shop's name of 4097 characters, more than the 4096 per takes in one field\n", "\(shop.stderr)")
        // At the limit, taken.
        let fits = run([perBinary, "compare", "--format", "csv", String(repeating: "a", count: 4096) + "=1/1kg"])
        #expect(fits.status == 0, "\(fits.stderr)")
    }

    /// 10⁻¹², the documented lower bound, is a price and a quantity like any other.
    @Test func compareTakesTheWholeDocumentedRange() {
        let result = run([perBinary, "compare", "--format", "csv", ".000000000001/1kg", "999999999999/0.000000000001g"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("0.000000000001,1,kg"), "\(result.stdout)")
        #expect(result.stdout.contains("999999999999,0.000000000001,g"), "\(result.stdout)")
    }

    /// Only a JSON list of comparisons or a CSV with per's columns: anything else is refused, naming what it is, and the
    /// database stays byte for byte as it was.
    @Test(arguments: [
        (#"{"title": "Solo", "products": []}"#,
         #"line 1: a JSON object without "format": not a per export ({"format": "per-export", "version": 2, "comparisons": […]}); nothing was imported"#),
        ("not json\nat all\n",
         "line 1: neither a JSON list of comparisons nor a per CSV (whose first line names its columns: comparison,name,price,quantity,unit…); nothing was imported"),
        ("  \n\t[1, 2]", "line 2: expected a comparison ({\"title\": …, \"products\": […]}); nothing was imported"),
    ])
    func importRefusesWhatIsNotAnExport(content: String, message: String) throws {
        seed(["Oats"])
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let file = folder.file("in.txt")
        try content.write(toFile: file, atomically: true, encoding: .utf8)
        let result = run([perBinary, "import", "--db", db, file])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "per: \(file): \(message)\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
    }

    /// JSON is told by its first character that is not blank space, whatever the file is called.
    @Test func importTellsJSONByContent() throws {
        let file = folder.file("comparisons.csv")
        try "\n  [{\"title\": \"Rice\", \"products\": []}]".write(toFile: file, atomically: true, encoding: .utf8)
        let result = run([perBinary, "import", "--db", db, file])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 1 comparison (0 products).\n")
    }

    /// The scripts swift-argument-parser writes ask per for `show`'s, `history`'s and `export`'s NAMEs, and offer units for `--per`.
    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsAskForSavedTitles(shell: String) {
        let script = run([perBinary, "--generate-completion-script", shell])
        #expect(script.status == 0)
        for command in ["show", "history", "export"] {
            #expect(script.stdout.contains("---completion \(command) -- positional@0"), "\(shell): \(command)")
        }
        #expect(script.stdout.contains("100g"), "\(shell): --per's units")
        #expect(script.stdout.contains("---completion trip -- --shop"), "\(shell): --shop's saved shops")
        #expect(script.stdout.contains("---completion trip -- --member"), "\(shell): --member's saved schemes")
        let decimalMarks = ["bash": #"-W '.'$'\n'','"#, "zsh": "___decimal=('.' ',')", "fish": "-rfka '. ,'"]
        #expect(script.stdout.contains(decimalMarks[shell] ?? "?"), "\(shell): --decimal's marks")
    }

    /// The completion per answers: the saved titles starting with what is typed (any case), newest first, read from the
    /// database `--db` names; nothing, and no error, when there is no database.
    @Test func completionOffersSavedTitles() throws {
        seed(["Oats", "Rice", "rolled oats"])
        let all = run([perBinary, "---completion", "show", "--", "positional@0", "3", "0", "per", "show", "--db", db, ""])
        #expect(all.status == 0)
        #expect(all.stdout == "rolled oats\nRice\nOats\n")
        let some = run([perBinary, "---completion", "export", "--", "positional@0", "2", "1", "per", "export", "--db=\(db)", "r"])
        #expect(some.stdout == "rolled oats\nRice\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        let missing = folder.file("none.sqlite")
        let none = run([perBinary, "---completion", "history", "--", "positional@0", "3", "0", "per", "history", "--db", missing, ""])
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    /// `--shop`'s completion: the shops products were saved at, starting with what is typed (any case), by name.
    @Test func completionOffersSavedShops() throws {
        let json = #"[{"title": "Oats", "products": [{"price": "1", "quantity": "1", "unit": "kg", "store": "Lidl"},"#
            + #" {"price": "2", "quantity": "1", "unit": "kg", "store": "aldi"}, {"price": "3", "quantity": "1", "unit": "kg", "store": "Asda"}]}]"#
        #expect(run([perBinary, "import", "--db", db, "-"], input: json).status == 0)
        let all = run([perBinary, "---completion", "trip", "--", "--shop", "4", "0", "per", "trip", "--db", db, "--shop", ""])
        #expect(all.status == 0 && all.stdout == "aldi\nAsda\nLidl\n", "\(all)")
        let some = run([perBinary, "---completion", "trip", "--", "--shop", "4", "1", "per", "trip", "--db", db, "--shop", "A"])
        #expect(some.stdout == "aldi\nAsda\n", "\(some)")
    }

    /// `--member`'s completion: the schemes of the member prices saved, now or in the history, starting with what is
    /// typed (any case), once each, by name; a multi-buy has no scheme.
    @Test func completionOffersSavedSchemes() throws {
        let json = #"{"format": "per-export", "version": 3, "comparisons": [{"title": "Oats", "products": ["#
            + #"{"price": "2", "quantity": "1", "unit": "kg", "deal": "Clubcard 1.50"}, {"price": "2", "quantity": "1", "unit": "kg", "deal": "nectar 1.80"},"#
            + #" {"price": "3", "quantity": "1", "unit": "kg", "deal": "2 for 5.00"}, {"price": "3", "quantity": "2", "unit": "kg", "deal": "clubcard 2.50"}],"#
            + #" "history": [{"name": "", "shop": null, "seen": null, "price": "3", "quantity": "1", "unit": "kg", "deal": "Lidl Plus 2.00"}]}]}"#
        let imported = run([perBinary, "import", "--db", db, "-"], input: json)
        #expect(imported.status == 0, "\(imported.stderr)")
        let all = run([perBinary, "---completion", "compare", "--", "--member", "2", "0", "per", "--db", db, "--member", ""])
        #expect(all.status == 0 && all.stdout == "Clubcard\nLidl Plus\nnectar\n", "\(all)")
        let some = run([perBinary, "---completion", "trip", "--", "--member", "4", "1", "per", "trip", "--db", db, "--member", "c"])
        #expect(some.stdout == "Clubcard\n", "\(some)")
    }

    /// The function behind it, on a file that is not a database: nothing, quietly.
    @Test func completionTitlesOfAFileThatIsNotADatabase() throws {
        let file = folder.file("notes.txt")
        try "hello".write(toFile: file, atomically: true, encoding: .utf8)
        #expect(ComparisonDatabase.titlesForCompletion(atPath: file) == [])
        seed(["Oats", ""])
        #expect(ComparisonDatabase.titlesForCompletion(atPath: db) == ["Untitled", "Oats"])
    }
}

/// What keeps the build quiet (Docs/DECISIONS.md 139), checked without building: a full release build takes minutes.
@Suite struct QuietBuildTests {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// SwiftPM warns about ncursesw.pc's -D flags at every build of a system library that names it (Debian's has them).
    /// Asked of the manifest as SwiftPM reads it (`swift package dump-package`, in a scratch folder of its own so that
    /// it never waits for the build's lock), which also says the package claims no platform but the one it builds on.
    @Test func ncursesIsNotFoundThroughPkgConfig() throws {
        let scratch = TemporaryFolder()
        let result = run(["swift", "package", "--package-path", root.path, "--scratch-path", scratch.file("build"), "dump-package"])
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let targets = manifest["targets"] as? [[String: Any]] ?? []
        let ncurses = try #require(targets.first { $0["name"] as? String == "CNcurses" })
        #expect(ncurses["pkgConfig"] == nil && ncurses["providers"] == nil, "\(ncurses)")
        #expect((manifest["platforms"] as? [Any] ?? []).isEmpty, "Linux is the platform: \(manifest["platforms"] ?? "")")
    }

    /// The release links with lld (no glibc NSS notes) and finds the static libraries through -L, not a .pc file.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/make"), "needs make"))
    func theReleaseBuildLinksWithLLD() throws {
        let result = run(["make", "-s", "-n", "-C", root.path, "build"])
        #expect(result.status == 0, "\(result.stderr)")
        let command = result.stdout.split(separator: "\n").first { $0.contains("swift build") }.map(String.init) ?? ""
        #expect(command.contains("-Xswiftc -use-ld=lld"), "\(command)")
        #expect(command.contains("-Xswiftc -L\(root.path)/.build/static-link"), "\(command)")
        #expect(!command.contains("PKG_CONFIG_PATH"), "\(command)")
    }
}
