import Foundation
import Testing
@testable import PerCore

/// Docs/USAGE.md's key tables are the key table: under each scope's heading (`### Unit`, or
/// `### Shopping list (Ctrl-O)` for "Shopping list"), one row per binding, its keys as the
/// help names them and its description beginning with the help's summary (the docs may say more
/// after it); no other rows. So the docs (and the man page made from them) cannot drift from the keys.
@Test func usageDocumentsEveryKeyBindingInItsScreensTable() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let usage = try String(contentsOf: root.appendingPathComponent("Docs/USAGE.md"), encoding: .utf8)
    let tables = keyTables(usage)
    for scope in KeyScope.allCases {
        let bindings = KeyTable.bindings.filter { $0.scope == scope }
        let headings = tables.keys.filter { $0 == scope.rawValue || $0.hasPrefix(scope.rawValue + " (") }
        #expect(headings.count == 1, "Docs/USAGE.md needs one '### \(scope.rawValue)' section with a key table, has \(headings)")
        guard let heading = headings.first, let rows = tables[heading] else { continue }
        for binding in bindings {
            let row = rows.first { $0.keys == binding.keys }
            #expect(row != nil, "### \(heading) lacks the row | \(binding.keys) | \(binding.summary)")
            if let row { #expect(describes(row.does, binding.summary), "### \(heading): | \(row.keys) | \(row.does) | should begin with \(binding.summary)") }
        }
        for row in rows where !bindings.contains(where: { $0.keys == row.keys }) {
            Issue.record("### \(heading) has a stale row | \(row.keys) |: no such key on that screen")
        }
        #expect(rows.count == Set(rows.map(\.keys)).count, "### \(heading) lists a key twice")
    }
}

/// The summary (code spans read as plain text), then nothing or more words after a break (`;`, `,`,
/// `:`, a space), never a longer word.
private func describes(_ does: String, _ summary: String) -> Bool {
    let does = does.replacingOccurrences(of: "`", with: "")
    guard does.hasPrefix(summary) else { return false }
    let rest = does.dropFirst(summary.count)
    return rest.isEmpty || [";", ",", ":", " "].contains { rest.hasPrefix($0) }
}

/// The key tables (`| key | does |`) of the "## Keys" chapter, by the heading above each.
private func keyTables(_ usage: String) -> [String: [(keys: String, does: String)]] {
    var tables: [String: [(keys: String, does: String)]] = [:]
    var heading: String?
    var inKeys = false
    for line in usage.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("## ") { inKeys = line == "## Keys"; heading = nil; continue }
        guard inKeys else { continue }
        if line.hasPrefix("### ") { heading = String(line.dropFirst(4)); continue }
        guard let heading, line.hasPrefix("| "), line.hasSuffix(" |") else { continue }
        let cells = line.dropFirst(2).dropLast(2).components(separatedBy: " | ")
        guard cells.count == 2, cells != ["key", "does"] else { continue }
        tables[heading, default: []].append((cells[0], cells[1]))
    }
    return tables
}
