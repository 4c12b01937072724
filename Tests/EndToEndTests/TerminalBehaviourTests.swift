import Foundation
import Testing
import TestSupport

extension EndToEnd {
    @Suite struct TerminalBehaviourTests {
        @Test func ctrlZSuspendsAndFgRedraws() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession("bash --norc --noprofile -i", environment: ["PS1": "shell$ "])
            tmux.waitFor("shell$")
            tmux.type(perCommand(db: folder.file("per.sqlite"))); tmux.keys("Enter")
            tmux.waitFor("Untitled")
            tmux.type("42")
            tmux.waitFor("42▏")
            tmux.keys("C-z")
            var screen = tmux.waitFor("Stopped")
            #expect(screen.contains("Stopped"), "\(screen)")
            #expect(tmux.format("#{alternate_on}") == "0")
            tmux.type("fg"); tmux.keys("Enter")
            screen = tmux.waitFor("42▏")
            #expect(screen.contains("Untitled") && screen.contains("42▏"), "\(screen)")
            tmux.type("+1=")
            #expect(tmux.waitFor("43▏").contains("43▏"))
            tmux.keys("C-q")
            screen = tmux.waitFor(timeout: 5) { $0.contains("shell$") && !$0.contains("Untitled") }
            #expect(tmux.format("#{alternate_on}") == "0")
        }

        /// linux, putty and cygwin name ^Z the suspend key (`kspd`), which ncurses then hands over as KEY_SUSPEND: it
        /// suspends as ^Z does elsewhere, and what is typed at the shell meanwhile never reaches per.
        @Test(arguments: [("linux", "42_"), ("putty", "42▏")])
        func ctrlZSuspendsWhereTerminfoNamesItTheSuspendKey(term: String, typed: String) {
            let folder = TemporaryFolder()
            let tmux = TmuxSession("bash --norc --noprofile -i", term: term, environment: ["PS1": "shell$ "])
            tmux.waitFor("shell$")
            tmux.type(perCommand(db: folder.file("per.sqlite"))); tmux.keys("Enter")
            tmux.waitFor("Untitled")
            tmux.type("42")
            tmux.waitFor(typed)
            tmux.keys("C-z")
            tmux.waitFor("Stopped")
            tmux.type("fg"); tmux.keys("Enter")
            let screen = tmux.waitFor(typed)
            #expect(!screen.contains("fg"), "\(screen)")
            tmux.type("+1=")
            tmux.waitFor(typed.replacingOccurrences(of: "42", with: "43"))
            tmux.keys("C-q")
            tmux.waitFor(timeout: 5) { $0.contains("shell$") && !$0.contains("Untitled") }
        }

        /// Started without a shell that can resume it (per itself in a window: no job control), Ctrl-Z says so and
        /// keeps the screen; typing goes on.
        @Test func ctrlZWithoutJobControlSaysSoAndKeepsTheScreen() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
            tmux.waitFor("Untitled")
            tmux.type("42")
            tmux.waitFor("42▏")
            tmux.keys("C-z")
            let screen = tmux.waitFor("can't suspend")
            #expect(screen.contains("42▏") && screen.contains("Untitled"), "\(screen)")
            tmux.type("+1=")
            tmux.waitFor("43▏")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        /// vt100 cannot hide the cursor: after every frame it waits at the caret of the field being typed into.
        @Test func underVT100TheCursorWaitsAtTheCaret() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), term: "vt100")
            tmux.waitFor("Untitled")
            // vt100 has ASCII glyphs: the caret is `_`, the focused row starts with `>`.
            for (key, shown) in [("4", "4_"), ("2", "42_"), ("+", "42+_"), ("1", "42+1_")] {
                tmux.type(key)
                let screen = tmux.waitFor(shown)
                let lines = screen.components(separatedBy: "\n")
                let y = lines.firstIndex { $0.hasPrefix(">") && $0.contains(shown) } ?? -1
                let x = y < 0 ? -1 : lines[y].distance(from: lines[y].startIndex, to: lines[y].range(of: shown)!.upperBound) - 1
                #expect(tmux.format("#{cursor_x},#{cursor_y}") == "\(x),\(y)", "after \(shown):\n\(screen)")
            }
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        /// GNU screen's default (no `altscreen`): per has no alternate screen to leave, so it clears what it drew.
        @Test func quittingWithoutAnAlternateScreenLeavesNothingDrawn() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession("bash --norc --noprofile -i", environment: ["PS1": "shell$ "])
            tmux.waitFor("shell$")
            tmux.tmux(["set-window-option", "-t", "main", "alternate-screen", "off"])
            tmux.type(perCommand(db: folder.file("per.sqlite"))); tmux.keys("Enter")
            tmux.waitFor("Untitled")
            tmux.type("42")
            tmux.waitFor("42▏")
            tmux.keys("C-q")
            let screen = tmux.waitFor(timeout: 5) { $0.contains("shell$") && !$0.contains("Untitled") }
            for drawn in ["Untitled", "42▏", "┌", "│", "ranked", "quit"] {
                #expect(!screen.contains(drawn), "'\(drawn)' stayed on the shell's screen:\n\(screen)")
            }
        }

        /// Digits and their keys' flashes are per's own bytes, with the terminal's save and restore cursor (decision
        /// 152): in a real terminal (tmux) the screen they leave, attributes included, is what a full repaint draws.
        @Test func digitsPerWritesItselfLeaveTheScreenARepaintDraws() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
            tmux.waitFor("Untitled")
            for (key, shown) in [("3", "3▏"), (".", "3.▏"), ("9", "3.9▏"), ("9", "3.99▏")] {
                tmux.type(key)
                tmux.waitFor(shown)
            }
            tmux.type("45")  // one after the other, the first key's flash still on
            tmux.keys("BSpace")
            tmux.type("+1")
            let rows = ["│ 1 │ 2 │ 3 │", "│ 4 │ 5 │ 6 │", "│ 7 │ 8 │ 9 │"]
            let typed = tmux.waitFor("3.994+1▏, no key flashed", styled: true) { screen in
                screen.contains("3.994+1") && rows.allSatisfy { screen.contains($0) }
            }
            tmux.keys("C-l")
            let repainted = tmux.waitFor("the repaint", styled: true) { $0.contains("3.994+1") && rows.allSatisfy($0.contains) }
            #expect(repainted == typed, "typed:\n\(typed)\nrepainted:\n\(repainted)")
            tmux.keys("Tab")
            let committed = tmux.waitFor("the commit") { !$0.contains("3.994+1") && $0.contains("Quantity of 4.994") }
            tmux.keys("C-l")
            let again = tmux.waitFor("the repaint after the commit") { $0.contains("Quantity of 4.994") }
            #expect(again == committed, "committed:\n\(committed)\nrepainted:\n\(again)")
        }

        /// ncurses sends only the cells that changed: a digit must not repaint the screen (a repaint is over 1,000 bytes).
        @Test func aDigitSendsOnlyTheChangedCells() throws {
            let folder = TemporaryFolder()
            let log = folder.file("output.bin")
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
            tmux.waitFor("Untitled")
            // The keypad's first row with no key flashed (a flashed key is reversed: ESC[7m1).
            let noFlash = "│ 1 │ 2 │ 3 │"
            tmux.type("1")            // the first digit enables the operator keys: not the case measured
            tmux.waitFor("1▏ and its flash over", styled: true) { $0.contains("1▏") && $0.contains(noFlash) }
            let piped = folder.file("piped")
            tmux.tmux(["pipe-pane", "-t", "main", "-o", "cat >> '\(log)'; touch '\(piped)'"])
            tmux.waitForPipe(true)
            tmux.type("2")
            tmux.waitFor("12▏ and its flash over", styled: true) { $0.contains("12▏") && $0.contains(noFlash) }
            tmux.tmux(["pipe-pane", "-t", "main"])
            #expect(waitUntil { FileManager.default.fileExists(atPath: piped) }, "the pipe's cat never finished")
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: log)))?.count ?? -1
            #expect(bytes > 0 && bytes < 200, "a digit and its flash wrote \(bytes) bytes")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        @Test func readOnlyDatabaseOpensWithABannerAndSavesNothing() throws {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            #expect(run([perBinary, "import", "--db", db, "-"], input: #"[{"title": "Oats", "per": null, "volumeSystem": "us", "products": [{"name": "a", "price": "2", "quantity": "1", "unit": "kg"}]}]"#).status == 0)
            chmod(db, 0o444)
            let tmux = TmuxSession(perCommand(db: db))
            var screen = tmux.waitFor("READ-ONLY")
            #expect(screen.contains("Oats") && screen.contains("READ-ONLY"), "\(screen)")
            tmux.type("5"); tmux.keys("Tab")
            screen = tmux.waitFor("Not saved")
            #expect(screen.contains("Not saved"), "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            #expect(!run([perBinary, "export", "--db", db]).stdout.contains(#""price": "5""#))
        }
    }
}

extension EndToEnd.TerminalBehaviourTests {
    /// Where `text` first appears on the screen, 1-based as mouse reports count.
    func position(of text: String, in screen: String) -> (x: Int, y: Int)? {
        for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: text) { return (line.distance(from: line.startIndex, to: range.lowerBound) + 1, row + 1) }
        }
        return nil
    }

    @Test func aClickPressesTheKeyUnderIt() throws {
        let folder = TemporaryFolder()
        let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
        let screen = tmux.waitFor("Untitled")
        let five = try #require(position(of: "│ 5 │", in: screen))
        let x = five.x + 2, y = five.y
        // An SGR mouse press and release on the 5 key, as xterm sends them.
        tmux.type("\u{1b}[<0;\(x);\(y)M\u{1b}[<0;\(x);\(y)m")
        #expect(tmux.waitFor("5▏").contains("5▏"))
        let next = try #require(position(of: "next ›", in: tmux.screen))
        tmux.type("\u{1b}[<0;\(next.x);\(next.y)M\u{1b}[<0;\(next.x);\(next.y)m")
        #expect(tmux.waitFor("Quantity of 5.00").contains("5.00"))
        tmux.keys("C-q")
        #expect(tmux.waitForExit() == 0)
    }

    @Test func noMouseLeavesClicksToTheTerminal() {
        let folder = TemporaryFolder()
        let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite"), "--no-mouse"))
        tmux.waitFor("Untitled")
        #expect(tmux.format("#{mouse_any_flag}") == "0")
        tmux.keys("C-q")
        #expect(tmux.waitForExit() == 0)
    }
}

extension EndToEnd.TerminalBehaviourTests {
    /// The price per saved, read back with `per export`.
    func savedPrices(_ db: String) -> [String] {
        let json = run([perBinary, "export", "--db", db]).stdout
        return json.components(separatedBy: "\"price\": \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    /// A modified arrow, mouse reports per does not use, a title report and a kitty-protocol key under
    /// TERM=tmux-256color (whose terminfo knows none of them): nothing types but the kitty keypad's 2,
    /// which is a 2. (Alt-5 is Esc, then 5: per binds no Alt key; KeyDecoderTests.)
    @Test func strayInputNeverTypes() {
        let folder = TemporaryFolder()
        let db = folder.file("per.sqlite")
        let tmux = TmuxSession(perCommand(db: db), term: "tmux-256color")
        tmux.waitFor("Untitled")
        tmux.type("1")
        tmux.waitFor("1▏")
        tmux.type("\u{1b}[1;5A\u{1b}[<1;10;5M\u{1b}[<35;10;5M\u{1b}]0;title\u{07}\u{1b}[57399;5u")
        tmux.type("\u{1b}[57401u")
        tmux.waitFor("2▏")
        tmux.keys("C-q")
        #expect(tmux.waitForExit() == 0)
        #expect(savedPrices(db) == ["12"])
    }

    @Test func ctrlGOpensTheHelpWithoutFKeys() {
        let folder = TemporaryFolder()
        let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), width: 40, height: 20)
        let screen = tmux.waitFor("Untitled")
        #expect(screen.contains("^G help") && !screen.contains("F1"), "\(screen)")
        tmux.keys("C-g")
        tmux.waitFor("keys 1/")
        tmux.keys("C-f")
        tmux.waitFor("keys 2/")
        tmux.type("7")                         // any other key closes the help and types nothing
        tmux.waitFor("Untitled")
        tmux.keys("C-q")
        #expect(tmux.waitForExit() == 0)
    }

    /// Issue 28: a tap on the legend's `^G help` opens the help, a tap on `next ›` turns its page and `‹ prev` back.
    @Test func theLegendAndTheHelpTurnByTaps() throws {
        let folder = TemporaryFolder()
        let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")), width: 40, height: 20)
        func tap(_ text: String) throws {
            let at = try #require(position(of: text, in: tmux.screen), "\(text) in \(tmux.screen)")
            tmux.type("\u{1b}[<0;\(at.x);\(at.y)M\u{1b}[<0;\(at.x);\(at.y)m")
        }
        tmux.waitFor("Untitled")
        try tap("^G help")
        tmux.waitFor("keys 1/")
        try tap("next ›")
        #expect(tmux.waitFor("keys 2/").contains("‹ prev"), "\(tmux.screen)")
        try tap("‹ prev")
        tmux.waitFor("keys 1/")
        try tap("Esc close")
        tmux.waitFor("Untitled")
        tmux.keys("C-q")
        #expect(tmux.waitForExit() == 0)
    }

    /// While "Too small" shows, a digit, Ctrl-K y and Ctrl-D y do nothing; back at a usable size the
    /// comparison is as it was.
    @Test func tooSmallIsInert() {
        let folder = TemporaryFolder()
        let db = folder.file("per.sqlite")
        let tmux = TmuxSession(perCommand(db: db))
        tmux.waitFor("Untitled")
        tmux.fill(price: "6.99", quantity: "1", unit: "kg")
        tmux.type("2")
        tmux.waitFor("2▏")
        tmux.resize(width: 80, height: 19)
        tmux.waitFor("too small")
        tmux.type("5"); tmux.keys("C-k"); tmux.type("y"); tmux.keys("C-d"); tmux.type("y"); tmux.keys("Tab")
        tmux.resize(width: 80, height: 24)
        let screen = tmux.waitFor("2▏")
        #expect(screen.contains("6.99"), "\(screen)")
        tmux.keys("C-q")
        #expect(tmux.waitForExit() == 0)
        #expect(savedPrices(db) == ["6.99", "2"])
    }
}
