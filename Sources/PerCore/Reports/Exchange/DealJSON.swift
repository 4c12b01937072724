import Foundation

/// An offer in JSON (vocabulary 3, decision 287): `{"kind": "multibuy", "count": 2, "price": "3.00", "scheme": null,
/// "until": null}` or `{"kind": "member", "count": 1, "price": "1.50", "scheme": "Clubcard", "until": "2026-12-31"}`;
/// `null` for none. Import reads this object, or the offer's text (`"2 for 3.00"`).
enum DealJSON {
    static let keys: Set<String> = ["kind", "count", "price", "scheme", "until"]

    static func encode(_ deal: Deal?) -> String {
        guard let deal else { return "null" }
        return JSONDocument.inline([
            ("kind", JSONExchange.string(deal.kind)), ("count", String(deal.count)), ("price", JSONExchange.string(DecimalText.format(deal.price))),
            ("scheme", deal.scheme.map(JSONExchange.string) ?? "null"), ("until", deal.until.map { JSONExchange.string($0.iso) } ?? "null"),
        ])
    }

    /// The object's offer as its text (`2 for 3.00 until 2026-12-31`), for `ComparisonExchange.read` to check as any.
    static func text(of node: JSONNode, place: String, unknown: inout [UnknownName]) throws(ExchangeError) -> String {
        let object = try JSONTextObject(node, keys: keys, expected: "an offer ({\"kind\": …})", place: place, unknown: &unknown)
        let value = object.value
        guard let price = value("price") else { throw ExchangeError(line: node.line, field: place + ", price", problem: "an offer has a price") }
        let until = value("until").map { " until " + $0 } ?? ""
        switch value("kind") {
        case "multibuy"?:
            guard let count = value("count") else { throw ExchangeError(line: node.line, field: place + ", count", problem: "a multi-buy has a count") }
            return "\(count) for \(price)" + until
        case "member"?:
            guard let scheme = value("scheme"), !scheme.isEmpty else {
                throw ExchangeError(line: node.line, field: place + ", scheme", problem: "a member price has a scheme's name")
            }
            return "\(scheme) \(price)" + until
        case let other:
            throw ExchangeError(line: node.line, field: place + ", kind", problem: "\(other.map { "\"\($0)\"" } ?? "nothing") is no kind of offer: multibuy or member")
        }
    }
}
