import Foundation

/// What the comparison screen knows of one product field (`ProductField.spec`, one switch in Model/ProductField.swift):
/// its title, its editor (how it starts and how a commit writes it), whether it is part of a price seen, its cell in
/// the table and its hints. The screen's commit and editor, its suggestions, its layout's cells and the table's cells
/// are derived from it, so a new field is one entry there (the compiler asks for it) and nothing here.
public struct FieldSpec: Sendable {
    /// A column of the product table.
    public enum Column: Sendable, Equatable { case price, quantity, unit, name }

    /// Where the field is shown and typed in the table.
    public enum Cell: Sendable, Equatable {
        /// In its column: the column's own placeholder (`price`, `qty`, `unit`) while it has no value.
        case column(Column)
        /// Typed in the name's cell, and shown after the name otherwise (`name @ shop +3.42 dep 2/3.00 50 washes`):
        /// the table's columns stay as they are.
        case besideTheName
    }

    /// A number committed from the keypad (never below zero: the screen refuses that first).
    public struct Typed: Sendable {
        public var value: Decimal?
        /// The multipack shape it was typed as (`6×330`), if any.
        public var multipack: Multipack?
    }

    /// What a commit may need beyond the product: the word uses count (`ComparisonScreen.useWord(for:)`), today.
    public struct Context: Sendable {
        /// Asked only by the Uses field's commit: it may look through every product (100,000 on a price's Tab).
        public var useWord: @Sendable () -> CountWord
        public var today: CalendarDay?
    }

    /// How the field is typed. A commit writes the product and says what the status line says of it (nil: nothing).
    public enum Editor: Sendable {
        /// On the keypad, from its value.
        case number(value: @Sendable (Product) -> Decimal?, commit: @Sendable (Typed, inout Product, Context) -> StatusMessage?)
        /// As text, from its value; `suggested`: what an empty one suggests (`Suggestion`), taken by Enter; its hints.
        case text(value: @Sendable (Product) -> String, suggested: (@Sendable (Suggestion) -> String?)?, hints: Hints,
                  commit: @Sendable (String, inout Product, Context) -> StatusMessage?)
        /// The unit picker (the unit alone: it suggests the unit before it).
        case unit

        /// A number that is the value of `path` as typed.
        static func number(_ path: WritableKeyPath<Product, Decimal?> & Sendable) -> Editor {
            .number(value: { $0[keyPath: path] }, commit: { typed, product, _ in product[keyPath: path] = typed.value; return nil })
        }

        /// Text that is the value of `path` as typed.
        static func text(_ path: WritableKeyPath<Product, String> & Sendable, hints: Hints) -> Editor {
            .text(value: { $0[keyPath: path] }, suggested: nil, hints: hints, commit: { text, product, _ in product[keyPath: path] = text; return nil })
        }
    }

    /// The hints of a text field: the word the keypad's place says (`Type the shop`), the status line's long and short
    /// (the keypad's and the unit picker's hints are their editor's).
    public struct Hints: Sendable {
        public var what: String
        public var long: String
        public var short: String
    }

    /// `Price`: the editor's title (`Price of big`), and in messages (`Undid the price "3.99"`).
    public let title: String
    /// Committing a change to it sets the product's `seen` day and keeps the earlier price in the history.
    public let isPricing: Bool
    public let cell: Cell
    public let editor: Editor
    /// The value typed into an empty field, as Ctrl-Y names it (`Undid the price "3.99"`); nil: its datum's text.
    let typed: (@Sendable (Product) -> String?)?
    /// What the name's cell says of it after the name (`ProductRowText.name`) when set; nil: nothing there, or what the
    /// table says of it itself (the shop, the deposit, the offer and the uses, in the order it gives them).
    let withTheName: (@Sendable (Product) -> String?)?

    init(_ title: String, pricing: Bool = false, cell: Cell = .besideTheName, _ editor: Editor,
         typed: (@Sendable (Product) -> String?)? = nil, withTheName: (@Sendable (Product) -> String?)? = nil) {
        self.title = title
        self.isPricing = pricing
        self.cell = cell
        self.editor = editor
        self.typed = typed
        self.withTheName = withTheName
    }

    /// A text field's hints; nil for the others.
    public var hints: Hints? {
        if case .text(_, _, let hints, _) = editor { hints } else { nil }
    }

    /// Whether it is typed on the keypad.
    public var isNumeric: Bool {
        if case .number = editor { true } else { false }
    }
}

extension ProductField {
    public var isNumeric: Bool { spec.isNumeric }
    public var isPricing: Bool { spec.isPricing }
    public var title: String { spec.title }

    /// The fields' `FieldSpec.withTheName`, in their order.
    static let withTheName = allCases.compactMap(\.spec.withTheName)

    /// Its value as typed (`3.99`, `6×330`, `Lidl`), as Ctrl-Y names it: empty when not set.
    public func typedText(_ product: Product) -> String {
        (spec.typed ?? data[0].text)(product) ?? ""
    }
}
