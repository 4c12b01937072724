import Foundation

/// `per lists`: the saved comparisons as a table (titles made safe as in `ComparisonReport`), JSON or CSV. Each has its
/// full `id`, the `shortId` the table prints (what `show` and `export` take), its title, its number of products and when it
/// was last edited (`edited`: ISO 8601 in UTC in JSON and CSV; the local minute in the table).
public struct ListsReport: Sendable {
    public let entries: [ListEntry]

    public init(_ entries: [ListEntry]) { self.entries = entries }

    public func render(_ format: ReportFormat) -> String {
        switch format {
        case .table: table
        case .json: json
        case .csv: csv
        }
    }

    private static func edited(_ entry: ListEntry) -> String? {
        entry.updatedAt.map { ISO8601DateFormatter.string(from: $0, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withInternetDateTime]) }
    }

    public var table: String {
        guard !entries.isEmpty else { return "No saved comparisons yet.\n" }
        // Titles flattened so that a line break in a title can't break the table, and control characters shown as
        // \u{1B} so that a title can't command the terminal.
        let ids = ListEntry.shortIDs(entries)
        let rows = entries.enumerated().map { i, entry in
            [TerminalText.singleLine(entry.displayTitle), "\(entry.productCount)", entry.updatedAt.map(ListEntry.displayDate) ?? "", ids[i]]
        }
        return TextTable.lines([["Title", "Products", "Last edited", "Id"]] + rows, rightAligned: [1]).joined(separator: "\n") + "\n"
    }

    /// `{"format": "per-lists", "version": 2, "comparisons": [{"id", "shortId", "title", "productCount", "edited"}]}`.
    public var json: String {
        let ids = ListEntry.shortIDs(entries)
        let objects = entries.enumerated().map { i, entry in
            JSONDocument.inline([
                ("id", JSONExchange.string(entry.id.rawValue)), ("shortId", JSONExchange.string(ids[i])), ("title", JSONExchange.string(entry.title)),
                ("productCount", String(entry.productCount)), ("edited", Self.edited(entry).map(JSONExchange.string) ?? "null"),
            ])
        }
        return JSONDocument.object("lists", [("comparisons", JSONDocument.list(objects))])
    }

    public var csv: String {
        let ids = ListEntry.shortIDs(entries)
        return entries.enumerated().reduce(into: CSV.row(["id", "shortId", "title", "productCount", "edited"])) { out, row in
            out += CSV.row([row.element.id.rawValue, ids[row.offset], CSVExchange.textCell(row.element.title), String(row.element.productCount),
                            Self.edited(row.element) ?? ""])
        }
    }
}
