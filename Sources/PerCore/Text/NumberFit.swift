import Foundation

/// A number in a cell narrower than its text: its own digits from its start, cut with an ellipsis (`3.33333…`,
/// `123456789…`). Never rounded and never in powers of ten (`1.23457e11` read as a different kind of number), and
/// never its tail (`3333333` for 3.333333333333 reads as three million).
public enum NumberFit {
    /// Plain decimal `text` (`-12.5`, `3.333333333333`) in at most `width` columns.
    public static func fit(_ text: String, width: Int, ellipsis: Character = "…") -> String {
        guard width > 0 else { return "" }
        if text.count <= width { return text }
        // No point or sign just before the cut (`12.…` reads `12…`); too narrow for a digit, the ellipsis alone.
        var head = text.prefix(width - 1)
        while let last = head.last, !last.isNumber { head = head.dropLast() }
        return head + String(ellipsis)
    }
}
