/// The one rule for a name given as a setting, a shop's name (`--shop`) or a currency (`--currency`,
/// `PER_CURRENCY`, an export file's `currency`): it must show as written, so no control character (tab and line
/// breaks included: a setting is one line) and no combining mark without a character before it to sit on (a lone
/// U+0301 would put its accent on whatever the screen shows before it).
public enum SettingText {
    public enum Problem: Equatable, Sendable {
        case controlCharacter(Unicode.Scalar)
        case loneCombiningMark(Unicode.Scalar)

        /// `U+001B is a control character`.
        public var message: String {
            switch self {
            case .controlCharacter(let scalar): "\(TerminalText.codePoint(scalar)) is a control character"
            case .loneCombiningMark(let scalar): "\(TerminalText.codePoint(scalar)) is a combining mark with no character before it to sit on"
            }
        }
    }

    /// The first thing in `text` the rule refuses; nil when it is fine.
    public static func problem(in text: String) -> Problem? {
        if let scalar = text.unicodeScalars.first(where: TerminalText.isControl) { return .controlCharacter(scalar) }
        for character in text {
            if let first = character.unicodeScalars.first, isCombiningMark(first) { return .loneCombiningMark(first) }
        }
        return nil
    }

    /// A mark that combines with the character before it (Unicode categories Mn, Mc, Me).
    static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .decimalNumber, .letterNumber,
             .otherNumber, .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator,
             .lineSeparator, .paragraphSeparator, .control, .format, .surrogate, .privateUse, .unassigned: false
        @unknown default: false
        }
    }
}
