import Foundation
import Testing

@Suite(.serialized) struct TerminalBehaviourTests {
    @Test func ctrlZSuspendsAndFgRedraws() {
        let folder = TemporaryFolder()
        let tmux = TmuxSession("bash --norc --noprofile -i", environment: ["PS1": "shell$ "])
        tmux.waitFor("shell$")
        tmux.type(perCommand(db: folder.file("per.sqlite"))); tmux.keys("Enter")
        tmux.waitFor("New comparison")
        tmux.type("42")
        tmux.waitFor("42▏")
        tmux.keys("C-z")
        var screen = tmux.waitFor("Stopped")
        #expect(screen.contains("Stopped"), "\(screen)")
        #expect(tmux.format("#{alternate_on}") == "0")
        tmux.type("fg"); tmux.keys("Enter")
        screen = tmux.waitFor("42▏")
        #expect(screen.contains("New comparison") && screen.contains("42▏"), "\(screen)")
        tmux.type("+1=")
        #expect(tmux.waitFor("43▏").contains("43▏"))
        tmux.keys("C-q")
        screen = tmux.waitFor(timeout: 5) { $0.contains("shell$") && !$0.contains("New comparison") }
        #expect(tmux.format("#{alternate_on}") == "0")
    }

    /// ncurses sends only the cells that changed: a digit must not repaint the screen (a repaint is over 1,000 bytes).
    @Test func aDigitSendsOnlyTheChangedCells() throws {
        let folder = TemporaryFolder()
        let log = folder.file("output.bin")
        let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
        tmux.waitFor("New comparison")
        tmux.type("1")            // the first digit enables the operator keys: not the case measured
        tmux.waitFor("1▏")
        usleep(400_000)           // let the key flash end
        tmux.tmux(["pipe-pane", "-t", "main", "-o", "cat >> '\(log)'"])
        usleep(100_000)
        tmux.type("2")
        tmux.waitFor("12▏")
        usleep(400_000)
        tmux.tmux(["pipe-pane", "-t", "main"])
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
