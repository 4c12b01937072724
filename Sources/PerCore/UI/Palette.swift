/// The colours of each role, chosen to read on dark and light backgrounds alike: no green, cyan or yellow text on
/// the terminal's own background (about 1.5:1 on white), the best value as dark text on green (about 10:1 on any
/// background), mid-tones where 256 colours exist. Colours are numbers as curses takes them; -1 is the terminal's own.
public struct Palette: Equatable, Sendable {
    public struct Pair: Equatable, Sendable {
        public var foreground: Int16
        public var background: Int16
        public init(_ foreground: Int16, _ background: Int16) { (self.foreground, self.background) = (foreground, background) }
    }

    // The basic eight, as curses numbers them.
    static let black: Int16 = 0, red: Int16 = 1, green: Int16 = 2, blue: Int16 = 4, magenta: Int16 = 5

    /// `colors`: how many the terminal has; `defaultColors`: it keeps its own colours for -1 (use_default_colors).
    public static func pair(_ role: ColorRole, colors: Int, defaultColors: Bool) -> Pair {
        let bg: Int16 = defaultColors ? -1 : black
        let fg: Int16 = defaultColors ? -1 : 7
        let many = colors >= 256
        switch role {
        case .normal: return Pair(fg, bg)
        case .accent: return Pair(many ? 32 : blue, bg)        // #0087d7 (about 4:1 on white and 5:1 on black); bold blue
        case .muted: return Pair(many ? 244 : blue, bg)        // grey #808080 (4:1 on white, 5:1 on black); blue
        // Dark on green, never green on the background; 16 is the cube's black, which xterm's boldColors does not turn
        // into grey as it does bold colour 0.
        case .best: return Pair(many ? 16 : black, green)
        case .warning: return Pair(red, bg)
        case .operatorKey: return Pair(many ? 166 : magenta, bg) // the iOS keypad's orange, darker: #d75f00
        }
    }
}
