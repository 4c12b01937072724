import Foundation
import Testing
import TestSupport

/// An account made as an admin makes one, `useradd -m -s /bin/bash` (its home holds Debian's /etc/skel: the stock
/// ~/.bashrc and ~/.profile), with no password but unlocked (`*`: OpenSSH refuses an account whose password starts
/// with `!`), so it can log in with a key. Removed with its home (`userdel -r`) when the test is done with it.
final class NewAccount {
    let name = "per-ssh-\(Int.random(in: 10_000..<100_000))"
    let home: String

    init() {
        let made = run(["useradd", "-m", "-s", "/bin/bash", "-p", "*", name])
        #expect(made.status == 0, "\(made)")
        home = FileManager.default.homeDirectory(forUser: name)?.path ?? ""
    }

    deinit {
        // Its last ssh session may still be closing: userdel refuses an account that is running a process.
        #expect(waitUntil { run(["userdel", "-r", name]).status == 0 }, "userdel -r \(name) failed")
        #expect(run(["getent", "passwd", name]).status == 2 && !FileManager.default.fileExists(atPath: home))
    }

    /// A shell command line run as this account (runuser), in its home, with a login's HOME and PATH only;
    /// `arguments` are its $0, $1...
    func shell(_ command: String, _ arguments: String..., input: String? = nil) -> (status: Int32, stdout: String, stderr: String) {
        run(["runuser", "-u", name, "--", "env", "-i", "HOME=\(home)", "PATH=/usr/local/bin:/usr/bin:/bin",
             "sh", "-c", "cd && \(command)"] + arguments, input: input)
    }
}

/// A real sshd on a loopback port, with its own config and host key in a temporary folder, for a new account whose
/// ~/.ssh/authorized_keys holds the client's key; in a mount namespace of its own where the given installs lie over
/// the system's. `ssh host COMMAND` goes through it as a phone's would: a non-interactive, non-login shell.
final class LoopbackSSH {
    let account = NewAccount()
    let folder = TemporaryFolder()
    let port = Int.random(in: 20_000..<60_000)
    private let sshd = Process()

    /// `overlays`: a folder of installed files and the system folder it lies over (`root/usr/local`, `/usr/local`).
    /// `hostKeyTypes`: the host keys it has, in its config's order (a stock Debian host's: rsa, ecdsa, ed25519). It
    /// serves SFTP as Debian's sshd_config does (`Subsystem sftp`).
    init(overlays: [(installed: String, over: String)] = [], hostKeyTypes: [String] = ["ed25519"]) throws {
        for (key, type) in hostKeyTypes.map({ ("host_key_\($0)", $0) }) + [("client_key", "ed25519")] {
            #expect(TestSupport.run(["ssh-keygen", "-q", "-t", type, "-N", "", "-f", folder.file(key)]).status == 0)
        }
        let key = account.shell(#"umask 077 && mkdir -p .ssh && cat > .ssh/authorized_keys"#,
                                input: try String(contentsOfFile: folder.file("client_key.pub"), encoding: .utf8))
        #expect(key.status == 0, "\(key)")
        try """
            Port \(port)
            ListenAddress 127.0.0.1
            \(hostKeyTypes.map { "HostKey " + folder.file("host_key_\($0)") }.joined(separator: "\n"))
            Subsystem sftp internal-sftp
            PidFile none
            UsePAM no
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            """.write(toFile: folder.file("sshd_config"), atomically: true, encoding: .utf8)
        let mounts = overlays.map { "mount -t overlay overlay -o lowerdir='\($0.installed)':'\($0.over)' '\($0.over)' || exit 1\n" }
        try """
            \(mounts.joined())mkdir -p /run/sshd
            exec /usr/sbin/sshd -D -e -f '\(folder.file("sshd_config"))'
            """.write(toFile: folder.file("sshd.sh"), atomically: true, encoding: .utf8)
        sshd.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        sshd.arguments = ["-m", "--propagation", "private", "sh", folder.file("sshd.sh")]
        sshd.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try sshd.run()
        let listening = waitUntil { self.run("true").status == 0 }
        #expect(listening, "sshd never let \(account.name) in on port \(port)")
    }

    deinit {
        guard sshd.processIdentifier != 0 else { return }
        sshd.terminate()
        sshd.waitUntilExit()
    }

    /// `ssh` as the account, with this server's port and key, asking nothing.
    var client: String {
        "ssh -F /dev/null -p \(port) -i '\(folder.file("client_key"))' -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null"
            + " -o LogLevel=ERROR -o BatchMode=yes -l \(account.name) 127.0.0.1"
    }

    /// `ssh host COMMAND`.
    func run(_ command: String) -> (status: Int32, stdout: String, stderr: String) {
        TestSupport.run(["sh", "-c", "\(client) \"$0\"", command])
    }

    /// A copy of PER_BINARY that the account may run (the build folder may be closed to it).
    lazy var perForAccount: String = {
        let copy = self.folder.file("per")
        #expect(TestSupport.run(["install", "-m", "0755", perBinary, copy]).status == 0)
        return copy
    }()

    /// Oats in the account's own database, imported by per run as the account.
    func seed() {
        let seed = account.shell(#""$0" import -"#, perForAccount, input: #"[{"title": "Oats", "products": []}]"#)
        #expect(seed.status == 0, "\(seed)")
    }
}

extension EndToEnd {
    /// `ssh host per` and `ssh host per trip` for a new account, with per installed each way README's home-server
    /// recipes say: the Debian package, `make install` to /usr/local, and ~/.local/bin with the PATH set in ~/.bashrc
    /// before its interactive guard; and why ~/.profile is not enough (neither `ssh host cmd` nor `ssh -t host cmd`
    /// runs a login shell). sshd runs as root; the tests make and remove accounts.
    @Suite(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd"),
                    "needs root (to add an account) and sshd (make deps installs openssh-server)"))
    struct SSHEndToEndTests {
        /// The list over `ssh host per trip --format markdown` (README's line), and the app over `ssh -t host per` in tmux: a product typed at `price`,
        /// Ctrl-Q, and the product is in the database.
        static func perWorksOverSSH(_ ssh: LoopbackSSH, per: String = "per", price: String = "3.99", perKilo: String = "7.98") {
            let trip = ssh.run("\(per) trip --format markdown")
            #expect(trip.status == 0 && trip.stdout.contains("Oats"), "\(trip)")
            let tmux = TmuxSession("\(ssh.client) -t \(per)")
            tmux.waitFor("Price")
            tmux.fill(price: price, quantity: "500", unit: "g")
            tmux.waitFor(perKilo)
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let export = ssh.run("\(per) export --format csv")
            #expect(export.stdout.contains(price), "\(export)")
        }

        @Test func theDebianPackage() throws {
            let folder = TemporaryFolder()
            let root = folder.file("root")
            #expect(run(["dpkg-deb", "-x", packageForTests, root]).status == 0)
            let ssh = try LoopbackSSH(overlays: [(root + "/usr", "/usr")])
            ssh.seed()
            Self.perWorksOverSSH(ssh)
        }

        @Test func makeInstallToUsrLocal() throws {
            let installed = Installed(prefix: "/usr/local")
            let ssh = try LoopbackSSH(overlays: [(installed.folder.file("root") + "/usr/local", "/usr/local")])
            ssh.seed()
            Self.perWorksOverSSH(ssh)
        }

        /// `make install PREFIX=$HOME/.local` as the account: the stock ~/.profile puts ~/.local/bin on the PATH, yet
        /// per is not found (127) over ssh; README's line puts it in ~/.bashrc before its interactive guard, and it
        /// is; the full path always works.
        /// make runs as the account in a copy of what `make install` reads (the checkout may be closed to it: a clone in
        /// root's home or in a `mktemp -d` folder is 0700), its files' times kept so the copied binary is newer.
        @Test func homeLocalBinNeedsBashrcNotProfile() throws {
            let ssh = try LoopbackSSH()
            ssh.seed()
            let checkout = ssh.folder.file("checkout")
            let copied = run(["sh", "-c", #"mkdir -p "$1/Docs" && cd "$0" && cp -a Makefile Package.swift LICENSE THIRD-PARTY-NOTICES CHANGELOG.md Scripts Sources "$1" && cp -a Docs/USAGE.md "$1/Docs" && chmod -R a+rX "$1""#,
                              ShippingTests.root, checkout])
            #expect(copied.status == 0, "\(copied)")
            let install = ssh.account.shell(#"make -s -C "$0" BIN_RELEASE="$1" GENERATED="$HOME/per-build" install PREFIX=$HOME/.local"#,
                                            checkout, ssh.perForAccount)
            #expect(install.status == 0, "\(install)")
            let profile = try String(contentsOfFile: ssh.account.home + "/.profile", encoding: .utf8)
            #expect(profile.contains(#"PATH="$HOME/.local/bin:$PATH""#), "\(profile)")
            let notFound = ssh.run("per trip")
            #expect(notFound.status == 127 && notFound.stderr.contains("per: command not found"), "\(notFound)")
            Self.perWorksOverSSH(ssh, per: ssh.account.home + "/.local/bin/per")
            // README's line, as it is there.
            let readme = ssh.account.shell(#"sed -i '1i export PATH="$HOME/.local/bin:$PATH"' ~/.bashrc"#)
            let bashrc = try String(contentsOfFile: ssh.account.home + "/.bashrc", encoding: .utf8)
            #expect(readme.status == 0 && bashrc.hasPrefix(#"export PATH="$HOME/.local/bin:$PATH""# + "\n"), "\(readme)")
            Self.perWorksOverSSH(ssh, price: "2.49", perKilo: "4.98")
        }
    }
}
