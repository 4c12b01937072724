import Foundation
import Testing
import TestSupport

extension EndToEnd {
    /// The real binary in a real terminal (tmux). Each test has its own tmux server and database.
    @Suite struct AppEndToEndTests {
        /// The screen line that shows a product's name.
        func line(_ screen: String, containing text: String) -> String {
            screen.split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
        }

        @Test func typeThreeProductsWithTheKeyboardAndReadTheRanking() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
            tmux.waitFor("New comparison")
            for (price, qty, unit, name) in [("3.99", "500", "g", "small"), ("6.99", "1", "kg", "big"), ("3", "1", "lb", "pound")] {
                tmux.type(price); tmux.keys("Tab")
                tmux.type(qty); tmux.keys("Tab")
                tmux.type(unit); tmux.keys("Tab")
                tmux.type(name); tmux.keys("Tab")
            }
            let screen = tmux.waitFor { $0.contains("pound") && $0.contains("#4 Price") }
            let pound = line(screen, containing: "pound"), big = line(screen, containing: "big"), small = line(screen, containing: "small")
            #expect(pound.contains("6.61") && pound.contains("Best value"), "\(screen)")
            #expect(big.contains("6.99") && big.contains("+6% more"), "\(screen)")
            #expect(small.contains("7.98") && small.contains("+21% more"), "\(screen)")
            // Each row, rank first: the rank column is what says the order (rows stay in entry order).
            #expect(pound.range(of: #"^ +1 pound +3\.00 +1 lb +6\.61 ★ Best value"#, options: .regularExpression) != nil, "\(pound)")
            #expect(big.range(of: #"^ +2 big +6\.99 +1 kg +6\.99 \+6% more"#, options: .regularExpression) != nil, "\(big)")
            #expect(small.range(of: #"^ +3 small +3\.99 +500 g +7\.98 \+21% more"#, options: .regularExpression) != nil, "\(small)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        @Test func seedStoriesOnTheKeypad() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
            tmux.waitFor("New comparison")
            // "12+" then next field: the operator is dropped.
            tmux.type("12+"); tmux.keys("Tab")
            var screen = tmux.waitFor("#1 Quantity")
            #expect(line(screen, containing: "12.00").isEmpty == false, "\(screen)")
            // "12+3" then next field: evaluated to 15.
            tmux.type("12+3"); tmux.keys("Tab")
            screen = tmux.waitFor("#1 Unit")
            #expect(screen.contains("15"), "\(screen)")
            // Re-entering a filled field starts from its value; deleting through the operator works.
            tmux.keys("BTab")
            screen = tmux.waitFor("#1 Quantity")
            tmux.type("*2"); tmux.keys("BSpace", "BSpace", "BSpace")
            screen = tmux.waitFor { $0.contains("#1 Quantity") && $0.contains("1▏") }
            tmux.type("0/4=")
            screen = tmux.waitFor { $0.contains("2.5▏") }
            #expect(screen.contains("2.5▏"), "\(screen)")
            // A disabled key says why.
            tmux.type("=")
            screen = tmux.waitFor("Nothing to evaluate")
            #expect(screen.contains("Nothing to evaluate"))
            tmux.keys("C-c")
            #expect(tmux.waitForExit() == 0)
        }

        @Test func resizeRelaysOutAndSaysWhenTooSmall() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
            var screen = tmux.waitFor("New comparison")
            #expect(screen.contains("Qty"))          // wide layout has a table header
            tmux.resize(width: 40, height: 20)
            screen = tmux.waitFor("#1 Price:")       // compact editor line (tmux trims trailing spaces)
            #expect(screen.contains("┌───┬───┬───┐"), "\(screen)")
            tmux.resize(width: 30, height: 10)
            screen = tmux.waitFor("Too small")
            #expect(screen.contains("need 40x20"), "\(screen)")
            tmux.resize(width: 100, height: 30)
            screen = tmux.waitFor("Qty")
            #expect(!tmux.isDead)
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        @Test(arguments: ["xterm-256color", "screen"])
        func pasteGoesIntoTheFieldAndNeverTriggersACommand(term: String) {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), term: term)
            tmux.waitFor("New comparison")
            tmux.paste("12\nq4")
            let screen = tmux.waitFor("124▏")
            #expect(screen.contains("124▏"), "\(screen)")
            #expect(screen.contains("#1 Price"))
            #expect(!tmux.isDead)
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        /// Quitting by every path leaves the terminal as it was: echo and canonical mode back, no alternate screen.
        @Test(arguments: ["C-q", "C-c", "TERM", "HUP"])
        func quitPathsRestoreTheTerminal(how: String) {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite"), stty = folder.file("stty.txt")
            let tmux = TmuxSession("\(perCommand(db: db)); stty -a > '\(stty)'")
            tmux.waitFor("New comparison")
            #expect(tmux.format("#{alternate_on}") == "1")
            tmux.type("5")
            tmux.waitFor("5▏")
            switch how {
            case "TERM", "HUP":
                let pids = run(["pgrep", "-f", "--", "per --db \(db)"]).stdout
                #expect(!pids.isEmpty)
                for pid in pids.split(separator: "\n") { kill(Int32(pid)!, how == "TERM" ? SIGTERM : SIGHUP) }
            default:
                tmux.keys(how)
            }
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            let settings = (try? String(contentsOfFile: tmux.waitForFile(stty), encoding: .utf8)) ?? ""
            #expect(settings.contains(" icanon") && settings.contains(" echo "), "\(settings)")
            #expect(tmux.format("#{alternate_on}") == "0")
            #expect(tmux.format("#{cursor_flag}") == "1")
            // What was typed before the signal or quit was committed and saved.
            #expect(run([perBinary, "export", "--db", db]).stdout.contains(#""price": "5""#))
        }

        @Test func unknownTerminalIsRefusedWithOneLine() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), term: "nosuchterm")
            #expect(tmux.waitForExit() == 1)
            #expect(tmux.screen.contains("nosuchterm"))
        }

        @Test(arguments: ["vt100", "linux", "screen", "tmux-256color"])
        func otherTerminalsRender(term: String) {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), term: term, environment: ["NO_COLOR": "1"])
            let screen = tmux.waitFor("New comparison")
            #expect(screen.contains("Price"), "\(screen)")
            if term == "vt100" || term == "linux" { #expect(screen.contains("+---+"), "\(screen)") }
            tmux.type("7*6=")
            #expect(tmux.waitFor("42").contains("42"))
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }
    }
}
