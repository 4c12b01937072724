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
        #expect(!result.out.contains("\r") || command.contains("csv") && command.first == "export", "\(result.out.debugDescription)")
        // Shown, visibly: `\u{1B}` on a terminal and in CSV, a JSON escape in JSON.
        #expect(result.out.contains("\\u{1B}") || result.out.contains(#"\u001b"#), "\(result.out)")
        if command.contains("csv") { #expect(result.out.contains("'=cmd|"), "\(result.out)") }
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

    /// Commands fail by throwing ArgumentParser's ExitCode, so the parser ends the program; an exit()
    /// inside run() skips whatever the caller would do after it (and is invisible to tests of run()).
    @Test func commandsNeverCallExit() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/per")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        #expect(files.contains("Commands/CommandSupport.swift"))
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let calls = text.components(separatedBy: "\n").filter {
                !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") && $0.range(of: #"(^|[^A-Za-z_])_?exit\((?!withError:)"#, options: .regularExpression) != nil
            }
            #expect(calls.isEmpty, "\(file) calls exit(): \(calls)")
        }
    }

    /// One file per command in Sources/per/Commands, each listed in `per`'s subcommands and failing the one way:
    /// its `run()` inside `reportingFailures` (a message on stderr and an exit status).
    @Test func everyCommandHasItsFileAndFailsTheOneWay() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/per")
        let root = try String(contentsOf: sources.appendingPathComponent("PerCommand.swift"), encoding: .utf8)
        let commands = try FileManager.default.contentsOfDirectory(atPath: sources.appendingPathComponent("Commands").path)
            .filter { $0.hasSuffix("Command.swift") }.sorted()
        #expect(commands == ["BackupCommand.swift", "CompareCommand.swift", "ConfigCommand.swift", "ExportCommand.swift", "HistoryCommand.swift", "ImportCommand.swift",
                             "ListsCommand.swift", "ShowCommand.swift", "TripCommand.swift"])
        for file in commands {
            let name = String(file.dropLast(".swift".count))
            let text = try String(contentsOf: sources.appendingPathComponent("Commands/\(file)"), encoding: .utf8)
            #expect(text.contains("struct \(name): ParsableCommand"), "\(file)")
            #expect(root.contains("\(name).self"), "\(name) is not among per's subcommands")
            #expect(text.contains("func run() throws {\n        try reportingFailures"), "\(file): run() does not report through reportingFailures")
        }
    }
}
