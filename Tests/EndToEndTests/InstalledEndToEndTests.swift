import Foundation
import Testing
import TestSupport

/// per as `make install` puts it at a PREFIX: `/usr` and `/usr/local` laid over the system's own folders in a mount
/// namespace of the command's own (an overlay: nothing outside it sees the install, nothing is left behind), or
/// `$HOME/.local` under a home of the test's. A copy of PER_BINARY stands in for the release binary (make test: the
/// stripped release binary itself).
struct Installed {
    let folder = TemporaryFolder()
    let prefix: String
    var home: String { folder.file("home") }

    /// `prefix` is `/usr`, `/usr/local` or `~/.local` (under `home`).
    init(prefix: String) {
        let home = folder.file("home")
        self.prefix = prefix == "~/.local" ? home + "/.local" : prefix
        try? FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let built = folder.file("per")
        #expect(run(["cp", perBinary, built]).status == 0)
        let destination = self.prefix.hasPrefix(home) ? [] : ["DESTDIR=\(folder.file("root"))"]
        let install = run(["make", "-s", "-C", ShippingTests.root, "BIN_RELEASE=\(built)", "GENERATED=\(folder.file("generated"))",
                           "PREFIX=\(self.prefix)"] + destination + ["install"])
        #expect(install.status == 0, "\(install.stderr)")
    }

    /// A shell command line that runs `command` in `home` with the install in place: for `/usr` and `/usr/local`, in a
    /// mount namespace where the installed files lie over the system's.
    func command(_ command: String) -> String {
        let script = folder.file("in-prefix.sh")
        let overlay = prefix.hasPrefix(home) ? "" : """
            mount -t overlay overlay -o lowerdir='\(folder.file("root"))\(prefix)':'\(prefix)' '\(prefix)' || exit 1
            """
        try? "cd '\(home)' || exit 1\n\(overlay)\nexec \(command)\n".write(toFile: script, atomically: true, encoding: .utf8)
        return overlay.isEmpty ? "sh '\(script)'" : "unshare -m --propagation private sh '\(script)'"
    }

    /// The environment of a login on this home: the default files, per's `bin` on the PATH.
    var environment: [String: String] {
        ["HOME": home, "XDG_DATA_HOME": home + "/.local/share", "XDG_CONFIG_HOME": home + "/.config",
         "XDG_DATA_DIRS": "/usr/local/share:/usr/share", "PATH": "\(prefix)/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"]
    }
}

extension EndToEnd {
    /// Tab completes per's arguments in bash (with Debian's bash-completion, as its default ~/.bashrc loads it), zsh
    /// (compinit) and fish, for each PREFIX `make install` takes, each shell finding the script where it looks: saved
    /// titles in any case, saved shops, files, and a decimal mark.
    @Suite struct CompletionEndToEndTests {
        static let shells = ["bash", "zsh", "fish"]
        static let prefixes = ["/usr", "/usr/local", "~/.local"]

        @Test(arguments: shells, prefixes)
        func tabCompletesTitlesShopsAndFiles(shell: String, prefix: String) throws {
            let installed = Installed(prefix: prefix)
            let home = installed.home
            try setUpShell(shell, home: home, prefix: prefix)
            try "[]".write(toFile: home + "/shopping.json", atomically: true, encoding: .utf8)
            let seed = run([perBinary, "import", "-"], environment: installed.environment,
                           input: #"[{"title": "Oats", "products": []}, {"title": "rolled oats", "products": []}, "#
                            + #"{"title": "Soy milk", "products": []}, {"title": "Olive oil", "products": []}]"#)
            #expect(seed.status == 0, "\(seed)")
            for shop in ["Aldi", "Trader Joe"] {
                let shopper = TmuxSession(installed.command("per --shop '\(shop)'"), environment: installed.environment)
                shopper.waitFor("Price")
                shopper.fill(price: "1", quantity: "1", unit: "kg")
                shopper.keys("C-q")
                #expect(shopper.waitForExit() == 0)
            }

            let tmux = TmuxSession(installed.command(shell), width: 100, environment: installed.environment)
            tmux.type("echo per-ready"); tmux.keys("Enter")
            tmux.waitFor(timeout: 20, "the prompt") { $0.split(separator: "\n").contains("per-ready") }
            // A title or shop with a space completes as the shell reads it (fish quotes it its own way).
            let spaced = shell == "fish"
                ? [("per show 'Soy m", "per show 'Soy milk'"), ("per trip --shop 'Trader J", "per trip --shop 'Trader Joe'")]
                : [(#"per show Soy\ m"#, #"per show Soy\ milk"#), (#"per show "Olive o"#, #"per show "Olive oil""#),
                   (#"per trip --shop Trader\ J"#, #"per trip --shop Trader\ Joe"#)]
            for (typed, completed) in [("per show oa", "per show Oats"), ("per trip --shop al", "per trip --shop Aldi"),
                                       ("per import sho", "per import shopping.json"), ("per lists --db .local/sh", "per lists --db .local/share/")]
                + spaced {
                tmux.type(typed); tmux.keys("Tab")
                tmux.waitFor(completed)
                // A key typed after the completion shows once the shell has finished it (it reads keys in order); only
                // then does Ctrl-C go to the line, not to a completion still running (a loaded machine lost it).
                tmux.type("X")
                tmux.waitFor("\(completed) then X") { $0.split(separator: "\n").contains { $0.contains(completed) && $0.hasSuffix("X") } }
                tmux.keys("C-c")
            }
            // Issue 41: `--decimal .` completes to the mark and a space, never to the folder `./` (bash's -o filenames
            // put a slash after any word that names a folder here).
            tmux.type("per compare --decimal ."); tmux.keys("Tab")
            tmux.type("X")   // after the completion: the shell reads keys in order
            tmux.waitFor("per compare --decimal . X")
            #expect(!tmux.screen.contains("--decimal ./"), "\(tmux.screen)")
            tmux.keys("C-c")
        }

        /// What each shell reads at its start, as its user has it: Debian's ~/.bashrc; compinit in ~/.zshrc, with
        /// `~/.local`'s folder put on $fpath first (README); fish without autosuggestions (grey text is on the screen).
        func setUpShell(_ shell: String, home: String, prefix: String) throws {
            switch shell {
            case "bash":
                #expect(run(["cp", "/etc/skel/.bashrc", home + "/.bashrc"]).status == 0)
            case "zsh":
                let fpath = prefix == "~/.local" ? "fpath=(~/.local/share/zsh/site-functions $fpath)\n" : ""
                try (fpath + "autoload -Uz compinit && compinit\n").write(toFile: home + "/.zshrc", atomically: true, encoding: .utf8)
            case "fish":
                try FileManager.default.createDirectory(atPath: home + "/.config/fish", withIntermediateDirectories: true)
                try "set -g fish_autosuggestion_enabled 0\n".write(toFile: home + "/.config/fish/config.fish", atomically: true, encoding: .utf8)
            default:
                Issue.record("no start files for \(shell)")
            }
        }
    }
}
