import Foundation
import Testing
import TestSupport

extension EndToEnd {
    @Suite struct ListsEndToEndTests {
        /// Two sessions started together on a new file open the same comparison: what one types, the other shows.
        @Test func twoSessionsStartedOnAFreshDatabaseShareOneComparison() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let a = TmuxSession(perCommand(db: db))
            let b = TmuxSession(perCommand(db: db), width: 40, height: 20)
            a.waitFor("Untitled"); b.waitFor("Untitled")
            a.fill(price: "5", quantity: "500", unit: "g")
            let screen = b.waitFor { $0.contains("500") }
            #expect(screen.contains("Untitled"), "\(screen)")
            a.keys("C-q"); b.keys("C-q")
            #expect(a.waitForExit() == 0 && b.waitForExit() == 0)
            let lists = run([perBinary, "lists", "--db", db]).stdout.split(separator: "\n")
            #expect(lists.count == 2 && lists[1].hasPrefix("Untitled  "), "\(lists)")
        }

        /// Most recently edited first; Home/End, PgDn/PgUp and their Ctrl forms; `/` finds; Ctrl-D then Ctrl-Y.
        @Test func theListScreensKeys() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let json = "[" + (0..<30).map { #"{"title": "c\#($0)", "products": []}"# }.joined(separator: ", ") + "]"
            #expect(run([perBinary, "import", "--db", db, "-"], input: json).status == 0)
            let tmux = TmuxSession(perCommand(db: db), width: 40, height: 20)
            tmux.waitFor("c29")   // the last imported: the most recently edited
            tmux.keys("C-o")
            var screen = tmux.waitFor("Shopping list")
            #expect(screen.contains("Enter open  / find  ^N new  ^D delete"), "\(screen)")
            #expect(screen.split(separator: "\n")[2].contains("› [ ]   1× c29"), "\(screen)")   // an item of the shopping list
            tmux.keys("C-e")   // End (tmux sends End and Home as sequences xterm's terminfo does not list)
            tmux.waitFor { $0.split(separator: "\n").contains { $0.contains("› [ ]   1× c0 ") } }   // selected: its − + after it
            tmux.keys("C-a")
            tmux.waitFor { $0.split(separator: "\n").contains { $0.contains("› [ ]   1× c29 ") } }
            tmux.keys("C-f")   // a page down: 15 rows at 40×20
            screen = tmux.waitFor { $0.split(separator: "\n")[2].contains("c14") }
            tmux.keys("PageUp")
            tmux.waitFor { $0.split(separator: "\n")[2].contains("c29") }
            tmux.type("/c1")
            tmux.waitFor("Find: c1")
            tmux.type("0")
            tmux.keys("Enter")
            screen = tmux.waitFor { $0.hasPrefix(" per │ c10") }
            tmux.keys("C-o"); tmux.waitFor("Shopping list")
            tmux.keys("C-d"); tmux.waitFor("Delete the comparison")   // its "y/n" is past 40 columns
            tmux.type("y")
            screen = tmux.waitFor("Deleted \"c10\" · Ctrl-Y brings it back")
            #expect(!screen.split(separator: "\n").contains { $0.hasSuffix("× c10") }, "\(screen)")
            tmux.keys("C-y")
            screen = tmux.waitFor("Brought back \"c10\"")
            tmux.keys("Escape")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            // Brought back, it is the most recently edited, with what it held.
            let lists = run([perBinary, "lists", "--db", db]).stdout.split(separator: "\n")
            #expect(lists.count == 31 && lists[1].hasPrefix("c10 "), "\(lists)")
        }
    }
}
