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

    /// Edits the text field in place: the editor lets go of the field first, so that a key typed appends to the text
    /// instead of copying all of it (issue 32). Nil when the field is not text.
    mutating func editText<Result>(_ edit: (inout TextField) -> Result) -> Result? {
        guard case .text(var field) = self else { return nil }
        self = .text(TextField())
        defer { self = .text(field) }
        return edit(&field)
    }
}
