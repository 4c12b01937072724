import Foundation
import Testing
import XCTest

/// Records a failure of the running test: an issue under Swift Testing, XCTFail under XCTest.
public func recordFailure(_ message: String, fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: Int = #column) {
    if Test.current != nil {
        Issue.record(Comment(rawValue: message),
                     sourceLocation: SourceLocation(fileID: fileID, filePath: "\(filePath)", line: Int(line), column: column))
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}

/// A real terminal: a private tmux server running one command in a window of a given size.
public final class TmuxSession {
    public let socket: String
    public let folder = TemporaryFolder()

    /// Starts `command` (a shell command line) in a detached tmux window.
    public init(_ command: String, width: Int = 80, height: Int = 24, term: String = "xterm-256color", environment: [String: String] = [:]) {
        socket = "per-e2e-\(UUID().uuidString.prefix(8))"
        var env = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": term]
        env.merge(environment) { $1 }
        let exports = env.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        // A script, so the session can report the command's exit status on the screen.
        let script = folder.file("run.sh")
        // The script prints the status and keeps the pane open: tmux 3.3 drops output it has not
        // read yet when a pane dies, and the pause first lets it finish sizing the new window.
        try? "sleep 0.2\nenv \(exports) \(command)\necho \"[exit=$?]\"\nexec sleep 600\n"
            .write(toFile: script, atomically: true, encoding: .utf8)
        // Options come from a config file so they hold before the command starts (it may exit at once).
        let config = folder.file("tmux.conf")
        try? "set -g remain-on-exit on\nset -g escape-time 0\nset -g status off\n".write(toFile: config, atomically: true, encoding: .utf8)
        tmux(["-f", config, "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)",
              "sh '\(script)'"])
    }

    deinit { tmux(["kill-server"]) }

    @discardableResult
    public func tmux(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        run(["tmux", "-L", socket] + arguments)
    }

    /// Sends tmux key names (`Tab`, `C-q`, `Escape`, `BSpace`...).
    public func keys(_ names: String...) { tmux(["send-keys", "-t", "main"] + names) }

    /// Types text literally.
    public func type(_ text: String) { tmux(["send-keys", "-t", "main", "-l", text]) }

    /// Pastes text as a terminal would, wrapped in bracketed-paste markers when the app asked for them.
    public func paste(_ text: String) {
        tmux(["set-buffer", "-b", "e2e", text])
        tmux(["paste-buffer", "-p", "-b", "e2e", "-t", "main"])
    }

    public func resize(width: Int, height: Int) {
        tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    public var screen: String { tmux(["capture-pane", "-p", "-t", "main"]).stdout }

    public func format(_ f: String) -> String {
        tmux(["display-message", "-p", "-t", "main", f]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    public var isDead: Bool { format("#{pane_dead}") == "1" }

    /// The command's exit status, once the script has printed it.
    public var exitStatus: Int? {
        guard let range = screen.range(of: #"\[exit=(\d+)\]"#, options: .regularExpression) else { return nil }
        return Int(screen[range].dropFirst(6).dropLast())
    }
    public var pid: Int32? { Int32(format("#{pane_pid}")) }

    /// Waits until the screen satisfies `condition` and has stopped changing (a capture can land in
    /// the middle of a frame, which the terminal receives row by row); returns the last screen seen.
    /// When the condition never comes within `timeout` seconds, the test fails here with the last screen.
    /// The timeout only bounds a wait for something that must happen; it measures nothing.
    @discardableResult
    public func waitFor(timeout: Double = 10, _ what: String = "the expected screen",
                        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: Int = #column,
                        _ condition: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = screen
        while Date() < deadline {
            if condition(last) {
                usleep(40_000)
                let again = screen
                if again == last { return last }
                last = again
                continue
            }
            usleep(30_000)
            last = screen
        }
        if condition(last) { return last }
        recordFailure("waitFor: \(what) never came (\(timeout) s); the last screen:\n\(last)",
                      fileID: fileID, filePath: filePath, line: line, column: column)
        return last
    }

    /// Waits until `text` is on the screen (see `waitFor(timeout:_:condition)`); fails the test when it never comes.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 10,
                        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: Int = #column) -> String {
        waitFor(timeout: timeout, "\"\(text)\"", fileID: fileID, filePath: filePath, line: line, column: column) { $0.contains(text) }
    }

    /// The command's exit status once it has exited; nil (and the caller's expectation fails) if it has not within `timeout`.
    public func waitForExit(timeout: Double = 10) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = exitStatus { return status }
            usleep(30_000)
        }
        return exitStatus
    }

    /// Waits for a file the command writes (e.g. `stty -a` after per exits); returns its path.
    /// Fails the test when it never appears.
    public func waitForFile(_ path: String, timeout: Double = 10,
                            fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: Int = #column) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, !FileManager.default.fileExists(atPath: path) { usleep(30_000) }
        if FileManager.default.fileExists(atPath: path) {
            usleep(50_000)
        } else {
            recordFailure("waitForFile: \(path) never appeared; the last screen:\n\(screen)",
                          fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return path
    }
}

/// `per` with a private database, as a shell command line.
public func perCommand(db: String, _ arguments: String = "") -> String {
    "'\(perBinary)' --db '\(db)' \(arguments)"
}
