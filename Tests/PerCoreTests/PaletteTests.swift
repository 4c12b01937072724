import Foundation
import Testing
@testable import PerCore

/// One palette for dark and light backgrounds (issue 22).
@Suite struct PaletteTests {
    static let green: Int16 = 2, cyan: Int16 = 6, yellow: Int16 = 3, brightGreen: Int16 = 10, brightCyan: Int16 = 14, brightYellow: Int16 = 11
    static let faintOnWhite: Set<Int16> = [green, cyan, yellow, brightGreen, brightCyan, brightYellow, 7, 15, 214, 226, 46, 51]

    @Test func noGreenCyanOrYellowTextOnTheTerminalsOwnBackground() {
        for colors in [8, 16, 256] {
            for defaults in [true, false] {
                for role in ColorRole.allCases {
                    let pair = Palette.pair(role, colors: colors, defaultColors: defaults)
                    let own = Palette.pair(.normal, colors: colors, defaultColors: defaults).foreground
                    if pair.background == -1 || pair.background == Palette.black {
                        #expect(pair.foreground == own || !Self.faintOnWhite.contains(pair.foreground), "\(role) at \(colors) colours")
                    }
                }
            }
        }
    }

    @Test func theBestValueIsDarkOnGreenAndMutedIsGreyOrTheTerminalsOwn() {
        // Bold basic black is grey in xterm (boldColors), so the basic eight's best is not bold; the cube's black is.
        #expect(Palette.pair(.best, colors: 8, defaultColors: true) == Palette.Pair(0, 2, allowsBold: false))
        #expect(Palette.pair(.best, colors: 256, defaultColors: false) == Palette.Pair(16, 2))
        // Muted is grey with 256 colours; with the basic eight none reads on white and on black, so it is the
        // terminal's own (and dim, which the terminal keeps only for its own colour).
        #expect(Palette.pair(.muted, colors: 8, defaultColors: true) == Palette.Pair(-1, -1))
        #expect(Palette.pair(.muted, colors: 256, defaultColors: true) == Palette.Pair(243, -1))
        #expect(Palette.pair(.normal, colors: 256, defaultColors: true) == Palette.Pair(-1, -1))
    }

    /// xterm's default RGB of colour `n`: the 16 ANSI colours, the 6×6×6 cube (also kitty's and alacritty's), the greys.
    static func rgb(_ n: Int16) -> (Int, Int, Int) {
        let ansi = [(0, 0, 0), (0xcd, 0, 0), (0, 0xcd, 0), (0xcd, 0xcd, 0), (0, 0, 0xee), (0xcd, 0, 0xcd), (0, 0xcd, 0xcd),
                    (0xe5, 0xe5, 0xe5), (0x7f, 0x7f, 0x7f), (0xff, 0, 0), (0, 0xff, 0), (0xff, 0xff, 0), (0x5c, 0x5c, 0xff),
                    (0xff, 0, 0xff), (0, 0xff, 0xff), (0xff, 0xff, 0xff)]
        if n < 16 { return ansi[Int(n)] }
        if n >= 232 { let v = 8 + 10 * (Int(n) - 232); return (v, v, v) }
        let levels = [0, 0x5f, 0x87, 0xaf, 0xd7, 0xff], i = Int(n) - 16
        return (levels[i / 36], levels[i / 6 % 6], levels[i % 6])
    }

    static func luminance(_ c: (Int, Int, Int)) -> Double {
        func linear(_ v: Int) -> Double { let s = Double(v) / 255; return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2)
    }

    static func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    @Test func theColoursAreXtermsDefaults() {
        #expect(Self.rgb(1) == (0xcd, 0, 0) && Self.rgb(63) == (0x5f, 0x5f, 0xff) && Self.rgb(243) == (0x76, 0x76, 0x76))
        #expect(Self.rgb(131) == (0xaf, 0x5f, 0x5f) && Self.rgb(16) == (0, 0, 0) && Self.rgb(231) == (0xff, 0xff, 0xff))
    }

    /// Text on the terminal's own background, muted, warnings and the accent among it, reads at least 4.5:1 on white and
    /// on black (xterm's default and `-rv`), with 256 colours and with the basic eight (WCAG contrast of xterm's RGB);
    /// the operator keys' orange, single bold signs, 4.45:1. A cell with a background of its own names its
    /// foreground, at least 7:1 against it.
    @Test func everyColouredTextReadsOnWhiteAndOnBlack() {
        for colors in [8, 256] {
            for role in ColorRole.allCases where role != .normal {
                let pair = Palette.pair(role, colors: colors, defaultColors: true)
                if pair.background == -1 {
                    guard pair.foreground != -1 else { continue }   // the terminal's own colour
                    let l = Self.luminance(Self.rgb(pair.foreground))
                    let least = role == .operatorKey ? 4.45 : 4.5
                    #expect(Self.contrast(l, 1) >= least, "\(role) at \(colors) colours on white: \(Self.contrast(l, 1))")
                    #expect(Self.contrast(l, 0) >= least, "\(role) at \(colors) colours on black: \(Self.contrast(l, 0))")
                } else {
                    #expect(pair.foreground != -1, "\(role): a background of its own and the terminal's foreground")
                    let fg = Self.luminance(Self.rgb(pair.foreground)), bg = Self.luminance(Self.rgb(pair.background))
                    #expect(Self.contrast(fg, bg) >= 7, "\(role) at \(colors) colours")
                }
            }
        }
    }

    @Test func noBasicBlueText() {
        for colors in [8, 16, 256] {
            for role in ColorRole.allCases {
                #expect(Palette.pair(role, colors: colors, defaultColors: true).foreground != Palette.blue, "\(role) at \(colors) colours")
            }
        }
    }
}
