/// What the user does on the list of saved comparisons.
public enum ListsAction: Equatable, Sendable {
    case moveSelection(Int)
    /// A click on a row: selects it, or opens it when it is already selected.
    case choose(Int)
    /// Enter: opens the selected comparison.
    case open
    /// Esc, Ctrl-O: back to the comparison.
    case close
    case new
    case rename
    case moveSelected(Int)
    case askDelete
    /// Confirmed: delete this comparison.
    case delete(ListEntry)
    // Typing a title (new or rename)
    case type(Character)
    case paste(String)
    case deleteBackward
    case clearTitle
    case acceptTitle
    case cancelTitle
}
