import Foundation
import PerCore

/// A session's waiting writes, on disk while they wait, as vim keeps its swap file: a recovery file
/// (`RecoveryJournal`) named for the database and the process, `.per-waiting-DB-HASH-PID-START.json`, beside the
/// database, else in per's state folder. Written whole at every change of the queue (a temporary file, flushed, renamed
/// over the last; 0600) and removed when the queue drains. The next per on the database (the app or a command) finds
/// a file whose process is gone (`leftBehind`) and makes its changes, once (`per import`'s rule: the file's id is
/// recorded), so a kill, a crash or a power cut while a lock is held loses nothing that was committed.
struct WaitingChanges {
    let databasePath: String
    let id: String
    /// Where the queue is on disk now (nil: nothing waits, or no folder took it).
    private(set) var path: String?
    private var written: String?

    init(databasePath: String, id: String) {
        self.databasePath = databasePath
        self.id = id
    }

    /// Writes the queue unless it is on disk as it is already.
    mutating func keep(_ journal: RecoveryJournal) {
        let text = journal.encoded()
        guard text != written else { return }
        let name = Self.prefix(of: databasePath) + "\(Self.thisProcess).json"
        for folder in Self.folders(of: databasePath) {
            let target = (folder as NSString).appendingPathComponent(name)
            if (try? RecoveryFile.replace(Array(text.utf8), at: target)) != nil {
                if let path, path != target { unlink(path) }
                path = target
                written = text
                return
            }
        }
    }

    mutating func remove() {
        guard let path else { return }
        unlink(path)
        self.path = nil
        written = nil
    }

    /// Beside the database, else per's private state folder.
    static func folders(of databasePath: String) -> [String] {
        [(databasePath as NSString).deletingLastPathComponent] + [RecoveryFile.stateFolder()].compactMap { $0 }
    }

    /// The names' start for one database: its file name and a hash of its whole path (the state folder serves all).
    static func prefix(of databasePath: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in databasePath.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let file = (databasePath as NSString).lastPathComponent.filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-" }
        return ".per-waiting-\(file.prefix(40))-\(String(hash, radix: 16))-"
    }

    /// This process as a name: its pid and when it started (a pid used again by a later process is another name).
    static var thisProcess: String { "\(getpid())-\(startTime(of: getpid()) ?? 0)" }

    /// The process's start time in clock ticks after boot (`/proc/PID/stat`, field 22); nil when there is no such process.
    static func startTime(of pid: pid_t) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }

    /// The files of this database whose process is gone, oldest first.
    static func leftBehind(by databasePath: String) -> [String] {
        let prefix = prefix(of: databasePath)
        var found: [(path: String, modified: Date)] = []
        for folder in folders(of: databasePath) {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { continue }
            for name in names where name.hasPrefix(prefix) && name.hasSuffix(".json") {
                let process = name.dropFirst(prefix.count).dropLast(".json".count).split(separator: "-")
                guard process.count == 2, let pid = pid_t(process[0]), let start = UInt64(process[1]) else { continue }
                if pid == getpid() || startTime(of: pid) == start { continue }   // still running
                let path = (folder as NSString).appendingPathComponent(name)
                let modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
                found.append((path, modified))
            }
        }
        return found.sorted { $0.modified < $1.modified }.map(\.path)
    }
}

/// What making the changes of files left behind did.
public struct LeftChanges: Equatable, Sendable {
    /// The changes made, in words (`2 fields, 1 count`), one a file; empty when there was nothing to make.
    public var saved: [String] = []
    /// Files that could not be made (the reason, and the file kept for `per import`).
    public var kept: [String] = []
    /// Some could not be made for a reason that passes (a lock): worth trying again.
    public var mayBeMadeLater = false

    public var isEmpty: Bool { saved.isEmpty && kept.isEmpty }

    /// One line for the status line or stderr.
    public var summary: String {
        (saved + kept).joined(separator: "; ")
    }
}

extension ComparisonDatabase {
    /// Makes the changes that a per that ended (killed, crashed, a power cut) left waiting on this database, each file
    /// once, then removes its file. A file that cannot be read or made stays, named in `kept`.
    public func saveLeftChanges() -> LeftChanges {
        var outcome = LeftChanges()
        for path in WaitingChanges.leftBehind(by: self.path) {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8), let journal = try? RecoveryJournal.decode(text) else {
                outcome.kept.append("could not read \(path) (bring it back with per import)")
                continue
            }
            do {
                switch try importRecovery(journal) {
                case .applied:
                    if journal.userChanges > 0 { outcome.saved.append(journal.summary) }
                case .appliedExcept(let skipped):
                    let leftOut = skipped.count(where: \.isLeftOut)
                    outcome.saved.append(journal.summary + " (\(skipped.count - leftOut) older than the database's kept as they were"
                                         + (leftOut > 0 ? ", \(leftOut) of another unit family left out" : "") + ")")
                case .alreadyApplied:
                    break
                }
                unlink(path)
            } catch {
                outcome.kept.append("\(path) waits (\(error.message)); per tries it again")
                outcome.mayBeMadeLater = outcome.mayBeMadeLater || error.isRetryable
            }
        }
        return outcome
    }
}

extension DatabaseFailure {
    var isMixedFamilies: Bool {
        if case .mixedFamilies = self { return true }
        return false
    }
}
