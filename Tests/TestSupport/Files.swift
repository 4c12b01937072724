import Foundation

/// A fresh folder under the system's temporary folder, removed (with everything in it) when the test is done with it.
public final class TemporaryFolder {
    public let path: String

    public init() {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("per-test-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        // Give back write permission to anything a test made read-only, then remove it all.
        if let items = FileManager.default.enumerator(atPath: path) {
            for case let item as String in items { chmod((path as NSString).appendingPathComponent(item), 0o755) }
        }
        chmod(path, 0o755)
        try? FileManager.default.removeItem(atPath: path)
    }

    public func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
}

/// Sets a file's modification date a day back, so that any later write shows in it (without waiting for the clock
/// to tick past the file system's timestamp granularity). The owner may do this even to a read-only file.
public func backdate(_ path: String) {
    let dayAgo = Date().addingTimeInterval(-86_400)
    try! FileManager.default.setAttributes([.modificationDate: dayAgo], ofItemAtPath: path)
}

/// A file's bytes, modification date and the names beside it: equal snapshots mean nothing was written.
public struct FileSnapshot: Equatable {
    public let bytes: Data
    public let modified: Date
    public let siblings: [String]

    public init(_ path: String) {
        bytes = FileManager.default.contents(atPath: path) ?? Data()
        modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
        let folder = (path as NSString).deletingLastPathComponent
        siblings = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}
