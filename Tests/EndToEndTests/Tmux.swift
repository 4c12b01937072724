import Foundation
import Testing

/// The built `per` binary: $PER_BINARY (set by `make test`), else .build/debug/per beside this package.
let perBinary: String = {
    if let path = ProcessInfo.processInfo.environment["PER_BINARY"], !path.isEmpty { return path }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/per").path
}()

/// Runs a command to completion; returns its exit status and output.
/// posix_spawn and waitpid, with output in files: a tmux server started by the command inherits
/// the output descriptors, so pipes would never reach end of file.
@discardableResult
func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) -> (status: Int32, stdout: String, stderr: String) {
    let base = NSTemporaryDirectory() + "per-run-" + UUID().uuidString
    let paths = (input: base + ".in", out: base + ".out", err: base + ".err")
    FileManager.default.createFile(atPath: paths.input, contents: Data((input ?? "").utf8))
    defer { for p in [paths.input, paths.out, paths.err] { try? FileManager.default.removeItem(atPath: p) } }
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, paths.input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, paths.out, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, paths.err, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var env = ProcessInfo.processInfo.environment
    env.merge(environment) { $1 }
    let argv = (["/usr/bin/env"] + arguments).map { strdup($0) } + [nil]
    let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { argv.forEach { free($0) }; envp.forEach { free($0) } }
    // The test runner's threads block signals, and a child inherits the mask: tmux then never sees
    // SIGCHLD and cannot finish kill-server. Start children with no signal blocked and default handlers.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t(), all = sigset_t()
    sigemptyset(&none)
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    guard posix_spawn(&pid, "/usr/bin/env", &actions, &attributes, argv, envp) == 0 else { return (127, "", "spawn failed") }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    let stdout = FileManager.default.contents(atPath: paths.out) ?? Data()
    let stderr = FileManager.default.contents(atPath: paths.err) ?? Data()
    return (exitStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
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

    /// The command's exit status, once the script has printed it.
    var exitStatus: Int? {
        guard let range = screen.range(of: #"\[exit=(\d+)\]"#, options: .regularExpression) else { return nil }
        return Int(screen[range].dropFirst(6).dropLast())
    }
    var pid: Int32? { Int32(format("#{pane_pid}")) }

    /// Waits until the screen satisfies `condition` and has stopped changing (a capture can land in
    /// the middle of a frame, which the terminal receives row by row); returns the last screen seen.
    @discardableResult
    func waitFor(timeout: Double = 5, _ condition: (String) -> Bool) -> String {
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
