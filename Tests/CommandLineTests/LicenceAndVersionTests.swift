import Foundation
import Testing
import TestSupport

/// The binary carries its licences and says what it is: `per licenses`, `per --version`, CHANGELOG.md.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct LicenceAndVersionTests {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func text(_ file: String) throws -> String { try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) }

    /// `per licenses` prints LICENSE, then THIRD-PARTY-NOTICES, as built into the binary: a copy of per alone keeps them.
    @Test func licensesPrintsTheLicenceThenTheNotices() throws {
        let licenses = run([perBinary, "licenses"])
        #expect(licenses.status == 0, "\(licenses.stderr)")
        #expect(licenses.stdout == (try text("LICENSE")) + "\n" + (try text("THIRD-PARTY-NOTICES")))
    }

    /// What the static binary links, each with its licence: a component linked in without a notice is the packager's
    /// complaint (issue 29).
    @Test func theNoticesCoverEverythingTheStaticBinaryCarries() throws {
        let notices = try text("THIRD-PARTY-NOTICES")
        for files in ["GRDB.swift", "swift-argument-parser", "swift", "icu", "sqlite", "ncurses", "gcc", "glibc"] {
            #expect(notices.contains("\nFiles: \(files)/*\nCopyright: "), "no paragraph for \(files)")
        }
        // The texts Debian's copyright points to instead (Scripts/deb cuts from the first of them on).
        let apache = try #require(notices.range(of: "\nLicense: Apache-2.0\n"))
        let lgpl = try #require(notices.range(of: "\nLicense: LGPL-2.1\n"))
        #expect(apache.upperBound < lgpl.lowerBound && !notices[apache.upperBound...].contains("\nFiles: "))
        #expect(notices.contains("relink per"), "the LGPL's relinking offer")
    }

    /// Issue 41: every licence a Files paragraph names without its text has a License paragraph of that name with it
    /// (DEP-5: swift-argument-parser named Apache-2.0 with Runtime Library Exception, whose text was nowhere), and ICU's
    /// is the licence of the ICU the toolchain links (its uvernum.h's version: 76.1, the Unicode License V3).
    @Test func everyLicenceNamedHasItsTextAndICUsIsTheLinkedVersions() throws {
        let notices = try text("THIRD-PARTY-NOTICES")
        let paragraphs = notices.components(separatedBy: "\n\n").map { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        let standalone = Set(paragraphs.filter { $0.first?.hasPrefix("License: ") == true && ($0.count > 1) }.map { $0[0] })
        for paragraph in paragraphs where paragraph.first?.hasPrefix("Files: ") == true {
            guard let at = paragraph.firstIndex(where: { $0.hasPrefix("License: ") }) else {
                Issue.record("\(paragraph[0]) names no licence"); continue
            }
            let hasText = at + 1 < paragraph.count && paragraph[at + 1].hasPrefix(" ")
            #expect(hasText || standalone.contains(paragraph[at]), "\(paragraph[0]): \(paragraph[at]) has no text")
        }
        let icu = try #require(paragraphs.first { $0.first == "Files: icu/*" }).joined(separator: "\n")
        #expect(icu.contains("License: Unicode-3.0\n UNICODE LICENSE V3\n") && icu.contains("Copyright © 2016-2024 Unicode, Inc."), "\(icu.prefix(300))")
        let swift = run(["sh", "-c", "readlink -f \"$(command -v swift)\""]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let header = ((swift as NSString).deletingLastPathComponent as NSString).appendingPathComponent("../lib/swift_static/_foundation_unicode/uvernum.h")
        if let uvernum = try? String(contentsOfFile: header, encoding: .utf8),
           let line = uvernum.split(separator: "\n").first(where: { $0.hasPrefix("#define U_ICU_VERSION ") }) {
            let version = line.split(separator: "\"").dropFirst().first.map(String.init) ?? "?"
            #expect(icu.contains("ICU \(version) "), "the toolchain links ICU \(version); the notices say: \(icu.suffix(500))")
        }
    }

    /// `per --version`: `per `, CHANGELOG.md's newest released version (an entry `(unreleased)` above it gathers what comes
    /// next), then the commit it was built from (make stamps it).
    @Test func versionIsTheChangelogsNewestWithTheCommit() throws {
        let version = run([perBinary, "--version"])
        #expect(version.status == 0, "\(version.stderr)")
        let newest = try #require(try text("CHANGELOG.md").split(separator: "\n").first { $0.hasPrefix("## ") && !$0.hasSuffix("(unreleased)") })
        let number = try #require(newest.dropFirst(3).split(separator: " ").first)
        #expect(version.stdout.hasPrefix("per \(number) (commit "), "per --version says \(version.stdout), CHANGELOG.md \(newest)")
        #expect(version.stdout.hasSuffix(")\n"), "\(version.stdout)")
    }
}
