/// The one rule for a name given as a setting, a shop's name (`--shop`) or a currency (`--currency`,
/// `PER_CURRENCY`, an export file's `currency`): it must show as written, so no control character (tab and line
/// breaks included: a setting is one line), no invisible format character (U+200B, U+FEFF, the bidi controls: a
/// `shop = Lidl` could never match a product's Lidl) and no combining mark without a character before it to sit on
/// (a lone U+0301 would put its accent on whatever the screen shows before it).
public enum SettingText {
    public enum Problem: Equatable, Sendable {
        case controlCharacter(Unicode.Scalar)
        case loneCombiningMark(Unicode.Scalar)
        case invisible(Unicode.Scalar)

        /// `U+001B is a control character`.
        public var message: String {
            switch self {
            case .controlCharacter(let scalar): "\(TerminalText.codePoint(scalar)) is a control character"
            case .loneCombiningMark(let scalar): "\(TerminalText.codePoint(scalar)) is a combining mark with no character before it to sit on"
            case .invisible(let scalar): "\(TerminalText.codePoint(scalar)) is an invisible character"
            }
        }
    }

    /// The first thing in `text` the rule refuses; nil when it is fine.
    public static func problem(in text: String) -> Problem? {
        if let scalar = text.unicodeScalars.first(where: TerminalText.isControl) { return .controlCharacter(scalar) }
        for character in text {
            if let first = character.unicodeScalars.first, isCombiningMark(first) { return .loneCombiningMark(first) }
            if let scalar = invisible(in: character) { return .invisible(scalar) }
        }
        return nil
    }

    /// A format character (Unicode category Cf: U+200B, U+200C, U+200E, U+FEFF, U+202A–U+202E, U+2066–U+2069...) in
    /// `character`, except those that make an emoji: a joiner inside it (a family) and tags after one (Wales' flag).
    static func invisible(in character: Character) -> Unicode.Scalar? {
        if character.isASCII { return nil }
        let scalars = Array(character.unicodeScalars)
        let emoji = scalars.count > 1 && scalars[0].properties.isEmoji
        for (index, scalar) in scalars.enumerated() where scalar.properties.generalCategory == .format {
            let joins = scalar == "\u{200D}" && index > 0 && index < scalars.count - 1
            let tag = (0xE0020...0xE007F).contains(scalar.value) && index > 0
            if !(emoji && (joins || tag)) { return scalar }
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
