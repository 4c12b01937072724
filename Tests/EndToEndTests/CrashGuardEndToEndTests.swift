import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The crash guard and the stderr capture (PerTerminal, `cn_install_crash_handlers`, `cn_capture_stderr`): what is
    /// written to fd 2 while per runs stays off the screen and is shown after it ends, a crash included.
    @Suite struct CrashGuardEndToEndTests {
        /// The running per on `db`, found by its unique command line.
        func perProcess(db: String) throws -> Int32 {
            let pids = run(["pgrep", "-f", "--", "per --db \(db)"]).stdout.split(separator: "\n").compactMap { Int32($0) }
            try #require(pids.count == 1, "pgrep found \(pids)")
            return pids[0]
        }

        /// Writes `line` to per's fd 2 as a library's warning would (appending: the capture is not cut).
        func writeToStderr(of pid: Int32, _ line: String) {
            #expect(run(["sh", "-c", "printf '%s\\n' '\(line)' >> /proc/\(pid)/fd/2"]).status == 0)
        }

        /// A SIGSEGV while the app runs: the terminal is given back (no alternate screen, echo and canonical mode,
        /// the cursor shown) and what was written to stderr before the crash is on the screen after it.
        @Test func aCrashRestoresTheTerminalAndShowsStderr() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite"), stty = folder.file("stty.txt")
            let tmux = TmuxSession("\(perCommand(db: db)); echo \"[per=$?]\"; stty -a > '\(stty)'")
            tmux.waitFor("Untitled")
            let pid = try perProcess(db: db)
            writeToStderr(of: pid, "warning-before-the-crash")
            tmux.type("5")
            tmux.waitFor("5▏")
            #expect(!tmux.screen.contains("warning-before-the-crash"), "\(tmux.screen)")
            kill(pid, SIGSEGV)
            let screen = tmux.waitFor("[per=")
            #expect(screen.contains("[per=139]"), "\(screen)")  // 128 + SIGSEGV: the default action, re-raised
            #expect(screen.contains("warning-before-the-crash"), "\(screen)")
            let settings = (try? String(contentsOfFile: tmux.waitForFile(stty), encoding: .utf8)) ?? ""
            #expect(settings.contains(" icanon") && settings.contains(" echo "), "\(settings)")
            #expect(tmux.format("#{alternate_on}") == "0")
            #expect(tmux.format("#{cursor_flag}") == "1")
        }

        /// Something written to stderr while per runs does not smear the screen (the frame stays whole and per goes
        /// on) and is shown once per has quit, after its screen is gone.
        @Test func stderrWhileRunningIsShownAfterExit() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db))
            let before = tmux.waitFor("Untitled")
            let pid = try perProcess(db: db)
            writeToStderr(of: pid, "a-warning-while-per-runs")
            tmux.keys("C-l")  // a full redraw: the frame is per's alone
            tmux.type("7")
            let during = tmux.waitFor("7▏")
            #expect(!during.contains("a-warning-while-per-runs") && during.contains("Untitled"), "\(during)")
            #expect(during.split(separator: "\n").last == before.split(separator: "\n").last, "\(during)")  // the legend, in place
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            let after = tmux.screen
            #expect(after.contains("a-warning-while-per-runs") && !after.contains("Untitled"), "\(after)")
            #expect(tmux.format("#{alternate_on}") == "0")
        }
    }
}
