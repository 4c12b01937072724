import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// The commands' output and failures, run as a user would: hostile text, full disks, closed pipes,
/// endless input.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct CommandOutputTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    /// Runs per with stdin and stdout as given (a file handle, or a pipe whose reading end is already closed).
    private func per(_ arguments: [String], stdin: FileHandle? = nil, stdout: Any? = nil) throws -> (status: Int32, out: String, err: String, killed: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: perBinary)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardInput = stdin ?? FileHandle.nullDevice
        process.standardOutput = stdout ?? out
        process.standardError = err
        try process.run()
        if stdout != nil { try out.fileHandleForWriting.close() }
        let outData = stdout == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // A death by signal (a crash) is reported as 128 + signal, as a shell would.
        let status = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
        return (status, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self), process.terminationReason == .uncaughtSignal)
    }

    /// A comparison whose title and names hold terminal commands, saved directly (import refuses them),
    /// as an older per or another program could have.
    private func saveHostile() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(
            title: "Oats\(osc52)",
            products: [product("big\(clearScreen)", "6.99", "1", .kilogram), product("=cmd|' /C calc'!A0", "3.99", "500", .gram)]))
    }

    // MARK: Escape injection

    @Test(arguments: [["lists"], ["show", "oats\(osc52)"], ["show", "--format", "csv", "oats\(osc52)"], ["show", "--format", "json", "oats\(osc52)"],
                      ["export"], ["export", "--format", "csv"]])
    func outputNeverCarriesControlCharactersFromTheDatabase(command: [String]) throws {
        try saveHostile()
        let result = try per(command + ["--db", db])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.out.isEmpty)
        #expect(controlCharacters(in: result.out, allowing: ["\n", "\r"]).isEmpty, "\(result.out.debugDescription)")
        // CR only in CSV, whose rows end in CR LF (RFC 4180).
        #expect(!result.out.contains("\r") || command.contains("csv"), "\(result.out.debugDescription)")
        // Shown, visibly: `\u{1B}` on a terminal and in CSV, a JSON escape in JSON.
        #expect(result.out.contains("\\u{1B}") || result.out.contains(#"\u001b"#), "\(result.out)")
        if command.contains("csv") { #expect(result.out.contains("'=cmd|"), "\(result.out)") }
    }

    /// Issue 40: a bidi control saved by an older per (import and the app refuse them now) is shown as `\u{202E}` by
    /// every output, never sent raw (`2× Oats 89.31 = 99.6 ,octsoC`).
    @Test(arguments: [["lists"], ["show", "oats"], ["show", "--format", "csv", "oats"], ["show", "--format", "json", "oats"],
                      ["trip"], ["trip", "--format", "markdown"], ["trip", "--format", "json"],
                      ["history", "oats"], ["export"], ["export", "--format", "csv"]])
    func outputNeverCarriesBidiControlsFromTheDatabase(command: [String]) throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "oats", title: "Oats\u{2067}", products: [
            Product.fixture(id: "o1", name: "big\u{202E}gib", price: decimal("6.99"), quantity: 1, unit: .kilogram, shop: "\u{202E}Costco"),
        ]))
        try store.changeListCount(of: "oats", by: 2)
        let result = try per(command + ["--db", db])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.out.unicodeScalars.contains(where: TerminalText.isBidiControl), "\(result.out.debugDescription)")
        #expect(["\\u{202E}", "\\u{2067}", #"\u202e"#, #"\u2067"#].contains(where: result.out.contains), "\(result.out)")
    }

    @Test func importRefusesControlCharactersAndWritesNothing() throws {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(title: "before"))
        let before = FileSnapshot(db)
        for (name, text) in [
            ("osc.json", #"[{"title": "ok", "products": [{"name": "\u001b]52;c;cm0=\u0007"}]}]"#),
            ("nul.json", #"[{"title": "a\u0000b"}]"#),
            ("clear.csv", "comparison,name\r\nok,fine\r\nok,\(clearScreen)\r\n"),
        ] {
            let file = folder.file(name)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let result = try per(["import", "--db", db, file])
            #expect(result.status == 1, "\(name): \(result.err)")
            #expect(result.err.contains("control character U+00"), "\(name): \(result.err)")
            #expect(result.err.contains("nothing was imported"), "\(name): \(result.err)")
            #expect(controlCharacters(in: result.err).isEmpty, "\(name): \(result.err.debugDescription)")
            #expect(result.out.isEmpty)
        }
        #expect(try store.summaries().map(\.title) == ["before"])
        #expect(FileSnapshot(db).bytes == before.bytes)
    }

    @Test func argumentsEchoedInMessagesAreShownVisibly() throws {
        _ = try ComparisonDatabase(path: db)   // read commands never create the database
        let result = try per(["show", "--db", db, "x\(clearScreen)"])
        #expect(result.status == 1)
        #expect(result.err.contains("x\\u{1B}[2J"), "\(result.err)")
        #expect(controlCharacters(in: result.err).isEmpty, "\(result.err.debugDescription)")
    }

    // MARK: Output failures

    static let writingCommands: [[String]] = [["lists"], ["show", "Oats"], ["export"], ["export", "--format", "csv"], ["compare", "1/2kg"]]

    @Test(arguments: writingCommands)
    func aFullDiskIsAnErrorOnStderr(command: [String]) throws {
        try ComparisonDatabase(path: db).save(Comparison(title: "Oats", products: [product("a", "1", "1", .kilogram)]))
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let result = try per(command + (command[0] == "compare" ? [] : ["--db", db]), stdout: full)
        #expect(result.status == 1, "\(result.err)")
        #expect(result.err == "per: cannot write the output: No space left on device\n", "\(result.err)")
    }

    @Test(arguments: writingCommands)
    func aClosedPipeEndsQuietly(command: [String]) throws {
        try ComparisonDatabase(path: db).save(Comparison(title: "Oats", products: [product("a", "1", "1", .kilogram)]))
        let pipe = Pipe()
        try pipe.fileHandleForReading.close() // the reader has gone, as after `| head`
        let result = try per(command + (command[0] == "compare" ? [] : ["--db", db]), stdout: pipe.fileHandleForWriting)
        // SIGPIPE is ignored: per sees EPIPE and exits by itself, with the status a shell shows for SIGPIPE.
        #expect(!result.killed, "killed by a signal")
        #expect(result.status == 141, "\(result.err)")
        #expect(result.err.isEmpty, "\(result.err)")
    }

    @Test func aClosedStdoutIsAnErrorAndTheDatabaseIsNotWrittenAsOutput() throws {
        try ComparisonDatabase(path: db).save(Comparison(title: "Oats", products: [product("a", "1", "1", .kilogram)]))
        for command in ["export", "lists"] {
            let result = try run("/bin/sh", ["-c", "'\(perBinary)' \(command) --db '\(db)' >&-"])
            #expect(result.status == 1, "\(command): \(result.err)")
            #expect(result.err == "per: cannot write the output: Bad file descriptor\n", "\(command): \(result.err)")
        }
        // The output went nowhere: not into the database, which opened on descriptor 3 or above.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: db))
        #expect(bytes.range(of: Data(#""title": "Oats""#.utf8)) == nil && bytes.range(of: Data("Last edited".utf8)) == nil)
        #expect(try ComparisonDatabase(path: db).summaries().map(\.title) == ["Oats"])
    }

    // MARK: Bounded input

    @Test func anEndlessStdinIsRefused() throws {
        let zero = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
        let result = try per(["import", "--db", db, "-"], stdin: zero)
        #expect(result.status == 1, "\(result.err)")
        // Import streams: the endless first field is refused once it is longer than any field per takes.
        #expect(result.err == "per: stdin: line 1, field 1: more than 4096 characters, the most per takes in one field; nothing was imported\n", "\(result.err)")
        #expect(try ComparisonDatabase(path: db).summaries().isEmpty)
    }

    // MARK: Failing without exit()

    @Test func failuresKeepTheirStatusAndOneMessage() throws {
        let usage = try per(["compare", "nonsense"])
        #expect(usage.status == 2)
        #expect(usage.err.hasPrefix("per: ") && usage.err.filter { $0 == "\n" }.count == 1, "\(usage.err)")
        _ = try ComparisonDatabase(path: db)
        let store = try per(["show", "--db", db, "nothing"])
        #expect(store.status == 1)
        #expect(store.err == "per: no saved comparison is called \"nothing\" (see per lists)\n")
    }

    /// Every subcommand fails the one way, its `validate()` and `run()` inside `reportingFailures`: a bad value is one
    /// `per: ` line on stderr and status 2, a failure of the work one `per: ` line and status 1, with nothing on stdout
    /// (not ArgumentParser's `Error:` and usage, not an `exit()` that skips the caller). The subcommands are the
    /// binary's own (`--experimental-dump-help`), so a new command fails here until it has its two cases.
    @Test func everyCommandFailsTheOneWay() throws {
        let notADatabase = folder.file("notes.txt"), input = folder.file("in.json"), target = folder.file("backup.sqlite")
        try "hello\n".write(toFile: notADatabase, atomically: true, encoding: .utf8)
        try "[]".write(toFile: input, atomically: true, encoding: .utf8)
        // A value refused before any work: status 2 (`per licenses` takes none).
        let takesNoValue: Set = ["licenses"]
        let refused: [String: [String]] = [
            "app": ["--db", ""], "compare": ["nonsense"], "lists": ["--db", ""], "show": ["--db", "", "Oats"],
            "history": ["--db", "", "Oats"], "export": ["--db", ""], "import": ["--db", "", input], "backup": ["--db", "", target],
            "copy": ["--db", "", target], "trip": ["--db", ""], "config": ["--stale-days", "-5"],
        ]
        // Work that fails: a file that is not a database, no terminal, a closed stdout (`>&-`). Status 1.
        let failing: [String: (arguments: [String], closedStdout: Bool)] = [
            "app": (["--db", notADatabase], false), "compare": (["1/1kg"], true), "lists": (["--db", notADatabase], false),
            "show": (["--db", notADatabase, "Oats"], false), "history": (["--db", notADatabase, "Oats"], false),
            "export": (["--db", notADatabase], false), "import": (["--db", notADatabase, input], false),
            "backup": (["--db", notADatabase, target], false), "copy": (["--db", notADatabase, target], false), "trip": (["--db", notADatabase], false), "config": ([], true),
            "licenses": ([], true),
        ]
        let help = try per(["--experimental-dump-help"])
        let dump = try #require(try JSONSerialization.jsonObject(with: Data(help.out.utf8)) as? [String: Any])
        let subcommands = ((dump["command"] as? [String: Any])?["subcommands"] as? [[String: Any]] ?? [])
            .compactMap { $0["commandName"] as? String }.filter { $0 != "help" }
        #expect(subcommands.count >= 10, "\(subcommands)")
        #expect(Set(subcommands) == Set(refused.keys).union(takesNoValue) && Set(subcommands) == Set(failing.keys), "per's subcommands: \(subcommands)")
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        for command in subcommands {
            if let values = refused[command] {
                let usage = try per([command] + values)
                #expect(usage.status == 2, "per \(command): \(usage.err)")
                #expect(usage.out.isEmpty, "per \(command): \(usage.out)")
                #expect(usage.err.hasPrefix("per: ") && usage.err.filter { $0 == "\n" }.count == 1, "per \(command): \(usage.err)")
            }
            guard let (arguments, closedStdout) = failing[command] else { continue }
            let work: (status: Int32, out: String, err: String)
            if closedStdout {
                work = try run("/bin/sh", ["-c", ([perBinary, command] + arguments).map(quoted).joined(separator: " ") + " >&-"])
            } else {
                let result = try per([command] + arguments)
                work = (result.status, result.out, result.err)
            }
            #expect(work.status == 1, "per \(command): \(work.err)")
            #expect(work.out.isEmpty, "per \(command): \(work.out)")
            #expect(work.err.hasPrefix("per: ") && work.err.filter { $0 == "\n" }.count == 1, "per \(command): \(work.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(try String(contentsOfFile: notADatabase, encoding: .utf8) == "hello\n")
    }
}
