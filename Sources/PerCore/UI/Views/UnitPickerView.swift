/// The unit field's picker, drawn where the keypad is (as the iOS original swapped its input view).
enum UnitPickerView {
    static func draw(_ picker: UnitPicker, _ layout: ScreenLayout, flash: PressableButton?, glyphs: GlyphSet, accessible: Bool = false,
                     into canvas: inout Canvas) {
        var lines = BoxLines(width: canvas.width, height: canvas.height)
        lines.addBox(layout.keypadFrame)
        lines.draw(into: &canvas, glyphs: glyphs)
        // With ACCESSIBLE=1 the highlight is said in words on the box's top line (`unit: g selected`, `g selected`), where
        // it fits beside the family button, and its cell has no `›` (a reader says the glyph, not what it means: 440).
        let titles = accessible ? picker.selected.map { [" unit: \($0.symbol) selected ", " \($0.symbol) selected "] } ?? [] : []
        let room = (layout.unitFamilyButton(picker).map { $0.frame.x - 1 } ?? layout.keypadFrame.maxX - 1) - (layout.keypadFrame.x + 2)
        canvas.put(titles.first { TextWidth.of($0) <= room } ?? " unit ", x: layout.keypadFrame.x + 2, y: layout.keypadFrame.y, style: .bold, color: .accent)
        if let button = layout.unitFamilyButton(picker) {
            canvas.put(button.label, x: button.frame.x, y: button.frame.y, style: [.bold, .underline], color: .accent)
        }
        for cell in layout.unitCells(picker) {
            let selected = cell.unit == picker.selected
            let label = selected && !accessible ? "\(glyphs.next)\(cell.unit.symbol)" : " \(cell.unit.symbol)"
            canvas.put(label, x: cell.frame.x, y: cell.frame.y, style: selected ? [.reverse, .bold] : [],
                       color: selected ? .accent : .normal, limit: cell.frame.width)
            if flash == .unit(cell.unit) { canvas.addStyle(.reverse, in: cell.frame) }
        }
    }
}
