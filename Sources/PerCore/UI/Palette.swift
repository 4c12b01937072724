/// The colours of each role, chosen to read on dark and light backgrounds alike (xterm's default and `-rv`): text on
/// the terminal's own background has a relative luminance near 0.18, which reads about 4.5:1 on white and on black;
/// no green, cyan or yellow text there (about 1.5:1 on white), no basic blue (about 2:1 on black); a cell with a
/// background of its own has a foreground of its own. Dim is sent only with the terminal's own colour: xterm darkens a
/// dim colour (grey to 2.5:1 on black), so a chosen colour is the whole mark of its text. Colours are numbers as curses takes them; -1 is the terminal's own.
public struct Palette: Equatable, Sendable {
    public struct Pair: Equatable, Sendable {
        public var foreground: Int16
        public var background: Int16
        /// Whether bold may be sent with the pair: xterm draws a bold basic colour (0-7) bright (its `boldColors`),
        /// which turns black on green into grey on green (about 2:1).
        public var allowsBold: Bool
        public init(_ foreground: Int16, _ background: Int16, allowsBold: Bool = true) {
            (self.foreground, self.background, self.allowsBold) = (foreground, background, allowsBold)
        }
    }

    // The basic eight, as curses numbers them.
    static let black: Int16 = 0, green: Int16 = 2, blue: Int16 = 4

    /// `colors`: how many the terminal has; `defaultColors`: it keeps its own colours for -1 (use_default_colors).
    public static func pair(_ role: ColorRole, colors: Int, defaultColors: Bool) -> Pair {
        let bg: Int16 = defaultColors ? -1 : black
        let fg: Int16 = defaultColors ? -1 : 7
        let many = colors >= 256
        switch role {
        case .normal: return Pair(fg, bg)
        // Blue #5f5fff (4.6:1 on white and on black); with the basic eight the terminal's own colour (titles, headings
        // and buttons are bold), as no basic colour reads on both.
        case .accent: return Pair(many ? 63 : fg, bg)
        // Grey #767676 (4.5:1 on white, 4.6:1 on black); with the basic eight the terminal's own colour, dim (no basic
        // colour holds 4.5:1 on both: xterm's magenta is 4.48:1, and other terminals' basic colours differ).
        case .muted: return Pair(many ? 243 : fg, bg)
        // Dark on green (about 10:1 on any background), never green on the background; 16 is the cube's black, which
        // xterm does not brighten when bold; basic black is, so the basic eight's best is not bold (★ and the green
        // still mark it).
        case .best: return many ? Pair(16, green) : Pair(black, green, allowsBold: false)
        // Red #af5f5f (4.5:1 on white, 4.6:1 on black); basic red is 3.6:1 on black, so the basic eight's is the
        // terminal's own colour (warnings are bold and say what is wrong).
        case .warning: return Pair(many ? 131 : fg, bg)
        // The iOS keypad's orange, darker: #af5f00 (4.7:1 on white, 4.5:1 on black); the terminal's own colour with the
        // basic eight.
        case .operatorKey: return Pair(many ? 130 : fg, bg)
        // Box lines: muted's grey, or the terminal's own colour.
        case .frame: return Pair(many ? 243 : fg, bg)
        }
    }

    /// A colour number as a direct-colour terminal takes it (decision 385): `TERM=xterm-direct` and the other `-direct`
    /// entries (more than 256 colours, terminfo's `RGB`) read a number from 8 up as the RGB value `0xRRGGBB`, below 8 as
    /// a basic colour. The palette's 256-colour numbers become the RGB values xterm shows for them (63 is #5f5fff, not
    /// #00003f); -1 and the basic eight stay; the cube's black, 0 as RGB (a basic black, which bold brightens), is
    /// #080808.
    public static func directColor(_ index: Int16) -> Int32 {
        switch index {
        case ..<8: return Int32(index)
        case 8..<16:
            let bright: [Int32] = [0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff]
            return bright[Int(index) - 8]
        case 232...:
            let v = Int32(8 + 10 * (Int(min(index, 255)) - 232))
            return v << 16 | v << 8 | v
        default:
            let levels: [Int32] = [0, 0x5f, 0x87, 0xaf, 0xd7, 0xff], i = Int(index) - 16
            let rgb = levels[i / 36] << 16 | levels[i / 6 % 6] << 8 | levels[i % 6]
            return rgb < 8 ? 0x080808 : rgb
        }
    }
}
