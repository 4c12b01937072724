import Foundation

/// A product's uses in JSON (vocabulary 3, decision 309): `{"count": "50", "word": "wash"}` (the count as decimal text,
/// as a price is; the word singular), `null` for none. Import reads this object, or the uses' text (`"50 washes"`).
enum UsesJSON {
    static let keys: Set<String> = ["count", "word"]

    static func encode(_ uses: Uses?) -> String {
        guard let uses else { return "null" }
        return JSONDocument.inline([
            ("count", JSONExchange.string(DecimalText.format(uses.count))), ("word", JSONExchange.string(uses.word.singular)),
        ])
    }

    /// The object's uses as their text (`50 wash`), for `ComparisonExchange.read` to check as any.
    static func text(of node: JSONNode, place: String, unknown: inout [UnknownName]) throws(ExchangeError) -> String {
        let object = try JSONTextObject(node, keys: keys, expected: "uses ({\"count\": …, \"word\": …})", place: place, unknown: &unknown)
        guard let count = object.value("count") else { throw ExchangeError(line: node.line, field: place + ", count", problem: "uses have a count") }
        guard let word = object.value("word"), !word.isEmpty else { throw ExchangeError(line: node.line, field: place + ", word", problem: "uses have a word (wash)") }
        // A count that is no plain number is refused by the text's reader, which names it.
        return count + " " + word
    }
}
