import Foundation
import Testing
import TestSupport
import PerCore
import GRDB

extension EndToEnd {
    /// Shop without signal (issue 43): a copy taken at home, typed on in the app where home cannot be reached (another
    /// path, the home file out of reach), merged home; home's own changes meanwhile kept, and the merge once.
    @Suite struct RoadCopyEndToEndTests {
        @Test func aCopyTypedOnOfflineMergesHomeWithEveryChange() throws {
            let folder = TemporaryFolder()
            let home = folder.file("home.sqlite"), road = folder.file("road/per.sqlite")
            let csv = folder.file("list.csv")
            try "comparison,name,price,quantity,unit,shop,listCount\nOats,Jumbo,1.29,500,g,Aldi,1\nMilk,Milk,0.99,1,L,Lidl,1\n"
                .write(toFile: csv, atomically: true, encoding: .utf8)
            #expect(run([perBinary, "import", "--db", home, csv]).status == 0)
            try FileManager.default.createDirectory(atPath: folder.file("road"), withIntermediateDirectories: true)
            let took = run([perBinary, "copy", "--db", home, road])
            #expect(took.status == 0 && took.stdout.hasPrefix("Took a copy of"), "\(took)")

            // In the shop: the copy alone, home moved out of reach.
            try FileManager.default.moveItem(atPath: home, toPath: home + ".away")
            let tmux = TmuxSession(perCommand(db: road), width: 40, height: 20)
            tmux.waitFor("^O list")   // it opens the comparison edited last
            tmux.waitFor("A copy for the road, taken")
            tmux.keys("C-o"); tmux.waitFor { $0.contains("1× Oats") && $0.contains("1× Milk") }
            tmux.type("eggs"); tmux.keys("Enter")
            tmux.waitFor("Added \"eggs\"")
            tmux.keys("Escape")
            tmux.waitFor { $0.contains("1× eggs") && !$0.contains("Added") }
            tmux.type("+")   // eggs, the item just added: 2
            tmux.waitFor("2× eggs")
            tmux.keys("C-q")
            #expect(tmux.waitForExit() == 0)
            #expect(run([perBinary, "trip", "--db", road, "--reset"]).status == 0)

            // Home again, where someone added bread meanwhile.
            try FileManager.default.moveItem(atPath: home + ".away", toPath: home)
            try "comparison,name,price,quantity,unit,shop,listCount\nBread,Loaf,1.49,1,each,Aldi,1\n".write(toFile: csv, atomically: true, encoding: .utf8)
            #expect(run([perBinary, "import", "--db", home, csv]).status == 0)
            let merge = run([perBinary, "import", "--db", home, road])
            #expect(merge.status == 0, "\(merge)")
            #expect(merge.stdout.contains("Merged 3 changes from the copy"), "\(merge.stdout)")
            #expect(merge.stdout.contains("1 new item, 1 count, 1 clearing of ticks"), "\(merge.stdout)")
            let trip = run([perBinary, "trip", "--db", home, "--format", "markdown"]).stdout
            for line in ["- [ ] 2× eggs", "- [ ] 1× Bread", "- [ ] 1× Oats", "- [ ] 1× Milk"] {
                #expect(trip.contains(line), "\(line) in \(trip)")
            }
            let export = run([perBinary, "export", "--db", home]).stdout
            #expect(export.contains("\"eggs\"") && export.contains("\"Bread\""), "\(export)")
            // Merged again: nothing twice.
            let again = run([perBinary, "import", "--db", home, road])
            #expect(again.status == 0 && again.stdout.hasPrefix("Already merged"), "\(again)")
            #expect(run([perBinary, "trip", "--db", home, "--format", "markdown"]).stdout == trip)
        }

        /// A copy merged into another database, or a home file given as a copy: refused, both files byte for byte as
        /// they were.
        @Test func aCopyOfAnotherDatabaseIsRefusedAndNothingChanges() throws {
            let folder = TemporaryFolder()
            let home = folder.file("home.sqlite"), other = folder.file("other.sqlite"), road = folder.file("road.sqlite")
            let csv = folder.file("list.csv")
            try "comparison,name,price,quantity,unit\nOats,Jumbo,1.29,500,g\n".write(toFile: csv, atomically: true, encoding: .utf8)
            for db in [home, other] { #expect(run([perBinary, "import", "--db", db, csv]).status == 0) }
            #expect(run([perBinary, "copy", "--db", home, road]).status == 0)
            let before = try [other, road].map { try Data(contentsOf: URL(fileURLWithPath: $0)) }
            let refused = run([perBinary, "import", "--db", other, road])
            #expect(refused.status == 1 && refused.stderr.contains("is a copy of another database, not of this one; nothing was changed"), "\(refused)")
            #expect(try [other, road].map { try Data(contentsOf: URL(fileURLWithPath: $0)) } == before)
            let notACopy = run([perBinary, "import", "--db", home, other])
            #expect(notACopy.status == 1 && notACopy.stderr.contains("is a per database, but not a copy taken by per copy"), "\(notACopy)")
        }
    }
}

extension EndToEnd.RoadCopyEndToEndTests {
    /// The home disk fills during a merge: the merge says so (status 1) and home is as it was, byte for byte in what it
    /// exports; with room again the same copy merges whole.
    @Test(.enabled(if: EndToEnd.FullDiskEndToEndTests.canMountATmpfs, "needs root and a tmpfs it can mount (mount -t tmpfs) to fill a disk"))
    func aDiskFullDuringAMergeLeavesHomeAsItWas() throws {
        let folder = TemporaryFolder()
        let disk = try EndToEnd.FullDiskEndToEndTests.mountDisk(size: "1m", in: folder)
        defer { EndToEnd.FullDiskEndToEndTests.unmount(disk) }
        let home = (disk as NSString).appendingPathComponent("home.sqlite"), road = folder.file("road.sqlite")
        let csv = folder.file("list.csv")
        try "comparison,name,price,quantity,unit\nOats,Jumbo,1.29,500,g\n".write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(run([perBinary, "import", "--db", home, csv]).status == 0)
        #expect(run([perBinary, "copy", "--db", home, road]).status == 0)
        // 400 new comparisons of 10 products with long names made on the copy: far more than the home disk holds.
        let copyIdentity = try Self.identity(of: road)
        let made = (0..<400).map { n in
            RecoveryJournal.Entry(.other(.createComparison(Comparison(id: ComparisonID("road-\(n)"), title: "Item \(n)", products: (0..<10).map { p in
                Product(id: ProductID("road-\(n)-\(p)"), name: String(repeating: "long name ", count: 40), price: 1, quantity: 1, unit: .kilogram,
                        pack: nil, shop: "Aldi", seen: nil, deposit: nil)
            }))), at: millisecondsNow() + Int64(n), id: "road-\(n)")
        }
        let file = folder.file("made.json")
        try RecoveryJournal(id: "made", database: copyIdentity, entries: made).encoded().write(toFile: file, atomically: true, encoding: .utf8)
        let onCopy = run([perBinary, "import", "--db", road, file])
        #expect(onCopy.status == 0, "\(onCopy)")
        let before = run([perBinary, "export", "--db", home]).stdout
        let merge = run([perBinary, "import", "--db", home, road])
        #expect(merge.status == 1 && merge.stderr.hasPrefix("per: ") && merge.stdout.isEmpty, "\(merge)")
        #expect(merge.stderr.contains("full"), "\(merge.stderr)")
        #expect(run([perBinary, "export", "--db", home]).stdout == before)
        // Room again (the home database moved off the small disk): the same copy merges whole.
        let roomy = folder.file("home.sqlite")
        #expect(run([perBinary, "backup", "--db", home, roomy]).status == 0)
        let again = run([perBinary, "import", "--db", roomy, road])
        #expect(again.status == 0 && again.stdout.contains("Merged 400 changes"), "\(again)")
    }

    static func identity(of path: String) throws -> String {
        let queue = try DatabaseQueue(path: path)
        return try queue.read { try String.fetchOne($0, sql: "SELECT id FROM database_identity") } ?? ""
    }
}

private func millisecondsNow() -> Int64 { Int64(Date().timeIntervalSince1970 * 1000) }
