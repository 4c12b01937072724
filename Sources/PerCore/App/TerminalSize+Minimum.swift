extension TerminalSize {
    /// The smallest terminal any screen fits: below it "Too small" is shown and keys do nothing
    /// but quit, suspend and redraw.
    public static let minimum = TerminalSize(width: 40, height: 20)

    public var isTooSmall: Bool { width < Self.minimum.width || height < Self.minimum.height }
}
