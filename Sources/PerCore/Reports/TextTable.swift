/// The command line's tables: columns as wide as their widest cell (by terminal columns, so CJK and emoji line
/// up), two spaces between them, some right-aligned (numbers), no trailing blanks.
enum TextTable {
    static func lines(_ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { c in rows.map { c < $0.count ? TextWidth.of($0[c]) : 0 }.max() ?? 0 }
        return rows.map { cells in
            var line = ""
            for (c, cell) in cells.enumerated() {
                let pad = String(repeating: " ", count: widths[c] - TextWidth.of(cell))
                if c > 0 { line += "  " }
                line += rightAligned.contains(c) ? pad + cell : cell + pad
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
