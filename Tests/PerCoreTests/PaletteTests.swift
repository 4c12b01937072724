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
                    if pair.background == -1 || pair.background == Palette.black {
                        #expect(role == .normal || !Self.faintOnWhite.contains(pair.foreground), "\(role) at \(colors) colours")
                    }
                }
            }
        }
    }

    @Test func theBestValueIsDarkOnGreenAndMutedHasAColourOfItsOwn() {
        #expect(Palette.pair(.best, colors: 8, defaultColors: true) == Palette.Pair(0, 2))
        #expect(Palette.pair(.best, colors: 256, defaultColors: false) == Palette.Pair(16, 2))
        // Muted is a colour from the basic eight with 8 or 16 colours, grey with 256: never the terminal's own.
        #expect(Palette.pair(.muted, colors: 8, defaultColors: true) == Palette.Pair(4, -1))
        #expect(Palette.pair(.muted, colors: 256, defaultColors: true) == Palette.Pair(244, -1))
        #expect(Palette.pair(.normal, colors: 256, defaultColors: true) == Palette.Pair(-1, -1))
    }
}
