/// A count unit named by any other word: `sheet`, `roll`, `load`, `serving`, `bag`, `can`.
/// Kept in the singular and lower case, so `Sheets`, `sheets` and `sheet` are one unit; each word is
/// a family of its own (rolls are never compared with sheets).
public struct CountWord: Hashable, Sendable, Comparable {
    /// The singular, lower-case word, as shown and stored.
    public let singular: String

    /// The longest word kept, in characters.
    public static let maximumLength = 20

    /// Reads a word: letters (any script) with single spaces or hyphens between them, at most
    /// `maximumLength` characters; plural forms become the singular (`sheets`, `berries`, `boxes`).
    public init?(_ text: String) {
        let words = text.split(whereSeparator: { $0 == " " }).map { $0.lowercased() }
        let word = words.joined(separator: " ")
        guard let first = word.first, first.isLetter, word.last!.isLetter, word.count <= Self.maximumLength,
              word.allSatisfy({ $0.isLetter || $0 == " " || $0 == "-" }),
              !word.contains("--"), !word.contains("- "), !word.contains(" -") else { return nil }
        singular = Self.singular(of: word)
    }

    public var plural: String {
        let w = singular
        if w.hasSuffix("s") || w.hasSuffix("x") || w.hasSuffix("ch") || w.hasSuffix("sh") { return w + "es" }
        if w.hasSuffix("y"), w.count > 1, !"aeiou".contains(w[w.index(before: w.index(before: w.endIndex))]) {
            return String(w.dropLast()) + "ies"
        }
        return w + "s"
    }

    /// English plural endings undone: `berries` → `berry`, `boxes` → `box`, `glasses` → `glass`,
    /// `sheets` → `sheet`; `glass` and `gas` stay.
    static func singular(of word: String) -> String {
        guard word.count >= 3, word.hasSuffix("s"), !["ss", "us", "is"].contains(where: word.hasSuffix), word != "gas" else { return word }
        if word.count > 4, word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
        for ending in ["sses", "xes", "ches", "shes", "zzes"] where word.hasSuffix(ending) { return String(word.dropLast(2)) }
        return String(word.dropLast())
    }

    public static func < (a: CountWord, b: CountWord) -> Bool { a.singular < b.singular }
}
