import Foundation
import Testing

/// The built `per` binary: $PER_BINARY (set by `make test`), else .build/debug/per beside this package.
let perBinary: String = {
    if let path = ProcessInfo.processInfo.environment["PER_BINARY"], !path.isEmpty { return path }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/per").path
}()

/// Runs a command to completion; returns its exit status and output.
@discardableResult
func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = arguments
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    process.environment = env
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let inPipe = Pipe()
    process.standardInput = inPipe
    do { try process.run() } catch { return (127, "", "\(error)") }
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try? inPipe.fileHandleForWriting.close()
    let stdout = out.fileHandleForReading.readDataToEndOfFile()
    let stderr = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
}

/// A scratch folder removed when the test ends.
final class TemporaryFolder {
    let path: String
    init() {
        path = NSTemporaryDirectory() + "per-e2e-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    func file(_ name: String) -> String { path + "/" + name }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A real terminal: a private tmux server running one command in a window of a given size.
final class TmuxSession {
    let socket: String
    let folder = TemporaryFolder()

    /// Starts `command` (a shell command line) in a detached tmux window.
    init(_ command: String, width: Int = 80, height: Int = 24, term: String = "xterm-256color", environment: [String: String] = [:]) {
        socket = "per-e2e-\(UUID().uuidString.prefix(8))"
        var env = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TERM": term]
        env.merge(environment) { $1 }
        let exports = env.map { "\($0.key)='\($0.value)'" }.joined(separator: " ")
        tmux(["-f", "/dev/null", "new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)",
              "env \(exports) \(command)"])
        tmux(["set-option", "-g", "remain-on-exit", "on"])
        tmux(["set-option", "-g", "escape-time", "0"])
    }

    deinit { tmux(["kill-server"]) }

    @discardableResult
    func tmux(_ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
        run(["tmux", "-L", socket] + arguments)
    }

    /// Sends tmux key names (`Tab`, `C-q`, `Escape`, `BSpace`...).
    func keys(_ names: String...) { tmux(["send-keys", "-t", "main"] + names) }

    /// Types text literally.
    func type(_ text: String) { tmux(["send-keys", "-t", "main", "-l", text]) }

    /// Pastes text as a terminal would, wrapped in bracketed-paste markers when the app asked for them.
    func paste(_ text: String) {
        tmux(["set-buffer", "-b", "e2e", text])
        tmux(["paste-buffer", "-p", "-b", "e2e", "-t", "main"])
    }

    func resize(width: Int, height: Int) {
        tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    var screen: String { tmux(["capture-pane", "-p", "-t", "main"]).stdout }

    func format(_ f: String) -> String {
        tmux(["display-message", "-p", "-t", "main", f]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    var isDead: Bool { format("#{pane_dead}") == "1" }
    var exitStatus: Int? { isDead ? Int(format("#{pane_dead_status}")) : nil }
    var pid: Int32? { Int32(format("#{pane_pid}")) }

    /// Waits until the screen satisfies `condition`; returns the last screen seen.
    @discardableResult
    func waitFor(timeout: Double = 5, _ condition: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = screen
        while Date() < deadline {
            if condition(last) { return last }
            usleep(30_000)
            last = screen
        }
        return last
    }

    @discardableResult
    func waitFor(_ text: String, timeout: Double = 5) -> String {
        waitFor(timeout: timeout) { $0.contains(text) }
    }

    func waitForExit(timeout: Double = 5) -> Int? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let status = exitStatus { return status }
            usleep(30_000)
        }
        return nil
    }
}

/// `per` with a private database, as a shell command line.
func perCommand(db: String, _ arguments: String = "") -> String {
    "'\(perBinary)' --db '\(db)' \(arguments)"
}
