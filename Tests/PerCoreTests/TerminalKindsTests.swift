import Testing
@testable import PerCore

/// Issue 39: direct-colour terminals get the palette's RGB values, vte's TERMs UTF-8 glyphs.
@Suite struct TerminalKindsTests {
    /// xterm-direct reads a colour number from 8 up as 0xRRGGBB: 63 sent as it is was #00003f, near black on black.
    @Test func directColourTerminalsGetThePalettesRGBValues() {
        #expect(Palette.directColor(63) == 0x5f5fff)
        #expect(Palette.directColor(243) == 0x767676)
        #expect(Palette.directColor(131) == 0xaf5f5f)
        #expect(Palette.directColor(130) == 0xaf5f00)
        #expect(Palette.directColor(-1) == -1)
        #expect(Palette.directColor(2) == 2)  // below 8: the basic colours, as the terminal's setaf says
        // The cube's black is no basic black (bold would brighten it): a black of the RGB range.
        #expect(Palette.directColor(16) >= 8 && Palette.directColor(16) <= 0x101010)
        for role in ColorRole.allCases {
            let pair = Palette.pair(role, colors: 1 << 24, defaultColors: true)
            for colour in [pair.foreground, pair.background] where colour >= 16 {
                let (r, g, b) = PaletteTests.rgb(colour)
                let rgb = Int32(r << 16 | g << 8 | b)
                #expect(Palette.directColor(colour) == (rgb < 8 ? 0x080808 : rgb), "\(role): \(colour)")
            }
        }
    }

    @Test func vteIsAUTF8TerminalAndVt100IsNot() {
        #expect(GlyphSet.choose(codeset: "UTF-8", term: "vte-256color") == .utf8)
        #expect(GlyphSet.choose(codeset: "UTF-8", term: "vte") == .utf8)
        #expect(GlyphSet.choose(codeset: "UTF-8", term: "vt100") == .ascii)
        #expect(GlyphSet.choose(codeset: "UTF-8", term: "vt220") == .ascii)
        #expect(GlyphSet.choose(codeset: "UTF-8", term: "linux") == .ascii)
        #expect(GlyphSet.choose(codeset: "ANSI_X3.4-1968", term: "vte-256color") == .ascii)
    }
}
