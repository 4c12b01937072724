import ArgumentParser
@testable import per
import Testing

/// `AppOptions.quickParse`, the start without swift-argument-parser (`per`, `per --db PATH`...), reads every argument
/// list it accepts exactly as swift-argument-parser does, and declines what it does not know.
struct QuickParseTests {
    /// What swift-argument-parser makes of `arguments` as the root command: the app's options, as the quick path keeps
    /// them; nil when it is a subcommand, an error or options the quick path has no room for (the currency's).
    func parsed(_ arguments: [String]) -> AppOptions.QuickOptions? {
        guard let command = try? PerCommand.parseAsRoot(arguments), let root = command as? PerCommand else { return nil }
        let app = root.app
        guard app.currency.text == nil, app.currency.decimal == nil, app.currency.format == nil else { return nil }
        return .init(noMouse: app.noMouse, mouse: app.mouse, databasePath: app.database.path, shop: app.shop.shop,
                     staleDays: app.freshness.staleDays)
    }

    /// The options' vocabulary, their values, and words they could be mistaken for.
    static let words = [
        "--no-mouse", "--mouse", "--db", "--shop", "--store", "--stale-days",
        "--db=a.sqlite", "--db=", "--db==", "--db=-x", "--shop=Lidl", "--store=Aldi Süd", "--stale-days=30", "--stale-days=-1",
        "a.sqlite", "my shop", "30", "0", "-1", "", "-", "--", "-x", "=", "x=y", "é", "app", "compare", "lists",
        "--currency", "EUR", "--help", "-h", "--version", "--no-mouse=1", "--DB", "--db-x", "--shops",
    ]

    /// Every list of up to 6 words drawn from the vocabulary (seeded): what quick parsing accepts, swift-argument-parser
    /// reads the same.
    @Test func agreesWithArgumentParserOnGeneratedLists() {
        var random = SplitMix64(seed: 30)
        var accepted = 0
        for _ in 0..<3_000 {
            let count = Int(random.next() % 7)
            let arguments = (0..<count).map { _ in Self.words[Int(random.next() % UInt64(Self.words.count))] }
            guard let quick = AppOptions.quickParse(arguments) else { continue }
            accepted += 1
            if let agreed = parsed(arguments) {
                #expect(agreed == quick, "\(arguments)")
            } else {
                // swift-argument-parser's validate() refused a --stale-days value: the quick path refuses it at start,
                // with the same check.
                #expect(throws: (any Error).self, "\(arguments)") { try ShopSettings.staleDays(quick.staleDays) }
            }
        }
        #expect(accepted > 300)  // the property held on many accepted lists, not on none
    }

    @Test(arguments: [
        ([], AppOptions.QuickOptions()),
        (["--db", "a.sqlite"], .init(databasePath: "a.sqlite")),
        (["--db=a.sqlite"], .init(databasePath: "a.sqlite")),
        (["--db=x=y"], .init(databasePath: "x=y")),
        (["--db=-x"], .init(databasePath: "-x")),
        (["--no-mouse", "--db", "app"], .init(noMouse: true, databasePath: "app")),
        (["--mouse", "--no-mouse"], .init(noMouse: true, mouse: true)),
        (["--store", "Aldi Süd", "--stale-days", "30"], .init(shop: "Aldi Süd", staleDays: "30")),
        (["--stale-days=7", "--shop=Lidl", "--db", "é"], .init(databasePath: "é", shop: "Lidl", staleDays: "7")),
    ])
    func acceptsAndAgrees(arguments: [String], expected: AppOptions.QuickOptions) {
        #expect(AppOptions.quickParse(arguments) == expected)
        #expect(parsed(arguments) == expected)
    }

    /// Anything else goes to swift-argument-parser, which explains it or reads it (a repeat, `--`, a value that looks
    /// like an option, an empty one, an unknown option, a subcommand, help).
    @Test(arguments: [
        ["--"], ["--", "--db", "a"], ["--db"], ["--db", ""], ["--db="], ["--db", "-x"], ["--db", "--"],
        ["--no-mouse", "--no-mouse"], ["--mouse", "--mouse"], ["--db", "a", "--db", "b"], ["--db=a", "--db=b"],
        ["--shop", "a", "--store", "b"], ["--stale-days", "-1"], ["--stale-days", "1", "--stale-days=2"],
        ["--currency", "EUR"], ["--bogus"], ["-h"], ["--help"], ["--version"], ["app"], ["compare", "1/1kg"],
        ["a.sqlite"], ["--no-mouse=1"], ["--DB", "a"], ["--shops", "a"],
    ])
    func declines(arguments: [String]) {
        #expect(AppOptions.quickParse(arguments) == nil)
    }
}

/// A small seeded generator (SplitMix64): the same lists at every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
