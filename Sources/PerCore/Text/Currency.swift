/// The currency prices are shown in (`PER_CURRENCY` or `--currency`): `€`, `$`, `CHF`, `kr`.
///
/// Where it stands follows its convention (`Placement.conventional`): a three-letter code before the amount with a
/// space (`CHF 2.50`), another word after it with a space (`2.50 kr`, `2.50 zł`), a symbol before it (`€2.50`,
/// `$2.50`, `R$2.50`), except `€` with a decimal comma, after it (`2,50 €`); or as `currency-format` says
/// (`{amount} €`). Typed, pasted or given to `per compare`, a price may carry it (`$3.99` is 3.99). Exchange files
/// keep plain decimals plus a `currency` field.
public struct Currency: Equatable, Hashable, Sendable {
    public let text: String
    /// Where it is written beside an amount.
    public var placement: Placement

    /// Before or after the amount, with a space between or not.
    public struct Placement: Equatable, Hashable, Sendable {
        public enum Side: Equatable, Hashable, Sendable { case before, after }
        public var side: Side
        public var spaced: Bool

        public init(_ side: Side, spaced: Bool) {
            self.side = side
            self.spaced = spaced
        }

        /// The usual way to write `text` with numbers that use `decimal`.
        public static func conventional(for text: String, decimal: DecimalMark) -> Placement {
            if text.count == 3, text.allSatisfy({ $0.isASCII && $0.isUppercase }) { return Placement(.before, spaced: true) }
            if text.last?.isLetter == true { return Placement(.after, spaced: true) }
            switch decimal {
            case .comma where text == "€": return Placement(.after, spaced: true)
            case .comma, .point: return Placement(.before, spaced: false)
            }
        }
    }

    /// The most characters a currency may have.
    public static let maximumLength = 5

    /// Characters a currency can't hold: they mean something in a price (digits, `. , + - * / = x ×`).
    static let forbidden: Set<Character> = [".", ",", "+", "-", "*", "/", "=", "×", "÷", "−", "x", "X", "(", ")", "%"]

    public struct Refusal: Error, Equatable, Sendable {
        public var text: String
        public var reason: String
        /// What was refused: `currency`, `currency format`.
        public var kind = "currency"
        public var message: String { "invalid \(kind) '\(TerminalText.visible(text))': \(reason)" }
    }

    public init(validating text: String) throws(Refusal) {
        func refuse(_ reason: String) -> Refusal { Refusal(text: text, reason: reason) }
        guard !text.isEmpty else { throw refuse("give a symbol or code, e.g. €, $ or CHF") }
        if let problem = SettingText.problem(in: text) { throw refuse(problem.message) }
        guard text.count <= Self.maximumLength else { throw refuse("at most \(Self.maximumLength) characters, e.g. €, $ or CHF") }
        if let bad = text.first(where: { $0.isWhitespace || $0.isNumber || Self.forbidden.contains($0) }) {
            throw refuse("'\(bad)' can't be part of a currency (no spaces, digits or . , + - * / = x)")
        }
        let invisible: Set<Unicode.GeneralCategory> = [.format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate]
        guard text.allSatisfy({ TextWidth.of($0) > 0 }), !text.unicodeScalars.contains(where: { invisible.contains($0.properties.generalCategory) }) else {
            throw refuse("every character must show on the screen")
        }
        self.text = text
        self.placement = Placement.conventional(for: text, decimal: .point)
    }

    /// The currency and its placement a `currency-format` pattern gives: `{amount} €`, `€{amount}`, `CHF {amount}`
    /// (`{amount}` once, the currency on one side, at most one space between).
    public init(pattern: String) throws(Refusal) {
        let marker = "{amount}"
        let parts = pattern.components(separatedBy: marker)
        guard parts.count == 2 else {
            throw Refusal(text: pattern, reason: "write {amount} once with the currency before or after it, e.g. {amount} € or €{amount}", kind: "currency format")
        }
        let (before, after) = (parts[0], parts[1])
        guard before.isEmpty != after.isEmpty else {
            throw Refusal(text: pattern, reason: "put the currency on one side of {amount}, e.g. {amount} € or €{amount}", kind: "currency format")
        }
        let side: Placement.Side = before.isEmpty ? .after : .before
        let written = before.isEmpty ? after : before
        let symbol = side == .after ? String(written.drop { $0 == " " }) : String(written.reversed().drop { $0 == " " }.reversed())
        guard written.count - symbol.count <= 1 else {
            throw Refusal(text: pattern, reason: "at most one space between the currency and {amount}", kind: "currency format")
        }
        do {
            try self.init(validating: symbol)
        } catch {
            throw Refusal(text: pattern, reason: error.message, kind: "currency format")
        }
        placement = Placement(side, spaced: written.count != symbol.count)
    }

    /// The same currency written as `placement` says.
    public func placed(_ placement: Placement) -> Currency {
        var copy = self
        copy.placement = placement
        return copy
    }

    /// The pattern `currency-format` would give for it: `{amount} €`, `€{amount}`.
    public var pattern: String { format("{amount}") }

    /// `€2.50`, `CHF 2.50`, `2,50 €`; empty text stays empty.
    public func format(_ amount: String) -> String {
        guard !amount.isEmpty else { return amount }
        let space = placement.spaced ? " " : ""
        switch placement.side {
        case .before: return "\(text)\(space)\(amount)"
        case .after: return "\(amount)\(space)\(text)"
        }
    }

    /// The text without the currency where it stands for itself (`$3.99` → `3.99`, `3.99 CHF` → `3.99 `).
    public func stripped(from typed: String) -> String {
        typed.replacing(text, with: "")
    }
}

extension Currency? {
    /// An amount with the currency, when there is one.
    public func format(_ amount: String) -> String { self?.format(amount) ?? amount }
}
