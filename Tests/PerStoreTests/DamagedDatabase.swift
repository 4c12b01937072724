import Foundation
import PerCore
import TestSupport
@testable import PerStore

/// Makes a per database of 20 comparisons × 50 products at `path`, then writes garbage over pages 20 to 30, leaving
/// the header, the schema and the first pages intact: SQLite opens it without complaint.
func makeDamagedPerDatabase(at path: String) throws {
    do {
        let store = try ComparisonStore(path: path)
        try store.save((0..<20).map { c in
            Comparison(title: "c\(c)", products: (0..<50).map { p in product("p\(p)", "\(p).99", "\(c + 1)", .gram) })
        })
    }
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let pageSize = 4096
    guard bytes.count >= 31 * pageSize else { throw CocoaError(.fileReadCorruptFile) }
    for i in (19 * pageSize)..<(30 * pageSize) { bytes[i] = UInt8(truncatingIfNeeded: i &* 31 &+ 7) }
    try bytes.write(to: URL(fileURLWithPath: path))
}
