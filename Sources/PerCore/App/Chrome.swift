/// What is drawn around or over any screen: the status line, a question or the help, and the
/// button shown pressed. Screens write it; only the root clears the overlay.
public struct Chrome: Equatable, Sendable {
    public var overlay: Overlay = .none
    /// The message on the status line; each new one is kept in `messages` too.
    public var status: StatusMessage? {
        didSet {
            guard let status, status != messages.first else { return }
            messages.insert(status, at: 0)
            messages.removeLast(max(0, messages.count - Self.messagesKept))
        }
    }
    /// The last messages, newest first (the help's Messages page): a message goes at the next key, and may have
    /// been longer than its lines.
    public private(set) var messages: [StatusMessage] = []
    public static let messagesKept = 20
    /// The button shown pressed until the flash ends.
    public var flash: PressableButton?
    /// A press on the keypad whose button is still down; nil when there is none.
    public var keypadPress: KeypadPress?

    public init(overlay: Overlay = .none, status: StatusMessage? = nil, flash: PressableButton? = nil) {
        self.overlay = overlay
        self.status = status
        self.flash = flash
    }
}

/// A press on the keypad, followed to its release as on a phone's calculator.
public enum KeypadPress: Equatable, Sendable {
    /// Over this key: it shows pressed, and fires if the button is let go here.
    case over(CalculatorKey)
    /// Dragged off the keypad: nothing shows pressed, and letting go here fires nothing.
    case away
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
    /// Quitting, waiting for writes the database does not take yet (Esc gives up).
    case quitting
}

/// A question that needs y or n.
public enum Confirmation: Equatable, Sendable {
    /// The product, and what named it when asked (its name, else what it is: `Product.label`).
    case deleteProduct(ProductID, label: String)
    case clearComparison
    case deleteComparison(ListEntry)
    /// The next trip: every item back out of the cart.
    case clearTicks
    /// One entry of the price history (Ctrl-D there).
    case deleteHistoryEntry(PriceRecord)
    /// A price 100 times or more away from every price it is compared with, asked about before it is kept.
    case unlikelyPrice(UnlikelyPrice)

    public var question: String {
        switch self {
        case .unlikelyPrice(let unlikely): unlikely.question
        case .deleteProduct(_, let label): "Delete '\(label)'? y/n"
        case .clearComparison: "Delete every product of this comparison? y/n"
        case .clearTicks: "New trip: clear every tick? y/n"
        case .deleteHistoryEntry(let record):
            "Delete the price \(DecimalText.format(record.price)) for \(DecimalText.format(record.quantity)) \(record.unit.symbol)"
                + (record.shop.isEmpty ? "" : " at \(TerminalText.singleLine(record.shop))") + (record.seen.map { ", \($0.iso)" } ?? "") + "? y/n"
        case .deleteComparison(let entry): "Delete the comparison \"\(entry.displayTitle)\" and its \(entry.productCount) product\(entry.productCount == 1 ? "" : "s")? y/n"
        }
    }

    /// The question where the whole does not fit one line: a y/n question keeps its `y/n` (on its second line); one
    /// answered by Enter and Esc is said without them, which the legend below it names.
    public var shortQuestion: String {
        switch self {
        case .deleteProduct, .clearComparison, .deleteComparison, .clearTicks, .deleteHistoryEntry: question
        case .unlikelyPrice(let unlikely): unlikely.typed + "? Keep it?"
        }
    }

    /// What the status line says to a no.
    public var declined: String {
        switch self {
        case .deleteProduct, .clearComparison, .deleteComparison, .deleteHistoryEntry: "Nothing deleted"
        case .clearTicks: "Ticks kept"
        case .unlikelyPrice(let unlikely): "Not kept: put the \(unlikely.field.title.lowercased()) right"
        }
    }

    /// What the answer does; nil: nothing but saying so.
    func action(yes: Bool) -> Action? {
        switch self {
        case .deleteProduct(let id, let label): yes ? .comparison(.deleteProduct(id, label: label)) : nil
        case .clearComparison: yes ? .comparison(.clearAll) : nil
        case .deleteComparison(let entry): yes ? .shoppingList(.delete(entry)) : nil
        case .clearTicks: yes ? .shoppingList(.clearTicks) : nil
        case .deleteHistoryEntry(let record): yes ? .history(.delete(record)) : nil
        case .unlikelyPrice(let unlikely): yes ? .comparison(.keepUnlikelyPrice(unlikely.product, then: unlikely.then)) : nil
        }
    }

    /// The keys that answer it, with their legend: y and n (Esc too) for a deletion, so an Enter typed out of habit
    /// deletes nothing; Enter and Esc for an unlikely price, in the rhythm of typing one (Enter keeps what was typed).
    public var answers: (yes: [InputEvent], no: [InputEvent], legend: [(text: String, key: InputEvent)]) {
        switch self {
        case .deleteProduct, .clearComparison, .deleteComparison, .clearTicks, .deleteHistoryEntry:
            (KeyTable.yesKeys, KeyTable.noKeys, [("y yes", .character("y")), ("n no", .character("n"))])
        case .unlikelyPrice(let unlikely):
            ([.key(.enter)], [.key(.escape)], [("Enter keep", .key(.enter)), ("Esc \(unlikely.field.title.lowercased())", .key(.escape))])
        }
    }
}

public struct StatusMessage: Equatable, Sendable {
    public var text: String
    public var isWarning: Bool
    /// A sentence of its own, instruction included, said where `text` would take more than the two lines a message
    /// has (`'roll' does not fit this comparison: fix it, or Esc undoes it`); the help's Messages page keeps `text`.
    public var short: String?
    public init(_ text: String, isWarning: Bool = false, short: String? = nil) {
        self.text = text
        self.isWarning = isWarning
        self.short = short
    }

    /// `text` where it fits `lines` lines of `width` columns, else the short form when there is one.
    public func shown(width: Int, lines: Int = 2) -> String {
        guard let short, TextWidth.wrap(text, to: max(1, width)).count > lines else { return text }
        return short
    }
}
