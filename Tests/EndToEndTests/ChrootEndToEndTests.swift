import Foundation
import Testing
import TestSupport

/// The Debian package of PER_BINARY: $PER_DEB (make test: `make deb` of the stripped release binary), else made once
/// here for the suites that install it.
let packageForTests: String = {
    if let deb = ProcessInfo.processInfo.environment["PER_DEB"], !deb.isEmpty { return deb }
    let folder = NSTemporaryDirectory() + "per-test-package-\(UUID().uuidString)"
    let built = folder + "/per", deb = folder + "/per.deb"
    _ = run(["mkdir", "-p", folder])
    _ = run(["cp", perBinary, built])
    let make = run(["make", "-s", "-C", ShippingTests.root, "BIN_RELEASE=\(built)", "GENERATED=\(folder)/generated", "DEB=\(deb)", "deb"])
    #expect(make.status == 0, "\(make.stderr)")
    return deb
}()

extension EndToEnd {
    /// The package installed (dpkg --root) into a chroot that holds nothing else but what per and `man` need: the
    /// terminfo entry, /dev/null, /proc (the static Swift runtime aborts without it: "Unable to obtain Swift runtime
    /// path"), man-db and groff with their libraries and a shell. No Swift, no ncurses or SQLite library.
    @Suite struct ChrootEndToEndTests {
        /// The chroot, made by copying the named system files (with the libraries `ldd` lists for them).
        static func makeChroot(_ root: String) {
            let script = #"""
                root=$1 deb=$2
                mkdir -p "$root/usr/bin" "$root/usr/lib" "$root/usr/lib64" "$root/dev" "$root/proc" "$root/tmp" "$root/etc" \
                  "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" || exit 1
                for link in bin lib lib64 sbin; do ln -s "usr/$link" "$root/$link"; done
                touch "$root/var/lib/dpkg/status"
                dpkg --root="$root" --log=/dev/null -i "$deb" || exit 1
                mknod -m 666 "$root/dev/null" c 1 3 || exit 1
                files=$(dpkg -L man-db groff-base | while read -r f; do [ -f "$f" ] && echo "$f"; done)
                files="$files /usr/bin/dash /usr/bin/sh /usr/bin/col /etc/groff /etc/passwd /etc/group $(find /usr/share/terminfo /usr/lib/terminfo -name xterm-256color 2>/dev/null)"
                libraries=$(for f in $files; do ldd "$f" 2>/dev/null; done | grep -o '/[^ ]*' | sort -u)
                for f in $files $libraries $(for l in $libraries; do readlink -f "$l"; done); do
                  [ -e "$f" ] && cp -a --parents "$f" "$root" 2>/dev/null
                done
                [ ! -e "$root/usr/lib/swift" ] && [ ! -e "$root/usr/lib/x86_64-linux-gnu/libsqlite3.so.0" ]
                """#
            let made = run(["sh", "-c", script, "chroot", root, packageForTests])
            #expect(made.status == 0, "\(made)")
        }

        /// `command` as run inside the chroot, /proc mounted in a mount namespace of its own.
        static func inChroot(_ root: String, _ command: String) -> String {
            "unshare -m --propagation private sh -c 'mount -t proc proc \"$0/proc\" && exec chroot \"$0\" \(command)' '\(root)'"
        }

        @Test func thePackageRunsInAChrootOfItsOwnFiles() {
            let folder = TemporaryFolder()
            let root = folder.file("root")
            Self.makeChroot(root)
            let environment = ["HOME": "/tmp", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin", "MANWIDTH": "80", "LANG": "", "LC_ALL": ""]
            let version = run(["sh", "-c", Self.inChroot(root, "per --version")], environment: environment)
            let packageVersion = run(["dpkg-deb", "--field", packageForTests, "Version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(version.status == 0 && version.stdout.hasPrefix("per " + packageVersion + " (commit "), "\(version)")
            let page = run(["sh", "-c", Self.inChroot(root, "man -P cat per")], environment: environment)
            #expect(page.status == 0 && page.stdout.contains("KEYS") && page.stdout.contains("SETTINGS"), "\(page)")
            let compare = run(["sh", "-c", Self.inChroot(root, "per compare 3.99/500g 6.99/1kg")], environment: environment)
            #expect(compare.status == 0 && compare.stdout.contains("7.98") && compare.stdout.contains("Best value"), "\(compare)")
            let tmux = TmuxSession(Self.inChroot(root, "per --db /tmp/per.sqlite"), environment: ["HOME": "/tmp"])
            tmux.waitFor("Untitled")
            tmux.fill(price: "3.99", quantity: "500", unit: "g", name: "oats")
            let screen = tmux.waitFor { $0.contains("oats") && $0.contains("7.98") }
            #expect(screen.contains("oats") && screen.contains("7.98"), "\(screen)")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            #expect(FileManager.default.fileExists(atPath: root + "/tmp/per.sqlite"))
        }

        /// README's `sudo apt install ./per_*.deb`, as written, in a folder holding the package: in a mount namespace
        /// where /usr, /etc and /var are overlays writing to the test's folder (nothing outside it sees the install).
        /// Then per is /usr/bin/per, its man page reads, and it compares.
        @Test func aptInstallsThePackageAsReadmeSays() throws {
            let folder = TemporaryFolder()
            let wasThere = FileManager.default.fileExists(atPath: "/usr/bin/per")
            let field = { (name: String) in run(["dpkg-deb", "--field", packageForTests, name]).stdout.trimmingCharacters(in: .whitespacesAndNewlines) }
            try FileManager.default.createDirectory(atPath: folder.file("home"), withIntermediateDirectories: true)
            #expect(run(["cp", packageForTests, folder.file("home/per_\(field("Version"))_\(field("Architecture")).deb")]).status == 0)
            let script = #"""
                for d in usr etc var; do
                  mkdir -p "$0/upper/$d" "$0/work/$d" &&
                  mount -t overlay overlay -o lowerdir=/$d,upperdir="$0/upper/$d",workdir="$0/work/$d" /$d || exit 1
                done
                cd "$0/home" || exit 1
                sudo apt install ./per_*.deb >/dev/null 2>&1 || exit 1
                echo "per: $(command -v per)"
                per --version && MANWIDTH=80 man -P cat per | grep -c '^KEYS$' && per compare 3.99/500g 6.99/1kg
                """#
            let installed = run(["unshare", "-m", "--propagation", "private", "sh", "-c", script, folder.path],
                                environment: ["PATH": "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", "DEBIAN_FRONTEND": "noninteractive"])
            #expect(installed.status == 0, "\(installed)")
            #expect(installed.stdout.hasPrefix("per: /usr/bin/per\nper \(field("Version")) (commit "), "\(installed.stdout)")
            #expect(installed.stdout.contains("\n1\n") && installed.stdout.contains("7.98  +14% more"), "\(installed.stdout)")
            #expect(FileManager.default.fileExists(atPath: "/usr/bin/per") == wasThere, "the install reached the system's /usr")
        }
    }
}
