import Foundation
import Testing
@testable import PerCore

/// Docs/USAGE.md must list every row of the key table, so the docs cannot fall behind the keys.
@Test func usageDocumentsEveryKeyBinding() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let usage = try String(contentsOf: root.appendingPathComponent("Docs/USAGE.md"), encoding: .utf8)
    for binding in KeyTable.bindings {
        #expect(usage.contains("| \(binding.keys) |"), "Docs/USAGE.md lacks the keys \(binding.keys)")
    }
}
