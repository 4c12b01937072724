import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Issue 31: per in a real xterm (under Xvfb), which tmux cannot stand in for: xterm keeps the normal screen
    /// behind the alternate one and resizes both.
    @Suite struct XtermEndToEndTests {
        /// xterm shrunk while per runs scrolls both screens up by as many lines as its cursor sits below the new last
        /// line, and puts the shell's cursor back where it was: the shell's lines went up out of view and its prompt
        /// came ~6 lines under them. per's cursor, when hidden, waits at the top-left between frames, so nothing scrolls.
        /// What xterm shows after per quits is read with its own print-screen (`ESC [ i` to its printerCommand).
        @Test func shrinkingXtermKeepsTheShellsLines() throws {
            let folder = TemporaryFolder()
            let display = try #require(try VirtualDisplay.start(), "Xvfb or xterm missing (make deps installs xvfb and xterm)")
            defer { display.stop() }
            let (script, log, screen, tty, pid) = (folder.file("run.sh"), folder.file("xterm.log"), folder.file("screen.txt"),
                                                   folder.file("tty"), folder.file("per.pid"))
            try """
            #!/bin/sh
            for i in 1 2 3 4 5 6 7 8; do echo "shell line $i"; done
            echo "before per"
            tty > '\(tty)'
            sh -c 'echo $$ > "\(pid)"; exec \(perCommand(db: folder.file("per.sqlite")))'
            echo "after per"
            printf '\\033[i'
            sleep 30
            """.write(toFile: script, atomically: true, encoding: .utf8)
            chmod(script, 0o755)
            let xterm = Process()
            xterm.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            xterm.arguments = ["xterm", "-geometry", "100x30", "-l", "-lf", log, "-xrm", "XTerm*allowWindowOps: true",
                               "-xrm", "XTerm*printerCommand: cat > '\(screen)'", "-e", script]
            xterm.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": display.name]) { $1 }
            try xterm.run()
            defer { kill(xterm.processIdentifier, SIGKILL); xterm.waitUntilExit() }
            // per's whole first frame at 100×30 (the legend is its last line), then xterm shrunk to 80×24 by the escape
            // that asks it to (allowWindowOps), written to per's terminal, then SIGTERM (per saves and gives the
            // terminal back, as on Ctrl-Q). xterm reads the resize before per's last bytes: one pty, in order.
            try #require(waitUntil { (try? String(contentsOfFile: log, encoding: .utf8))?.contains("^Q quit") == true }, "per never drew")
            let terminal = try #require(FileHandle(forWritingAtPath: try String(contentsOfFile: tty, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            terminal.write(Data("\u{1B}[8;24;80t".utf8))
            try terminal.close()
            let perID = try #require(Int32(try String(contentsOfFile: pid, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
            kill(perID, SIGTERM)
            try #require(waitUntil { (try? String(contentsOfFile: screen, encoding: .utf8))?.contains("after per") == true }, "no screen printed")
            let lines = try String(contentsOfFile: screen, encoding: .utf8).replacingOccurrences(of: "\u{1B}#5", with: "")
                .replacingOccurrences(of: "\u{1B}[0m", with: "").replacingOccurrences(of: "\r", with: "")
                .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(Array(lines.prefix(10)) == (1...8).map { "shell line \($0)" } + ["before per", "after per"], "\(lines)")
        }

        func waitUntil(seconds: Double = 15, _ condition: () -> Bool) -> Bool {
            let end = Date().addingTimeInterval(seconds)
            while Date() < end {
                if condition() { return true }
                usleep(50_000)
            }
            return false
        }
    }
}

/// An X server of the test's own (Xvfb on a free display number), for a real xterm.
struct VirtualDisplay {
    let name: String
    let server: Process

    /// nil when Xvfb or xterm is not installed; cancels the test when the server does not start.
    static func start() throws -> VirtualDisplay? {
        guard run(["sh", "-c", "command -v Xvfb && command -v xterm"]).status == 0 else { return nil }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // -displayfd: Xvfb picks a free display and writes its number.
        server.arguments = ["Xvfb", "-displayfd", "1", "-nolisten", "tcp", "-screen", "0", "1280x1024x24"]
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        var text = ""
        while !text.contains("\n") {
            let data = out.fileHandleForReading.availableData
            if data.isEmpty { break }
            text += String(decoding: data, as: UTF8.self)
        }
        guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            kill(server.processIdentifier, SIGKILL)
            try Test.cancel("Xvfb did not start a display")
        }
        return VirtualDisplay(name: ":\(number)", server: server)
    }

    /// SIGKILL: the test process may hold SIGTERM blocked, and its children inherit the mask.
    func stop() {
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
    }
}
