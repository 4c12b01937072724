import Foundation

/// A datum JSON writes as an object of text members (an offer: `DealJSON`, uses: `UsesJSON`), as import reads it: an
/// object, each member not of `keys` recorded as unknown, each member's value as text (a string or a number; null or
/// missing: nil). Its reader then makes the datum's text of them, for `ComparisonExchange.read` to check as any.
struct JSONTextObject {
    private let members: [(key: String, node: JSONNode)]

    /// `expected`: what the object is, for the error where the node is no object (`an offer ({"kind": …})`).
    init(_ node: JSONNode, keys: Set<String>, expected: String, place: String, unknown: inout [UnknownName]) throws(ExchangeError) {
        guard case .object(let list) = node.value else { throw ExchangeError(line: node.line, field: place, problem: "expected " + expected) }
        for member in list where !keys.contains(member.key) { unknown.append(UnknownName(name: member.key, line: member.node.line, place: place)) }
        members = list
    }

    func value(_ key: String) -> String? {
        switch members.first(where: { $0.key == key })?.node.value {
        case .string(let text)?, .number(let text)?: text
        case .null?, nil, .bool?, .array?, .object?: nil
        }
    }
}
