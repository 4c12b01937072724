import Foundation
import PerCore
import Testing
import TestSupport

extension EndToEnd {
    /// Typed input (not a paste) is handled in linear time and drawn once a burst (issue 32): thousands of letters sent to
    /// per at once, as a fast typist, a key repeat or a phone's text expansion do, are all taken, in order, and Ctrl-Q
    /// after them quits at once, committing them. (Before, 4,000 letters took seconds; 40 KB kept per busy for over a
    /// minute, deaf to Ctrl-Q.) The timeouts only bound the waits; nothing is timed.
    @Suite struct TypedBurstTests {
        static func letters(_ count: Int, seed: UInt64) -> String {
            var rng = SeededRandom(seed: seed)
            return String((0..<count).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &rng))) })
        }

        /// A styled capture (`capture-pane -e`) as its cells, each with the attributes and colours it is drawn with, its
        /// lines without their trailing plain blanks: tmux writes where attributes change, which differs between a screen
        /// drawn in steps and the same screen repainted (a reset at the end of one line or at the start of the next).
        static func cells(_ styled: String) -> [[String]] {
            var attributes: [String: String] = [:]
            return styled.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                var cells: [String] = [], rest = Substring(line)
                while let c = rest.first {
                    if c == "\u{1B}", let end = rest.firstIndex(of: "m") {
                        var codes = rest[rest.index(rest.startIndex, offsetBy: 2)..<end].split(separator: ";", omittingEmptySubsequences: false)[...]
                        while let code = codes.popFirst() {
                            switch code {
                            case "", "0": attributes = [:]
                            case "38", "48": attributes[String(code)] = codes.prefix(2).joined(separator: ";"); codes = codes.dropFirst(2)
                            case "39": attributes["38"] = nil
                            case "49": attributes["48"] = nil
                            default: attributes[String(code)] = ""
                            }
                        }
                        rest = rest[rest.index(after: end)...]
                        continue
                    }
                    cells.append("\(c)" + attributes.keys.sorted().map { "\u{1F}\($0)=\(attributes[$0]!)" }.joined())
                    rest = rest.dropFirst()
                }
                while cells.last == " " { cells.removeLast() }
                return cells
            }
        }

        @Test func aBurstOfLettersIntoATitleThenCtrlQSavesItWhole() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Untitled")
            tmux.keys("C-o")
            tmux.waitFor("Shopping list")

            // A burst into the find (/), whose line shows the end of what is typed: once the last letters are there, the
            // screen the burst left is the one a repaint draws.
            let found = Self.letters(3_000, seed: 32)
            tmux.type("/")
            tmux.waitFor("Find:")
            tmux.type(found)
            let end = String(found.suffix(20)) + "▏"
            let typed = tmux.waitFor("the end of the find", styled: true) { $0.contains(end) }
            tmux.keys("C-l")
            let repainted = tmux.waitFor("the repaint", styled: true) { $0.contains(end) }
            #expect(Self.cells(repainted) == Self.cells(typed), "after the burst:\n\(typed)\nrepainted:\n\(repainted)")
            tmux.keys("Escape")
            tmux.waitFor { !$0.contains("Find:") }

            // A burst into a new title, and Ctrl-Q right behind it: per quits, the title saved whole (4,000 letters:
            // within the 4,096 a field holds, decision 235).
            let title = Self.letters(4_000, seed: 320)
            tmux.keys("C-n")
            tmux.waitFor("Type the title")
            tmux.type(title)
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            let exported = run([perBinary, "export", "--db", db])
            #expect(exported.status == 0, "\(exported.stderr)")
            let comparisons = try (JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [String: Any])?["comparisons"] as? [[String: Any]]
            let titles = comparisons?.compactMap { $0["title"] as? String }
            #expect(titles == [title], "saved: \(titles?.map { "\($0.prefix(20))… (\($0.count) characters)" } ?? [])")
        }
    }
}
