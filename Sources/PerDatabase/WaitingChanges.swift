import Foundation
import GRDB
import PerCore

/// A session's waiting writes, on disk while they wait, as vim keeps its swap file: a recovery file
/// (`RecoveryJournal`) named for the database's real path and the session, `.per-waiting-DB-HASH-SESSION.json`, beside
/// the database, else in per's state folder. Written whole at every change of the queue (a temporary file, flushed,
/// locked, renamed over the last; 0600) and removed when the queue drains. The session holds an exclusive `flock` on
/// the file it wrote while it lives, and the kernel lets it go when the process ends however it ends (a kill, a crash):
/// a file nobody holds is left behind, whatever PID namespace or /proc the next per sees. The next per on the database
/// (the app or a command) makes the changes of such a file, each once (a change's id is recorded with it), if the file
/// is its own user's and names this database (`LeftFile.claim`); anything else is left alone and said, once.
final class WaitingChanges {
    /// The database's real path (links and `.` resolved): the file's name and folder follow it, not its spelling.
    let databasePath: String
    let id: String
    /// Where the queue is on disk now (nil: nothing waits, or no folder took it).
    private(set) var path: String?
    /// Why the queue as it is now could not be written (a full disk); nil when what waits is on disk.
    private(set) var failure: String?
    private var written: String?
    /// The open file holding the lock on `path`.
    private var held: Int32 = -1

    /// The folders it tries, in order (`folders(of:)` unless a test says otherwise).
    private let folders: [String]

    init(databasePath: String, id: String, folders: [String]? = nil) {
        self.databasePath = Self.realPath(databasePath)
        self.id = id
        self.folders = folders ?? Self.folders(of: self.databasePath)
    }

    deinit {
        if held >= 0 { close(held) }
    }

    /// Writes the queue unless it is on disk as it is already.
    func keep(_ journal: RecoveryJournal) {
        let text = journal.encoded()
        guard text != written else { return }
        let name = Self.prefix(of: databasePath) + "\(id).json"
        var reasons: [String] = []
        for folder in folders {
            let target = (folder as NSString).appendingPathComponent(name)
            do {
                let file = try RecoveryFile.replaceHoldingLock(Array(text.utf8), at: target)
                if let path, path != target { unlink(path) }
                if held >= 0 { close(held) }   // the lock of the file it replaced
                held = file
                path = target
                written = text
                failure = nil
                return
            } catch {
                reasons.append(error.reason)
            }
        }
        failure = reasons.first ?? "no folder to keep it in"
    }

    func remove() {
        if let path { unlink(path) }
        if held >= 0 { close(held) }
        held = -1
        path = nil
        written = nil
        failure = nil
    }

    /// The path with links, `.` and `..` resolved (as it is when the file is missing).
    static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Beside the database, else per's private state folder.
    static func folders(of databasePath: String) -> [String] {
        [(databasePath as NSString).deletingLastPathComponent] + [RecoveryFile.stateFolder()].compactMap { $0 }
    }

    /// The names' start for one database: its file name and a hash of its whole path (the state folder serves all).
    /// Frozen: per 0.2.0's files are found by it (with the path as it was spelled).
    static func prefix(of databasePath: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in databasePath.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let file = (databasePath as NSString).lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }
        return ".per-waiting-\(file.prefix(40))-\(String(hash, radix: 16))-"
    }

    /// The files that may be this database's, oldest first: named for its real path, and for its path as spelled
    /// (per 0.2.0 named them so).
    static func candidates(of spelledPath: String) -> [String] {
        let real = realPath(spelledPath)
        let prefixes = Set([prefix(of: real), prefix(of: spelledPath)])
        var found: [(path: String, modified: Date)] = []
        var seen = Set<String>()
        for folder in Set(folders(of: real) + folders(of: spelledPath)) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where name.hasSuffix(".json") && prefixes.contains(where: name.hasPrefix) {
                let path = realPath((folder as NSString).appendingPathComponent(name))
                guard seen.insert(path).inserted else { continue }
                let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
                found.append((path, modified))
            }
        }
        return found.sorted { $0.modified < $1.modified }.map(\.path)
    }
}

/// A waiting file some per left, opened to be judged and, when it is its own user's, left behind and this database's,
/// made: read from the descriptor that holds its lock, so no other per makes it meanwhile.
struct LeftFile {
    enum Claim {
        /// Left behind, ours: its changes are to be made, then the file removed (`descriptor` holds its lock).
        case leftBehind(LeftFile)
        /// Its writer still runs (or another per is making it right now), or it is gone already: nothing to do.
        case inUse
        /// Not a file per makes changes from (another account's, readable by others, too large, a link): left alone.
        case refused(String)
    }

    let path: String
    let descriptor: Int32
    let identity: String

    /// The largest waiting file read (a session's queue is small; a comparison saved whole is its largest part).
    static var maxBytes: Int { RecoveryJournal.maxFileBytes }

    static func claim(_ path: String) -> Claim {
        let file = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else {
            switch errno {
            case ENOENT: return .inUse   // made and removed by another per since it was listed
            case ELOOP: return .refused("it is a symbolic link, and per writes none")
            case EACCES: return .refused("it is another account's, and cannot be read")
            default: return .refused(String(cString: strerror(errno)))
            }
        }
        func refuse(_ reason: String) -> Claim {
            close(file)
            return .refused(reason)
        }
        var info = stat()
        guard fstat(file, &info) == 0 else { return refuse(String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT == S_IFREG else { return refuse("it is not a regular file") }
        guard info.st_uid == geteuid() else {
            return refuse("it belongs to another account (uid \(info.st_uid)); per makes only its own user's waiting files")
        }
        guard info.st_mode & 0o077 == 0 else {
            return refuse("others may read or write it (mode \(String(info.st_mode & 0o777, radix: 8))); per writes its files 0600")
        }
        guard info.st_size <= maxBytes else {
            return refuse("it is \(info.st_size >> 20) MiB, more than the \(maxBytes >> 20) MiB a waiting file holds")
        }
        if let process = legacyProcess(path), WaitingProcess.isRunning(process) {
            close(file)
            return .inUse   // per 0.2.0's file, which it does not lock: its process still runs
        }
        guard flock(file, LOCK_EX | LOCK_NB) == 0 else {
            close(file)
            return errno == EWOULDBLOCK ? .inUse : .refused(String(cString: strerror(errno)))
        }
        // Its writer may have replaced it between the open and the lock: then it still runs.
        var now = stat()
        guard stat(path, &now) == 0, now.st_dev == info.st_dev, now.st_ino == info.st_ino else {
            close(file)
            return .inUse
        }
        return .leftBehind(LeftFile(path: path, descriptor: file, identity: noted(info)))
    }

    /// A file as it is (device, inode, size, modification time): what `noted_file` keeps of one said.
    static func noted(_ info: stat) -> String {
        "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The pid and start time a per 0.2.0 named its file by (`…-PID-START.json`), nil for a file named by a session.
    private static func legacyProcess(_ path: String) -> (pid: pid_t, start: UInt64)? {
        let parts = (path as NSString).lastPathComponent.dropLast(".json".count).split(separator: "-")
        guard parts.count >= 3, let start = UInt64(parts[parts.count - 1]), let pid = pid_t(parts[parts.count - 2]) else { return nil }
        return (pid, start)
    }

    /// The file's journal, read through the locked descriptor.
    func read() throws -> RecoveryJournal {
        var buffer = [UInt8](repeating: 0, count: 256 << 10)
        return try RecoveryJournal.decode(from: {
            while true {
                let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress!, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { throw RecoveryFile.SystemError.last() }
                return Array(buffer.prefix(count))
            }
        })
    }

    /// Removes the file (its changes are made) and lets the lock go.
    func done(removing: Bool) {
        if removing { unlink(path) }
        close(descriptor)
    }
}

/// per 0.2.0's test of whether the process that named a waiting file runs: its start time in `/proc`.
enum WaitingProcess {
    static func isRunning(_ process: (pid: pid_t, start: UInt64)) -> Bool {
        process.pid == getpid() || startTime(of: process.pid) == process.start
    }

    /// The process's start time in clock ticks after boot (`/proc/PID/stat`, field 22); nil when there is no such process.
    static func startTime(of pid: pid_t) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }
}

/// What making the changes of files left behind did.
public struct LeftChanges: Equatable, Sendable {
    /// The changes made, in words (`2 fields, 1 count`), one a file; empty when there was nothing to make.
    public var saved: [String] = []
    /// Files that wait to be made (a lock), each with why: tried again.
    public var waiting: [String] = []
    /// Files left alone, each named with why: said once (the database notes them).
    public var leftAlone: [String] = []
    /// Some could not be made for a reason that passes (a lock): worth trying again.
    public var mayBeMadeLater = false

    public init(saved: [String] = [], waiting: [String] = [], leftAlone: [String] = [], mayBeMadeLater: Bool = false) {
        self.saved = saved
        self.waiting = waiting
        self.leftAlone = leftAlone
        self.mayBeMadeLater = mayBeMadeLater
    }

    public var isEmpty: Bool { saved.isEmpty && waiting.isEmpty && leftAlone.isEmpty }

    /// The lines to say, each on its own (stderr, or the status line's first).
    public var lines: [String] {
        saved.map { "saved what a per that ended had waiting: \($0)" } + waiting + leftAlone
    }
}

extension ComparisonDatabase {
    /// Makes the changes that a per that ended (killed, crashed, a power cut) left waiting on this database, each file
    /// once and each change once, then removes its file. A file that waits for a lock stays and is tried again; one per
    /// may not make is left alone, and said the first time only.
    public func saveLeftChanges() -> LeftChanges {
        var outcome = LeftChanges()
        for path in WaitingChanges.candidates(of: self.path) {
            switch LeftFile.claim(path) {
            case .inUse:
                continue
            case .refused(let reason):
                leaveAlone(path, noted: nil, reason, &outcome)
            case .leftBehind(let file):
                make(file, &outcome)
            }
        }
        return outcome
    }

    private func make(_ file: LeftFile, _ outcome: inout LeftChanges) {
        let journal: RecoveryJournal
        do {
            journal = try file.read()
        } catch {
            file.done(removing: false)
            let why = (error as? ExchangeError)?.message ?? "\(error)"
            return leaveAlone(file.path, noted: file.identity, "it cannot be read (\(why))", &outcome)
        }
        guard let named = journal.database else {
            file.done(removing: false)
            return leaveAlone(file.path, noted: file.identity, "it names no database, and per writes the name in every waiting file", &outcome)
        }
        guard named == identity else {
            file.done(removing: false)
            return leaveAlone(file.path, noted: file.identity, "it waits for another database (\(named)), not this one (\(identity))", &outcome)
        }
        do {
            let skipped: [RecoverySkip]
            switch try importRecovery(journal) {
            case .applied: skipped = []
            case .appliedExcept(let some): skipped = some
            case .alreadyApplied: skipped = journal.entries.indices.map { RecoverySkip(change: $0 + 1, title: "", reason: .madeAlready) }
            }
            file.done(removing: true)
            let made = journal.made(except: skipped)
            let older = skipped.count { !$0.isLeftOut && !$0.isMadeAlready }, leftOut = skipped.count(where: \.isLeftOut)
            guard made.userChanges > 0 || older > 0 || leftOut > 0 else { return }
            var notes: [String] = []
            if older > 0 { notes.append("\(older) older than the database's kept as they were") }
            if leftOut > 0 { notes.append("\(leftOut) of another unit family left out") }
            outcome.saved.append((made.userChanges > 0 ? made.summary : "no change") + (notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"))
        } catch {
            file.done(removing: false)
            if error.isRetryable {
                outcome.waiting.append("\(file.path) waits (\(error.message)); per tries it again")
                outcome.mayBeMadeLater = true
            } else {
                leaveAlone(file.path, noted: file.identity, error.message, &outcome)
            }
        }
    }

    /// Says once (the database notes the file as it is) that `path` was left alone, and why.
    private func leaveAlone(_ path: String, noted: String?, _ reason: String, _ outcome: inout LeftChanges) {
        var info = stat()
        let noted = noted ?? (lstat(path, &info) == 0 ? LeftFile.noted(info) : "")
        let said = (try? read { db in
            try db.tableExists("noted_file")
                && String.fetchOne(db, sql: "SELECT noted FROM noted_file WHERE path = ?", arguments: [path]) == noted
        }) ?? false
        guard !said else { return }
        outcome.leftAlone.append("left alone \(path): \(reason)")
        _ = try? write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO noted_file (path, noted) VALUES (?, ?)", arguments: [path, noted])
        }
    }
}

extension DatabaseFailure {
    var isMixedFamilies: Bool {
        if case .mixedFamilies = self { return true }
        return false
    }
}
