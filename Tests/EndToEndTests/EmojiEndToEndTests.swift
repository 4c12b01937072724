import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// Issue 42: one renderer (decision 384). A character of several scalars typed into the name field, whole or a
    /// scalar at a time, shows on screen as its Ctrl-L repaint does, with the cursor at the same caret: nothing but
    /// ncurses' one drawing of the frame reaches the terminal.
    @Suite struct EmojiEndToEndTests {
        static let stories: [(name: String, text: String)] = [
            ("victory hand, skin tone", "✌\u{1F3FD}"),
            ("rainbow flag", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"),
            ("heart on fire", "\u{2764}\u{FE0F}\u{200D}\u{1F525}"),
        ]

        func cursor(_ tmux: TmuxSession) -> String { tmux.format("#{cursor_x} #{cursor_y}") }

        /// A styled capture as rows of cells, each its character and the attributes in force (SGR parameters since the
        /// last reset), trailing blanks that show nothing (no reverse, underline or background) left out: ncurses leaves
        /// bold or dim on blanks after a line's text in one frame and not in another, which nobody can see.
        static func cells(_ styled: String) -> [[String]] {
            // tmux carries the attributes over the end of a line.
            var state: [String] = []
            return styled.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                var row: [String] = []
                var scalars = Array(line.unicodeScalars)[...]
                while let first = scalars.first {
                    if first == "\u{1B}", scalars.dropFirst().first == "[" {
                        let body = scalars.dropFirst(2).prefix { !("@"..."~").contains($0) }
                        let parameters = String(String.UnicodeScalarView(body)).split(separator: ";", omittingEmptySubsequences: false)
                        for parameter in parameters.isEmpty ? [""] : parameters {
                            if parameter == "" || parameter == "0" { state = [] } else if !["39", "49"].contains(parameter) { state.append(String(parameter)) }
                        }
                        scalars = scalars.dropFirst(2 + body.count + 1)
                        continue
                    }
                    var character = String(first)
                    scalars = scalars.dropFirst()
                    // Marks and joined scalars stay with their cell.
                    while let next = scalars.first, next.properties.generalCategory == .nonspacingMark || next.value == 0xFE0F
                        || next.value == 0x200D || (0x1F3FB...0x1F3FF).contains(next.value) || character.unicodeScalars.last?.value == 0x200D {
                        character.unicodeScalars.append(next)
                        scalars = scalars.dropFirst()
                    }
                    row.append(character + "|" + state.joined(separator: ";"))
                }
                while let last = row.last, last.hasPrefix(" |"),
                      !last.dropFirst(2).split(separator: ";").contains(where: { $0 == "4" || $0 == "7" || $0.hasPrefix("4") && $0.count == 2 || $0.hasPrefix("10") || $0.hasPrefix("48") }) {
                    row.removeLast()
                }
                return row
            }
        }

        @Test(arguments: stories.indices, [false, true])
        func anEmojiTypedIntoTheNameShowsAsItsRepaint(story: Int, scalarAtATime: Bool) {
            let (name, text) = Self.stories[story]
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
            tmux.waitFor("Untitled")
            tmux.type("3"); tmux.keys("Enter")
            tmux.type("500"); tmux.keys("Enter")
            tmux.type("g")
            tmux.tab(from: .unit, to: .name)
            tmux.waitFor("Name")
            tmux.type("Ab")
            tmux.waitFor("Ab▏")
            if scalarAtATime {
                for scalar in text.unicodeScalars {
                    tmux.type(String(scalar))
                    usleep(120_000)  // a frame of its own for each, most of the time (the test holds either way)
                    // The cursor rests on the name's row (it was left on the keypad), wherever the key's flash was.
                    let screen = tmux.waitFor("U+\(String(scalar.value, radix: 16)) typed, the flash over") { !$0.contains("│\u{1B}[7m") }
                    let nameRow = screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("Ab") }
                    let y = cursor(tmux).split(separator: " ").last.flatMap { Int($0) }
                    #expect(y == nameRow, "\(name): after U+\(String(scalar.value, radix: 16)) the cursor is on row \(y ?? -1), the name on \(nameRow ?? -1)")
                }
            } else {
                tmux.type(text)
            }
            tmux.type("cd")
            let typed = tmux.waitFor("\(name) then cd", styled: true) { $0.contains("cd▏") }
            let typedCursor = cursor(tmux)
            tmux.keys("C-l")
            usleep(300_000)
            let repainted = tmux.waitFor("the repaint", styled: true) { $0.contains("cd▏") }
            let typedCells = Self.cells(typed), repaintedCells = Self.cells(repainted)
            let differing = typedCells.indices.filter { $0 >= repaintedCells.count || typedCells[$0] != repaintedCells[$0] }
            #expect(differing.isEmpty && typedCells.count == repaintedCells.count,
                    "\(name): rows \(differing) differ: \(differing.map { (typedCells[$0], $0 < repaintedCells.count ? repaintedCells[$0] : []) }); typed:\n\(typed)\nrepainted:\n\(repainted)")
            #expect(cursor(tmux) == typedCursor, "\(name): the cursor after typing \(typedCursor), after the repaint \(cursor(tmux))")
            // The caret glyph sits where the cursor rests.
            let parts = typedCursor.split(separator: " ").compactMap { Int($0) }
            let row = tmux.screen.split(separator: "\n", omittingEmptySubsequences: false)
            if parts.count == 2, parts[1] < row.count {
                #expect(row[parts[1]].contains("cd▏"), "\(name): the cursor's row: \(row[parts[1]])")
            }
        }
    }
}
