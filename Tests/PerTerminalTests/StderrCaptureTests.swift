import CNcurses
import Foundation
import Testing

/// Issue 40: the capture of stderr while the screen is per's (`cn_capture_open`, `cn_capture_replay`, what
/// `cn_capture_stderr` and `cn_release_stderr` use) holds a stated amount: the first 64 KiB are shown after, and a
/// line says how much more was written and dropped. Tested on the capture file itself, never on the test's own fd 2.
@Suite struct StderrCaptureTests {
    /// What `cn_capture_replay` writes for a capture of `limit` bytes into which `pieces` were written.
    static func replayed(limit: off_t, writing pieces: [[UInt8]]) throws -> (shown: [UInt8], held: off_t) {
        let capture = cn_capture_open(limit)
        try #require(capture >= 0)
        defer { close(capture) }
        for piece in pieces { _ = piece.withUnsafeBytes { write(capture, $0.baseAddress, $0.count) } }
        var status = stat()
        fstat(capture, &status)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("per-replay-\(UUID().uuidString)").path
        let out = open(path, O_RDWR | O_CREAT | O_EXCL, 0o600)
        try #require(out >= 0)
        defer { close(out); unlink(path) }
        cn_capture_replay(capture, out, limit)
        return (Array(try Data(contentsOf: URL(fileURLWithPath: path))), status.st_size)
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
        // 100 writes of 100 bytes into a capture of 1 KiB: 10,000 bytes written.
        let pieces = (0..<100).map { Self.piece($0) }
        let (shown, held) = try Self.replayed(limit: 1024, writing: pieces)
        let all = pieces.flatMap { $0 }
        #expect(Array(shown.prefix(1024)) == Array(all.prefix(1024)))
        let note = String(decoding: shown.dropFirst(1024), as: UTF8.self)
        // In memory the file is sealed at twice the limit: 20 writes fit, the 21st would grow it and is refused, so
        // the count is at least what passed the limit (on a temporary file it is exact).
        #expect(note == "\nper: stderr passed per's limit of 1 KiB while the screen was per's: the rest (at least 976 bytes) was dropped\n"
                || note == "\nper: stderr passed per's limit of 1 KiB while the screen was per's: the rest (8976 bytes) was dropped\n", "\(note)")
        // Memory: the capture never held more than twice the limit.
        #expect(held <= 2048 || note.contains("8976"), "the capture held \(held) bytes")
    }
}
