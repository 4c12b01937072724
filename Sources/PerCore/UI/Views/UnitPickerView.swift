/// The unit field's picker, drawn where the keypad is (as the iOS original swapped its input view).
enum UnitPickerView {
    static func draw(_ picker: UnitPicker, _ layout: ScreenLayout, flash: PressableButton?, glyphs: GlyphSet, into canvas: inout Canvas) {
        var lines = BoxLines(width: canvas.width, height: canvas.height)
        lines.addBox(layout.keypadFrame)
        lines.draw(into: &canvas, glyphs: glyphs)
        canvas.put(" unit ", x: layout.keypadFrame.x + 2, y: layout.keypadFrame.y, style: .bold, color: .accent)
        if let button = layout.unitFamilyButton(picker) {
            canvas.put(button.label, x: button.frame.x, y: button.frame.y, style: [.bold, .underline], color: .accent)
        }
        for cell in layout.unitCells(picker) {
            let selected = cell.unit == picker.selected
            let label = selected ? "\(glyphs.next)\(cell.unit.symbol)" : " \(cell.unit.symbol)"
            canvas.put(label, x: cell.frame.x, y: cell.frame.y, style: selected ? [.reverse, .bold] : [],
                       color: selected ? .accent : .normal, limit: cell.frame.width)
            if flash == .unit(cell.unit) { canvas.addStyle(.reverse, in: cell.frame) }
        }
    }
}
