import Foundation
import Testing
import TestSupport

/// A program on the PATH, as `command -v` finds it; nil when it is not installed.
func programOnPath(_ name: String) -> String? {
    (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        .map { ($0 as NSString).appendingPathComponent(name) }
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// What the full keypad (80×24) shows on its keys, row by row, box drawing and spaces left out: a disabled key is
/// blank, so `123456789.0` is the keypad of an empty field (no operator, no ⌫). Read from the plain screen, which
/// carries no attribute at all: a key that differed only by dim would look the same here.
func keypadFaces(_ screen: String) -> String {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    guard let top = lines.firstIndex(where: { String($0).contains("┌───┬") }),
          let left = lines[top].firstIndex(of: "┌") else { return "" }
    var faces = ""
    for line in lines[top...] {
        guard line.count > left else { break }
        faces += line[left...].filter { !" │┌┐└┘├┤┬┴┼─".contains($0) }
        if line[left] == "└" { break }
    }
    return faces
}

/// The 0-based column and line of a keypad label on the line that holds `row` (`│ 4 │ 5 │ 6 │`).
func keypadKey(_ label: Character, inRow row: String, _ screen: String) -> (x: Int, y: Int)? {
    for (y, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        guard let range = line.range(of: row), let offset = row.firstIndex(of: label) else { continue }
        return (line.distance(from: line.startIndex, to: range.lowerBound) + row.distance(from: row.startIndex, to: offset), y)
    }
    return nil
}

extension EndToEnd {
    /// Issue 22: per over mosh, as a phone in a shop with bad reception runs it. mosh-server starts per on this
    /// machine and mosh-client talks to it over UDP on the loopback (no ssh: the test reads the key mosh-server
    /// prints and hands it to the client, as `mosh` does after its ssh login).
    @Suite struct MoshEndToEndTests {
        @Test func aProductTypedAndTappedThroughMoshIsSavedAndPerExitsCleanly() throws {
            let server = try #require(programOnPath("mosh-server"), "mosh is not installed: make deps installs it (apt-get install mosh)")
            let client = try #require(programOnPath("mosh-client"), "mosh is not installed: make deps installs it (apt-get install mosh)")
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite"), status = folder.file("status")
            // per's own exit status, which mosh does not pass on, goes to a file.
            let start = run([server, "new", "-i", "127.0.0.1", "-p", "60001:60999", "-c", "256", "--",
                             "sh", "-c", "\(perCommand(db: db)); echo $? > '\(status)'"],
                            environment: ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"])
            #expect(start.status == 0, "\(start)")
            // `MOSH CONNECT <port> <key>` on stdout, `[mosh-server detached, pid = <pid>]` on stderr.
            let connect = try #require(start.stdout.firstMatch(of: /MOSH CONNECT (\d+) ([A-Za-z0-9+\/]+)/), "\(start)")
            let serverPID = Int32(start.stderr.firstMatch(of: /detached, pid = (\d+)/).map { String($0.1) } ?? "")
            defer { if let serverPID, kill(serverPID, 0) == 0 { kill(serverPID, SIGTERM) } }

            let tmux = TmuxSession("'\(client)' 127.0.0.1 \(connect.1)", environment: ["MOSH_KEY": String(connect.2)])
            var screen = tmux.waitFor(timeout: 20) { $0.contains("Untitled") && keypadFaces($0) == "123456789.0" }
            // mosh drops dim (SGR 2): the keys that do nothing yet (operators, =, ⌫) are blank, not dim.
            #expect(keypadFaces(screen) == "123456789.0", "\(screen)")
            // mosh passes per's mouse modes on (button events, SGR form), so taps reach per.
            #expect(tmux.format("#{mouse_button_flag} #{mouse_sgr_flag}") == "1 1")
            tmux.type("2.4")
            screen = tmux.waitFor("2.4▏")
            // With a number typed, the operators and ⌫ have their labels; `.` is blank (the price has its point).
            #expect(keypadFaces(screen) == "123+−456×789÷0⌫", "\(screen)")
            let five = try #require(keypadKey("5", inRow: "│ 4 │ 5 │ 6 │", screen), "\(screen)")
            tmux.type("\u{1b}[<0;\(five.x + 1);\(five.y + 1)M")
            tmux.type("\u{1b}[<0;\(five.x + 1);\(five.y + 1)m")
            tmux.waitFor("2.45▏")
            tmux.keys("Enter")
            for text in ["1", "L"] { tmux.type(text); tmux.keys("Enter") }
            screen = tmux.waitFor { $0.contains("Price (new product)") && $0.contains("★ Best value") }
            #expect(screen.contains("2.45      1 L"), "\(screen)")
            tmux.keys("C-q")

            // The client says goodbye and exits 0; per exited 0 and left nothing on the screen; the server is gone.
            #expect(tmux.waitForExit(timeout: 20) == 0, "\(tmux.screen)")
            screen = tmux.screen
            #expect(screen.contains("[mosh is exiting.]") && !screen.contains("Untitled") && !screen.contains("│"), "\(screen)")
            let statusFile = tmux.waitForFile(status)
            #expect(String(decoding: FileManager.default.contents(atPath: statusFile) ?? Data(), as: UTF8.self) == "0\n")
            if let serverPID { #expect(waitUntil(timeout: 20) { kill(serverPID, 0) != 0 }, "mosh-server \(serverPID) still runs") }

            let export = run([perBinary, "export", "--db", db])
            #expect(export.status == 0, "\(export)")
            #expect(export.stdout.contains(#"{"name": "", "price": "2.45", "quantity": "1", "pack": null, "unit": "L", "shop": null, "seen": ""#),
                    "\(export.stdout)")
            #expect(export.stdout.components(separatedBy: "\"price\"").count == 2, "\(export.stdout)")
        }
    }
}
