import Foundation
import GRDB
import PerCore

extension ComparisonDatabase {
    /// The saved comparisons' titles for shell completion (`per show <Tab>`), most recently edited first, `Untitled`
    /// for those without one.
    public static func titlesForCompletion(atPath path: String) -> [String] {
        wordsForCompletion(atPath: path, sql: """
            SELECT IIF(title = '', '\(Comparison.untitled)', title) FROM comparison ORDER BY updated_at DESC, rowid DESC
            """)
    }

    /// The shops products were saved at, for `--shop <Tab>`, by name.
    public static func shopsForCompletion(atPath path: String) -> [String] {
        wordsForCompletion(atPath: path, sql: "SELECT DISTINCT store FROM product WHERE store != '' ORDER BY store COLLATE NOCASE")
    }

    /// The schemes of the member prices saved (`Clubcard` of `Clubcard 1.99`), for `--member <Tab>`, by name, once
    /// each whatever the case.
    public static func schemesForCompletion(atPath path: String) -> [String] {
        let offers = wordsForCompletion(atPath: path, sql: """
            SELECT deal FROM product WHERE deal IS NOT NULL UNION SELECT deal FROM price_history WHERE deal IS NOT NULL
            """)
        var seen = Set<String>()
        return offers.compactMap { Deal(parsing: $0)?.scheme }.filter { seen.insert($0.lowercased()).inserted }
            .sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
    }

    /// The first column of `sql`'s rows, once each. Read-only (nothing created, migrated or written) and quiet: empty
    /// when the file is missing, locked, damaged or not per's; a word that holds a control character (a tab or line
    /// break too) is left out.
    private static func wordsForCompletion(atPath path: String, sql: String) -> [String] {
        guard FileManager.default.isReadableFile(atPath: path) else { return [] }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(0.2)
        guard let queue = try? openQueue(path: path, configuration: configuration),
              let words = try? queue.read({ db in try String.fetchAll(db, sql: sql) })
        else { return [] }
        var seen = Set<String>()
        return words.filter { !$0.unicodeScalars.contains(where: TerminalText.isControl) && seen.insert($0).inserted }
    }
}
