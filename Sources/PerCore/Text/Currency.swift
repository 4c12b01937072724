/// The currency prices are shown in (`PER_CURRENCY` or `--currency`): `€`, `$`, `CHF`, `kr`.
///
/// A currency that ends with a letter goes after the amount, with a space (`2.50 CHF`, `2.50 zł`);
/// any other goes before it (`€2.50`, `$2.50`, `R$2.50`). Typed, pasted or given to `per compare`,
/// a price may carry it (`$3.99` is 3.99). Exchange files keep plain decimals plus a `currency` field.
public struct Currency: Equatable, Hashable, Sendable {
    public let text: String

    /// The most characters a currency may have.
    public static let maximumLength = 5

    /// Characters a currency can't hold: they mean something in a price (digits, `. , + - * / = x ×`).
    static let forbidden: Set<Character> = [".", ",", "+", "-", "*", "/", "=", "×", "÷", "−", "x", "X", "(", ")", "%"]

    public struct Refusal: Error, Equatable, Sendable {
        public var text: String
        public var reason: String
        public var message: String { "invalid currency '\(TerminalText.visible(text))': \(reason)" }
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
    }

    public var goesAfter: Bool { text.last!.isLetter }

    /// `€2.50`, `2.50 CHF`; empty text stays empty.
    public func format(_ amount: String) -> String {
        guard !amount.isEmpty else { return amount }
        return goesAfter ? "\(amount) \(text)" : "\(text)\(amount)"
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
