import Foundation
import Testing
import TestSupport

/// Issue 28: the settings examples the documents show (a fenced block whose first line is `# ~/.config/per/config`)
/// are files per reads, and README.md, Docs/USAGE.md and the man page made from it show the same ones: each is run
/// through `per config`, and the settings in effect are compared. The README's own example stopped per (exit 2).
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct SettingsDocsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    static let marker = "# ~/.config/per/config"

    @Test func theDocsSettingsExamplesAreReadByPerAndAgree() throws {
        let readme = try Self.examples(markdown: String(contentsOfFile: Self.root + "/README.md", encoding: .utf8))
        let usage = try Self.examples(markdown: String(contentsOfFile: Self.root + "/Docs/USAGE.md", encoding: .utf8))
        let page = run(["python3", Self.root + "/Scripts/manpage", perBinary, Self.root + "/Docs/USAGE.md"])
        #expect(page.status == 0, "\(page.stderr)")
        let man = Self.examples(roff: page.stdout)
        // The settings chapter's example and the shared database's `db`, in each.
        #expect(readme.count == 2 && usage.count == 2 && man.count == 2, "\(readme) \(usage) \(man)")
        let inEffect = try [readme, usage, man].map { try $0.map(settingsInEffect) }
        #expect(inEffect[0] == inEffect[1], "README.md and Docs/USAGE.md show different settings")
        #expect(inEffect[1] == inEffect[2], "Docs/USAGE.md and the man page show different settings")
    }

    /// The settings `per config` reports with `example` as the settings file, without the comments saying where each
    /// came from; every setting the example writes must come from its line.
    private func settingsInEffect(_ example: String) throws -> [String] {
        let folder = TemporaryFolder()
        let config = folder.file("per/config")
        try FileManager.default.createDirectory(atPath: folder.file("per"), withIntermediateDirectories: true)
        try example.write(toFile: config, atomically: true, encoding: .utf8)
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("PER_") }
        environment["XDG_CONFIG_HOME"] = folder.path
        environment["HOME"] = "/home/ana"
        let result = try run(perBinary, ["config"], environment: environment)
        #expect(result.status == 0, "per refuses the docs' example:\n\(example)\n\(result.err)")
        let written = example.split(separator: "\n").enumerated().filter { !$0.element.hasPrefix("#") && $0.element.contains("=") }
        for (index, line) in written {
            let key = line.prefix { $0 != " " && $0 != "=" }
            #expect(result.out.split(separator: "\n").contains { $0.hasPrefix("\(key) = ") && $0.hasSuffix("# \(config):\(index + 1)") },
                    "`\(line)` is not in effect:\n\(result.out)")
        }
        return result.out.split(separator: "\n").dropFirst().map { String($0.replacing(try! Regex(" +# [^#]*$"), with: "")) }
    }

    /// The fenced blocks of `markdown` that begin with the marker.
    static func examples(markdown: String) -> [String] {
        markdown.components(separatedBy: "```").enumerated().compactMap { index, part in
            guard index % 2 == 1 else { return nil }
            let body = part.drop { $0 != "\n" }.dropFirst()   // after the fence's info string
            return body.hasPrefix(marker) ? String(body) : nil
        }
    }

    /// The `.nf` ... `.fi` blocks of a man page that begin with the marker, as the reader sees them.
    static func examples(roff: String) -> [String] {
        var blocks: [String] = [], current: [String]?
        for line in roff.split(separator: "\n", omittingEmptySubsequences: false) {
            switch line {
            case ".nf": current = []
            case ".fi":
                if let lines = current, lines.first == marker { blocks.append(lines.joined(separator: "\n") + "\n") }
                current = nil
            case ".RS 4", ".RE": continue
            default: current?.append(unescaped(String(line)))
            }
        }
        return blocks
    }

    /// roff's escapes as Scripts/manpage writes them (`\-`, `\e`, `\[u20AC]`, a leading `\&`) back to the characters.
    static func unescaped(_ line: String) -> String {
        var text = line.hasPrefix("\\&") ? String(line.dropFirst(2)) : line
        text = text.replacing(try! Regex(#"\\\[u([0-9A-F]{4,6})\]"#)) { match in
            String(Character(Unicode.Scalar(UInt32(match.output[1].substring!, radix: 16)!)!))
        }
        return text.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\e", with: "\\")
    }
}
