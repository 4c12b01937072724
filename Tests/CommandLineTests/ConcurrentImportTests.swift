import Foundation
import PerCore
import Testing
@testable import PerDatabase
import TestSupport

@Suite struct ConcurrentImportTests {
    let folder = TemporaryFolder()

    /// Real processes: several `per import` runs at once on one file (fresh at first, so they also race to create
    /// and migrate it), while this process writes too. Every comparison arrives.
    @Test(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
    func severalProcessesWritingAtOnceLoseNothing() throws {
        let binary = perBinary
        for round in 0..<12 {
            let path = folder.file("race-\(round)/per.sqlite")
            var files: [String] = []
            for worker in 0..<6 {
                let comparisons = (0..<20).map { i in
                    Comparison(title: "w\(worker) c\(i), \"quoted\"", products: (0..<10).map { j in product("p\(j)", "\(j).05", "\(j + 1)", .gram) })
                }
                let file = folder.file("import-\(round)-\(worker).json")
                try ComparisonExchange.encode(comparisons, as: .json).write(toFile: file, atomically: true, encoding: .utf8)
                files.append(file)
            }
            let processes = try files.map { file in
                let process = Process()
                process.executableURL = URL(fileURLWithPath: binary)
                process.arguments = ["import", file, "--db", path]
                process.standardOutput = FileHandle.nullDevice
                let err = Pipe()
                process.standardError = err
                try process.run()
                return (process, err)
            }
            // Meanwhile, this process writes too (once the file exists).
            var local = 0
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: path) && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
            let store = try ComparisonDatabase(path: path)
            for i in 0..<10 {
                try store.save(Comparison(title: "local \(i)", products: [product("l", "1", "1", .each)]))
                local += 1
            }
            for (process, err) in processes {
                process.waitUntilExit()
                let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                #expect(process.terminationStatus == 0, "per import failed: \(message)")
            }
            let summaries = try store.summaries()
            #expect(summaries.count == 6 * 20 + local)
            #expect(Set(summaries.map(\.title)).count == 6 * 20 + local)
            #expect(summaries.filter { $0.title.hasPrefix("w") }.allSatisfy { $0.productCount == 10 })
            let fresh = try ComparisonDatabase(path: path)
            #expect(try fresh.summaries() == summaries)
        }
    }
}
