import Foundation
import PerCore
import Testing
import TestSupport
@testable import PerDatabase

/// The settings file ($XDG_CONFIG_HOME/per/config): option > environment > file > default, its errors (exit 2,
/// naming the file and line), `per config`, and the decimal comma in tables and checklists (JSON keeps the point).
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct SettingsCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }
    var config: String { folder.file("config/per/config") }

    private func writeConfig(_ text: String) throws {
        try FileManager.default.createDirectory(atPath: folder.file("config/per"), withIntermediateDirectories: true)
        try text.write(toFile: config, atomically: true, encoding: .utf8)
    }

    /// per with the settings file in the temporary folder and none of per's variables but `extra`.
    private func per(_ arguments: [String], _ extra: [String: String] = [:]) throws -> (status: Int32, out: String, err: String) {
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PER_") || $0.key == "PER_BINARY" }
        env["XDG_CONFIG_HOME"] = folder.file("config")
        env.merge(extra) { $1 }
        return try run(perBinary, arguments, environment: env)
    }

    /// `per config > ~/.config/per/config` has the shell empty the file first: per says so on stderr, with the ways that
    /// keep the settings (`per config --write`, or another file moved over); the second keeps every setting (issue 41).
    @Test func perConfigIntoTheSettingsFileItselfIsSaidAndReadmesWayKeepsThem() throws {
        try writeConfig("currency = €\ndb = /srv/per/household.sqlite\n")
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PER_") }
        env["XDG_CONFIG_HOME"] = folder.file("config")
        let over = run(["sh", "-c", "'\(perBinary)' config > '\(config)'"], environment: env)
        #expect(over.stderr.contains("the output is the settings file itself (\(config)): the shell emptied it before per could read it"), "\(over.stderr)")
        #expect(over.stderr.contains("per config > config.new && mv config.new \(config)"), "\(over.stderr)")
        try writeConfig("currency = €\ndb = /srv/per/household.sqlite\n")
        let kept = run(["sh", "-c", "cd '\(folder.file("config/per"))' && '\(perBinary)' config > config.new && mv config.new '\(config)'"], environment: env)
        #expect(kept.status == 0 && kept.stderr.isEmpty, "\(kept)")
        let text = try String(contentsOfFile: config, encoding: .utf8)
        #expect(text.contains("currency = €") && text.contains("db = /srv/per/household.sqlite"), "\(text)")
    }

    /// `per config --write` keeps the file's settings, adds what an option chose, leaves defaults as comments, and
    /// replaces the file whole (0600); a file that does not read is refused and left byte for byte (issue 41).
    @Test func configWriteKeepsTheSettingsAndReplacesTheFileWhole() throws {
        try writeConfig("currency = €\ndb = /srv/per/household.sqlite\n")
        let wrote = try per(["config", "--write", "--uk"])
        #expect(wrote.status == 0 && wrote.out == "Wrote the settings in effect to \(config).\n" && wrote.err.isEmpty, "\(wrote)")
        let text = try String(contentsOfFile: config, encoding: .utf8)
        for line in ["currency = €", "db = /srv/per/household.sqlite", "uk = yes", "# decimal = .", "# stale-days = 90"] {
            #expect(text.split(separator: "\n").contains { $0.hasPrefix(line + " ") }, "\(line) in \(text)")
        }
        var info = stat()
        #expect(stat(config, &info) == 0 && info.st_mode & 0o777 == 0o600)
        // Read back: the same settings, now all from the file.
        let after = try per(["config"])
        #expect(after.out.contains("uk = yes") && after.out.contains("db = /srv/per/household.sqlite"), "\(after.out)")
        // A file that does not read: refused, untouched.
        try writeConfig("currency = €\nnot a setting\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: config))
        let refused = try per(["config", "--write"])
        #expect(refused.status == 2 && refused.err.contains("line 2"), "\(refused)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == before)
    }

    @Test func optionBeatsEnvironmentBeatsFileBeatsDefault() throws {
        try writeConfig("# mine\ncurrency = €\ndecimal = ,\n")
        let file = try per(["compare", "a=3.99/500g"])
        #expect(file.status == 0, "\(file.err)")
        #expect(file.out == """
            #  Name   Price  Quantity  Unit  Per kg
            1  a     3,99 €       500  g     7,98 €  * Best value

            """, "\(file.out)")
        let environment = try per(["compare", "a=3.99/500g"], ["PER_CURRENCY": "$"])
        #expect(environment.out.contains("$3,99") && environment.out.contains("$7,98"), "\(environment.out)")
        let option = try per(["compare", "a=3.99/500g", "--currency", "CHF", "--decimal", "."], ["PER_CURRENCY": "$", "PER_DECIMAL": ","])
        #expect(option.out.contains("CHF 3.99") && option.out.contains("CHF 7.98"), "\(option.out)")
        let none = try per(["compare", "a=3.99/500g"], ["XDG_CONFIG_HOME": folder.file("nowhere")])
        #expect(none.status == 0 && none.out.contains(" 3.99 ") && none.out.contains(" 7.98 "), "\(none.out)")
    }

    /// Issue 39: `accessible` from `ACCESSIBLE` over the file, shown by `per config` with its source.
    @Test func accessibleComesFromTheEnvironmentOrTheFile() throws {
        try writeConfig("accessible = yes\n")
        let file = try per(["config"])
        #expect(file.status == 0, "\(file.err)")
        #expect(file.out.contains("accessible = yes") && file.out.contains("# settings file"), "\(file.out)")
        let environment = try per(["config"], ["ACCESSIBLE": "0"])
        #expect(environment.out.contains("accessible = no") && environment.out.contains("# environment ACCESSIBLE"), "\(environment.out)")
    }

    @Test func jsonAndCSVKeepThePoint() throws {
        try writeConfig("currency = €\ndecimal = ,\n")
        let json = try per(["compare", "a=3.99/500g", "--format", "json"])
        #expect(json.out.contains("\"price\":\"3.99\"") || json.out.contains("\"price\": \"3.99\""), "\(json.out)")
        #expect(!json.out.contains("3,99"), "\(json.out)")
        let csv = try per(["compare", "a=3.99/500g", "--format", "csv"])
        #expect(csv.out.contains(",3.99,") && !csv.out.contains("3,99"), "\(csv.out)")
    }

    /// `per history`'s table (and `--lowest`'s) reads with the decimal comma; its CSV keeps the point.
    @Test func theHistoryTableUsesTheDecimalComma() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "a", title: "Oats", products: [Product.fixture(id: "o1", name: "o1", price: decimal("6.99"), quantity: decimal("1.5"),
                                                                            unit: .kilogram, shop: "Aldi")]))
        try writeConfig("decimal = ,\n")
        let table = try per(["history", "Oats", "--db", db])
        #expect(table.status == 0 && table.out.contains("Aldi  o1     6,99       1,5  kg      4,66  * lowest"), "\(table.out)\(table.err)")
        let lowest = try per(["history", "Oats", "--db", db, "--lowest"])
        #expect(lowest.out.contains("Aldi   6,99       1,5  kg      4,66"), "\(lowest.out)")
        let csv = try per(["history", "Oats", "--db", db, "--format", "csv"])
        #expect(csv.out.contains(",6.99,1.5,") && !csv.out.contains("6,99"), "\(csv.out)")
    }

    @Test func theChecklistAndTheTripTableUseTheDecimalComma() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "a", title: "Oats", products: [Product.fixture(id: "o1", name: "o1", price: decimal("6.99"), quantity: 1, unit: .kilogram)]))
        try store.changeListCount(of: "a", by: 1)
        try writeConfig("currency-format = {amount} €\ndecimal = ,\ndb = \(db)\n")
        let markdown = try per(["trip", "--format", "markdown"])
        #expect(markdown.status == 0, "\(markdown.err)")
        #expect(markdown.out == """
            - [ ] 2× Oats: o1, 2 × 6,99 € = 13,98 €

            Total 13,98 € · in cart 0,00 € · left 13,98 €

            """, "\(markdown.out)")
        let table = try per(["trip"])
        #expect(table.out.contains("6,99 €") && table.out.contains("Total 13,98 €"), "\(table.out)")
        let json = try per(["trip", "--format", "json"])
        #expect(json.out.contains("\"total\": \"13.98\"") && json.out.contains("\"currency\": \"€\""), "\(json.out)")
    }

    @Test func aBadLineIsAnErrorNamingTheFileAndLine() throws {
        try writeConfig("currency = €\n\ncolour = red\n")
        for arguments in [["compare", "3.99/500g"], ["lists", "--db", db], ["config"], ["--db", db]] {
            let result = try per(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.err == "per: \(config): line 3: unknown setting 'colour' (settings: db, currency, currency-format, decimal, shop, stale-days, mouse, uk, accessible, member, ambiguous)\n", "\(result.err)")
        }
        try writeConfig("stale-days 30\n")
        let noEquals = try per(["config"])
        #expect(noEquals.status == 2 && noEquals.err == "per: \(config): line 1: 'stale-days 30' is not 'key = value'\n", "\(noEquals.err)")
        try writeConfig("decimal = ;\n")
        let badValue = try per(["config"])
        #expect(badValue.status == 2 && badValue.err == "per: \(config): line 1: decimal: ';' is not . or ,\n", "\(badValue.err)")
    }

    @Test func aFileThatCannotBeReadIsAnError() throws {
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let folderInstead = try per(["config"])
        #expect(folderInstead.status == 2 && folderInstead.err == "per: \(config): the settings file is a folder, not a regular file\n", "\(folderInstead.err)")
        try FileManager.default.removeItem(atPath: config)
        // A link to itself cannot be opened by anyone, root included (tests may run as root).
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: config)
        let loop = try per(["config"])
        #expect(loop.status == 2 && loop.err == "per: \(config): can't read the settings file: Too many levels of symbolic links\n", "\(loop.err)")
        try FileManager.default.removeItem(atPath: config)
        try writeConfig("currency = €\n")
        // chmod 000 keeps out everyone but root: that case is checked when the tests do not run as root.
        chmod(config, 0)
        defer { chmod(config, 0o600) }
        if getuid() != 0 {
            let unreadable = try per(["config"])
            #expect(unreadable.status == 2 && unreadable.err == "per: \(config): can't read the settings file: Permission denied\n", "\(unreadable.err)")
        }
    }

    /// Issue 32: a file as Windows' editors save it (CRLF, a byte order mark first) reads as written; a lone CR too.
    @Test func aFileWithCRLFAndAByteOrderMarkReads() throws {
        try writeConfig("\u{FEFF}# mine\r\ncurrency = €\r\ndecimal = ,\r\n")
        let result = try per(["config"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("currency = €") && result.out.contains("\(config):2"), "\(result.out)")
        #expect(result.out.contains("decimal = ,") && result.out.contains("\(config):3"), "\(result.out)")
        try writeConfig("stale-days = 30\rmouse = no\r")
        let cr = try per(["config"])
        #expect(cr.status == 0 && cr.out.contains("stale-days = 30") && cr.out.contains("\(config):2"), "\(cr.out)\(cr.err)")
    }

    /// Issue 32: a FIFO at the settings path is refused at once (opening it waited for a writer, before any command's
    /// first output); so are a device and a link that points nowhere, which read as "no file" and ignored its `db`.
    @Test func aFIFOADeviceOrADanglingLinkIsRefusedAtOnce() throws {
        try FileManager.default.createDirectory(atPath: folder.file("config/per"), withIntermediateDirectories: true)
        #expect(mkfifo(config, 0o600) == 0)
        // `timeout`: a per that waits on the FIFO is killed (status 137) instead of hanging the tests.
        let fifo = run(["timeout", "-s", "KILL", "10", perBinary, "config"], environment: ["XDG_CONFIG_HOME": folder.file("config")])
        #expect(fifo.status == 2 && fifo.stderr == "per: \(config): the settings file is a FIFO (named pipe), not a regular file\n", "\(fifo.status) \(fifo.stderr)")
        try FileManager.default.removeItem(atPath: config)
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: "/dev/null")
        let device = try per(["lists", "--db", db])
        #expect(device.status == 2 && device.err == "per: \(config): the settings file is a device, not a regular file\n", "\(device.err)")
        try FileManager.default.removeItem(atPath: config)
        let gone = folder.file("dotfiles/per/config")
        try FileManager.default.createSymbolicLink(atPath: config, withDestinationPath: gone)
        let dangling = try per(["config"])
        #expect(dangling.status == 2, "\(dangling.out)")
        #expect(dangling.err == "per: \(config): the settings file is a link to \(gone), which does not exist\n", "\(dangling.err)")
        // A link to the folder (as GNU Stow makes) that points nowhere: the same.
        try FileManager.default.removeItem(atPath: folder.file("config/per"))
        try FileManager.default.createSymbolicLink(atPath: folder.file("config/per"), withDestinationPath: folder.file("dotfiles/per"))
        let folderLink = try per(["--db", db])
        #expect(folderLink.status == 2)
        #expect(folderLink.err == "per: \(config): \(folder.file("config/per")) is a link to \(folder.file("dotfiles/per")), which does not exist\n", "\(folderLink.err)")
        // Once the link's target is there, a missing file is no settings, as before.
        try FileManager.default.createDirectory(atPath: folder.file("dotfiles/per"), withIntermediateDirectories: true)
        #expect(try per(["config"]).status == 0)
    }

    /// Issue 32: an invisible character in the file's value is refused naming the line, the setting and the code point.
    @Test func anInvisibleCharacterInTheFileIsRefused() throws {
        try writeConfig("currency = €\nshop = Li\u{200B}dl\n")
        let result = try per(["trip", "--db", db])
        #expect(result.status == 2 && result.err == "per: \(config): line 2: shop: U+200B is an invisible character\n", "\(result.err)")
    }

    @Test func configSaysWhereEachSettingCameFrom() throws {
        try writeConfig("currency = €\ndecimal = ,\nstale-days = 30\nmouse = no\ndb = \(db)\n")
        let result = try per(["config", "--shop", "Lidl"], ["PER_STALE_DAYS": "7"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n").map { $0.replacing(try! Regex(" +#"), with: " #") }
        #expect(lines == [
            "# settings file: \(config)",
            "db = \(db) # \(config):5",
            "currency = € # \(config):1",
            "currency-format = {amount} € # the currency's convention",
            "decimal = , # \(config):2",
            "shop = Lidl # option --shop",
            "stale-days = 7 # environment PER_STALE_DAYS",
            "mouse = no # \(config):4",
            "uk = no # default",
            "accessible = no # default",
            "ambiguous = narrow # default",
            "# member: none # default",
        ], "\(result.out)")
        let none = try per(["config"], ["XDG_CONFIG_HOME": folder.file("nowhere"), "HOME": folder.path])
        #expect(none.status == 0)
        #expect(none.out.hasPrefix("# settings file: \(folder.file("nowhere"))/per/config (none)\n"), "\(none.out)")
        #expect(none.out.contains("# currency: none") && none.out.contains("decimal = .") && none.out.contains("stale-days = 90"), "\(none.out)")
    }

    /// Issue 28: what `per config` prints is a settings file per reads back to the same settings, for every key (its
    /// `# source` comments after the values were read as part of them: `invalid currency '€   # option --currency'`),
    /// values that need quotes included.
    @Test func configPrintsAFileThatReadsBackToTheSameSettings() throws {
        let shared = folder.file("per #2/\"shared\".sqlite")
        let given = try per(["config", "--db", shared, "--currency", "€", "--shop", "No #1 \\ \"Deli\"", "--stale-days", "30",
                             "--no-mouse", "--uk", "--member", "Clubcard, Nectar"], ["PER_DECIMAL": ",", "PER_CURRENCY_FORMAT": "€ {amount}"])
        #expect(given.status == 0, "\(given.err)")
        try writeConfig(given.out)
        let read = try per(["config"])
        #expect(read.status == 0, "\(read.err)")
        /// The settings, without the comments that say where each came from.
        func settings(_ out: String) -> [String] {
            out.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { String($0.replacing(try! Regex(" +# [^#]*$"), with: "")) }
        }
        #expect(settings(read.out) == [
            #"db = "\#(shared.replacingOccurrences(of: "\"", with: "\\\""))""#,
            "currency = €",
            "currency-format = € {amount}",
            "decimal = ,",
            #"shop = "No #1 \\ \"Deli\"""#,
            "stale-days = 30",
            "mouse = no",
            "uk = yes",
            "accessible = no",
            "ambiguous = narrow",
            "member = Clubcard, Nectar",
        ], "\(read.out)")
        #expect(settings(read.out) == settings(given.out))
        for (index, line) in read.out.split(separator: "\n").enumerated().dropFirst() {
            #expect(line.hasSuffix("# \(config):\(index + 1)"), "\(line)")
        }
    }

    @Test func ukInTheFileComparesUKPints() throws {
        try writeConfig("uk = yes\n")
        let result = try per(["compare", "1/1pt", "--per", "l"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("1.76"), "\(result.out)")
    }

    /// A yes/no the file sets is beaten by an option either way: `--us` over `uk = yes`, `--mouse` over `mouse = no`;
    /// both options of one setting at once are refused (status 2).
    @Test func anOptionBeatsTheFilesYesOrNo() throws {
        try writeConfig("uk = yes\nmouse = no\n")
        let us = try per(["compare", "1/1pt", "--per", "l", "--us"])
        #expect(us.status == 0 && us.out.contains("2.11") && !us.out.contains("1.76"), "\(us.out)\(us.err)")
        let config = try per(["config", "--db", db, "--mouse", "--us"])
        #expect(config.out.contains("mouse = yes") && config.out.contains("# option --mouse") && config.out.contains("# option --us"), "\(config.out)")
        let both = try per(["compare", "1/1pt", "--uk", "--us"])
        #expect(both.status == 2 && both.err == "per: --uk and --us go one at a time\n", "\(both.err)")
        let mouse = try per(["--mouse", "--no-mouse", "--db", db])
        #expect(mouse.status == 2 && mouse.err == "per: --mouse and --no-mouse go one at a time\n", "\(mouse.err)")
    }

    /// Issue 39: every price per a customary volume (pint, fl oz, cup...) says which, `(US)` or `(UK)`, in `compare`,
    /// `show`, `history` and `trip`; JSON and CSV say `volumeSystem`; a metric comparison says nothing (the same in both).
    @Test func everyPricePerACustomaryVolumeSaysUSOrUK() throws {
        let us = try per(["compare", "1.50/1pt"])
        #expect(us.out.contains("Per fl oz (US)"), "\(us.out)\(us.err)")
        let uk = try per(["compare", "--uk", "1.50/1pt"])
        #expect(uk.out.contains("Per fl oz (UK)"), "\(uk.out)\(uk.err)")
        let metric = try per(["compare", "1.50/1l", "2/500ml"])
        #expect(metric.out.contains("Per L\n") && !metric.out.contains("(US)"), "\(metric.out)")
        let csv = try per(["compare", "--format", "csv", "1.50/1pt"])
        #expect(csvHeader(csv.out) == ComparisonReport.csvHeader(with: ["volumeSystem"]) && csvRows(csv.out).first?["volumeSystem"] == "us"
                && csvRows(csv.out).first?["per"] == "fl oz", "\(csv.out)")
        let json = try per(["compare", "--format", "json", "--uk", "1.50/1pt"])
        #expect(json.out.contains("\"volumeSystem\": \"imperial\""), "\(json.out)")
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "m", title: "Milk", products: [Product.fixture(id: "m1", price: decimal("1.50"), quantity: 1, unit: .pint)],
                                  volumeSystem: .imperial))
        let show = try per(["show", "Milk", "--db", db])
        #expect(show.out.contains("Per fl oz (UK)"), "\(show.out)\(show.err)")
        let history = try per(["history", "Milk", "--db", db])
        #expect(history.out.contains("Per fl oz (UK)"), "\(history.out)\(history.err)")
        let trip = try per(["trip", "--db", db, "--format", "json"])
        #expect(trip.out.contains("\"per\": \"fl oz (UK)\""), "\(trip.out)\(trip.err)")
    }

    /// Issue 39: the app takes `--uk` and `--us` (`per --uk` was `Unknown option '--uk'`), one at a time, as compare does.
    @Test func theAppTakesUKAndUS() throws {
        let both = try per(["--uk", "--us", "--db", db])
        #expect(both.status == 2 && both.err == "per: --uk and --us go one at a time\n", "\(both.err)")
        let app = try per(["app", "--us", "--uk", "--db", db])
        #expect(app.status == 2 && app.err == "per: --uk and --us go one at a time\n", "\(app.err)")
    }
}
