/// The decimal separator numbers are shown with for people (`decimal` setting, `PER_DECIMAL`, `--decimal`): the app
/// and the command line's tables and checklists. Numbers are kept, computed and fitted with a point; the mark is put
/// in as they are drawn. JSON and CSV always keep the point (machine-readable, and what `per import` reads).
public enum DecimalMark: String, CaseIterable, Equatable, Hashable, Sendable {
    case point = "."
    case comma = ","

    public var character: Character {
        switch self {
        case .point: "."
        case .comma: ","
        }
    }

    /// A number's text (`3.99`, `€3.99`, `+12.5%`) with this mark: every point becomes it. Only for text that is a
    /// number per wrote, never for a name (`Dr. Oetker` keeps its point).
    public func shown(_ number: String) -> String {
        switch self {
        case .point: number
        case .comma: number.contains(".") ? String(number.map { $0 == "." ? "," : $0 }) : number
        }
    }
}
