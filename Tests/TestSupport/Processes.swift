import Foundation

/// The built `per`: $PER_BINARY (set by `make test` and `make unit`), else beside the test bundle
/// (`swift build --build-tests` builds it too), else .build/debug/per in this package.
public let perBinary: String = {
    if let path = ProcessInfo.processInfo.environment["PER_BINARY"], !path.isEmpty { return path }
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("per").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    for arg in CommandLine.arguments where arg.contains(".xctest") {
        var url = URL(fileURLWithPath: arg)
        while url.path != "/" && !url.lastPathComponent.hasSuffix(".xctest") { url.deleteLastPathComponent() }
        let candidate = url.deletingLastPathComponent().appendingPathComponent("per").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return root.appendingPathComponent(".build/debug/per").path
}()

/// Whether `perBinary` exists, for tests that need it (`.enabled(if: perBinaryIsBuilt, …)`).
public var perBinaryIsBuilt: Bool { FileManager.default.isExecutableFile(atPath: perBinary) }

/// Runs a command with Foundation's Process, returning its exit status, stdout and stderr.
@discardableResult
public func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// Runs a command (looked up by /usr/bin/env) to completion; returns its exit status and output.
/// posix_spawn and waitpid, with output in files: a tmux server started by the command inherits
/// the output descriptors, so pipes would never reach end of file.
@discardableResult
public func run(_ arguments: [String], environment: [String: String] = [:], input: String? = nil) -> (status: Int32, stdout: String, stderr: String) {
    let base = NSTemporaryDirectory() + "per-run-" + UUID().uuidString
    let paths = (input: base + ".in", out: base + ".out", err: base + ".err")
    _ = FileManager.default.createFile(atPath: paths.input, contents: Data((input ?? "").utf8))
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
