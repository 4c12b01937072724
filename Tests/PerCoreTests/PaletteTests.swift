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

    @Test func theBestValueIsDarkOnGreenAndMutedHasAColourOfItsOwn() {
        // Bold basic black is grey in xterm (boldColors), so the basic eight's best is not bold; the cube's black is.
        #expect(Palette.pair(.best, colors: 8, defaultColors: true) == Palette.Pair(0, 2, allowsBold: false))
        #expect(Palette.pair(.best, colors: 256, defaultColors: false) == Palette.Pair(16, 2))
        // Muted is a colour from the basic eight with 8 or 16 colours, grey with 256: never the terminal's own.
        #expect(Palette.pair(.muted, colors: 8, defaultColors: true) == Palette.Pair(5, -1))
        #expect(Palette.pair(.muted, colors: 256, defaultColors: true) == Palette.Pair(243, -1))
        #expect(Palette.pair(.normal, colors: 256, defaultColors: true) == Palette.Pair(-1, -1))
    }

    /// The xterm colours of the numbers used, as RGB.
    static let rgb: [Int16: (Int, Int, Int)] = [
        0: (0, 0, 0), 1: (0xcd, 0, 0), 2: (0, 0xcd, 0), 4: (0, 0, 0xee), 5: (0xcd, 0, 0xcd), 16: (0, 0, 0),
        63: (0x5f, 0x5f, 0xff), 130: (0xaf, 0x5f, 0), 243: (0x76, 0x76, 0x76),
    ]

    static func luminance(_ c: (Int, Int, Int)) -> Double {
        func linear(_ v: Int) -> Double { let s = Double(v) / 255; return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4) }
        return 0.2126 * linear(c.0) + 0.7152 * linear(c.1) + 0.0722 * linear(c.2)
    }

    static func contrast(_ a: Double, _ b: Double) -> Double { (max(a, b) + 0.05) / (min(a, b) + 0.05) }

    /// Text on the terminal's own background reads at least 4.4:1 on white and on black (xterm's default and `-rv`);
    /// a cell with a background of its own names its foreground, at least 7:1 against it.
    @Test func everyColouredTextReadsOnWhiteAndOnBlack() throws {
        for colors in [8, 256] {
            for role in ColorRole.allCases where role != .normal {
                let pair = Palette.pair(role, colors: colors, defaultColors: true)
                if pair.background == -1 {
                    guard pair.foreground != -1 else { continue }   // the terminal's own colour
                    let l = Self.luminance(try #require(Self.rgb[pair.foreground]))
                    #expect(Self.contrast(l, 1) >= 4.4 || role == .warning, "\(role) at \(colors) colours on white")
                    #expect(Self.contrast(l, 0) >= 4.4 || role == .warning, "\(role) at \(colors) colours on black")
                } else {
                    #expect(pair.foreground != -1, "\(role): a background of its own and the terminal's foreground")
                    let fg = Self.luminance(try #require(Self.rgb[pair.foreground])), bg = Self.luminance(try #require(Self.rgb[pair.background]))
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
