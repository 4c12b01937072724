/// What is drawn around or over any screen: the status line, a question or the help, and the
/// button shown pressed. Screens write it; only the root clears the overlay.
public struct Chrome: Equatable, Sendable {
    public var overlay: Overlay = .none
    public var status: StatusMessage?
    /// The button shown pressed until the flash ends.
    public var flash: PressableButton?

    public init(overlay: Overlay = .none, status: StatusMessage? = nil, flash: PressableButton? = nil) {
        self.overlay = overlay
        self.status = status
        self.flash = flash
    }
}

/// A button on screen that can show pressed: a keypad key, a toolbar button or a unit in the picker.
public enum PressableButton: Hashable, Sendable {
    case key(CalculatorKey)
    case previous
    case next
    case unit(MeasureUnit)
}

public enum Overlay: Equatable, Sendable {
    case none
    /// The help screen, at a page (narrow screens need several).
    case help(page: Int)
    case confirm(Confirmation)
}

/// A question that needs y or n; yes sends `action`.
public enum Confirmation: Equatable, Sendable {
    /// The product, and its number on screen when asked.
    case deleteProduct(ProductID, number: Int)
    case clearComparison
    case deleteComparison(ListEntry)

    public var question: String {
        switch self {
        case .deleteProduct(_, let number): "Delete product #\(number)? y/n"
        case .clearComparison: "Delete every product of this comparison? y/n"
        case .deleteComparison(let entry): "Delete the comparison \"\(entry.displayTitle)\" and its \(entry.productCount) product\(entry.productCount == 1 ? "" : "s")? y/n"
        }
    }

    /// What yes does.
    var action: Action {
        switch self {
        case .deleteProduct(let id, let number): .comparison(.deleteProduct(id, number: number))
        case .clearComparison: .comparison(.clearAll)
        case .deleteComparison(let entry): .lists(.delete(entry))
        }
    }
}

public struct StatusMessage: Equatable, Sendable {
    public var text: String
    public var isWarning: Bool
    public init(_ text: String, isWarning: Bool = false) {
        self.text = text
        self.isWarning = isWarning
    }
}
