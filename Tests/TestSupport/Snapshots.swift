import Foundation
import Testing

/// Whole screens kept as text files, `__Snapshots__/<test file>/<name>.txt` beside the test file. With
/// `PER_RECORD_SNAPSHOTS=1` in the environment, a snapshot test writes what it rendered into its file instead of
/// comparing (review the change with `git diff`).
public func expectSnapshot(_ text: String, named name: String, filePath: String = #filePath, fileID: String = #fileID,
                           line: Int = #line, column: Int = #column) {
    let source = URL(fileURLWithPath: filePath)
    let file = source.deletingLastPathComponent().appendingPathComponent("__Snapshots__")
        .appendingPathComponent(source.deletingPathExtension().lastPathComponent).appendingPathComponent(name + ".txt")
    let location = SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    if ProcessInfo.processInfo.environment["PER_RECORD_SNAPSHOTS"] == "1" {
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try (text + "\n").write(to: file, atomically: true, encoding: .utf8)
        } catch {
            Issue.record("could not record \(file.path): \(error)", sourceLocation: location)
        }
        return
    }
    guard let stored = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record("no snapshot \(file.path): run with PER_RECORD_SNAPSHOTS=1 to record it", sourceLocation: location)
        return
    }
    #expect(text == String(stored.dropLast()), "snapshot \(name) (PER_RECORD_SNAPSHOTS=1 records it again)", sourceLocation: location)
}
