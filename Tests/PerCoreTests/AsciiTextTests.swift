import Testing
@testable import PerCore

/// Under LANG=C or TERM=linux per draws in ASCII: its own texts too (help, hints, messages), not only the glyphs.
@Suite struct AsciiTextTests {
    /// The screens (comparison, its unit field, shopping list, history, where to shop) at both sizes, in ASCII.
    static func states() -> [(String, AppState)] {
        var all: [(String, AppState)] = []
        for (w, h) in [(80, 24), (40, 20)] {
            var comparison = SnapshotTests.threeProducts()
            comparison.update(.terminal(.resize(TerminalSize(width: w, height: h))))
            all.append(("comparison \(w)x\(h)", comparison))
            var unit = comparison
            unit.update(.comparison(.nextField)); unit.update(.comparison(.nextField))
            all.append(("unit field \(w)x\(h)", unit))
            all.append(("stale ages \(w)x\(h)", PriceBookSnapshotTests.state(w, h)))
            all.append(("history \(w)x\(h)", PriceBookSnapshotTests.historyState(w, h)))
            all.append(("shopping list \(w)x\(h)", WhereToShopScreenTests.onTheList(WhereToShopScreenTests.milkEggsOats, w, h)))
            all.append(("where to shop \(w)x\(h)", WhereToShopScreenTests.whereToShop(WhereToShopScreenTests.milkEggsOats, w, h)))
        }
        return all.map { name, state in
            var s = state
            s.session.glyphs = .ascii
            return (name, s)
        }
    }

    @Test func everyScreenAndEveryHelpPageIsASCII() {
        for (name, state) in Self.states() {
            var screens = [ScreenView.render(state)]
            let pages = HelpPages.pageCount(state.screen.helpScopes, size: state.session.size, glyphs: .ascii)
            for page in 0..<pages {
                var help = state
                help.chrome.overlay = .help(page: page)
                screens.append(ScreenView.render(help))
            }
            for (i, canvas) in screens.enumerated() {
                let foreign = canvas.text.unicodeScalars.filter { !$0.isASCII }
                #expect(foreign.isEmpty, "\(name), \(i == 0 ? "screen" : "help page \(i)"): \(String(String.UnicodeScalarView(foreign)))\n\(canvas.text)")
            }
        }
    }

    @Test func theHelpSaysDeleteInASCII() {
        var s = SnapshotTests.threeProducts()
        s.session.glyphs = .ascii
        s.chrome.overlay = .help(page: 0)
        #expect(ScreenView.render(s).text.contains("delete last character (<-)"))
    }

    /// The user's own text keeps its characters; per's glyphs in it become ASCII.
    /// Under LANG=C a cut reads as a cut (`>`), never `~`, which reads as "about".
    @Test func aCutReadsAsACutNotAsAbout() {
        #expect(GlyphSet.ascii.ellipsis == ">")
        #expect(!TextWidth.truncateWords("Best: pound of oats", to: 12, ellipsis: GlyphSet.ascii.ellipsis).contains("~"))
    }

    @Test func theUsersTextStays() {
        #expect(GlyphSet.asciiText("Café 6×330 m² … ⌫") == "Café 6*330 m2 ... <-")
        var canvas = Canvas(width: 12, height: 1)
        canvas.asciiOnly = true
        canvas.put("Crème × 2", x: 0, y: 0)
        #expect(canvas.text == "Crème * 2")
    }
}
