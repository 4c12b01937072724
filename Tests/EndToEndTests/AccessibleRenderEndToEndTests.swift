import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Issue 39: `ACCESSIBLE=1` asks for no redraw of unchanged lines. With one renderer (decision 384) a digit sends
    /// its field's cells and nothing else: no other row addressed, nothing erased, no repaint.
    @Suite struct AccessibleRenderEndToEndTests {
        @Test func underAccessibleADigitRedrawsNoUnchangedLine() throws {
            let folder = TemporaryFolder()
            let log = folder.file("output.bin")
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), environment: ["ACCESSIBLE": "1"])
            tmux.waitFor("Untitled")
            tmux.type("1")
            tmux.waitFor("1▏")
            let piped = folder.file("piped")
            tmux.tmux(["pipe-pane", "-t", "main", "-o", "cat >> '\(log)'; touch '\(piped)'"])
            tmux.waitForPipe(true)
            tmux.type("2")
            let screen = tmux.waitFor("12▏")
            usleep(300_000)  // anything else the digit would send
            tmux.tmux(["pipe-pane", "-t", "main"])
            #expect(waitUntil { FileManager.default.fileExists(atPath: piped) }, "the pipe's cat never finished")
            let bytes = String(decoding: (try? Data(contentsOf: URL(fileURLWithPath: log))) ?? Data(), as: UTF8.self)
            let fieldRow = (screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("12▏") } ?? -2) + 1
            let rows = bytes.matches(of: /\x1B\[(\d+);\d+H/).compactMap { Int($0.1) }
            #expect(rows.allSatisfy { $0 == fieldRow }, "rows addressed \(rows), the field's \(fieldRow): \(bytes.debugDescription)")
            #expect(!bytes.contains("\u{1B}[K") && !bytes.contains("\u{1B}[J") && !bytes.contains("\u{1B}[2J"), "\(bytes.debugDescription)")
            #expect(bytes.utf8.count > 0 && bytes.utf8.count <= 16, "\(bytes.utf8.count) bytes: \(bytes.debugDescription)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }
    }
}
