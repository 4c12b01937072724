import Foundation

// Where the database file is, and what the file system says about it.
extension ComparisonDatabase {
    /// An environment variable, read with getenv: ProcessInfo's environment (a dictionary of every variable) costs
    /// about half a millisecond at start, and the first paint waits for it.
    public static func environmentVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// `--db`, else `PER_DB`, else `$XDG_DATA_HOME/per/per.sqlite`, else `~/.local/share/per/per.sqlite`.
    public static func resolvePath(option: String?, environment: [String: String]) -> String {
        resolvePath(option: option, variable: { environment[$0] })
    }

    /// The same, with the variables read by `variable` (`environmentVariable` in the app).
    public static func resolvePath(option: String?, variable: (String) -> String?) -> String {
        if let option, !option.isEmpty { return expandTilde(option, variable: variable) }
        if let path = variable("PER_DB"), !path.isEmpty { return expandTilde(path, variable: variable) }
        // The XDG spec says a relative XDG_DATA_HOME is to be ignored.
        if let data = variable("XDG_DATA_HOME"), data.hasPrefix("/") {
            return (data as NSString).appendingPathComponent("per/per.sqlite")
        }
        return (homeDirectory(variable) as NSString).appendingPathComponent(".local/share/per/per.sqlite")
    }

    private static func homeDirectory(_ variable: (String) -> String?) -> String {
        if let home = variable("HOME"), !home.isEmpty { return home }
        return NSHomeDirectory()
    }

    private static func expandTilde(_ path: String, variable: (String) -> String?) -> String {
        if path == "~" { return homeDirectory(variable) }
        if path.hasPrefix("~/") { return (homeDirectory(variable) as NSString).appendingPathComponent(String(path.dropFirst(2))) }
        return path
    }

    /// What is at a path, following symbolic links.
    enum Entry: Equatable {
        /// Nothing (or a part of the path is not a folder: opening explains which).
        case missing
        case regularFile
        case folder
    }

    /// What is at `path`. Anything else than a regular file, a folder or nothing is refused before it is opened:
    /// SQLite would leave `/dev/null-journal` next to a device, and opening a FIFO waits forever for a writer.
    static func entry(at path: String) throws(DatabaseFailure) -> Entry {
        var info = stat()
        guard stat(path, &info) == 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .missing
            case EACCES: throw .cannotOpen(path: path, reason: "permission denied")
            default: throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
            }
        }
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile
        case S_IFDIR: return .folder
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFIFO: kind = "a FIFO (named pipe)"
        case S_IFSOCK: kind = "a socket"
        default: kind = "an unknown kind of file"
        }
        throw .cannotOpen(path: path, reason: "it is \(kind), not a regular file; it was left untouched")
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return (currentDirectory() as NSString).appendingPathComponent(path)
    }

    /// getcwd, not `FileManager.default`: making that object took a quarter of a millisecond of the first frame's
    /// read (`per --db shop.sqlite`).
    private static func currentDirectory() -> String {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let found = buffer.withUnsafeMutableBufferPointer { getcwd(UnsafeMutableRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), $0.count) != nil }
        guard found, let end = buffer.firstIndex(of: 0) else { return FileManager.default.currentDirectoryPath }
        return String(decoding: buffer[..<end], as: UTF8.self)
    }

    /// Writable by us, and not marked read-only by its owner (root can write anything; chmod 0444 still means read-only).
    static func isWritable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return access(path, W_OK) == 0 && (info.st_mode & 0o222) != 0
    }
}
