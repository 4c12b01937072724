import Foundation

/// Where `ComparisonExchange.decode(from:into:)` puts what it reads, as it reads it: a comparison's header, then its
/// products one by one. Nothing is kept by the decoder, so memory stays flat however long the file is.
public protocol ExchangeSink {
    /// A comparison's header (id, title, chosen basis, volume system; no products). Called again with the same id
    /// when the file gave `per` or `volumeSystem` after the products: the header then replaces the earlier one.
    mutating func comparison(_ header: Comparison) throws
    /// The next product of the comparison whose header came last, at `position` (0, 1, 2... in file order).
    /// `texts` holds its price and quantity as `DecimalText.format` writes them, when the reader had them at hand
    /// (formatting a Decimal is slow on Linux); nil for one to format.
    mutating func product(_ product: Product, position: Int, in comparison: ComparisonID, texts: DecimalTexts) throws
    /// An earlier price of the comparison whose header came last, in the order recorded (oldest first).
    mutating func history(_ record: PriceRecord, in comparison: ComparisonID, texts: DecimalTexts) throws
    /// The shopping-list state of the comparison whose header came last, after all its products (`earlierFormat`
    /// for a file without it). Its pinned position names one of the products handed over (checked).
    mutating func listState(_ state: ExchangeListState, in comparison: ComparisonID) throws
    /// A product of the comparison whose header came last, at `position`, whose unit is of another family than the
    /// comparison's (its earlier products'): `refusal` says where and why. A sink that takes the rest of the file
    /// without it (the database's import, which reports it) records it; by default the whole file is refused.
    mutating func leaveOut(_ product: Product, position: Int, in comparison: ComparisonID, because refusal: ExchangeError) throws
    /// An earlier price of the comparison whose header came last whose unit is of another family than the
    /// comparison's (the first unit read in it decides): as `leaveOut(_:position:in:because:)` for a product.
    mutating func leaveOut(history record: PriceRecord, in comparison: ComparisonID, because refusal: ExchangeError) throws
}

extension ExchangeSink {
    public mutating func leaveOut(_ product: Product, position: Int, in comparison: ComparisonID, because refusal: ExchangeError) throws {
        throw refusal
    }

    public mutating func leaveOut(history record: PriceRecord, in comparison: ComparisonID, because refusal: ExchangeError) throws {
        throw refusal
    }
}

/// A product's price and quantity as `DecimalText.format` writes them (nil: not at hand).
public struct DecimalTexts: Sendable {
    public var price: String?
    public var quantity: String?

    /// None at hand.
    public init() {}

    /// The formatted texts of what was written in a file, where `DecimalText.plainFormat` knows them.
    init(price: String?, quantity: String?) {
        self.price = price.flatMap { DecimalText.plainFormat(ComparisonExchange.trimmed($0)) }
        self.quantity = quantity.flatMap { DecimalText.plainFormat(ComparisonExchange.trimmed($0)) }
    }
}

/// Why the bytes of an import could not be read as text, before anything about comparisons.
public enum ExchangeInputError: Error, Equatable, Sendable {
    /// A byte sequence that is not UTF-8.
    case notUTF8
    /// More than `ComparisonExchange.maxFileBytes` bytes.
    case tooLarge(limit: Int)
}

/// Collects everything into whole comparisons: `ComparisonExchange.decode(_:)`, for tests and small texts.
public struct CollectingSink: ExchangeSink {
    public private(set) var comparisons: [Comparison] = []
    /// Each comparison's earlier prices, in file order.
    public private(set) var histories: [ComparisonID: [PriceRecord]] = [:]
    /// Each comparison's shopping-list state (its pin is also set on the comparison).
    public private(set) var lists: [ComparisonID: ExchangeListState] = [:]

    public init() {}

    public mutating func comparison(_ header: Comparison) throws {
        if let last = comparisons.indices.last, comparisons[last].id == header.id {
            comparisons[last].title = header.title
            comparisons[last].chosenBasis = header.chosenBasis
            comparisons[last].volumeSystem = header.volumeSystem
        } else {
            comparisons.append(header)
        }
    }

    public mutating func product(_ product: Product, position: Int, in comparison: ComparisonID, texts: DecimalTexts) throws {
        comparisons[comparisons.count - 1].append(product)
    }

    public mutating func history(_ record: PriceRecord, in comparison: ComparisonID, texts: DecimalTexts) throws {
        histories[comparison, default: []].append(record)
    }

    public mutating func listState(_ state: ExchangeListState, in comparison: ComparisonID) throws {
        lists[comparison] = state
        guard let index = comparisons.lastIndex(where: { $0.id == comparison }) else { return }
        comparisons[index].pinned = state.pinnedPosition.map { comparisons[index].products[$0].id }
    }
}

/// The bytes of an import, read piece by piece from `next` (an empty array is the end), checked as UTF-8 as they
/// arrive and counted against `limit`. The readers (JSON and CSV) take one byte at a time; only the current piece
/// is held.
struct ByteStream {
    private var next: () throws -> [UInt8]
    private var buffer: [UInt8] = []
    private var index = 0
    private var ended = false
    private var total = 0
    private let limit: Int
    private var utf8 = UTF8Check()
    /// The line of the next byte (1-based).
    var line = 1
    /// The character of the next byte on its line (1-based; a character of several bytes counts once).
    var column = 1

    init(limit: Int, next: @escaping () throws -> [UInt8]) {
        self.limit = limit
        self.next = next
    }

    /// The next byte without taking it; nil at the end.
    @inline(__always)
    mutating func peek() throws -> UInt8? {
        if index < buffer.count { return buffer[index] }
        return try refill() ? buffer[index] : nil
    }

    /// Takes the byte `peek` returned (counting lines).
    @inline(__always)
    mutating func advance() {
        let byte = buffer[index]
        if byte == 0x0A {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }

    /// Takes and returns the next byte; nil at the end.
    @inline(__always)
    mutating func take() throws -> UInt8? {
        guard let byte = try peek() else { return nil }
        advance()
        return byte
    }

    /// The byte after the next one, without taking either (keeps the current piece and the next together).
    mutating func peekSecond() throws -> UInt8? {
        guard try peek() != nil else { return nil }
        while index + 1 >= buffer.count {
            guard try append() else { return nil }
        }
        return buffer[index + 1]
    }

    /// The first bytes, at least `count` of them unless the data is shorter, without taking them (format detection).
    mutating func lookahead(_ count: Int) throws -> ArraySlice<UInt8> {
        while buffer.count - index < count, try append() {}
        return buffer[index..<min(buffer.count, index + count)]
    }

    /// Skips a byte-order mark at the start.
    mutating func skipByteOrderMark() throws {
        let head = try lookahead(3)
        if head.elementsEqual([0xEF, 0xBB, 0xBF]) { index += 3 }
    }

    private mutating func refill() throws -> Bool {
        buffer.removeAll(keepingCapacity: true)
        index = 0
        return try append()
    }

    /// Reads the next piece after what is buffered; false at the end.
    private mutating func append() throws -> Bool {
        while !ended {
            let piece = try next()
            if piece.isEmpty {
                ended = true
                if !utf8.complete { throw ExchangeInputError.notUTF8 }
                return false
            }
            total += piece.count
            if total > limit { throw ExchangeInputError.tooLarge(limit: limit) }
            guard utf8.take(piece) else { throw ExchangeInputError.notUTF8 }
            if index > 0 { buffer.removeFirst(index); index = 0 }
            buffer.append(contentsOf: piece)
            return true
        }
        return false
    }

    /// The Unicode scalar starting at the next byte, for a message (the bytes are valid UTF-8 by then).
    mutating func peekScalar() throws -> Unicode.Scalar? {
        guard let first = try peek() else { return nil }
        let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
        let bytes = try lookahead(length)
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.first
    }
}

/// An incremental UTF-8 check (RFC 3629: no overlongs, surrogates or values past U+10FFFF), piece by piece.
struct UTF8Check {
    private var need = 0
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    var complete: Bool { need == 0 }

    mutating func take(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var i = 0
            let count = buffer.count
            while i < count {
                let b = buffer[i]
                i += 1
                if need == 0 {
                    if b < 0x80 { continue }
                    switch b {
                    case 0xC2...0xDF: need = 1
                    case 0xE0: need = 2; lower = 0xA0
                    case 0xE1...0xEC, 0xEE, 0xEF: need = 2
                    case 0xED: need = 2; upper = 0x9F
                    case 0xF0: need = 3; lower = 0x90
                    case 0xF1...0xF3: need = 3
                    case 0xF4: need = 3; upper = 0x8F
                    default: return false
                    }
                } else {
                    guard b >= lower && b <= upper else { return false }
                    lower = 0x80
                    upper = 0xBF
                    need -= 1
                }
            }
            return true
        }
    }
}

extension ComparisonExchange {
    /// Reads an export file piece by piece from `next` (an empty array is the end) and hands each comparison's
    /// header and each product to `sink` as soon as it is read and checked. The format is detected from the first
    /// bytes. Throws `ExchangeError` for a file per refuses (the first problem in file order), `ExchangeInputError`
    /// for bytes that are not UTF-8 or more than `limit` of them, and whatever `next` or `sink` throw.
    /// A refusal can come after the sink took earlier comparisons: the caller undoes them (one transaction).
    /// `today`: the importer's day (the command reads the clock), a `seen` day after its tomorrow is refused; nil
    /// checks no day against a clock.
    /// A key (JSON) or column (CSV) import does not read refuses the file, naming each (a CSV's at its header, a
    /// JSON's at the end, all of them); `ignoringUnknown` takes the rest without them and returns what was ignored.
    @discardableResult
    public static func decode(limit: Int = maxFileBytes, from next: @escaping () throws -> [UInt8], into sink: inout some ExchangeSink,
                              today: CalendarDay? = nil, ignoringUnknown: Bool = false) throws -> [UnknownName] {
        var stream = ByteStream(limit: limit, next: next)
        try stream.skipByteOrderMark()
        var unknown: [UnknownName] = []
        switch try detect(&stream) {
        case .json:
            try JSONExchange.decode(&stream, into: &sink, today: today, unknown: &unknown)
            if !ignoringUnknown, !unknown.isEmpty {
                throw UnknownName.refusal(unknown.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element), what: "keys")
            }
        case .csv:
            try CSVExchange.decode(&stream, into: &sink, today: today, unknown: &unknown, ignoringUnknown: ignoringUnknown)
        }
        // In file order: a comparison's own members are known only at its end, after its products'.
        return unknown.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }

    /// `ExchangeFormat.detect` on the first bytes: JSON when the first character that is not blank space is `[` or `{`.
    /// Looks at most 64 KiB ahead; a file starting with more blank space than that is read as CSV (which refuses it).
    private static func detect(_ stream: inout ByteStream) throws -> ExchangeFormat {
        var size = 4096
        while true {
            let head = try stream.lookahead(size)
            if let first = head.first(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 }) {
                if first < 0x80 && first != 0x0B && first != 0x0C { return first == UInt8(ascii: "[") || first == UInt8(ascii: "{") ? .json : .csv }
                return ExchangeFormat.detect(String(decoding: head, as: UTF8.self))
            }
            if head.count < size || size >= 1 << 16 { return .csv }
            size *= 4
        }
    }
}

/// A key of a JSON export, or a column of a CSV one, that import does not read: a newer per's, or a typo (`count` for
/// `listCount`). Named, never dropped without a word.
public struct UnknownName: Equatable, Sendable, CustomStringConvertible {
    public var name: String
    public var line: Int
    /// Where in the file (`comparison "Oats", product 2`); nil at the top of a JSON document or in a CSV's header.
    public var place: String?

    public init(name: String, line: Int, place: String?) {
        self.name = name
        self.line = line
        self.place = place
    }

    /// `line 3, comparison "Oats": "count"`.
    public var description: String {
        "line \(line)" + (place.map { ", " + $0 } ?? "") + ": " + ComparisonExchange.quoted(name)
    }

    /// Each of `names` (the first 20, then how many more), `; ` between.
    public static func listed(_ names: [UnknownName]) -> String {
        names.prefix(20).map(\.description).joined(separator: "; ") + (names.count > 20 ? "; and \(names.count - 20) more" : "")
    }

    /// The refusal of a file with unknown `what` ("keys", "columns").
    static func refusal(_ names: [UnknownName], what: String) -> ExchangeError {
        let noun = names.count == 1 ? String(what.dropLast()) : what
        return ExchangeError(line: nil, problem: "\(names.count) \(noun) per import does not read (\(listed(names))); per import --ignore-unknown takes the rest without \(names.count == 1 ? "it" : "them")")
    }
}
