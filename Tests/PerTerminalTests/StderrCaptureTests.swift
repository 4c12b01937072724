import CNcurses
import Foundation
import Testing

/// Issue 40: the capture of stderr while the screen is per's (`cn_capture_open`, `cn_capture_replay`, what
/// `cn_capture_stderr` and `cn_release_stderr` use) holds a stated amount: the first 64 KiB are shown after, and a
/// line says how much more was written and dropped. Tested on the capture file itself, never on the test's own fd 2.
@Suite struct StderrCaptureTests {
    /// What `cn_capture_replay` writes for a capture of `limit` bytes into which `pieces` were written.
    static func replayed(limit: off_t, writing pieces: [[UInt8]]) throws -> (shown: [UInt8], capacity: Int32) {
        var readEnd: Int32 = -1
        let capture = cn_capture_open(limit, &readEnd)
        try #require(capture >= 0 && readEnd >= 0)
        defer { close(capture); close(readEnd) }
        for piece in pieces { _ = piece.withUnsafeBytes { write(capture, $0.baseAddress, $0.count) } }   // a full pipe refuses, never blocks
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("per-replay-\(UUID().uuidString)").path
        let out = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        try #require(out >= 0)
        defer { close(out); unlink(path) }
        cn_capture_replay(readEnd, out, limit)
        return (Array(try Data(contentsOf: URL(fileURLWithPath: path))), fcntl(readEnd, 1032 /* F_GETPIPE_SZ */))
    }

    static func piece(_ index: Int, size: Int = 100) -> [UInt8] {
        (0..<size).map { UInt8(ascii: "a") + UInt8((index + $0) % 26) }
    }

    @Test func theLimitIs64KiB() {
        #expect(cn_stderr_limit() == 65536)
    }

    @Test func underTheLimitEverythingIsShownAndNothingMoreSaid() throws {
        let pieces = (0..<10).map { Self.piece($0) }
        let (shown, _) = try Self.replayed(limit: 1024, writing: pieces)
        #expect(shown == pieces.flatMap { $0 })
    }

    @Test func pastTheLimitTheFirstPartIsShownAndTheRestSaidDroppedAndNotHeld() throws {
        // 100 writes of 100 bytes into a capture of 1 KiB: 10,000 bytes written, of which the pipe takes its capacity.
        let pieces = (0..<100).map { Self.piece($0) }
        let (shown, capacity) = try Self.replayed(limit: 1024, writing: pieces)
        let all = pieces.flatMap { $0 }
        #expect(Array(shown.prefix(1024)) == Array(all.prefix(1024)))
        let note = String(decoding: shown.dropFirst(1024), as: UTF8.self)
        // The pipe held at most its capacity (a page or twice the limit): the writes that did not fit were refused, so
        // the count is at least what passed the limit.
        #expect(capacity >= 2048 && capacity < 10_000)
        #expect(note == "\nper: stderr passed per's limit of 1 KiB while the screen was per's: the rest (at least \(capacity / 100 * 100 - 1024) bytes) was dropped\n", "\(note)")
    }

    /// Another process writing into per's stderr (`>> /proc/PID/fd/2`) is captured the same way.
    @Test func aWriterThatOpensTheCaptureIsCapturedToo() throws {
        var readEnd: Int32 = -1
        let capture = cn_capture_open(1024, &readEnd)
        try #require(capture >= 0)
        defer { close(capture); close(readEnd) }
        let other = open("/proc/self/fd/\(capture)", O_WRONLY | O_APPEND)
        try #require(other >= 0)
        _ = write(other, "from elsewhere\n", 15)
        close(other)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("per-replay-\(UUID().uuidString)").path
        let out = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        defer { close(out); unlink(path) }
        cn_capture_replay(readEnd, out, 1024)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self) == "from elsewhere\n")
    }
}
