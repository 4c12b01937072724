import Foundation
import PerCore
@testable import PerStore

/// A fresh folder under the system's temporary folder, removed when the test is done with it.
final class TemporaryFolder {
    let path: String

    init() {
        path = (NSTemporaryDirectory() as NSString).appendingPathComponent("per-store-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        // Give back write permission to anything a test made read-only, then remove it all.
        if let items = FileManager.default.enumerator(atPath: path) {
            for case let item as String in items { chmod((path as NSString).appendingPathComponent(item), 0o755) }
        }
        chmod(path, 0o755)
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { (path as NSString).appendingPathComponent(name) }
}

func decimal(_ text: String) -> Decimal { DecimalText.parse(text)! }

func product(_ name: String, _ price: String?, _ quantity: String?, _ unit: MeasureUnit?) -> Product {
    Product(name: name, price: price.map(decimal), quantity: quantity.map(decimal), unit: unit)
}

/// A comparison with hostile text and awkward decimals.
func sampleComparison(title: String = "Oats, \"rolled\"\nstraße 🥣") -> Comparison {
    Comparison(
        title: title,
        products: [
            product("Brand \"A\", big", "3.99", "500", .gram),
            product("Crème fraîche\r\nline two", "0.1", "12.345678901", .kilogram),
            product("", nil, nil, nil),
            product("tab\there", "1234567890.123456789", "0.0000001", .ounce),
        ],
        basis: ComparisonBasis(amount: 100, unit: .gram),
        volumeSystem: .imperial)
}

struct FileSnapshot: Equatable {
    let bytes: Data
    let modified: Date
    let siblings: [String]

    init(_ path: String) {
        bytes = FileManager.default.contents(atPath: path) ?? Data()
        modified = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
        let folder = (path as NSString).deletingLastPathComponent
        siblings = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }
}

/// Runs a command, returning its exit status, stdout and stderr.
@discardableResult
func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, out: String, err: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let out = Pipe(), err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
}

/// The built `per`: $PER_BINARY, else next to the test bundle (swift test builds it too).
let perBinary: String? = {
    if let path = ProcessInfo.processInfo.environment["PER_BINARY"], FileManager.default.isExecutableFile(atPath: path) { return path }
    var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    for _ in 0..<4 {
        let candidate = folder.appendingPathComponent("per").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        folder = folder.deletingLastPathComponent()
    }
    for arg in CommandLine.arguments where arg.contains(".xctest") {
        var url = URL(fileURLWithPath: arg)
        while url.path != "/" && !url.lastPathComponent.hasSuffix(".xctest") { url.deleteLastPathComponent() }
        let candidate = url.deletingLastPathComponent().appendingPathComponent("per").path
        if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
}()

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
