import Foundation
import PerCore
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
        // read yet when a pane dies. It first waits (2 s at most) until the new window has its size.
        let sized = "i=0; while [ \"$(stty size 2>/dev/null)\" != '\(height) \(width)' ] && [ $i -lt 200 ]; do sleep 0.01; i=$((i+1)); done"
        try? "\(sized)\nenv \(exports) \(command)\necho \"[exit=$?]\"\nexec sleep 600\n"
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

    /// Types a product with the documented rhythm, `price⏎ quantity⏎ unit⏎`: Enter goes on from the price and the
    /// quantity, and Enter in a product with its price, quantity and unit goes to the next product's price. A name or
    /// a shop is reached with Tab from the unit (they follow it, in `ProductField`'s order), then Enter finishes the
    /// product. A field not given is passed as it is (a suggested unit is taken by the last Enter only when no name or
    /// shop follows).
    public func fill(price: String? = nil, quantity: String? = nil, unit: String? = nil, name: String? = nil, shop: String? = nil) {
        for value in [price, quantity] {
            if let value { type(value) }
            keys("Enter")
        }
        if let unit { type(unit) }
        var after: [ProductField: String] = [.name: name, .shop: shop].compactMapValues { $0 }
        for field in ProductField.allCases.drop(while: { $0 != .unit }).dropFirst() where !after.isEmpty {
            keys("Tab")
            if let text = after.removeValue(forKey: field) { type(text) }
        }
        keys("Enter")
    }

    /// Tabs from `field` on to `target`, a later field of the same product, counted from `ProductField`'s order.
    public func tab(from field: ProductField, to target: ProductField) {
        let fields = ProductField.allCases
        for _ in fields.firstIndex(of: field)!..<fields.firstIndex(of: target)! { keys("Tab") }
    }

    /// Shift-Tabs from a product's price back to `field` of the product before it, counted from `ProductField`'s order.
    /// `usesInPlay`: whether Tab walks the Uses field (decision 306: only where the comparison is by use or a product
    /// has uses).
    public func backTab(fromPriceTo field: ProductField, usesInPlay: Bool = false) {
        let walked = usesInPlay ? ProductField.allCases : ProductField.allCases.filter { $0 != .uses }
        for _ in walked.drop(while: { $0 != field }) { keys("BTab") }
    }

    /// Pastes text as a terminal would, wrapped in bracketed-paste markers when the app asked for them.
    public func paste(_ text: String) {
        tmux(["set-buffer", "-b", "e2e", text])
        tmux(["paste-buffer", "-p", "-b", "e2e", "-t", "main"])
    }

    public func resize(width: Int, height: Int) {
        tmux(["resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    public var screen: String { tmux(["capture-pane", "-p", "-t", "main"]).stdout }

    /// The screen with its attributes and colours as escape sequences (a reversed `1` is `ESC[7m1`).
    public var styledScreen: String { tmux(["capture-pane", "-e", "-p", "-t", "main"]).stdout }

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
    /// With `styled`, the screens are `styledScreen`s.
    @discardableResult
    public func waitFor(timeout: Double = 10, _ what: String = "the expected screen", styled: Bool = false,
                        fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: Int = #column,
                        _ condition: (String) -> Bool) -> String {
        let deadline = Date().addingTimeInterval(timeout)
        let capture = { styled ? self.styledScreen : self.screen }
        var last = capture()
        while Date() < deadline {
            if condition(last) {
                usleep(40_000)
                let again = capture()
                if again == last { return last }
                last = again
                continue
            }
            usleep(30_000)
            last = capture()
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

    /// Waits for a text file the command writes (e.g. `stty -a` after per exits) to be there with its last line
    /// ended; returns its path. Fails the test when it never comes.
    public func waitForFile(_ path: String, timeout: Double = 10,
                            fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: Int = #column) -> String {
        let written = { FileManager.default.contents(atPath: path)?.last == UInt8(ascii: "\n") }
        if !waitUntil(timeout: timeout, written) {
            recordFailure("waitForFile: \(path) never appeared whole; the last screen:\n\(screen)",
                          fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return path
    }

    /// Waits until the pane is piped (`pipe-pane`) or not, as `piped` says; fails the test when it never is.
    public func waitForPipe(_ piped: Bool, timeout: Double = 10,
                            fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: Int = #column) {
        if !waitUntil(timeout: timeout, { self.format("#{pane_pipe}") == (piped ? "1" : "0") }) {
            recordFailure("waitForPipe: the pane never became \(piped ? "piped" : "unpiped")",
                          fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }
}

/// Polls `condition` until it holds or `timeout` seconds pass; whether it held. The timeout only bounds a wait for
/// something that must happen; it measures nothing.
public func waitUntil(timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// `per` with a private database, as a shell command line.
public func perCommand(db: String, _ arguments: String = "") -> String {
    "'\(perBinary)' --db '\(db)' \(arguments)"
}
