import ArgumentParser
import Foundation
import PerCore
import Glibc

/// How the command-line commands write and read: every write checked, every failure an exit
/// status (thrown as `ExitCode`, never `exit()`), no control character from a file on stderr.
enum Output {
    /// Before a command does anything: SIGPIPE ignored, so a reader that has gone (`per export | head`)
    /// is an EPIPE error we handle, not a signal; and descriptors 0, 1 and 2 held open (on /dev/null,
    /// read-only), so that with stdout closed the database cannot be opened as descriptor 1 and be
    /// written to as output; writes to a closed stdout fail with EBADF instead.
    static func prepare() {
        signal(SIGPIPE, SIG_IGN)
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            let opened = open("/dev/null", O_RDONLY) // the lowest free descriptor: fd itself
            if opened != fd && opened >= 0 { close(opened) }
        }
    }

    /// Writes all of `text` to stdout. When the reader has gone (EPIPE) the command ends quietly with
    /// status 141, as a program killed by SIGPIPE would; any other failure (a full disk, a closed
    /// stdout) is a message on stderr and status 1.
    static func out(_ text: String) throws(ExitCode) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let count = bytes.count - offset
            let written = bytes.withUnsafeMutableBytes { buffer in write(1, buffer.baseAddress! + offset, count) }
            if written >= 0 { offset += written; continue }
            let code = errno
            if code == EINTR { continue }
            if code == EPIPE { throw ExitCode(141) }
            error("cannot write the output: \(String(cString: strerror(code)))")
            throw ExitCode(1)
        }
        bytes.removeAll()
    }

    /// `per: MESSAGE` on stderr, on one line with control characters shown as `\u{1B}`. A failure to
    /// write it is ignored: there is nowhere left to say so, and the exit status says it.
    static func error(_ message: String) {
        diagnostic("per: \(TerminalText.singleLine(message))\n")
    }

    /// Writes per's own text to stderr as it is, lines and all; a failure is ignored, as in `error`.
    static func diagnostic(_ text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in write(2, buffer.baseAddress! + offset, bytes.count - offset) }
            if written >= 0 { offset += written } else if errno != EINTR { return }
        }
    }
}

extension Output {
    /// An open file (or stdin, for `-`) read in pieces of 256 KiB: `next()` returns the next piece, an empty array at
    /// the end. What limits the total is the reader's business (`ComparisonExchange.decode`).
    final class Pieces {
        let name: String
        private let file: String
        private let fd: Int32

        init(_ file: String) throws(CommandFailure) {
            self.file = file
            name = file == "-" ? "stdin" : file
            fd = file == "-" ? 0 : open(file, O_RDONLY)
            guard fd >= 0 else { throw CommandFailure("cannot read \(file): \(String(cString: strerror(errno)))") }
        }

        deinit { if fd != 0 { close(fd) } }

        func next() throws -> [UInt8] {
            var piece = [UInt8](repeating: 0, count: 1 << 18)
            while true {
                let count = piece.withUnsafeMutableBytes { buffer in systemRead(fd, buffer.baseAddress!, buffer.count) }
                if count >= 0 {
                    piece.removeLast(piece.count - count)
                    return piece
                }
                if errno != EINTR { throw CommandFailure("cannot read \(file): \(String(cString: strerror(errno)))") }
            }
        }
    }
}

/// libc's read(2), under a name the enum's own `read` does not hide.
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(fd, buffer, count) }
