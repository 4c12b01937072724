/// The help screen (F1), written from the same key table that dispatches keys.
/// Two columns when the screen is wide enough: the keys for everywhere, then those of each field.
enum HelpView {
    static func draw(into canvas: inout Canvas, glyphs: GlyphSet) {
        canvas.put(" per \(glyphs.vertical) keys (any key closes this)", x: 0, y: 0, style: .bold, color: .accent)
        let twoColumns = canvas.width >= 80
        let leftWidth = twoColumns ? canvas.width * 3 / 5 : canvas.width
        var x = 0, y = 2
        for scope in KeyScope.allCases {
            let bindings = KeyTable.bindings.filter { $0.scope == scope }
            if twoColumns && scope == .numeric { x = leftWidth; y = 2 }
            let columnWidth = x == 0 ? leftWidth : canvas.width - leftWidth
            guard y < canvas.height else { continue }
            canvas.put(scope.rawValue, x: x + 1, y: y, style: [.bold, .underline], color: .accent)
            y += 1
            let keyWidth = min(16, bindings.map { TextWidth.of($0.keys) }.max() ?? 0)
            for binding in bindings where y < canvas.height {
                canvas.put(binding.keys, x: x + 2, y: y, style: .bold, limit: keyWidth)
                let room = columnWidth - keyWidth - 4
                canvas.put(TextWidth.truncate(binding.summary, to: room, ellipsis: glyphs.ellipsis), x: x + 3 + keyWidth, y: y)
                y += 1
            }
            y += twoColumns ? 1 : 0
        }
        let note = "Mouse: click a key, a field, \(glyphs.previous) prev / next \(glyphs.next), or \"per kg\" (top right)."
        if y < canvas.height - 1 {
            canvas.put(TextWidth.truncate(note, to: canvas.width - 2, ellipsis: glyphs.ellipsis), x: 1, y: canvas.height - 1, style: .dim, color: .muted)
        }
    }
}
