import Foundation

/// Making the folders per's files go in: each missing one mode 0700 from the moment it exists, whatever the umask
/// (FileManager makes a folder 0777 less the umask and narrows it after, so under umask 000 it is world-writable
/// for a moment).
enum PrivateFolder {
    /// Why a folder could not be made: the system's words.
    struct Failure: Error {
        var reason: String
    }

    /// Makes `path` and the missing folders above it, each 0700. An existing folder is left as it is.
    static func make(_ path: String) throws(Failure) {
        var info = stat()
        if stat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFDIR else { throw Failure(reason: String(cString: strerror(ENOTDIR))) }
            return
        }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != path { try make(parent) }
        if mkdir(path, 0o700) != 0 {
            let code = errno
            // Made by someone else meanwhile: fine if it is a folder.
            guard code == EEXIST, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                throw Failure(reason: String(cString: strerror(code)))
            }
            return
        }
        chmod(path, 0o700)   // a umask that takes the owner's bits (0200) does not make it unusable
    }
}
