import Foundation

// Where the database file is, and what the file system says about it.
extension ComparisonStore {
    /// `--db`, else `PER_DB`, else `$XDG_DATA_HOME/per/per.sqlite`, else `~/.local/share/per/per.sqlite`.
    public static func resolvePath(option: String?, environment: [String: String]) -> String {
        if let option, !option.isEmpty { return expandTilde(option, environment: environment) }
        if let path = environment["PER_DB"], !path.isEmpty { return expandTilde(path, environment: environment) }
        // The XDG spec says a relative XDG_DATA_HOME is to be ignored.
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return (data as NSString).appendingPathComponent("per/per.sqlite")
        }
        return (homeDirectory(environment) as NSString).appendingPathComponent(".local/share/per/per.sqlite")
    }

    private static func homeDirectory(_ environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return NSHomeDirectory()
    }

    private static func expandTilde(_ path: String, environment: [String: String]) -> String {
        if path == "~" { return homeDirectory(environment) }
        if path.hasPrefix("~/") { return (homeDirectory(environment) as NSString).appendingPathComponent(String(path.dropFirst(2))) }
        return path
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        return (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
    }

    /// Writable by us, and not marked read-only by its owner (root can write anything; chmod 0444 still means read-only).
    static func isWritable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return access(path, W_OK) == 0 && (info.st_mode & 0o222) != 0
    }
}
