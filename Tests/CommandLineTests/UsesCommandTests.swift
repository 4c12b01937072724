import Foundation
import PerCore
import Testing
import TestSupport

/// Per-use prices on the command line (decisions 310, 311): `per compare`'s `/50washes` after the unit, `--per wash`.
@Suite(.enabled(if: perBinaryIsBuilt, "needs the built per (PER_BINARY or swift build)"))
struct UsesCommandTests {
    let folder = TemporaryFolder()
    var settings: [String: String] { ["XDG_CONFIG_HOME": folder.file("config")] }
    static let detergent = ["big=11.99/2.5l/50washes", "small=7.49/1.5l/30washes", "pods=12.99/40pod/40washes"]

    /// By hand, per wash: 11.99 / 50 = 0.2398, the best; 7.49 / 30 = 0.24967: +4%; 12.99 / 40 = 0.32475: +35%.
    @Test func theDetergentIsComparedPerWash() throws {
        let table = run([perBinary, "compare", "--per", "wash"] + Self.detergent, environment: settings)
        #expect(table.status == 0, "\(table.stderr)")
        let lines = table.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines == [
            "# Name Price Quantity Unit Uses Per wash",
            "1 big 11.99 2.5 L 50 washes 0.240 * Best value",
            "2 small 7.49 1.5 L 30 washes 0.250 +4% more",
            "3 pods 12.99 40 pod 40 washes 0.325 +35% more",
        ], "\(lines)")
        let json = run([perBinary, "compare", "--format", "json", "--per", "wash"] + Self.detergent, environment: settings)
        #expect(json.stdout.contains(#""per": "wash","#) && json.stdout.contains(#""byUse": true"#), "\(json.stdout)")
        #expect(json.stdout.contains(#""unitPrice": "0.2398""#) && json.stdout.contains(#""unitPrice": "0.32475""#))
        #expect(json.stdout.contains(#""uses": {"count": "40", "word": "wash"}"#), "\(json.stdout)")
        let csv = run([perBinary, "compare", "--format", "csv", "--per", "use:wash", "big=11.99/2.5l/50washes"], environment: settings)
        #expect(csv.stdout.hasSuffix(",uses\r\nbig,11.99,2.5,L,0.2398,wash,1,true,,,50 washes\r\n"), "\(csv.stdout)")
    }

    /// Without `--per wash` the pods are another family, as ever; bad uses are refused with the reason.
    @Test func badUsesAreRefused() throws {
        let volume = run([perBinary, "compare"] + Self.detergent, environment: settings)
        #expect(volume.status != 0 && volume.stderr.contains("pod is a count unit of its own, but the comparison is by volume"), "\(volume.stderr)")
        for (item, reason) in [("11.99/2.5l/0washes", "0 washes is no use"), ("11.99/2.5l/50wa5hes", "is no word for a use"),
                               ("11.99/2.5l/-3washes", "-3 washes is no use"), ("11.99/2.5l/", "missing uses"),
                               ("11.99/2.5l/50washes/3loads", "one count of uses after its unit (e.g. 11.99/2.5l/50washes); '50washes' is a second")] {
            let refused = run([perBinary, "compare", item], environment: settings)
            #expect(refused.status != 0 && refused.stderr.contains(reason), "\(item): \(refused.stderr)")
        }
        // One keypad operation in the quantity stays a quantity: 1000/4 g.
        let divided = run([perBinary, "compare", "2/1000/4g"], environment: settings)
        #expect(divided.status == 0 && divided.stdout.contains("250"), "\(divided.stdout) \(divided.stderr)")
    }
}
