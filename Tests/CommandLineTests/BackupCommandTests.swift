import Foundation
import GRDB
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

/// `per backup FILE`: a consistent snapshot, never over an existing file, mode 0600, a normal per database.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct BackupCommandTests {
    let folder = TemporaryFolder()
    var db: String { folder.file("per.sqlite") }

    private func seed() throws -> ComparisonDatabase {
        let store = try ComparisonDatabase(path: db)
        try store.save(Comparison(id: "a", title: "Oats", products: [
            Product.fixture(id: "o1", name: "Jumbo", price: decimal("6.99"), quantity: 1, unit: .kilogram, shop: "Lidl"),
            Product.fixture(id: "o2", name: "Cans", price: decimal("3.99"), quantity: 1980, unit: .gram, pack: Multipack(count: 6, size: 330)),
        ]))
        try store.changeListCount(of: "a", by: 2)
        try store.setTicked("a", true)
        try store.pin("o2", in: "a")
        return store
    }

    @Test func writesANormalPerDatabaseOnlyTheOwnerCanRead() throws {
        _ = try seed()
        let backup = folder.file("backup.sqlite")
        let result = run([perBinary, "backup", "--db", db, backup])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Backed up \(db) to \(backup).\n")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        let lists = run([perBinary, "--db", backup, "lists"])
        #expect(lists.status == 0 && lists.stdout.contains("Oats"), "\(lists.stderr)")
        for format in ["json", "csv"] {
            #expect(run([perBinary, "export", "--db", backup, "--format", format]).stdout
                    == run([perBinary, "export", "--db", db, "--format", format]).stdout)
        }
        #expect(run([perBinary, "trip", "--db", backup]).stdout == run([perBinary, "trip", "--db", db]).stdout)
    }

    @Test func refusesToOverwriteAnExistingFile() throws {
        _ = try seed()
        let existing = folder.file("precious.txt")
        try "keep me\n".write(toFile: existing, atomically: true, encoding: .utf8)
        let result = run([perBinary, "backup", "--db", db, existing])
        #expect(result.status == 1)
        #expect(result.stderr == "per: \(existing) already exists; per backup never overwrites a file (give a new name)\n", "\(result.stderr)")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me\n")
        // An empty file and a database are refused the same way; a symbolic link is never followed.
        let link = folder.file("link.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.file("nowhere.sqlite"))
        for path in [db, link] {
            #expect(run([perBinary, "backup", "--db", db, path]).status == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.file("nowhere.sqlite")))
        // A missing database: nothing is made.
        let none = run([perBinary, "backup", "--db", folder.file("none.sqlite"), folder.file("b.sqlite")])
        #expect(none.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.file("b.sqlite")))
    }

    /// Issue 32: a backup that can't be written blames the backup, not the database: the disk filling up (here the
    /// file size limit, `ulimit -f`, with SIGXFSZ ignored: the write fails as on a full disk) and a folder that
    /// isn't there or can't be written in. Nothing is left at the target.
    @Test func aFailedWriteNamesTheBackup() throws {
        let store = try seed()
        for i in 0..<100 {   // a database of about 700 KB, well over the limit (256 blocks: 128 or 256 KB)
            try store.save(Comparison(id: ComparisonID("f\(i)"), title: "f\(i)", products: (0..<40).map { product("p\($0)", "\($0).99", "1", .gram) }))
        }
        let backup = folder.file("full.sqlite")
        let full = run(["sh", "-c", "ulimit -f 256; trap '' XFSZ; exec \"$0\" \"$@\"", perBinary, "backup", "--db", db, backup])
        #expect(full.status == 1, "\(full.stderr)")
        #expect(full.stderr.hasPrefix("per: can't write the backup \(backup): "), "\(full.stderr)")
        #expect(!full.stderr.contains("\(db):") && !full.stderr.contains("\(db) "), "\(full.stderr)")
        #expect(!FileManager.default.fileExists(atPath: backup))
        let nowhere = folder.file("no such folder/b.sqlite")
        let missing = run([perBinary, "backup", "--db", db, nowhere])
        #expect(missing.status == 1 && missing.stderr == "per: can't create \(nowhere): No such file or directory\n", "\(missing.stderr)")
        if getuid() != 0 {   // root writes in any folder
            try FileManager.default.createDirectory(atPath: folder.file("locked"), withIntermediateDirectories: false, attributes: [.posixPermissions: 0o500])
            let locked = folder.file("locked/b.sqlite")
            let readOnly = run([perBinary, "backup", "--db", db, locked])
            #expect(readOnly.status == 1 && readOnly.stderr == "per: can't create \(locked): Permission denied\n", "\(readOnly.stderr)")
        }
    }

    /// Issue 32: `-` is standard output to every other command; `per backup -` made a file named `-`. Refused (status
    /// 2, bad input), nothing written; `./-` is a file named `-` for whoever wants one.
    @Test func aDashIsRefused() throws {
        _ = try seed()
        let result = run([perBinary, "backup", "--db", db, "-"])
        #expect(result.status == 2 && result.stdout.isEmpty, "\(result.stderr)")
        #expect(result.stderr == "per: per backup can't write to standard output (-); give the path of the new backup file (./- for a file named -)\n")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
    }

    /// Another connection holds an open write transaction (an uncommitted product and title): the backup is made at
    /// once, holds every committed change and none of the uncommitted one.
    @Test func aSnapshotWhileAnotherConnectionIsWriting() throws {
        let store = try seed()
        let writer = try ComparisonDatabase(path: db)
        let backup = folder.file("during.sqlite")
        try writer.queue.inDatabase { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            try db.execute(sql: "UPDATE comparison SET title = 'half-written' WHERE id = 'a'")
            try db.execute(sql: "DELETE FROM product WHERE id = 'o1'")
            let result = run([perBinary, "backup", "--db", self.db, backup])
            #expect(result.status == 0, "\(result.stderr)")
            try db.execute(sql: "COMMIT")
        }
        let copy = try ComparisonDatabase(path: backup, create: false)
        let oats = try #require(try copy.load("a"))
        #expect(oats.title == "Oats")
        #expect(oats.products.map(\.id) == ["o1", "o2"])
        #expect(oats.products[1].quantityText == "6×330")
        #expect(try copy.shoppingList().first?.item.count == 3)
        #expect(try store.load("a")?.title == "half-written")
    }

    /// Sessions writing all along (300 comparisons committed one by one on another connection): every backup
    /// taken meanwhile opens and is a prefix of the edits, whole.
    @Test func snapshotsWhileEditsAreCommitted() throws {
        let store = try seed()
        let done = DispatchSemaphore(value: 0)
        let writerDB = db
        DispatchQueue.global().async {
            let writer = try? ComparisonDatabase(path: writerDB)
            for i in 0..<300 {
                try? writer?.save(Comparison(id: ComparisonID("w\(i)"), title: "w\(i)", products: [Product.fixture(id: ProductID("p\(i)"), name: "n\(i)", price: 1)]))
            }
            done.signal()
        }
        var counts: [Int] = []
        for i in 0..<3 {
            let backup = folder.file("b\(i).sqlite")
            let result = run([perBinary, "backup", "--db", db, backup])
            #expect(result.status == 0, "\(result.stderr)")
            let copy = try ComparisonDatabase(path: backup, create: false)
            let titles = try copy.summaries().map(\.title).filter { $0.hasPrefix("w") }
            // Whole comparisons only, in commit order: w0…w(n-1), each with its product.
            #expect(Set(titles) == Set((0..<titles.count).map { "w\($0)" }))
            for summary in try copy.summaries() where summary.title.hasPrefix("w") { #expect(summary.productCount == 1) }
            counts.append(titles.count)
        }
        done.wait()
        #expect(counts == counts.sorted())
        _ = store
    }
}
