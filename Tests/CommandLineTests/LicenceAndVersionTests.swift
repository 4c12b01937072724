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
