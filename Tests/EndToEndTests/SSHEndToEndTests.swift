import Foundation
import Testing
import TestSupport

/// A real sshd on a loopback port, with its own config, host key and client key in a temporary folder, for this
/// account (root, in a mount namespace of its own where `home` is its home folder and the given installs lie over
/// the system's). `ssh host COMMAND` goes through it as a phone's would: a non-interactive, non-login shell.
final class LoopbackSSH {
    let folder = TemporaryFolder()
    let port = Int.random(in: 20_000..<60_000)
    private let sshd = Process()

    /// `overlays`: a folder of installed files and the system folder it lies over (`root/usr/local`, `/usr/local`).
    init(home: String, overlays: [(installed: String, over: String)] = []) throws {
        let account = try #require(TestSupport.run(["sh", "-c", "getent passwd \"$(id -un)\" | cut -d: -f6"]).stdout.split(separator: "\n").first)
        for key in ["host_key", "client_key"] {
            #expect(TestSupport.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", folder.file(key)]).status == 0)
        }
        #expect(TestSupport.run(["cp", folder.file("client_key.pub"), folder.file("authorized_keys")]).status == 0)
        try """
            Port \(port)
            ListenAddress 127.0.0.1
            HostKey \(folder.file("host_key"))
            AuthorizedKeysFile \(folder.file("authorized_keys"))
            PidFile none
            UsePAM no
            StrictModes no
            PermitRootLogin prohibit-password
            PasswordAuthentication no
            KbdInteractiveAuthentication no
            """.write(toFile: folder.file("sshd_config"), atomically: true, encoding: .utf8)
        let mounts = ["mount --bind '\(home)' '\(account)'"]
            + overlays.map { "mount -t overlay overlay -o lowerdir='\($0.installed)':'\($0.over)' '\($0.over)'" }
        try """
            \(mounts.joined(separator: " && ")) || exit 1
            mkdir -p /run/sshd
            exec /usr/sbin/sshd -D -e -f '\(folder.file("sshd_config"))'
            """.write(toFile: folder.file("sshd.sh"), atomically: true, encoding: .utf8)
        sshd.executableURL = URL(fileURLWithPath: "/usr/bin/unshare")
        sshd.arguments = ["-m", "--propagation", "private", "sh", folder.file("sshd.sh")]
        sshd.standardError = FileHandle(forWritingAtPath: "/dev/null")
        try sshd.run()
        let listening = waitUntil { self.run("true").status == 0 }
        #expect(listening, "sshd never answered on port \(port)")
    }

    deinit { sshd.terminate(); sshd.waitUntilExit() }

    /// `ssh` with this server's port and key, asking nothing.
    var client: String {
        "ssh -F /dev/null -p \(port) -i '\(folder.file("client_key"))' -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null"
            + " -o LogLevel=ERROR -o BatchMode=yes 127.0.0.1"
    }

    /// `ssh host COMMAND`.
    func run(_ command: String) -> (status: Int32, stdout: String, stderr: String) {
        TestSupport.run(["sh", "-c", "\(client) \"$0\"", command])
    }
}

extension EndToEnd {
    /// `ssh home per` and `ssh home per trip` with per installed each way README's home-server recipes say: the Debian
    /// package, `make install` to /usr/local, and ~/.local/bin with the PATH set in ~/.bashrc before its interactive
    /// guard; and why ~/.profile is not enough (neither `ssh host cmd` nor `ssh -t host cmd` runs a login shell).
    @Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/sbin/sshd"), "no sshd (make deps installs openssh-server)"))
    struct SSHEndToEndTests {
        /// A home whose database holds Oats, and Debian's default ~/.bashrc and ~/.profile.
        static func home(in folder: TemporaryFolder) -> String {
            let home = folder.file("home")
            #expect(run(["mkdir", "-p", home]).status == 0)
            for file in [".bashrc", ".profile"] { #expect(run(["cp", "/etc/skel/" + file, home + "/" + file]).status == 0) }
            let seed = run([perBinary, "import", "-"], environment: ["HOME": home, "XDG_DATA_HOME": home + "/.local/share"],
                           input: #"[{"title": "Oats", "products": []}]"#)
            #expect(seed.status == 0, "\(seed)")
            return home
        }

        /// The list over `ssh host per trip`, and the app over `ssh -t host per` in tmux: a product typed, Ctrl-Q, and
        /// the product is in the database.
        static func perWorksOverSSH(_ ssh: LoopbackSSH, per: String = "per") {
            let trip = ssh.run("\(per) trip")
            #expect(trip.status == 0 && trip.stdout.contains("Oats"), "\(trip)")
            let tmux = TmuxSession("\(ssh.client) -t \(per)")
            tmux.waitFor("Price")
            tmux.fill(price: "3.99", quantity: "500", unit: "g")
            tmux.waitFor("7.98")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            let export = ssh.run("\(per) export --format csv")
            #expect(export.stdout.contains("3.99"), "\(export)")
        }

        @Test func theDebianPackage() throws {
            let folder = TemporaryFolder()
            let root = folder.file("root")
            #expect(run(["dpkg-deb", "-x", packageForTests, root]).status == 0)
            let ssh = try LoopbackSSH(home: Self.home(in: folder), overlays: [(root + "/usr", "/usr")])
            Self.perWorksOverSSH(ssh)
        }

        @Test func makeInstallToUsrLocal() throws {
            let installed = Installed(prefix: "/usr/local")
            let ssh = try LoopbackSSH(home: Self.home(in: installed.folder),
                                      overlays: [(installed.folder.file("root") + "/usr/local", "/usr/local")])
            Self.perWorksOverSSH(ssh)
        }

        /// ~/.local/bin on the PATH in ~/.profile: per is not found (127) over ssh; set in ~/.bashrc before its
        /// interactive guard, it is; and the full path always works.
        @Test func homeLocalBinNeedsBashrcNotProfile() throws {
            let installed = Installed(prefix: "~/.local")
            let home = Self.home(in: installed.folder)
            let path = #"export PATH="$HOME/.local/bin:$PATH""#
            let profile = home + "/.profile", bashrc = home + "/.bashrc"
            try (String(contentsOfFile: profile, encoding: .utf8) + path + "\n").write(toFile: profile, atomically: true, encoding: .utf8)
            let ssh = try LoopbackSSH(home: home)
            let notFound = ssh.run("per trip")
            #expect(notFound.status == 127 && notFound.stderr.contains("per: command not found"), "\(notFound)")
            Self.perWorksOverSSH(ssh, per: "~/.local/bin/per")
            // README's line, as it is there.
            let readme = run(["sh", "-c", #"sed -i '1i export PATH="$HOME/.local/bin:$PATH"' ~/.bashrc"#], environment: ["HOME": home])
            #expect(try readme.status == 0 && String(contentsOfFile: bashrc, encoding: .utf8).hasPrefix(path + "\n"), "\(readme)")
            Self.perWorksOverSSH(ssh)
        }
    }
}
