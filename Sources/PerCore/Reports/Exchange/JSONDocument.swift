/// What every JSON document per prints is: an object whose first members say which document (`"format": "per-trip"`)
/// and which vocabulary (`"version": 2`, Docs/VOCABULARY.md), so that a script can tell them apart and notice a change.
public enum JSONDocument {
    /// The vocabulary's version: 3 since a product may carry a `deposit`; 2 since one name meant one thing everywhere (1: the
    /// export's bare list, `store`).
    public static let version = 3

    /// An object of `members` (each a key and its JSON text), the format and version first, one member a line.
    static func object(_ format: String, _ members: [(String, String)]) -> String {
        let all = [("format", JSONExchange.string("per-" + format)), ("version", String(version))] + members
        return "{\n" + all.map { "  \(JSONExchange.string($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n}\n"
    }

    /// A list of objects, one a line, indented under its key (a member of the document: depth 1).
    static func list(_ objects: [String], depth: Int = 1) -> String {
        let indent = String(repeating: "  ", count: depth)
        return objects.isEmpty ? "[]" : "[\n" + objects.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n" + indent + "]"
    }

    /// One object on one line.
    static func inline(_ members: [(String, String)]) -> String {
        "{" + members.map { "\(JSONExchange.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// A text value, null when empty (a shop not said).
    static func text(orNull text: String) -> String { text.isEmpty ? "null" : JSONExchange.string(text) }
}
