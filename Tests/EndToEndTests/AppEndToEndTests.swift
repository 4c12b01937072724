import Foundation
import PerCore
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
            tmux.waitFor("Untitled")
            for (price, qty, unit, name) in [("3.99", "500", "g", "small"), ("6.99", "1", "kg", "big"), ("3", "1", "lb", "pound")] {
                tmux.fill(price: price, quantity: qty, unit: unit, name: name)
            }
            let screen = tmux.waitFor { $0.contains("pound") && $0.contains("Price (new") }
            let pound = line(screen, containing: "pound"), big = line(screen, containing: "big"), small = line(screen, containing: "small")
            #expect(pound.contains("6.61") && pound.contains("Best value"), "\(screen)")
            #expect(big.contains("6.99") && big.contains("+6% more"), "\(screen)")
            #expect(small.contains("7.98") && small.contains("+21% more"), "\(screen)")
            // Each row, rank first: the rank column is what says the order (rows stay in entry order).
            #expect(pound.range(of: #"^ +1 pound +3\.00 +1 lb +today +6\.61 ★ Best value"#, options: .regularExpression) != nil, "\(pound)")
            #expect(big.range(of: #"^ +2 big +6\.99 +1 kg +today +6\.99 \+6% more"#, options: .regularExpression) != nil, "\(big)")
            #expect(small.range(of: #"^ +3 small +3\.99 +500 g +today +7\.98 \+21% more"#, options: .regularExpression) != nil, "\(small)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        /// Ctrl-S lists the best value first and back to the order typed; the edited new row stays last.
        @Test func ctrlSOrdersBestFirstAndBack() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
            tmux.waitFor("Untitled")
            for (price, qty, unit, name) in [("3.99", "500", "g", "small"), ("6.99", "1", "kg", "big"), ("3", "1", "lb", "pound")] {
                tmux.fill(price: price, quantity: qty, unit: unit, name: name)
            }
            func order(_ screen: String) -> [String] {
                screen.split(separator: "\n").compactMap { line in ["small", "big", "pound"].first { line.contains(" \($0) ") } }
            }
            var screen = tmux.waitFor { $0.contains("pound") && $0.contains("Price (new") }
            #expect(order(screen) == ["small", "big", "pound"], "\(screen)")
            tmux.keys("C-s")
            screen = tmux.waitFor("Best value first")
            #expect(order(screen) == ["pound", "big", "small"], "\(screen)")
            // The row being typed: its price cell's cursor and the other fields' placeholders (no verdict of its own).
            #expect(line(screen, containing: "›-").contains("▏") && line(screen, containing: "›-").contains("qty"), "\(screen)")
            tmux.type("1")
            screen = tmux.waitFor("1▏")
            tmux.keys("C-s")
            screen = tmux.waitFor("Products in the order typed")
            #expect(order(screen) == ["small", "big", "pound"], "\(screen)")
            #expect(screen.contains("1▏"), "the field in progress is kept: \(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        /// The one end-to-end test of the Tab order (the others type with `fill`): the fields in `ProductField`'s order
        /// (which `ComparisonScreenTests.tabWalksTheFieldsInOrder` states; Uses only where uses are in play), then the next
        /// product's price, each named above the keypad.
        @Test func tabWalksTheFieldsInOrder() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
            tmux.waitFor("Untitled")
            tmux.type("2")
            let walked = ProductField.allCases.dropFirst().filter { $0 != .uses }.map { "\($0.title) of 2.00" }
            for heading in walked + ["Price (new"] {
                tmux.keys("Tab")
                tmux.waitFor(heading)
            }
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        @Test func seedStoriesOnTheKeypad() {
            let folder = TemporaryFolder()
            let tmux = TmuxSession(perCommand(db: folder.file("per.sqlite")))
            tmux.waitFor("Untitled")
            // "12+" then next field: the operator is dropped.
            tmux.type("12+"); tmux.keys("Tab")
            var screen = tmux.waitFor("Quantity of 12.00")
            #expect(line(screen, containing: "12.00").isEmpty == false, "\(screen)")
            // "12+3" then next field: evaluated to 15.
            tmux.type("12+3"); tmux.keys("Tab")
            screen = tmux.waitFor("Unit of 12.00")
            #expect(screen.contains("15"), "\(screen)")
            // Re-entering a filled field starts from its value; deleting through the operator works.
            tmux.keys("BTab")
            screen = tmux.waitFor("Quantity of 12.00")
            tmux.type("*2"); tmux.keys("BSpace", "BSpace", "BSpace")
            screen = tmux.waitFor { $0.contains("Quantity of 12.00") && $0.contains("1▏") }
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
            var screen = tmux.waitFor("Untitled")
            #expect(screen.contains("Qty"))          // wide layout has a table header
            tmux.resize(width: 40, height: 20)
            screen = tmux.waitFor("Price (new product):")       // compact editor line (tmux trims trailing spaces)
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
            tmux.waitFor("Untitled")
            tmux.paste("12\nq4")
            let screen = tmux.waitFor("124▏")
            #expect(screen.contains("124▏"), "\(screen)")
            #expect(screen.contains("Price (new"))
            #expect(!tmux.isDead)
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }

        /// The signals that end per, by name: each must end it as SIGTERM does.
        static let endingSignals: [String: Int32] = [
            "TERM": SIGTERM, "HUP": SIGHUP, "INT": SIGINT, "QUIT": SIGQUIT, "USR1": SIGUSR1, "USR2": SIGUSR2, "ALRM": SIGALRM,
        ]

        /// Quitting by every path, every ending signal included, leaves the terminal as it was (echo and canonical
        /// mode back, no alternate screen, the cursor shown), exits 0 and saves the field in progress.
        @Test(arguments: ["C-q", "C-c", "TERM", "HUP", "INT", "QUIT", "USR1", "USR2", "ALRM"])
        func quitPathsRestoreTheTerminal(how: String) {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite"), stty = folder.file("stty.txt")
            let tmux = TmuxSession("\(perCommand(db: db)); stty -a > '\(stty)'")
            tmux.waitFor("Untitled")
            #expect(tmux.format("#{alternate_on}") == "1")
            tmux.type("5")
            tmux.waitFor("5▏")
            if let signal = Self.endingSignals[how] {
                let pids = run(["pgrep", "-f", "--", "per --db \(db)"]).stdout
                #expect(!pids.isEmpty)
                for pid in pids.split(separator: "\n") { kill(Int32(pid)!, signal) }
            } else {
                tmux.keys(how)
            }
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            // Nothing drawn over the screen on the way out (the Swift backtracer answers SIGQUIT when let).
            #expect(!tmux.screen.contains("Crash") && !tmux.screen.contains("Backtrace") && !tmux.screen.contains("Thread 0"), "\(tmux.screen)")
            let settings = (try? String(contentsOfFile: tmux.waitForFile(stty), encoding: .utf8)) ?? ""
            #expect(settings.contains(" icanon") && settings.contains(" echo "), "\(settings)")
            #expect(tmux.format("#{alternate_on}") == "0")
            #expect(tmux.format("#{cursor_flag}") == "1")
            // What was typed before the signal or quit was committed and saved.
            #expect(run([perBinary, "export", "--db", db]).stdout.contains(#""price": "5""#))
        }

        /// What is being typed on the shopping list (an item, a rename, a new comparison's title) is committed by
        /// Ctrl-Q, Ctrl-C and the ending signals as Enter would commit it, exit 0.
        @Test(arguments: ["C-q", "C-c", "HUP", "TERM"])
        func titlesBeingTypedOnTheListAreSavedByEveryQuit(how: String) {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            func quit(_ tmux: TmuxSession) {
                if let signal = Self.endingSignals[how] {
                    let pids = run(["pgrep", "-f", "--", "per --db \(db)"]).stdout
                    for pid in pids.split(separator: "\n") { kill(Int32(pid)!, signal) }
                } else {
                    tmux.keys(how)
                }
                #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            }
            // An item typed on the list.
            var tmux = TmuxSession(perCommand(db: db))
            tmux.waitFor("Untitled")
            tmux.keys("C-o")
            tmux.waitFor("Shopping list")
            tmux.type("milk")
            tmux.waitFor("milk")
            quit(tmux)
            #expect(run([perBinary, "lists", "--db", db]).stdout.contains("milk"))
            // A rename of the selected one.
            tmux = TmuxSession(perCommand(db: db))
            tmux.keys("C-o")
            tmux.waitFor("Shopping list")
            tmux.keys("C-r", "C-u")
            tmux.type("oat milk")
            tmux.waitFor("oat milk")
            quit(tmux)
            #expect(run([perBinary, "lists", "--db", db]).stdout.contains("oat milk"))
            // A new comparison's title.
            tmux = TmuxSession(perCommand(db: db))
            tmux.keys("C-o")
            tmux.waitFor("Shopping list")
            tmux.keys("C-n")
            tmux.type("Rice")
            tmux.waitFor("Rice")
            quit(tmux)
            #expect(run([perBinary, "lists", "--db", db]).stdout.contains("Rice"))
        }

        /// SIGXFSZ (a file size limit reached) is ignored: the write fails instead and per goes on.
        @Test func sigxfszLeavesPerRunning() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite"), stty = folder.file("stty.txt")
            let tmux = TmuxSession("\(perCommand(db: db)); stty -a > '\(stty)'")
            tmux.waitFor("Untitled")
            tmux.type("6")
            tmux.waitFor("6▏")
            let pids = run(["pgrep", "-f", "--", "per --db \(db)"]).stdout.split(separator: "\n").compactMap { Int32($0) }
            #expect(pids.count == 1, "pgrep found \(pids)")
            for pid in pids {
                // Ignored (its bit is set in SigIgn), so the kernel discards it when sent: nothing to wait for.
                let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
                let ignored = status.split(separator: "\n").first { $0.hasPrefix("SigIgn:") }
                    .flatMap { UInt64($0.dropFirst("SigIgn:".count).trimmingCharacters(in: .whitespaces), radix: 16) } ?? 0
                #expect(ignored & (1 << UInt64(SIGXFSZ - 1)) != 0, "SigIgn \(String(ignored, radix: 16))")
                kill(pid, SIGXFSZ)
            }
            // Were it not ignored, its default action would end per before it read the 7 typed after it.
            #expect(tmux.exitStatus == nil, "\(tmux.screen)")
            #expect(tmux.format("#{alternate_on}") == "1")
            tmux.type("7")
            #expect(tmux.waitFor("67▏").contains("67▏"), "\(tmux.screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
            let settings = (try? String(contentsOfFile: tmux.waitForFile(stty), encoding: .utf8)) ?? ""
            #expect(settings.contains(" icanon") && settings.contains(" echo "), "\(settings)")
            #expect(tmux.format("#{alternate_on}") == "0")
            #expect(run([perBinary, "export", "--db", db]).stdout.contains(#""price": "67""#))
        }

        /// LINES and COLUMNS in the environment (left by `eval $(resize)`) must not pin the size: per follows the
        /// terminal's real size at start and through resizes.
        @Test func linesAndColumnsFromTheEnvironmentDoNotPinTheSize() {
            let folder = TemporaryFolder()
            let db = folder.file("per.sqlite")
            let tmux = TmuxSession(perCommand(db: db), width: 100, height: 30, environment: ["LINES": "24", "COLUMNS": "80"])
            func titleBar(_ screen: String) -> String {
                screen.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            }
            // The title bar ends with the comparison unit at the right edge: past column 90 at the real 100 columns.
            var screen = tmux.waitFor("Untitled")
            #expect(titleBar(screen).hasSuffix("per unit") && titleBar(screen).count > 90, "\(screen)")
            tmux.resize(width: 60, height: 22)
            screen = tmux.waitFor { titleBar($0).hasSuffix("per unit") && titleBar($0).count <= 60 }
            #expect(titleBar(screen).hasSuffix("per unit") && titleBar(screen).count <= 60, "\(screen)")
            tmux.resize(width: 30, height: 15)
            screen = tmux.waitFor("need 40x20")
            #expect(screen.contains("need 40x20"), "\(screen)")
            tmux.resize(width: 90, height: 26)
            screen = tmux.waitFor { titleBar($0).hasSuffix("per unit") && titleBar($0).count > 80 }
            #expect(titleBar(screen).hasSuffix("per unit") && titleBar(screen).count > 80, "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0, "\(tmux.screen)")
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
            let screen = tmux.waitFor("Untitled")
            #expect(screen.contains("Price"), "\(screen)")
            if term == "vt100" || term == "linux" { #expect(screen.contains("+---+"), "\(screen)") }
            tmux.type("7*6=")
            #expect(tmux.waitFor("42").contains("42"))
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
        }
    }
}

/// What `make install` and `make deb` ship beside the binary: help, man page, completions, the package.
@Suite struct ShippingTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    @Test func helpListsTheAppsOptionsBesideTheSubcommands() {
        let help = run([perBinary, "--help"])
        #expect(help.status == 0)
        for text in ["--db <db>", "--no-mouse", "SUBCOMMANDS:", "compare", "lists", "export"] {
            #expect(help.stdout.contains(text), "per --help lacks \(text):\n\(help.stdout)")
        }
        // The options still reach the app's subcommand and the store commands, before or after their name.
        let folder = TemporaryFolder()
        let db = folder.file("per.sqlite")
        #expect(run([perBinary, "import", "--db", db, "-"], input: #"[{"title": "Oats", "products": []}]"#).status == 0)
        #expect(run([perBinary, "--db", db, "lists"]).stdout.contains("Oats"))
        #expect(run([perBinary, "lists", "--db", db]).stdout.contains("Oats"))
        // Arguments the quick path does not take go to swift-argument-parser, which explains them.
        let missing = run([perBinary, "--db"])
        #expect(missing.status == 2 && missing.stderr.hasPrefix("per: missing value for '--db <db>'"), "\(missing)")
        let unknown = run([perBinary, "--no-mouse", "--bogus"])
        #expect(unknown.status == 2 && unknown.stderr.hasPrefix("per: unknown option '--bogus'"), "\(unknown)")
    }

    /// The man page is generated from the command definitions and Docs/USAGE.md, so it has every command,
    /// option, key and ending signal.
    @Test func manPageCoversCommandsOptionsKeysAndSignals() throws {
        let page = run(["python3", Self.root + "/Scripts/manpage", perBinary, Self.root + "/Docs/USAGE.md"])
        #expect(page.status == 0, "\(page.stderr)")
        let text = page.stdout
        #expect(text.hasPrefix(".\\\" Generated") && text.contains(".TH PER 1"), "\(text.prefix(200))")
        for section in [".SH SYNOPSIS", ".SH OPTIONS", ".SH COMMANDS", ".SH KEYS", ".SH SIGNALS", ".SH FILES", ".SH EXAMPLES", ".SH SEE ALSO"] {
            #expect(text.contains(section), "no \(section)")
        }
        // Issue 41: SEE ALSO sends readers where the package puts the docs; every example of a command runs as written.
        let seeAlso = text.components(separatedBy: ".SH SEE ALSO\n").last ?? ""
        #expect(seeAlso.contains("/usr/share/doc/per") && seeAlso.contains("README.md") && seeAlso.contains("USAGE.md"), "\(seeAlso)")
        let examples = (text.components(separatedBy: ".SH EXAMPLES\n").last ?? "").components(separatedBy: ".SH ").first ?? ""
        let commands = examples.split(separator: "\n").filter { $0.hasPrefix("\\fB") }
            .map { $0.dropFirst(3).replacingOccurrences(of: "\\fR", with: "").replacingOccurrences(of: "\\-", with: "-") }
        #expect(commands.count >= 6, "\(examples)")
        let folder = TemporaryFolder()
        let db = folder.file("per.sqlite")
        #expect(run([perBinary, "import", "--db", db, "-"], input: #"[{"title": "Oats", "products": [{"name": "a", "price": "1", "quantity": "1", "unit": "kg"}]}]"#).status == 0)
        for command in commands where command.hasPrefix("per ") {
            let ran = run(["sh", "-c", "cd \"$0\" && PATH=\"$1:$PATH\" " + command, folder.path, (perBinary as NSString).deletingLastPathComponent],
                          environment: ["PER_DB": db])
            #expect(ran.status == 0, "\(command): \(ran)")
        }
        for command in ["app", "compare", "lists", "show", "export", "import"] {
            #expect(text.contains(".SS per \(command)"), "no per \(command)")
        }
        for option in ["\\-\\-db", "\\-\\-no\\-mouse", "\\-\\-format", "\\-\\-per"] {
            #expect(text.contains(option), "no \(option)")
        }
        for key in ["Ctrl\\-Q, Ctrl\\-C", "F1", "Ctrl\\-O", "Ctrl\\-Z"] {
            #expect(text.contains(key), "no key \(key)")
        }
        for signal in ["SIGQUIT", "SIGUSR1", "SIGXFSZ"] {
            #expect(text.contains(signal), "no \(signal)")
        }
        // groff reads it without warnings, where groff is installed.
        if run(["sh", "-c", "command -v groff"]).status == 0 {
            let folder = TemporaryFolder()
            let file = folder.file("per.1")
            try text.write(toFile: file, atomically: true, encoding: .utf8)
            let rendered = run(["groff", "-man", "-Tutf8", "-P-cbou", "-ww", file])
            #expect(rendered.status == 0 && rendered.stderr.isEmpty, "\(rendered.stderr)")
            #expect(rendered.stdout.contains("KEYS"))
        }
    }

    /// `make install PREFIX=…` installs what make build made: the first install strips the binary and writes its man page
    /// and completions, a second finds them made and makes nothing, and neither needs swift on the PATH (sudo's has
    /// none). `make uninstall` takes every file away. A copy of the debug build, newer than every source, stands in for
    /// the release binary.
    @Test func installInstallsWhatWasBuiltAndUninstallRemovesIt() throws {
        let folder = TemporaryFolder()
        let prefix = folder.file("prefix"), built = folder.file("per")
        #expect(run(["cp", perBinary, built]).status == 0)
        let withoutSwift = ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"]
        #expect(run(["sh", "-c", "command -v swift"], environment: withoutSwift).status != 0, "swift is in /usr/bin: PATH does not leave it out")
        let make = ["make", "-C", Self.root, "GENERATED=\(folder.file("generated"))", "PREFIX=\(prefix)"]
        let install = run(make + ["BIN_RELEASE=\(built)", "install"], environment: withoutSwift)
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("strip -o") && install.stdout.contains("Scripts/manpage"), "\(install.stdout)")
        let again = run(make + ["BIN_RELEASE=\(built)", "install"], environment: withoutSwift)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stdout.contains("strip -o") && !again.stdout.contains("Scripts/manpage") && !again.stdout.contains("--generate-completion-script"),
                "the second install made again what the first made:\n\(again.stdout)")
        let placed = ["bin/per", "share/man/man1/per.1", "share/bash-completion/completions/per",
                      "share/zsh/site-functions/_per", "share/fish/vendor_completions.d/per.fish",
                      "share/doc/per/LICENSE", "share/doc/per/THIRD-PARTY-NOTICES", "share/doc/per/CHANGELOG.md"]
        #expect(Self.files(under: prefix) == placed.sorted())
        let version = run([prefix + "/bin/per", "--version"])
        #expect(version.status == 0 && !version.stdout.isEmpty, "\(version)")
        #expect(run(["sh", "-c", "nm \"$0\" 2>&1 | grep -c 'no symbols'", prefix + "/bin/per"]).stdout.hasPrefix("1"),
                "the installed binary is not stripped")
        #expect(try String(contentsOfFile: prefix + "/share/man/man1/per.1", encoding: .utf8).contains(".TH PER 1"))
        // No binary and no swift: install says what to do, and installs nothing.
        let unbuilt = run(make + ["BIN_RELEASE=\(folder.file("none"))", "install"], environment: withoutSwift)
        #expect(unbuilt.status != 0 && unbuilt.stderr.contains("run make build first"), "\(unbuilt)")
        let uninstall = run(make + ["BIN_RELEASE=\(built)", "uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(Self.files(under: prefix) == [])
    }

    /// `make deb` packages what make build made: Debian's paths, its changelog and machine-readable copyright (make test
    /// runs lintian on the release build's package; `ChrootEndToEndTests` installs it and runs per).
    @Test func debianPackageHoldsPerInDebiansPlaces() throws {
        let folder = TemporaryFolder()
        let deb = packageForTests, root = folder.file("root")
        #expect(run(["dpkg", "-x", deb, root]).status == 0)
        let schemas = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/Docs/schema").filter { $0.hasSuffix(".json") }
        let units = try FileManager.default.contentsOfDirectory(atPath: Self.root + "/contrib/systemd")
        #expect(Self.files(under: root) == ([
            "usr/bin/per", "usr/share/bash-completion/completions/per", "usr/share/doc/per/README.md", "usr/share/doc/per/USAGE.md",
            "usr/share/doc/per/VOCABULARY.md", "usr/share/doc/per/changelog.gz",
            "usr/share/doc/per/copyright", "usr/share/fish/vendor_completions.d/per.fish", "usr/share/lintian/overrides/per",
            "usr/share/man/man1/per.1.gz", "usr/share/zsh/vendor-completions/_per",
        ] + schemas.map { "usr/share/doc/per/schema/\($0)" } + units.map { "usr/share/doc/per/examples/systemd/\($0)" }).sorted())
        // What the static binary carries, by source package (Debian Policy 7.8), and who to write to.
        let builtUsing = run(["dpkg-deb", "--field", deb, "Built-Using"]).stdout
        #expect(builtUsing.contains("sqlite3 (= ") && builtUsing.contains("ncurses (= "), "\(builtUsing)")
        let packageVersion = run(["dpkg-deb", "--field", deb, "Version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let changelog = run(["sh", "-c", "gzip -dc \"$0\"", root + "/usr/share/doc/per/changelog.gz"])
        #expect(changelog.stdout.hasPrefix("per (\(packageVersion)) unstable; urgency=medium"), "\(changelog.stdout)")
        let copyright = try String(contentsOfFile: root + "/usr/share/doc/per/copyright", encoding: .utf8)
        #expect(copyright.hasPrefix("Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\nUpstream-Name: per\nUpstream-Contact: "
                                    ), "\(copyright.prefix(300))")
        #expect(copyright.contains("\nSource: "))
        // Issue 41: the repository's home, in the control file and as the copyright's Source.
        let homepage = run(["dpkg-deb", "--field", deb, "Homepage"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(homepage.hasPrefix("https://") && copyright.contains("\nSource: \(homepage) "), "Homepage: \(homepage)")
        #expect(copyright.contains("\nLicense: Apache-2.0 with Runtime Library Exception\n The Apache License 2.0"), "the exception's text")
        #expect(copyright.contains("Files: *\nCopyright: ") && copyright.contains("/usr/share/common-licenses/Apache-2.0")
                && !copyright.contains("TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION"), "\(copyright.prefix(2000))")
    }

    /// Two packages of one build are the same bytes: every file and the archive dated the commit (SOURCE_DATE_EPOCH).
    @Test func twoPackagesOfOneBuildAreTheSameBytes() throws {
        let folder = TemporaryFolder()
        let built = folder.file("per")
        #expect(run(["cp", perBinary, built]).status == 0)
        var packages: [Data] = []
        for name in ["first", "second"] {
            let deb = folder.file("\(name).deb")
            let make = run(["make", "-s", "-C", Self.root, "BIN_RELEASE=\(built)", "GENERATED=\(folder.file(name))", "DEB=\(deb)", "deb"])
            #expect(make.status == 0, "\(make.stderr)")
            packages.append(try Data(contentsOf: URL(fileURLWithPath: deb)))
        }
        #expect(packages[0] == packages[1])
    }

    /// The regular files under a folder, as paths relative to it, sorted.
    static func files(under folder: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
        return all.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsKnowTheOptionsAndCommands(shell: String) {
        let script = run([perBinary, "--generate-completion-script", shell])
        #expect(script.status == 0, "\(script.stderr)")
        for word in ["no-mouse", "db", "compare", "export"] {  // fish spells options -l no-mouse
            #expect(script.stdout.contains(word), "the \(shell) completion lacks \(word)")
        }
    }
}
