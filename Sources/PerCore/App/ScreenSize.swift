/// What the reducers need of the terminal's size, as plain numbers: the layouts under `UI/` draw and hit-test with
/// the same rules, so the page a reducer moves by is the page on screen.
extension TerminalSize {
    /// Below 40×20 no screen fits: "Too small" is shown and keys do nothing but quit and suspend.
    public static let minimum = TerminalSize(width: 40, height: 20)
    /// From 79×23 on (80×24 under tmux's status line, or a column short), the comparison's products take one row each
    /// beside a full keypad, every column there.
    public static let wide = TerminalSize(width: 79, height: 23)

    public var isTooSmall: Bool { width < Self.minimum.width || height < Self.minimum.height }
    public var isWide: Bool { width >= Self.wide.width && height >= Self.wide.height }
}

/// The comparison screen's lines, top to bottom, as far as the product table's page depends on them.
public enum ComparisonLines {
    /// The title line at the top; the status line and the legend at the bottom.
    public static let title = 1
    public static let footer = 2
    /// The table's heading line above the product rows.
    public static let tableHeading = 1
    /// Compact: the editor line and the toolbar, then the one-line-per-row keypad, under the table.
    public static let compactEditorAndToolbar = 2
    public static let compactKeypad = 9

    /// How many products one page of the table shows: one line each; on the compact screen the edited product
    /// has a second line for its fields. Zero when the screen is too small.
    public static func productsPerPage(_ size: TerminalSize) -> Int {
        guard !size.isTooSmall else { return 0 }
        let tableLines = size.height - title - footer - tableHeading
        return size.isWide ? tableLines : tableLines - compactEditorAndToolbar - compactKeypad - 1
    }
}
