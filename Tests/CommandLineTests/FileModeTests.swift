import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// Every file and folder per creates (USAGE, FILES), made under umask 000 and 022: its owner's alone whatever the
/// umask. The umask is the process's, so each is made in a child process (the built per, or an exit test), never
/// by changing the test runner's.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct FileModeTests {
    static let umasks: [mode_t] = [0o000, 0o022]

    @Test(arguments: umasks)
    func theDatabaseItsFoldersItsLogAndABackupAreTheOwnersAlone(umask: mode_t) throws {
        let folder = TemporaryFolder()
        let file = try exportFile(in: folder)
        let db = folder.file("home/share/per/per.sqlite")
        let made = perUnder(umask: umask, ["import", "--db", db, file])
        #expect(made.status == 0, "\(made.stderr)")
        for created in ["home", "home/share", "home/share/per"] {
            #expect(mode(folder.file(created)) == 0o700, "\(created)")
        }
        #expect(mode(db) == 0o600)

        // -wal and -shm, made by the next session: kept on disk while another session has the file open.
        try whileAnotherSessionHasItOpen(db) {
            let second = perUnder(umask: umask, ["import", "--db", db, file])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(mode(db + "-wal") == 0o600)
            #expect(mode(db + "-shm") == 0o600)
        }
        #expect(mode(db) == 0o600)

        let backup = folder.file("backup.sqlite")
        let backedUp = perUnder(umask: umask, ["backup", "--db", db, backup])
        #expect(backedUp.status == 0, "\(backedUp.stderr)")
        #expect(mode(backup) == 0o600)
        #expect(FileManager.default.fileExists(atPath: backup + "-journal") == false)
    }

    /// Beside the database, and in the state folder when the database's folder takes nothing.
    @Test(arguments: umasks)
    func recoveryFilesAreTheOwnersAlone(umask: mode_t) async {
        await #expect(processExitsWith: .success) { [umask] in
            Glibc.umask(umask)
            let folder = TemporaryFolder()
            setenv("XDG_STATE_HOME", folder.file("state"), 1)
            let db = folder.file("data/per.sqlite")
            let store = try ComparisonDatabase(path: db)
            let session = DatabaseSession(database: store, opened: Comparison(id: "c"))
            let beside = try session.writeRecovery()
            #expect((beside as NSString).deletingLastPathComponent == folder.file("data"))
            #expect(mode(beside) == 0o600)

            // The database's folder gone, a file in its place: the state folder takes it.
            #expect(rename(folder.file("data"), folder.file("data-moved")) == 0)
            #expect(FileManager.default.createFile(atPath: folder.file("data"), contents: Data()))
            let kept = try session.writeRecovery()
            #expect((kept as NSString).deletingLastPathComponent == folder.file("state/per"))
            #expect(mode(kept) == 0o600)
            #expect(mode(folder.file("state/per")) == 0o700)
            #expect(mode(folder.file("state")) == 0o700)
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.file("state/per"))
            #expect(left == [(kept as NSString).lastPathComponent])
        }
    }

    /// Two accounts of one household: a group, a setgid folder 2770 of that group, the database 0660. The second
    /// account reads and writes it through the group only; the modes stay, and -wal/-shm follow the database.
    @Test(.enabled(if: getuid() == 0, "making the household's accounts (useradd, runuser) needs root"))
    func aDatabaseSharedOnPurposeIsWrittenThroughTheGroupAndKeepsItsModes() throws {
        let tag = UUID().uuidString.prefix(6).lowercased()
        let group = "perhouse\(tag)", owner = "perowner\(tag)", other = "perother\(tag)"
        #expect(run(["groupadd", group]).status == 0)
        defer { run(["groupdel", group]) }
        for account in [owner, other] {
            // -N: the account's own group is not this one; it is a member through -G only.
            let added = run(["useradd", "-M", "-N", "-s", "/bin/sh", "-G", group, account])
            #expect(added.status == 0, "\(added.stderr)")
        }
        defer { for account in [owner, other] { run(["userdel", account]) } }
        let gid = try #require(getgrnam(group)).pointee.gr_gid

        let folder = TemporaryFolder()
        #expect(chmod(folder.path, 0o755) == 0)
        let binary = folder.file("per")   // a copy the accounts can run, wherever the build is
        try FileManager.default.copyItem(atPath: perBinary, toPath: binary)
        #expect(chmod(binary, 0o755) == 0)
        let oats = try exportFile(in: folder, title: "Oats"), rice = try exportFile(in: folder, title: "Rice"), milk = try exportFile(in: folder, title: "Milk")
        for file in [oats, rice, milk] { #expect(chmod(file, 0o644) == 0) }
        let household = folder.file("household")
        #expect(mkdir(household, 0o700) == 0)
        #expect(chown(household, 0, gid) == 0)
        #expect(chmod(household, 0o2770) == 0)
        let db = (household as NSString).appendingPathComponent("per.sqlite")

        func per(as account: String, _ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
            run(["runuser", "-u", account, "--", "sh", "-c", "umask 022; exec \"$0\" \"$@\"", binary] + arguments)
        }
        // The owner makes it (0600, the folder's group) and shares it on purpose.
        let made = per(as: owner, ["import", "--db", db, oats])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(mode(db) == 0o600)
        #expect(groupID(db) == gid)
        #expect(run(["runuser", "-u", owner, "--", "chmod", "660", db]).status == 0)

        try whileAnotherSessionHasItOpen(db) {
            let added = per(as: other, ["import", "--db", db, rice])
            #expect(added.status == 0, "\(added.stderr)")
            for log in [db + "-wal", db + "-shm"] {
                #expect(mode(log) == 0o660, "\(log)")
                #expect(groupID(log) == gid, "\(log)")
            }
            // The owner writes through the other's -wal and -shm.
            let again = per(as: owner, ["import", "--db", db, milk])
            #expect(again.status == 0, "\(again.stderr)")
        }
        let lists = per(as: other, ["lists", "--db", db])
        #expect(lists.status == 0, "\(lists.stderr)")
        for title in ["Oats", "Rice", "Milk"] { #expect(lists.stdout.contains(title), "\(lists.stdout)") }
        #expect(mode(db) == 0o660)
        #expect(groupID(db) == gid)
        #expect(mode(household) == 0o2770)
    }
}

/// A file's permission bits (with setuid, setgid and sticky), or nil when nothing is there.
func mode(_ path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & 0o7777
}

func groupID(_ path: String) -> gid_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_gid
}

/// `per ARGUMENTS` under `umask`, in a shell of its own.
func perUnder(umask: mode_t, _ arguments: [String]) -> (status: Int32, stdout: String, stderr: String) {
    run(["sh", "-c", "umask \(String(umask, radix: 8)); exec \"$0\" \"$@\"", perBinary] + arguments)
}

/// A JSON export of one comparison, to import.
func exportFile(in folder: TemporaryFolder, title: String = "Oats") throws -> String {
    let source = folder.file("source-\(title).sqlite")
    try ComparisonDatabase(path: source).save(Comparison(title: title, products: [
        Product.fixture(name: "Jumbo", price: decimal("6.99"), quantity: 1, unit: .kilogram),
    ]))
    let exported = run([perBinary, "export", "--db", source, "--format", "json"])
    #expect(exported.status == 0, "\(exported.stderr)")
    let file = folder.file("\(title).json")
    try exported.stdout.write(toFile: file, atomically: false, encoding: .utf8)
    return file
}

/// Runs `body` while this process holds a shared lock on `db` as an SQLite reader does: the last session to close
/// it cannot take the exclusive lock it needs to remove `-wal` and `-shm`, so they stay to be looked at.
/// (No other descriptor of the file may be opened and closed here meanwhile: that would drop the lock.)
func whileAnotherSessionHasItOpen(_ db: String, _ body: () throws -> Void) throws {
    let fd = open(db, O_RDONLY | O_CLOEXEC)
    #expect(fd >= 0)
    defer { close(fd) }
    var lock = flock()
    lock.l_type = Int16(F_RDLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = 0x4000_0002   // SQLite's SHARED_FIRST: the byte range readers lock
    lock.l_len = 1
    #expect(fcntl(fd, F_SETLK, &lock) == 0)
    try body()
}
