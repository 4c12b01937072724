/// The edit in progress of the focused field; which case it is says which kind of field has focus.
public enum FieldEditor: Equatable, Sendable {
    case numeric(CalculatorEngine)
    case unit(UnitPicker)
    case text(TextField)

    /// What the field shows while it is edited (operators in ASCII; views swap in glyphs).
    public var text: String {
        switch self {
        case .numeric(let engine): engine.text
        case .unit(let picker): picker.typed.isEmpty ? (picker.selected?.symbol ?? "") : picker.typed
        case .text(let field): field.text
        }
    }
}
