import Foundation

/// An exclusive flock(2) on the database's folder, waited for up to `timeout`: sessions starting at the same moment
/// take turns to inspect, create and migrate the file.
///
/// Nothing is written, and no descriptor of the database file is opened and closed (closing one would drop the POSIX
/// locks SQLite holds on it in this process).
struct OpeningLock {
    let fd: Int32

    init(folder: String, path: String, timeout: TimeInterval) throws(DatabaseFailure) {
        fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return } // an unreadable folder: go on without the lock
        let deadline = Date().addingTimeInterval(timeout)
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else { return } // no flock here: go on without
            guard Date() < deadline else { close(fd); throw .locked(path: path) }
            usleep(2_000)
        }
    }

    func release() {
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
    }
}

/// The database files this process has open through a `ComparisonDatabase`, by device and inode.
enum OpenFiles {
    struct FileID: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
    }

    nonisolated(unsafe) private static var counts: [FileID: Int] = [:]
    private static let lock = NSLock()

    static func id(of path: String) -> FileID? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    static func isOpen(_ id: FileID?) -> Bool {
        guard let id else { return false }
        return lock.withLock { counts[id, default: 0] > 0 }
    }

    static func add(_ id: FileID?) {
        guard let id else { return }
        lock.withLock { counts[id, default: 0] += 1 }
    }

    static func remove(_ id: FileID?) {
        guard let id else { return }
        lock.withLock {
            counts[id, default: 0] -= 1
            if counts[id] == 0 { counts[id] = nil }
        }
    }
}
