/// A CSV's rows (after its header) as column name → cell, so a test names the cells it checks and no test but the
/// two that state the order pins a whole header. Plain cells only: no quoted commas or line breaks.
public func csvRows(_ text: String) -> [[String: String]] {
    let lines = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
    guard let header = lines.first?.split(separator: ",", omittingEmptySubsequences: false).map(String.init) else { return [] }
    return lines.dropFirst().map { line in
        let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return Dictionary(zip(header, cells + Array(repeating: "", count: max(0, header.count - cells.count))), uniquingKeysWith: { a, _ in a })
    }
}

/// A CSV's header line, split.
public func csvHeader(_ text: String) -> [String] {
    (text.components(separatedBy: "\r\n").first ?? "").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
}
