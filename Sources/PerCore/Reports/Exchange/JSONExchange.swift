import Foundation

/// `[{"title": "Oats", "per": "100 g", "volumeSystem": "us", "products": [{"name", "price", "quantity", "unit"}]}]`,
/// prices and quantities as decimal strings so that nothing passes through binary floating point.
enum JSONExchange {
    static func encode(_ comparisons: [Comparison]) -> String {
        guard !comparisons.isEmpty else { return "[]\n" }
        var out = "[\n"
        for (i, comparison) in comparisons.enumerated() {
            out += "  {\n"
            out += "    \"title\": \(string(comparison.title)),\n"
            out += "    \"per\": \(optional(ComparisonExchange.basisText(comparison.chosenBasis))),\n"
            out += "    \"volumeSystem\": \(string(comparison.volumeSystem.rawValue)),\n"
            if comparison.products.isEmpty {
                out += "    \"products\": []\n"
            } else {
                out += "    \"products\": [\n"
                for (j, p) in comparison.products.enumerated() {
                    out += "      {\"name\": \(string(p.name)), \"price\": \(optional(p.price.map(DecimalText.format))), "
                    out += "\"quantity\": \(optional(p.quantity.map(DecimalText.format))), \"unit\": \(optional(p.unit?.symbol))}"
                    out += j == comparison.products.count - 1 ? "\n" : ",\n"
                }
                out += "    ]\n"
            }
            out += i == comparisons.count - 1 ? "  }\n" : "  },\n"
        }
        return out + "]\n"
    }

    private static func optional(_ text: String?) -> String { text.map(string) ?? "null" }

    /// A JSON string literal: quotes, backslashes and control characters (C0, DEL and C1) escaped, everything else as is.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where TerminalText.isControl(scalar):
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: Decoding

    static func decode(_ text: String) throws(ExchangeError) -> [Comparison] {
        var parser = JSONParser(text)
        let root = try parser.parseDocument()
        let items: [JSONNode]
        switch root.value {
        case .array(let array): items = array
        case .object: items = [root]
        default: throw ExchangeError(line: root.line, problem: "expected a list of comparisons ([ … ])")
        }
        var comparisons: [Comparison] = []
        for item in items { comparisons.append(try comparison(item, number: comparisons.count + 1)) }
        return comparisons
    }

    private static func comparison(_ node: JSONNode, number: Int) throws(ExchangeError) -> Comparison {
        guard case .object(let members) = node.value else {
            throw ExchangeError(line: node.line, problem: "expected a comparison ({\"title\": …, \"products\": […]})")
        }
        guard let titleNode = members.first(where: { $0.key == "title" })?.node else {
            throw ExchangeError(line: node.line, field: "title", problem: "missing (every comparison needs a \"title\", even \"\")")
        }
        let title = try requiredString(titleNode, field: "title")
        try ComparisonExchange.checkText(title, line: titleNode.line, place: "comparison \(ComparisonExchange.quoted(title)), title")
        let basis = try optionalText(members, "per", allowNumber: false).flatMap { text throws(ExchangeError) in
            try ComparisonExchange.basis(text.value, line: text.line, field: "per")
        }
        let system = try optionalText(members, "volumeSystem", allowNumber: false).map { text throws(ExchangeError) in
            try ComparisonExchange.volumeSystem(text.value, line: text.line, field: "volumeSystem")
        } ?? .us
        var products: [Product] = []
        if let productsNode = members.first(where: { $0.key == "products" })?.node {
            switch productsNode.value {
            case .null: break
            case .array(let items):
                for item in items {
                    let (product, texts) = try product(item, number: products.count + 1, in: title)
                    try ComparisonExchange.checkNumbers(
                        of: product, priceText: texts.price, quantityText: texts.quantity,
                        family: products.lazy.compactMap(\.unit).first?.family,
                        comparison: title, number: number, productNumber: products.count + 1, line: item.line)
                    products.append(product)
                }
            default:
                throw ExchangeError(line: productsNode.line, field: "products", problem: "expected a list of products ([ … ])")
            }
        }
        return Comparison(title: title, products: products, basis: basis, volumeSystem: system)
    }

    /// A product, and its price and quantity as written (for `ComparisonExchange.checkNumbers`).
    private static func product(_ node: JSONNode, number: Int, in title: String) throws(ExchangeError) -> (Product, (price: String?, quantity: String?)) {
        guard case .object(let members) = node.value else {
            throw ExchangeError(line: node.line, problem: "expected a product ({\"name\": …, \"price\": …})")
        }
        let nameText = try optionalText(members, "name", allowNumber: false)
        let name = nameText?.value ?? ""
        try ComparisonExchange.checkText(name, line: nameText?.line ?? node.line, place: "comparison \(ComparisonExchange.quoted(title)), product \(number), name")
        let priceText = try optionalText(members, "price", allowNumber: true)
        let price = try priceText.flatMap { text throws(ExchangeError) in
            try ComparisonExchange.decimal(text.value, line: text.line, field: "price")
        }
        let quantityText = try optionalText(members, "quantity", allowNumber: true)
        let quantity = try quantityText.flatMap { text throws(ExchangeError) in
            try ComparisonExchange.decimal(text.value, line: text.line, field: "quantity")
        }
        let unit = try optionalText(members, "unit", allowNumber: false).flatMap { text throws(ExchangeError) in
            try ComparisonExchange.unit(text.value, line: text.line, field: "unit")
        }
        return (Product(name: name, price: price, quantity: quantity, unit: unit), (priceText?.value, quantityText?.value))
    }

    private static func requiredString(_ node: JSONNode, field: String) throws(ExchangeError) -> String {
        guard case .string(let text) = node.value else {
            throw ExchangeError(line: node.line, field: field, problem: "expected text in quotes")
        }
        return text
    }

    /// A member's text, nil when missing or null. Numbers are taken exactly as written when allowed.
    private static func optionalText(_ members: [(key: String, node: JSONNode)], _ key: String, allowNumber: Bool) throws(ExchangeError) -> (value: String, line: Int)? {
        guard let node = members.first(where: { $0.key == key })?.node else { return nil }
        switch node.value {
        case .null: return nil
        case .string(let text): return (text, node.line)
        case .number(let text) where allowNumber: return (text, node.line)
        default:
            throw ExchangeError(line: node.line, field: key, problem: allowNumber ? "expected a decimal number such as \"1.99\"" : "expected text in quotes")
        }
    }
}

// MARK: - A small JSON reader that remembers line numbers and keeps numbers as written

struct JSONNode {
    indirect enum Value {
        case object([(key: String, node: JSONNode)])
        case array([JSONNode])
        case string(String)
        case number(String)
        case bool(Bool)
        case null
    }
    var value: Value
    var line: Int
}

struct JSONParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1

    init(_ text: String) {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        self.scalars = scalars
    }

    mutating func parseDocument() throws(ExchangeError) -> JSONNode {
        skipSpace()
        let node = try parseValue(depth: 0)
        skipSpace()
        if index < scalars.count { throw error("unexpected \(describe(scalars[index])) after the end of the data") }
        return node
    }

    private func error(_ problem: String) -> ExchangeError { ExchangeError(line: line, problem: "JSON: " + problem) }

    private func describe(_ scalar: Unicode.Scalar) -> String {
        TerminalText.isControl(scalar) ? TerminalText.codePoint(scalar) : "\"\(Character(scalar))\""
    }

    private mutating func skipSpace() {
        while index < scalars.count {
            switch scalars[index] {
            case "\n": line += 1; index += 1
            case " ", "\t", "\r": index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(ExchangeError) -> JSONNode {
        guard depth < 64 else { throw error("nested too deeply") }
        guard index < scalars.count else { throw error("unexpected end of the data") }
        let startLine = line
        switch scalars[index] {
        case "{":
            index += 1
            var members: [(key: String, node: JSONNode)] = []
            skipSpace()
            if peek("}") { index += 1; return JSONNode(value: .object(members), line: startLine) }
            while true {
                skipSpace()
                guard peek("\"") else { throw error("expected a quoted key") }
                let key = try parseString()
                skipSpace()
                guard peek(":") else { throw error("expected \":\" after \"\(key)\"") }
                index += 1
                skipSpace()
                members.append((key, try parseValue(depth: depth + 1)))
                skipSpace()
                if peek(",") { index += 1; continue }
                if peek("}") { index += 1; return JSONNode(value: .object(members), line: startLine) }
                throw error("expected \",\" or \"}\"")
            }
        case "[":
            index += 1
            var items: [JSONNode] = []
            skipSpace()
            if peek("]") { index += 1; return JSONNode(value: .array(items), line: startLine) }
            while true {
                skipSpace()
                items.append(try parseValue(depth: depth + 1))
                skipSpace()
                if peek(",") { index += 1; continue }
                if peek("]") { index += 1; return JSONNode(value: .array(items), line: startLine) }
                throw error("expected \",\" or \"]\"")
            }
        case "\"":
            return JSONNode(value: .string(try parseString()), line: startLine)
        case "t": try expectWord("true"); return JSONNode(value: .bool(true), line: startLine)
        case "f": try expectWord("false"); return JSONNode(value: .bool(false), line: startLine)
        case "n": try expectWord("null"); return JSONNode(value: .null, line: startLine)
        case "-", "0"..."9":
            var text = ""
            while index < scalars.count, "-+.eE0123456789".unicodeScalars.contains(scalars[index]) {
                text.unicodeScalars.append(scalars[index]); index += 1
            }
            return JSONNode(value: .number(text), line: startLine)
        default:
            throw error("unexpected \(describe(scalars[index]))")
        }
    }

    private func peek(_ scalar: Unicode.Scalar) -> Bool { index < scalars.count && scalars[index] == scalar }

    private mutating func expectWord(_ word: String) throws(ExchangeError) {
        for expected in word.unicodeScalars {
            guard peek(expected) else { throw error("unexpected text (expected \(word))") }
            index += 1
        }
    }

    private mutating func parseString() throws(ExchangeError) -> String {
        index += 1 // opening quote
        var out = String.UnicodeScalarView()
        while true {
            guard index < scalars.count else { throw error("text not closed by a quote") }
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case "\"": return String(out)
            case "\n": throw error("line break inside quoted text (write it as \\n)")
            case "\\":
                guard index < scalars.count else { throw error("text not closed by a quote") }
                let escape = scalars[index]
                index += 1
                switch escape {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "/": out.append("/")
                case "b": out.append("\u{08}")
                case "f": out.append("\u{0C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u":
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard peek("\\"), index + 1 < scalars.count, scalars[index + 1] == "u" else { throw error("unpaired surrogate in \\u escape") }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let decoded = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    out.append(decoded)
                default:
                    throw error("unknown escape \\\(Character(escape))")
                }
            default:
                out.append(scalar)
            }
        }
    }

    private mutating func hex4() throws(ExchangeError) -> UInt32 {
        guard index + 4 <= scalars.count else { throw error("incomplete \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = Int(String(Character(scalars[index])), radix: 16) else { throw error("invalid \\u escape") }
            value = value * 16 + UInt32(digit)
            index += 1
        }
        return value
    }
}
