import Foundation
import GRDB
import PerCore

/// Saved comparisons in one SQLite file (WAL mode), shared safely by several sessions and processes.
///
/// Every write is one short IMMEDIATE transaction; a database locked by another program is waited for
/// (`busyTimeout`), then reported as `StoreError.locked`. Field edits are column-level upserts, so two
/// sessions editing different fields of one product both keep their edit.
///
/// This file opens the database; StorePath.swift finds it, Reading.swift and Writing.swift use it.
public final class ComparisonStore: Sendable {
    public let path: String
    public let isReadOnly: Bool
    let queue: DatabaseQueue
    private let fileID: OpenFiles.FileID?

    /// Opens the database at `path`, creating its folder (0700) and the file (0600) when missing.
    ///
    /// A file that is not a per database, or is damaged, is refused without being modified (it is inspected
    /// before SQLite is allowed to write anything). A file or folder without write permission opens read-only.
    public init(path: String, busyTimeout: TimeInterval = 5) throws(StoreError) {
        let path = Self.absolute(path)
        self.path = path
        let fileManager = FileManager.default
        let folder = (path as NSString).deletingLastPathComponent

        var isFolder: ObjCBool = false
        if !fileManager.fileExists(atPath: folder, isDirectory: &isFolder) {
            do {
                try fileManager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create the folder \(folder) (\(Self.reason(error)))")
            }
        } else if !isFolder.boolValue {
            throw .cannotOpen(path: path, reason: "\(folder) is not a folder")
        }

        if !fileManager.fileExists(atPath: path, isDirectory: &isFolder) {
            guard Self.isWritable(folder) else { throw .cannotOpen(path: path, reason: "the folder \(folder) is not writable") }
            let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            if fd >= 0 { close(fd) } else if errno != EEXIST {
                throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
            }
        } else if isFolder.boolValue {
            throw .cannotOpen(path: path, reason: "it is a folder")
        }
        guard access(path, R_OK) == 0 else { throw .cannotOpen(path: path, reason: "permission denied") }

        let opening = try OpeningLock(folder: folder, path: path, timeout: busyTimeout)
        defer { opening.release() }

        // A file this process already has open is per's; reading its header again would mean opening and closing
        // a descriptor of it under SQLite's feet.
        let fileID = OpenFiles.id(of: path)
        self.fileID = fileID
        let kind = OpenFiles.isOpen(fileID) ? .per : try FileInspection.inspect(path: path, busyTimeout: busyTimeout)
        isReadOnly = !Self.isWritable(path) || !Self.isWritable(folder)

        if isReadOnly && kind != .per {
            throw .cannotOpen(path: path, reason: "it is read-only and holds no per data yet")
        }

        var configuration = Configuration()
        configuration.label = "per"
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.journalMode = .wal
        configuration.readonly = isReadOnly
        queue = try Self.openQueue(path: path, configuration: configuration)

        do {
            if try queue.read(Schema.migrator.hasBeenSuperseded) {
                throw StoreError.cannotOpen(path: path, reason: "it was written by a newer version of per; update per to open it")
            }
            if try !queue.read(Schema.migrator.hasCompletedMigrations) {
                if isReadOnly { throw StoreError.cannotOpen(path: path, reason: "it is read-only and was made by an older per") }
                do {
                    try Schema.migrator.migrate(queue)
                } catch {
                    // Another process may have migrated the file between our check and our write.
                    guard try queue.read(Schema.migrator.hasCompletedMigrations) else { throw error }
                }
            }
        } catch {
            throw Self.storeError(error, path: path, opening: true)
        }
        OpenFiles.add(fileID)
    }

    deinit {
        OpenFiles.remove(fileID)
    }
}
