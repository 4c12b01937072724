/// The help screen (F1), written from the same key table that dispatches keys.
enum HelpView {
    static func draw(into canvas: inout Canvas, glyphs: GlyphSet) {
        canvas.put(" per \(glyphs.vertical) keys (any key closes this)", x: 0, y: 0, style: .bold, color: .accent)
        let keyWidth = min(18, canvas.width / 3)
        var y = 2
        for scope in KeyScope.allCases {
            let bindings = KeyTable.bindings.filter { $0.scope == scope }
            guard !bindings.isEmpty, y < canvas.height else { continue }
            canvas.put(scope.rawValue, x: 1, y: y, style: [.bold, .underline], color: .accent)
            y += 1
            for binding in bindings where y < canvas.height {
                canvas.put(binding.keys, x: 2, y: y, style: .bold, limit: keyWidth)
                canvas.put(binding.summary, x: 3 + keyWidth, y: y, limit: canvas.width - keyWidth - 4)
                y += 1
            }
        }
        if y < canvas.height - 1 {
            canvas.put("Mouse: click a key, a field, \(glyphs.previous) prev / next \(glyphs.next), or the \"per\" unit (top right).",
                       x: 1, y: y + 1, style: .dim, color: .muted, limit: canvas.width - 2)
        }
    }
}
