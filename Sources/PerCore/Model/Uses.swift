import Foundation

/// How many uses a product holds (issue 38): `50 washes`, `30 servings`, `40 washes` for 40 pods. A comparison by use
/// (`ComparisonBasis.perUse`) ranks its products per one of them, whatever their unit. Its text (`Uses.text`, read by
/// `Uses.parse`) is the one form the database, the recovery journal, the CSV cell and `per compare` share; JSON spells
/// it out as `{count, word}`. Decisions 304-312.
public struct Uses: Equatable, Hashable, Sendable {
    /// Above zero and in `NumberRange` (decision 25), by construction.
    public let count: Decimal
    /// What one use is, singular (`wash`): a count word, letters only.
    public let word: CountWord

    /// The word uses typed in the app take when nothing says another (`ComparisonScreen.useWord`).
    public static let defaultWord = CountWord("use")!
    /// The words a comparison's basis offers by use beside those its products' uses say (F2, Ctrl-P, a tap on `per`).
    public static let offeredWords = ["wash", "serving", "load", "use"].compactMap(CountWord.init)

    /// Nil for a count of 0 or below, or outside the number range.
    public init?(count: Decimal, word: CountWord) {
        guard count > 0, NumberRange.violation(of: count) == nil else { return nil }
        self.count = count
        self.word = word
    }

    /// `50 washes`, `1 wash`.
    public var text: String { "\(DecimalText.format(count)) \(count == 1 ? word.singular : word.plural)" }

    /// The canonical text read back; nil when it is no uses (`parse` says why).
    public init?(parsing text: String) {
        guard case .success(let uses?) = Uses.parse(text) else { return nil }
        self = uses
    }

    /// Why typed text is no uses, in a shopper's words.
    public struct Problem: Error, Equatable, Sendable {
        public var message: String
    }

    /// Reads `50 washes`, `50washes`, `30 servings`, `1 wash`: a number above zero then a word of letters (singular or
    /// plural, any case). Blank text is none (`.success(nil)`).
    public static func parse(_ typed: String) -> Result<Uses?, Problem> {
        let text = typed.trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return .success(nil) }
        let number = String(text.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == "-" || $0 == "+") })
        let wordText = text.dropFirst(number.count).trimmingCharacters(in: .whitespaces)
        guard !number.isEmpty else { return .failure(Problem(message: "\"\(text)\" has no count: type uses as 50 washes")) }
        guard !wordText.isEmpty else { return .failure(Problem(message: "\(number) of what: type uses as \(number) washes")) }
        return counted(number, word: wordText)
    }

    /// A count typed apart from its word (the app's keypad, JSON's `{count, word}`), checked as `parse` checks it.
    public static func counted(_ number: String, word wordText: String) -> Result<Uses?, Problem> {
        guard let word = CountWord(wordText) else {
            return .failure(Problem(message: "\"\(wordText)\" is no word for a use: letters only, at most \(CountWord.maximumLength)"))
        }
        if let violation = NumberRange.violation(ofText: number) {
            return .failure(Problem(message: violation.message(naming: number)))
        }
        guard let count = DecimalText.parse(number) else {
            return .failure(Problem(message: "\"\(number)\" is not a number: type uses as 50 \(word.plural)"))
        }
        return checked(count, word: word)
    }

    /// A count already a number (the keypad's), refused below or at zero or outside the range.
    public static func checked(_ count: Decimal, word: CountWord) -> Result<Uses?, Problem> {
        if let violation = NumberRange.violation(of: count) {
            return .failure(Problem(message: violation.message(naming: DecimalText.format(count))))
        }
        guard count > 0 else {
            return .failure(Problem(message: "\(DecimalText.format(count)) \(word.plural) is no use: a product holds 1 \(word.singular) or more"))
        }
        return .success(Uses(count: count, word: word))
    }
}

extension Product {
    /// How many `word`s the product holds: its uses when they count that word, else its quantity when its unit is the
    /// word itself (`40 washes` typed as the size); nil otherwise.
    public func useCount(of word: CountWord) -> Decimal? {
        if let uses, uses.word == word { return uses.count }
        if unit == .counted(word), let quantity, quantity > 0, NumberRange.violation(of: quantity) == nil { return quantity }
        return nil
    }
}
