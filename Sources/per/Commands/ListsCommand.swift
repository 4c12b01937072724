import ArgumentParser
import Foundation
import PerCore
import PerDatabase

struct ListsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lists", abstract: "Print the saved comparisons.")
    @OptionGroup var database: DatabaseOptions

    /// Bad option values, refused before anything is opened.
    func validate() throws {
        try reportingFailures {
            _ = try database.resolvedPath()
        }
    }

    func run() throws {
        try reportingFailures {
            let summaries = try database.openDatabase(create: false).summaries()
            guard !summaries.isEmpty else {
                try Output.out("No saved comparisons yet.\n")
                return
            }
            // One line per comparison; titles flattened so that a line break in a title can't break the
            // table, and control characters shown as \u{1B} so that a title can't command the terminal.
            let titles = summaries.map { TerminalText.singleLine($0.displayTitle) }
            let ids = ListEntry.shortIDs(summaries)
            // Padded by terminal columns (TextWidth), so titles with emoji or CJK line up.
            let titleWidth = max("Title".count, titles.map(TextWidth.of).max() ?? 0)
            let counts = summaries.map { "\($0.productCount)" }
            let countWidth = max("Products".count, counts.map(\.count).max() ?? 0)
            func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - TextWidth.of(text))) }
            func padLeft(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
            let dateWidth = "2026-11-21 23:04".count
            var text = "\(pad("Title", titleWidth))  \(padLeft("Products", countWidth))  \(pad("Last edited", dateWidth))  Id\n"
            for (i, summary) in summaries.enumerated() {
                let date = summary.updatedAt.map(ListEntry.displayDate) ?? ""
                text += "\(pad(titles[i], titleWidth))  \(padLeft(counts[i], countWidth))  \(pad(date, dateWidth))  \(ids[i])\n"
            }
            try Output.out(text)
        }
    }
}
