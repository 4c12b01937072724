import Foundation
import GRDB
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// The app's first frame comes from `FirstRead`; the store, opened after it, must read the same comparison.
@Suite struct FirstReadTests {
    let folder = TemporaryFolder()

    @Test func readsTheComparisonTheStoreOpensOn() throws {
        let path = folder.file("per.sqlite")
        let store = try ComparisonDatabase(path: path)
        var older = sampleComparison(title: "older")
        older.chosenBasis = nil
        try store.save(older)
        var recent = sampleComparison()
        recent.volumeSystem = .imperial
        try store.save(recent)
        if let product = recent.products.first { try store.pin(product.id, in: recent.id) }   // the shopping list's pin too
        let expected = try #require(try store.loadMostRecentlyEdited())
        #expect(expected.pinned == recent.products.first?.id)

        let first = try #require(FirstRead.read(path: path))
        #expect(first.comparison == expected)
        #expect(first.comparison?.id == recent.id)
        first.close()
    }

    /// A database nobody has open is read as immutable: no lock, no -wal or -shm file made before the first frame,
    /// whatever characters its path holds.
    @Test func aClosedDatabaseIsReadWithoutNewFiles() throws {
        let path = folder.file("a ?#%20 b.sqlite")
        var expected: Comparison?
        do {
            let store = try ComparisonDatabase(path: path)
            try store.save(sampleComparison())
            expected = try store.loadMostRecentlyEdited()
        }
        #expect(expected != nil)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let first = try #require(FirstRead.read(path: path))
        #expect(first.comparison == expected)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        first.close()
    }

    @Test func aPerDatabaseWithoutComparisonsReadsAsNone() throws {
        let path = folder.file("per.sqlite")
        _ = try ComparisonDatabase(path: path)
        let first = try #require(FirstRead.read(path: path))
        #expect(first.comparison == nil)
    }

    @Test func leavesEverythingElseToTheStore() throws {
        #expect(FirstRead.read(path: folder.file("missing.sqlite")) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder.file("missing.sqlite")))

        let empty = folder.file("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(FirstRead.read(path: empty) == nil)

        let text = folder.file("notes.txt")
        #expect(FileManager.default.createFile(atPath: text, contents: Data("not a database".utf8)))
        #expect(FirstRead.read(path: text) == nil)

        let newer = folder.file("newer.sqlite")
        _ = try ComparisonDatabase(path: newer)
        try DatabaseQueue(path: newer).writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
        }
        #expect(FirstRead.read(path: newer) == nil)

        let readOnly = folder.file("read-only.sqlite")
        try ComparisonDatabase(path: readOnly).save(sampleComparison())
        chmod(readOnly, 0o444)
        #expect(FirstRead.read(path: readOnly) == nil)
    }
}
