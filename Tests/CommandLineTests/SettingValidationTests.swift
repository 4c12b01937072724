import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// One rule for shop names and currencies wherever they are given (no control characters, no lone combining
/// marks), and one exit status (2) for a bad option value.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct SettingValidationTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    private func refused(_ arguments: [String], environment: [String: String] = [:], _ message: String,
                         sourceLocation: SourceLocation = #_sourceLocation) {
        let result = run([perBinary] + arguments, environment: environment)
        #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(result.stderr == message, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(!result.stderr.contains("\u{1B}"), sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: db), sourceLocation: sourceLocation)
    }

    @Test func aLoneCombiningMarkIsNotACurrency() {
        let message = "per: invalid currency '\u{301}': U+0301 is a combining mark with no character before it to sit on\n"
        refused(["--db", db, "--currency", "\u{301}"], message)
        refused(["trip", "--db", db, "--currency", "\u{301}"], message)
        refused(["show", "--db", db, "--currency", "\u{301}", "Oats"], message)
        refused(["trip", "--db", db], environment: ["PER_CURRENCY": "\u{301}"], "per: PER_CURRENCY: invalid currency '\u{301}': U+0301 is a combining mark with no character before it to sit on\n")
        refused(["trip", "--db", db, "--currency", "\u{1B}"], "per: invalid currency '\\u{1B}': U+001B is a control character\n")
        // A mark on a letter is a character like any other.
        _ = try? ComparisonDatabase(path: db)
        #expect(run([perBinary, "trip", "--db", db, "--currency", "Kc\u{30C}"]).status == 0)
    }

    @Test func anExportFileCannotBringOneIn() throws {
        let file = folder.file("in.json")
        try #"[{"title": "Oats", "currency": "\u0301", "products": []}]"#.write(toFile: file, atomically: true, encoding: .utf8)
        let result = run([perBinary, "import", "--db", db, file])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is not a currency: U+0301 is a combining mark"), "\(result.stderr)")
    }

    @Test func shopNamesTheSameEverywhere() {
        let control = "per: --shop: a shop's name can't hold control characters (tabs, newlines, escapes)\n"
        for option in ["--shop", "--store"] {
            for name in ["Cost\u{1B}co", "Cost\nco", "Cost\tco", "Cost\u{9B}co"] {
                refused(["trip", "--db", db, option, name], control)
                refused(["--db", db, option, name], control)
            }
            let mark = "per: --shop: a shop's name can't start with a combining mark (U+0301) with no character to sit on\n"
            refused(["trip", "--db", db, option, "\u{301}Lidl"], mark)
            refused(["--db", db, option, "\u{301}"], mark)
        }
    }

    /// Issue 32: an invisible character (zero-width, a joiner, a bidi control) is refused wherever a shop or a
    /// currency is given, naming its code point; it could never match the shop's products as typed.
    @Test func invisibleCharactersAreRefusedByCodePoint() {
        for (name, scalar) in [("Li\u{200B}dl", "U+200B"), ("Lidl\u{200B}", "U+200B"), ("\u{202E}ldiA", "U+202E"), ("Al\u{200D}di", "U+200D"), ("Al\u{2069}di", "U+2069")] {
            refused(["trip", "--db", db, "--shop", name], "per: --shop: a shop's name can't hold invisible characters (\(scalar))\n")
            refused(["--db", db, "--store", name], "per: --shop: a shop's name can't hold invisible characters (\(scalar))\n")
        }
        refused(["trip", "--db", db, "--currency", "€\u{200E}"], "per: invalid currency '€\\u{200E}': U+200E is an invisible character\n")
        refused(["trip", "--db", db], environment: ["PER_CURRENCY": "\u{2066}€"], "per: PER_CURRENCY: invalid currency '\\u{2066}€': U+2066 is an invisible character\n")
        refused(["trip", "--db", db, "--currency-format", "{amount} \u{FEFF}€"],
                "per: --currency-format: invalid currency format '{amount} \u{FEFF}€': invalid currency '\u{FEFF}€': U+FEFF is an invisible character\n")
    }

    @Test func aNegativeStaleDaysIsAUsageError() {
        for (arguments, value) in [(["--stale-days", "-1"], "-1"), (["--stale-days=-1"], "-1"), (["--stale-days", "-5", "--no-mouse"], "-5")] {
            refused(["--db", db] + arguments, "per: --stale-days: '\(value)' is not a number of days from 1 to 3650\n")
        }
        refused(["--db", db, "--stale-days", "0"], "per: --stale-days: '0' is not a number of days from 1 to 3650\n")
    }
}
