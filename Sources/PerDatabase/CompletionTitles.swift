import Foundation
import GRDB
import PerCore

extension ComparisonDatabase {
    /// The saved comparisons' titles for shell completion (`per show <Tab>`), most recently edited first, `Untitled`
    /// for those without one. Read-only (nothing created, migrated or written) and quiet: empty when the file is
    /// missing, locked, damaged or not per's; a title that holds a control character (a tab or line break too) is left out.
    public static func titlesForCompletion(atPath path: String) -> [String] {
        guard FileManager.default.isReadableFile(atPath: path) else { return [] }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(0.2)
        guard let queue = try? openQueue(path: path, configuration: configuration),
              let titles = try? queue.read({ db in
                  try String.fetchAll(db, sql: "SELECT title FROM comparison ORDER BY updated_at DESC, rowid DESC")
              })
        else { return [] }
        var seen = Set<String>()
        return titles.map { $0.isEmpty ? Comparison.untitled : $0 }
            .filter { !$0.unicodeScalars.contains(where: TerminalText.isControl) && seen.insert($0).inserted }
    }
}
