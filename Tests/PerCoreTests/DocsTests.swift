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

/// Docs/ARCHITECTURE.md names only what exists: every type-like name it writes in backticks (`ComparisonScreen`,
/// `Effect.send`, `KeyTable.action(for:in:pointer:)`), and every name of two or more words in its module tree, is a
/// type declared in Sources or Tests (struct, enum, class, protocol, typealias, actor, extension), a file of Sources
/// (the docs name files such as `Reading`), a target, or one of the few other libraries' types below; a member after
/// a dot (`ComparisonDatabase.apply`) is declared too (func, var, let, case, init). So a rename or a removal that
/// leaves the docs behind fails here.
@Test func architectureNamesOnlyTypesThatExist() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let architecture = try String(contentsOf: root.appendingPathComponent("Docs/ARCHITECTURE.md"), encoding: .utf8)
    let elsewhere: [String: String] = [
        "Decimal": "Foundation", "DatabaseQueue": "GRDB", "DatabaseMigrator": "GRDB",
        "ParsableCommand": "swift-argument-parser", "ExpressibleByArgument": "swift-argument-parser", "ExitCode": "swift-argument-parser",
        "Seen": "the table's column, not a type",
    ]
    var types = Set<String>(), members = Set<String>(), targets = Set<String>()
    let fileManager = FileManager.default
    for folder in ["Sources", "Tests"] {
        let top = root.appendingPathComponent(folder)
        targets.formUnion(try fileManager.contentsOfDirectory(atPath: top.path))
        for file in fileManager.enumerator(atPath: top.path)?.compactMap({ $0 as? String }) ?? [] where file.hasSuffix(".swift") {
            let source = try String(contentsOf: top.appendingPathComponent(file), encoding: .utf8)
            if folder == "Sources" { types.insert(String((file as NSString).lastPathComponent.dropLast(".swift".count))) }
            for match in matches(#"\b(?:struct|enum|class|protocol|typealias|actor|extension)\s+(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)"#, source) {
                types.insert(match[1])
            }
            for match in matches(#"\b(?:func|var|let|case|init)\s+`?([A-Za-z_]\w*)"#, source) { members.insert(match[1]) }
            for match in matches(#"\bcase\s+([A-Za-z_][^\n=:{}]*)"#, source) {
                for name in match[1].split(separator: ",") {
                    let word = name.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                    if !word.isEmpty { members.insert(String(word)) }
                }
            }
        }
    }
    func known(_ type: String) -> Bool { types.contains(type) || targets.contains(type) || elsewhere[type] != nil }
    let fences = architecture.components(separatedBy: "```")
    let prose = fences.enumerated().filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: "\n")
    let tree = fences.enumerated().filter { $0.offset % 2 == 1 }.map(\.element).joined(separator: "\n")
    let fileExtensions: Set<String> = ["swift", "md", "h", "json", "csv", "sqlite", "order", "modulemap"]
    var named = 0
    for span in matches("`([^`\n]+)`", prose).map({ $0[1] }) {
        guard let chain = matches(#"^([A-Z]\w*)((?:\.\w+)*)(?:\(.*\))?$"#, span).first,
              chain[1].contains(where: \.isLowercase) else { continue }
        let segments = [chain[1]] + chain[2].split(separator: ".").map(String.init)
        guard !fileExtensions.contains(segments.last!) else { continue }
        named += 1
        for segment in segments {
            if segment.first!.isUppercase {
                #expect(known(segment), "Docs/ARCHITECTURE.md names `\(span)`: no type \(segment) in Sources or Tests")
            } else {
                #expect(members.contains(segment), "Docs/ARCHITECTURE.md names `\(span)`: nothing called \(segment) is declared")
            }
        }
    }
    for word in Set(matches(#"(?<![\w/.+-])([A-Z][a-z0-9]+(?:[A-Z][A-Za-z0-9]*)+)(?![\w/])"#, tree).map({ $0[1] })) {
        named += 1
        #expect(known(word), "Docs/ARCHITECTURE.md's module tree names \(word): no such type, file or target")
    }
    #expect(named > 200, "only \(named) names found: is the pattern still right?")
}

/// Each match of `pattern` in `text`: the whole match, then its groups ("" for a group that took no part).
private func matches(_ pattern: String, _ text: String) -> [[String]] {
    guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
    let whole = NSRange(text.startIndex..., in: text)
    return regex.matches(in: text, range: whole).map { match in
        (0..<match.numberOfRanges).map { Range(match.range(at: $0), in: text).map { String(text[$0]) } ?? "" }
    }
}

/// No file of the tree holds a merge's conflict markers (a line starting with seven `<` or seven `>`): ARCHITECTURE.md
/// held one from a merge for two rounds, unseen, when only the docs were looked at. Every file but the build's and
/// git's own (hidden folders) is read; one that is not UTF-8 text (a fixture database) is passed over.
@Test func noFileHoldsConflictMarkers() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let markers = [String(repeating: "<", count: 7), String(repeating: ">", count: 7)]
    var read = 0
    let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
    while let url = walk?.nextObject() as? URL {
        guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true,
              let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
        read += 1
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            .filter { line in markers.contains { marker in line.element.hasPrefix(marker) } }
        #expect(lines.isEmpty, "\(url.path.dropFirst(root.path.count + 1)): conflict markers at lines \(lines.map { $0.offset + 1 })")
    }
    #expect(read > 300, "only \(read) files read: is the walk still right?")
}

/// Docs/DECISIONS.md keeps rules only, one line each with its reason and its test (issue 42): every rule is
/// `- **N. The rule.** Reason: ... Test: ...`, its number used once and below the next free number the header gives,
/// and every test it names in backticks exists: `Suite.function` is a function declared in a file of Tests that
/// declares `Suite` (or is `Suite.swift`, for free test functions); a bare name is a type or function of Tests;
/// a name with a space is a command (`make bench`). So a renamed or removed test cannot leave a rule citing nothing.
@Test func everyDecisionIsOneLineWithItsReasonAndATestThatExists() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let decisions = try String(contentsOf: root.appendingPathComponent("Docs/DECISIONS.md"), encoding: .utf8)
    var functionsByType: [String: Set<String>] = [:], functions = Set<String>()
    let tests = root.appendingPathComponent("Tests")
    for file in FileManager.default.enumerator(atPath: tests.path)?.compactMap({ $0 as? String }) ?? [] where file.hasSuffix(".swift") {
        let source = try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)
        let declared = Set(matches(#"\bfunc\s+`?([A-Za-z_]\w*)"#, source).map { $0[1] })
        functions.formUnion(declared)
        let owners = matches(#"\b(?:struct|enum|class|extension)\s+(?:[A-Za-z_]\w*\.)*([A-Za-z_]\w*)"#, source).map { $0[1] }
            + [String((file as NSString).lastPathComponent.dropLast(".swift".count))]
        for owner in owners { functionsByType[owner, default: []].formUnion(declared) }
    }
    let nextFree = try #require(matches(#"(\d+) now\)"#, decisions).first.flatMap { Int($0[1]) }, "the header's next free number")
    var seen = Set<Int>()
    let rules = decisions.split(separator: "\n").filter { $0.hasPrefix("- **") }
    for rule in rules {
        let line = String(rule)
        guard let number = matches(#"^- \*\*(\d+)\. "#, line).first.flatMap({ Int($0[1]) }) else {
            Issue.record("a rule without its number: \(line.prefix(60))"); continue
        }
        #expect(seen.insert(number).inserted, "decision \(number) is written twice")
        #expect(number < nextFree, "decision \(number) is at or past the next free number \(nextFree) the header gives")
        let parts = line.components(separatedBy: " Test: ")
        #expect(line.contains("** Reason: ") && parts.count == 2, "decision \(number) is not `rule. Reason: ... Test: ...`")
        guard parts.count == 2 else { continue }
        let cited = matches("`([^`]+)`", parts[1]).map { $0[1] }
        #expect(!cited.isEmpty || parts[1].hasPrefix("none"), "decision \(number) names no test and does not say none")
        for name in cited where !name.contains(" ") {
            let pieces = name.split(separator: ".").map(String.init)
            if pieces.count == 2 {
                #expect(functionsByType[pieces[0]]?.contains(pieces[1]) == true, "decision \(number) names \(name): no such test")
            } else {
                #expect(pieces.count == 1 && (functions.contains(name) || functionsByType[name] != nil), "decision \(number) names \(name): no such test")
            }
        }
    }
    #expect(rules.count > 250, "only \(rules.count) rules found: is the pattern still right?")
}

/// The docs are a map, no longer than what they describe (issue 42): the words of README, CONTRIBUTING, CHANGELOG and
/// Docs (the decisions' archive included) are fewer than the words of Sources, and their lines fewer than its lines.
@Test func theDocsAreNoLongerThanTheCode() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    func measure(_ files: [URL]) throws -> (words: Int, lines: Int) {
        try files.reduce(into: (0, 0)) { total, file in
            let text = try String(contentsOf: file, encoding: .utf8)
            total.0 += text.split(whereSeparator: \.isWhitespace).count
            total.1 += text.split(separator: "\n", omittingEmptySubsequences: false).count
        }
    }
    func files(under folder: String, ending suffix: String) -> [URL] {
        let top = root.appendingPathComponent(folder)
        return (FileManager.default.enumerator(atPath: top.path)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(suffix) }.map { top.appendingPathComponent($0) }
    }
    let docs = try measure(["README.md", "CONTRIBUTING.md", "CHANGELOG.md"].map(root.appendingPathComponent) + files(under: "Docs", ending: ".md"))
    let code = try measure(files(under: "Sources", ending: ".swift"))
    #expect(code.words > 50_000 && docs.words > 10_000, "code \(code), docs \(docs): is the count still right?")
    #expect(docs.words < code.words, "the docs hold \(docs.words) words for \(code.words) words of code")
    #expect(docs.lines < code.lines, "the docs hold \(docs.lines) lines for \(code.lines) lines of code")
}
