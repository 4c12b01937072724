import Foundation

/// `{"format": "per-export", "version": 2, "comparisons": [{"title": "Oats", "per": "100 g", "volumeSystem": "us",
/// "listCount": 1, "inCart": false, "aisle": 0, "pinnedProduct": null, "products": [{"name", "price", "quantity", "pack",
/// "unit", "shop", "seen"}], "history": [{"name", "shop", "seen", "price", "quantity", "unit"}]}]}`, prices and quantities
/// as decimal strings so that nothing passes through binary floating point; `shop` and `seen` null when not known,
/// `history` (a comparison's earlier prices, oldest first) left out when empty. `pack` is a multipack's shape (`6*330`,
/// null for none); `listCount`, `inCart`, `aisle` and `pinnedProduct` (the number of a product in `products`, 1 first)
/// are the shopping list's. Earlier files read: version 1's bare list of comparisons with `store` for the shop, and
/// files without the price book, the list or the pack.
enum JSONExchange {
    static func encode(_ comparisons: [Comparison], histories: [ComparisonID: [PriceRecord]] = [:], currency: Currency? = nil,
                       lists: [ComparisonID: ExchangeListState]? = nil) -> String {
        let objects = comparisons.map { comparison in
            var members = [
                ("title", string(comparison.title)),
                ("per", optional(ComparisonExchange.basisText(comparison.chosenBasis))),
                ("volumeSystem", string(comparison.volumeSystem.rawValue)),
            ]
            if let currency { members.append(("currency", string(currency.text))) }
            if let lists {
                let state = lists[comparison.id] ?? .earlierFormat
                members += [
                    ("listCount", String(state.count)),
                    ("inCart", String(state.ticked)),
                    ("aisle", String(state.aisle)),
                    ("pinnedProduct", ComparisonExchange.pinnedNumber(comparison, among: comparison.products).map(String.init) ?? "null"),
                ]
                // What the count means, where it is known (DECISIONS 344); a file without them counts packs.
                if let amount = state.amount { members += [("listAmount", string(DecimalText.format(amount.quantity))), ("listUnit", string(amount.unit.symbol))] }
            }
            members.append(("products", rows(comparison.products.map { p in
                ProductDatum.all.map { ($0.key, $0.kind == .deal ? DealJSON.encode(p.deal) : $0.kind == .uses ? UsesJSON.encode(p.uses) : optional($0.exported(p))) }
            })))
            let history = histories[comparison.id] ?? []
            if !history.isEmpty {
                members.append(("history", rows(history.map { h in
                    [("name", string(h.name)), ("shop", JSONDocument.text(orNull: h.shop)), ("seen", optional(h.seen?.iso)),
                     ("price", string(DecimalText.format(h.price))), ("quantity", string(DecimalText.format(h.quantity))), ("unit", string(h.unit.symbol))]
                        // The offer seen beside the shelf price, where there was one (decision 412).
                        + (h.deal.map { [("deal", DealJSON.encode($0))] } ?? [])
                })))
            }
            return "{\n" + members.map { "      \(string($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n    }"
        }
        return JSONDocument.object("export", [("comparisons", JSONDocument.list(objects))])
    }

    /// Products or earlier prices: one object a line, under their comparison's key.
    private static func rows(_ objects: [[(String, String)]]) -> String {
        JSONDocument.list(objects.map(JSONDocument.inline), depth: 3)
    }

    private static func optional(_ text: String?) -> String { text.map(string) ?? "null" }

    /// A JSON string literal: quotes, backslashes, control characters (C0, DEL and C1) and bidi controls escaped,
    /// everything else as is.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where TerminalText.isEscaped(scalar):
                out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    // MARK: Decoding

    /// Reads a JSON export from `stream`, handing each comparison to `sink` as it is read: the header when its
    /// products start (or at its end), then each product as soon as it is read and checked. Only one product's
    /// nodes are held at a time, unless a comparison gives its products before its title (then that comparison's
    /// products are kept until its end, as the title names them in messages).
    /// Keys it does not read go to `unknown`, in file order.
    static func decode(_ stream: inout ByteStream, into sink: inout some ExchangeSink, today: CalendarDay?, unknown: inout [UnknownName]) throws {
        var parser = JSONParser(stream)
        defer { stream = parser.stream }
        try parser.skipSpace()
        switch try parser.peek() {
        case UInt8(ascii: "{"):
            let line = parser.line
            var format: String?, version: String?, sawComparisons = false
            try parser.inObject(depth: 0) { parser, key throws in
                switch key {
                case "comparisons":
                    sawComparisons = true
                    try comparisons(&parser, depth: 1, into: &sink, today: today, unknown: &unknown)
                case "format":
                    let node = try parser.parseValue(depth: 1)
                    guard case .string(let text) = node.value else { throw ExchangeError(line: node.line, field: "format", problem: "expected text in quotes") }
                    format = text
                case "version":
                    let node = try parser.parseValue(depth: 1)
                    guard case .number(let text) = node.value else { throw ExchangeError(line: node.line, field: "version", problem: "expected a whole number") }
                    version = text
                default:
                    let node = try parser.parseValue(depth: 1)
                    unknown.append(UnknownName(name: key, line: node.line, place: nil))
                }
            }
            try checkDocument(format: format, version: version, hasComparisons: sawComparisons, line: line)
        case UInt8(ascii: "["):
            // Version 1: a bare list.
            try comparisons(&parser, depth: 0, into: &sink, today: today, unknown: &unknown)
        default:
            let root = try parser.parseValue(depth: 0)
            try parser.expectEnd()
            throw ExchangeError(line: root.line, problem: "expected a per export ({\"format\": \"per-export\", \"version\": 2, \"comparisons\": […]})")
        }
        try parser.expectEnd()
    }

    /// The list of comparisons at the next byte, each handed to `sink` as it is read.
    private static func comparisons(_ parser: inout JSONParser, depth: Int, into sink: inout some ExchangeSink, today: CalendarDay?,
                                    unknown: inout [UnknownName]) throws {
        guard try parser.peek() == UInt8(ascii: "[") else {
            let node = try parser.parseValue(depth: depth)
            throw ExchangeError(line: node.line, field: "comparisons", problem: "expected a list of comparisons ([ … ])")
        }
        var number = 0
        try parser.inArray(depth: depth) { parser throws in
            if try parser.peek() == UInt8(ascii: "{") {
                number += 1
                try comparison(&parser, number: number, depth: depth + 1, into: &sink, today: today, unknown: &unknown)
            } else {
                let node = try parser.parseValue(depth: depth + 1)
                throw ExchangeError(line: node.line, problem: "expected a comparison ({\"title\": …, \"products\": […]})")
            }
        }
    }

    /// An export object's `format` and `version`: this per's export, of a version it reads. Another of per's documents
    /// (`per show --format json`'s `per-comparison`) is named, so the message says what was given instead.
    private static func checkDocument(format: String?, version: String?, hasComparisons: Bool, line: Int) throws(ExchangeError) {
        guard let format else {
            throw ExchangeError(line: line, problem: "a JSON object without \"format\": not a per export ({\"format\": \"per-export\", \"version\": 2, \"comparisons\": […]})")
        }
        guard format == "per-export" else {
            throw ExchangeError(line: line, field: "format", problem: "\(ComparisonExchange.quoted(format)) is not a per export (\"per-export\"); per import reads what per export writes")
        }
        guard let version, let number = Int(version), (1...JSONDocument.version).contains(number) else {
            throw ExchangeError(line: line, field: "version", problem: "\(ComparisonExchange.quoted(version ?? "missing")) is not a version this per reads (1 to \(JSONDocument.version)); a newer per wrote it")
        }
        guard hasComparisons else { throw ExchangeError(line: line, field: "comparisons", problem: "missing (the list of comparisons, [] for none)") }
    }

    /// One comparison object, its products streamed to `sink`. Members are read in any order (the parser refuses a
    /// repeated key).
    private static func comparison(_ parser: inout JSONParser, number: Int, depth: Int, into sink: inout some ExchangeSink, today: CalendarDay?,
                                   unknown: inout [UnknownName]) throws {
        let startLine = parser.line
        let id = ComparisonID.random()
        var members: [String: JSONNode] = [:]
        var emitted: Comparison? = nil
        var held: [JSONNode] = []       // products read before the title
        var heldHistory: [JSONNode] = []  // history read before the title
        var historyCount = 0
        var productCount = 0
        var family: UnitFamily? = nil
        var title = ""

        func header() throws(ExchangeError) -> Comparison {
            guard let titleNode = members["title"] else {
                throw ExchangeError(line: startLine, field: "title", problem: "missing (every comparison needs a \"title\", even \"\")")
            }
            let title = try requiredString(titleNode, field: "title")
            try ComparisonExchange.checkText(title, line: titleNode.line, place: "comparison \(ComparisonExchange.quoted(title)), title")
            let basis = try optionalText(members, "per", allowNumber: false).flatMap { text throws(ExchangeError) in
                try ComparisonExchange.basis(text.value, line: text.line, field: "per")
            }
            let system = try optionalText(members, "volumeSystem", allowNumber: false).map { text throws(ExchangeError) in
                try ComparisonExchange.volumeSystem(text.value, line: text.line, field: "volumeSystem")
            } ?? .us
            if let currency = try optionalText(members, "currency", allowNumber: false) {
                try ComparisonExchange.checkCurrency(currency.value, line: currency.line)
            }
            return Comparison(id: id, title: title, basis: basis, volumeSystem: system)
        }
        func take(_ item: JSONNode) throws {
            let (product, texts) = try product(item, place: "comparison \(ComparisonExchange.quoted(title)), product \(productCount + 1)", today: today,
                                               unknown: &unknown)
            try ComparisonExchange.checkNumbers(
                of: product, priceText: texts.price, quantityText: texts.quantity,
                comparison: title, number: number, productNumber: productCount + 1, line: item.line)
            // By use any unit compares (decision 305).
            let byUse = emitted?.useWord != nil
            if let refusal = ComparisonExchange.familyRefusal(of: product, family: byUse ? nil : family, comparison: title, number: number,
                                                              productNumber: productCount + 1, line: item.line) {
                try sink.leaveOut(product, position: productCount, in: id, because: refusal)
            } else {
                if family == nil, !byUse { family = product.unit?.family }
                try sink.product(product, position: productCount, in: id, texts: DecimalTexts(price: texts.price, quantity: texts.quantity))
            }
            productCount += 1
        }
        func takeHistory(_ item: JSONNode) throws {
            historyCount += 1
            let (record, texts) = try historyRecord(item, number: historyCount, in: title, comparisonNumber: number, today: today, unknown: &unknown)
            // One family in a comparison's prices, earlier ones too (decision 159): the first unit read decides.
            let byUse = emitted?.useWord != nil
            if let refusal = ComparisonExchange.familyRefusal(of: record.asProduct, family: byUse ? nil : family, comparison: title, number: number,
                                                              productNumber: historyCount, line: item.line, what: "history") {
                try sink.leaveOut(history: record, in: id, because: refusal)
            } else {
                if family == nil, !byUse { family = record.unit.family }
                try sink.history(record, in: id, texts: DecimalTexts(price: texts.price, quantity: texts.quantity))
            }
        }

        try parser.inObject(depth: depth) { parser, key throws in
            if key == "history" {
                if emitted == nil && members["title"] != nil {
                    let first = try header()
                    title = first.title
                    try sink.comparison(first)
                    emitted = first
                }
                let historyLine = parser.line
                switch try parser.peek() {
                case UInt8(ascii: "["):
                    try parser.inArray(depth: depth + 1) { parser throws in
                        let item = try parser.parseValue(depth: depth + 2)
                        if emitted != nil { try takeHistory(item) } else { heldHistory.append(item) }
                    }
                case UInt8(ascii: "n"):
                    _ = try parser.parseValue(depth: depth + 1)
                default:
                    _ = try parser.parseValue(depth: depth + 1)
                    throw ExchangeError(line: historyLine, field: "history", problem: "expected a list of earlier prices ([ … ])")
                }
            } else if key == "products" {
                if emitted == nil && members["title"] != nil {
                    let first = try header()
                    title = first.title
                    try sink.comparison(first)
                    emitted = first
                }
                let productsLine = parser.line
                switch try parser.peek() {
                case UInt8(ascii: "["):
                    try parser.inArray(depth: depth + 1) { parser throws in
                        let item = try parser.parseValue(depth: depth + 2)
                        if emitted != nil { try take(item) } else { held.append(item) }
                    }
                case UInt8(ascii: "n"):
                    _ = try parser.parseValue(depth: depth + 1)
                default:
                    _ = try parser.parseValue(depth: depth + 1)
                    throw ExchangeError(line: productsLine, field: "products", problem: "expected a list of products ([ … ])")
                }
            } else {
                let node = try parser.parseValue(depth: depth + 1)
                members[key] = node
            }
        }
        let final = try header()
        if let emitted {
            if emitted.chosenBasis != final.chosenBasis || emitted.volumeSystem != final.volumeSystem { try sink.comparison(final) }
        } else {
            title = final.title
            try sink.comparison(final)
            emitted = final
            for item in held { try take(item) }
        }
        // History read before the title (the header is out now, whichever member brought it).
        for item in heldHistory { try takeHistory(item) }
        let state = try listState(members, title: title, products: productCount, line: startLine)
        try sink.listState(state, in: id)
        let place = "comparison \(ComparisonExchange.quoted(title))"
        unknown += members.filter { !comparisonKeys.contains($0.key) }.map { UnknownName(name: $0.key, line: $0.value.line, place: place) }
            .sorted { ($0.line, $0.name) < ($1.line, $1.name) }
    }

    /// The members of a comparison import reads, besides `products` and `history`.
    static let comparisonKeys: Set<String> = ["title", "per", "volumeSystem", "currency", "listCount", "listAmount", "listUnit", "inCart", "aisle",
                                              "pinnedProduct"]

    /// The shopping-list members of a comparison (`earlierFormat` for those missing).
    private static func listState(_ members: [String: JSONNode], title: String, products: Int, line: Int) throws(ExchangeError) -> ExchangeListState {
        var state = ExchangeListState.earlierFormat
        if let text = try optionalText(members, "listCount", allowNumber: true) {
            state.count = try ComparisonExchange.listCount(text.value, line: text.line, field: "listCount")
        }
        let amount = try optionalText(members, "listAmount", allowNumber: true), unit = try optionalText(members, "listUnit", allowNumber: false)
        state.amount = try ComparisonExchange.listAmount(amount?.value ?? "", unit: unit?.value ?? "", line: amount?.line ?? unit?.line)
        if let text = try optionalText(members, "aisle", allowNumber: true) {
            state.aisle = try ComparisonExchange.aisle(text.value, line: text.line, field: "aisle")
        }
        if let text = try optionalText(members, "pinnedProduct", allowNumber: true) {
            state.pinnedPosition = try ComparisonExchange.pinnedPosition(text.value, line: text.line, field: "pinnedProduct")
        }
        if let node = members["inCart"] {
            switch node.value {
            case .bool(let ticked): state.ticked = ticked
            case .null: break
            case .string, .number, .array, .object:
                throw ExchangeError(line: node.line, field: "inCart", problem: "expected true or false")
            }
        }
        try ComparisonExchange.checkPin(state, products: products, comparison: title, line: members["pinnedProduct"]?.line ?? line, field: "pinnedProduct")
        return state
    }

    /// An earlier price from a comparison's `history`: price, quantity and unit required; `seen` a day or null.
    private static func historyRecord(_ node: JSONNode, number: Int, in title: String, comparisonNumber: Int,
                                      today: CalendarDay?, unknown: inout [UnknownName]) throws(ExchangeError) -> (PriceRecord, (price: String?, quantity: String?)) {
        let place = "comparison \(ComparisonExchange.quoted(title)), history \(number)"
        let (product, texts) = try product(node, of: priceSeenData, place: place, today: today, unknown: &unknown,
                                           expected: "an earlier price ({\"price\": …, \"quantity\": …, \"unit\": …})")
        let record = try ComparisonExchange.earlierPrice(product, line: node.line, place: place)
        try ComparisonExchange.checkNumbers(
            of: product, priceText: texts.price, quantityText: texts.quantity,
            comparison: title, number: comparisonNumber, productNumber: number, line: node.line, what: "history")
        return (record, texts)
    }

    private static let priceSeenData = ProductDatum.historyData

    /// A product (its `data`, each under its key), and its price and quantity as written (for `ComparisonExchange.checkNumbers`).
    private static func product(_ node: JSONNode, of data: [ProductDatum] = ProductDatum.all, place: @autoclosure () -> String, today: CalendarDay?,
                                unknown: inout [UnknownName],
                                expected: String = "a product ({\"name\": …, \"price\": …})") throws(ExchangeError) -> (Product, (price: String?, quantity: String?)) {
        guard case .object(let list) = node.value else { throw ExchangeError(line: node.line, problem: "expected " + expected) }
        for member in list where !data.contains(where: { $0.key == member.key || $0.earlierKey == member.key }) {
            unknown.append(UnknownName(name: member.key, line: member.node.line, place: place()))
        }
        let members = Dictionary(list.map { ($0.key, $0.node) }, uniquingKeysWith: { first, _ in first })   // the parser refused a repeated key
        var product = Product.new(id: .random())
        for datum in data {
            let key = members[datum.key] == nil ? datum.earlierKey ?? datum.key : datum.key
            // An offer or uses written as an object (`JSONTextObject`), read as their text.
            if datum.kind == .deal || datum.kind == .uses, let node = members[key], case .object = node.value {
                let inner = place() + ", " + key
                let text = try datum.kind == .deal ? DealJSON.text(of: node, place: inner, unknown: &unknown) : UsesJSON.text(of: node, place: inner, unknown: &unknown)
                try ComparisonExchange.read(datum, from: text, into: &product, line: node.line, place: place(), today: today)
                continue
            }
            let text = try optionalText(members, key, allowNumber: datum.kind == .decimal)
            try ComparisonExchange.read(datum, from: text?.value, into: &product, line: text?.line ?? node.line, place: place(), today: today)
        }
        return (product, (try optionalText(members, "price", allowNumber: true)?.value, try optionalText(members, "quantity", allowNumber: true)?.value))
    }

    private static func requiredString(_ node: JSONNode, field: String) throws(ExchangeError) -> String {
        guard case .string(let text) = node.value else {
            throw ExchangeError(line: node.line, field: field, problem: "expected text in quotes")
        }
        return text
    }

    /// A member's text, nil when missing or null. Numbers are taken exactly as written when allowed.
    private static func optionalText(_ members: [String: JSONNode], _ key: String, allowNumber: Bool) throws(ExchangeError) -> (value: String, line: Int)? {
        guard let node = members[key] else { return nil }
        switch node.value {
        case .null: return nil
        case .string(let text): return (text, node.line)
        case .number(let text) where allowNumber: return (text, node.line)
        case .number, .bool, .array, .object:
            throw ExchangeError(line: node.line, field: key, problem: allowNumber ? "expected a decimal number such as \"1.99\"" : "expected text in quotes")
        }
    }
}

// MARK: - A small streaming JSON reader that remembers line numbers and keeps numbers as written

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

/// Reads JSON from a `ByteStream`: whole values as `JSONNode`s, or arrays and objects member by member
/// (`inArray`, `inObject`) so that a long list is never held.
struct JSONParser {
    var stream: ByteStream
    /// Bytes of one string or number at most: a longer one is refused while it is read (endless input ends).
    static let maxValueBytes = FieldText.maximumLength * 4
    private var scratch: [UInt8] = []

    init(_ stream: ByteStream) { self.stream = stream }

    var line: Int { stream.line }

    mutating func peek() throws -> UInt8? { try stream.peek() }

    /// After the last value: only blank space may follow.
    mutating func expectEnd() throws {
        try skipSpace()
        if try stream.peek() != nil { throw error("unexpected \(try describeNext()) after the end of the data") }
    }

    private func error(_ problem: String) -> ExchangeError { error(problem, at: (line, stream.column)) }

    /// A refusal at a place read earlier (where a key or a number began).
    private func error(_ problem: String, at place: (line: Int, column: Int)) -> ExchangeError {
        ExchangeError(line: place.line, column: place.column, problem: "JSON: " + problem)
    }

    private mutating func describeNext() throws -> String {
        guard let scalar = try stream.peekScalar() else { return "end of the data" }
        return TerminalText.isControl(scalar) ? TerminalText.codePoint(scalar) : "\"\(Character(scalar))\""
    }

    mutating func skipSpace() throws {
        while let byte = try stream.peek() {
            switch byte {
            case 0x0A, 0x20, 0x09, 0x0D: stream.advance()
            default: return
            }
        }
    }

    private mutating func peek(_ ascii: Unicode.Scalar) throws -> Bool { try stream.peek() == UInt8(ascii: ascii) }

    /// An array at the next byte (`[`): `element` reads each element, whatever its kind.
    mutating func inArray(depth: Int, _ element: (inout JSONParser) throws -> Void) throws {
        guard depth < 64 else { throw error("nested too deeply") }
        stream.advance() // [
        try skipSpace()
        if try peek("]") { stream.advance(); return }
        while true {
            try skipSpace()
            guard try stream.peek() != nil else { throw error("unexpected end of the data") }
            try element(&self)
            try skipSpace()
            if try peek(",") { stream.advance(); continue }
            if try peek("]") { stream.advance(); return }
            throw error("expected \",\" or \"]\"")
        }
    }

    /// An object at the next byte (`{`): `member` reads each member's value, given its key.
    mutating func inObject(depth: Int, _ member: (inout JSONParser, String) throws -> Void) throws {
        guard depth < 64 else { throw error("nested too deeply") }
        stream.advance() // {
        try skipSpace()
        if try peek("}") { stream.advance(); return }
        var keys: Set<String> = []
        while true {
            try skipSpace()
            guard try peek("\"") else { throw error("expected a quoted key") }
            let place = (line, stream.column)
            let key = try parseString()
            guard keys.insert(key).inserted else { throw error("the key \"\(TerminalText.visible(key))\" is repeated in one object (JSON's readers disagree on which counts)", at: place) }
            try skipSpace()
            guard try peek(":") else { throw error("expected \":\" after \"\(key)\"") }
            stream.advance()
            try skipSpace()
            guard depth + 1 < 64 else { throw error("nested too deeply") }
            guard try stream.peek() != nil else { throw error("unexpected end of the data") }
            try member(&self, key)
            try skipSpace()
            if try peek(",") { stream.advance(); continue }
            if try peek("}") { stream.advance(); return }
            throw error("expected \",\" or \"}\"")
        }
    }

    mutating func parseValue(depth: Int) throws -> JSONNode {
        guard depth < 64 else { throw error("nested too deeply") }
        guard let byte = try stream.peek() else { throw error("unexpected end of the data") }
        let startLine = line
        switch byte {
        case UInt8(ascii: "{"):
            var members: [(key: String, node: JSONNode)] = []
            try inObject(depth: depth) { parser, key throws in members.append((key, try parser.parseValue(depth: depth + 1))) }
            return JSONNode(value: .object(members), line: startLine)
        case UInt8(ascii: "["):
            var items: [JSONNode] = []
            try inArray(depth: depth) { parser throws in items.append(try parser.parseValue(depth: depth + 1)) }
            return JSONNode(value: .array(items), line: startLine)
        case UInt8(ascii: "\""):
            return JSONNode(value: .string(try parseString()), line: startLine)
        case UInt8(ascii: "t"): try expectWord("true"); return JSONNode(value: .bool(true), line: startLine)
        case UInt8(ascii: "f"): try expectWord("false"); return JSONNode(value: .bool(false), line: startLine)
        case UInt8(ascii: "n"): try expectWord("null"); return JSONNode(value: .null, line: startLine)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let place = (line, stream.column)
            scratch.removeAll(keepingCapacity: true)
            while let digit = try stream.peek(), Self.isNumberByte(digit) {
                scratch.append(digit); stream.advance()
                if scratch.count > Self.maxValueBytes { throw error("a number of more than \(Self.maxValueBytes) characters") }
            }
            let text = String(decoding: scratch, as: UTF8.self)
            guard Self.isJSONNumber(scratch) else {
                throw error("\(text) is not a JSON number (no leading zeros, + or lone point: write 1, 0.5, 1.99)", at: place)
            }
            return JSONNode(value: .number(text), line: startLine)
        default:
            throw error("unexpected \(try describeNext())")
        }
    }

    /// JSON's number grammar: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    static func isJSONNumber(_ bytes: [UInt8]) -> Bool {
        var i = 0
        func digits() -> Int {
            let start = i
            while i < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[i]) { i += 1 }
            return i - start
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        let first = i
        let whole = digits()
        guard whole == 1 || (whole > 1 && bytes[first] != UInt8(ascii: "0")) else { return false }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return false }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return false }
        }
        return i == bytes.count
    }

    @inline(__always)
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): true
        default: false
        }
    }

    private mutating func expectWord(_ word: String) throws {
        for expected in word.utf8 {
            guard try stream.peek() == expected else { throw error("unexpected text (expected \(word))") }
            stream.advance()
        }
    }

    private mutating func parseString() throws -> String {
        stream.advance() // opening quote
        scratch.removeAll(keepingCapacity: true)
        while true {
            guard let byte = try stream.peek() else { throw error("text not closed by a quote") }
            switch byte {
            case UInt8(ascii: "\""):
                stream.advance()
                return String(decoding: scratch, as: UTF8.self)
            case 0x0A: throw error("line break inside quoted text (write it as \\n)")
            case 0x00..<0x20:
                throw error("the control character \(TerminalText.codePoint(Unicode.Scalar(byte))) inside quoted text (JSON writes it as \\u\(String(format: "%04x", byte)))")
            case UInt8(ascii: "\\"):
                stream.advance()
                guard let escape = try stream.take() else { throw error("text not closed by a quote") }
                switch escape {
                case UInt8(ascii: "\""): scratch.append(escape)
                case UInt8(ascii: "\\"): scratch.append(escape)
                case UInt8(ascii: "/"): scratch.append(escape)
                case UInt8(ascii: "b"): scratch.append(0x08)
                case UInt8(ascii: "f"): scratch.append(0x0C)
                case UInt8(ascii: "n"): scratch.append(0x0A)
                case UInt8(ascii: "r"): scratch.append(0x0D)
                case UInt8(ascii: "t"): scratch.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        guard try peek("\\"), try stream.peekSecond() == UInt8(ascii: "u") else { throw error("unpaired surrogate in \\u escape") }
                        stream.advance(); stream.advance()
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let decoded = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scratch.append(contentsOf: UTF8.encode(decoded)!)
                default:
                    let scalar = String(decoding: [escape], as: UTF8.self)
                    throw error("unknown escape \\\(escape < 0x80 ? scalar : "\u{FFFD}")")
                }
            default:
                scratch.append(byte)
                stream.advance()
            }
            if scratch.count > Self.maxValueBytes {
                throw error("text of more than \(FieldText.maximumLength) characters, the most per takes in one field")
            }
        }
    }

    private mutating func hex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = try stream.take() else { throw error("incomplete \\u escape") }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape")
            }
            value = value * 16 + UInt32(digit)
        }
        return value
    }
}
