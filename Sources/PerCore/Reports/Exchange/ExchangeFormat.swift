import Foundation

/// The file formats `per export` writes and `per import` reads.
public enum ExchangeFormat: String, CaseIterable, Sendable {
    case json
    case csv

    /// JSON when the text starts with `[` or `{` (after a byte-order mark and blank space), CSV otherwise.
    public static func detect(_ text: String) -> ExchangeFormat {
        let first = text.unicodeScalars.first { $0 != "\u{FEFF}" && !CharacterSet.whitespacesAndNewlines.contains($0) }
        return first == "[" || first == "{" ? .json : .csv
    }
}

/// Why an exchange file could not be read: where (line, field) and what is wrong, in one line.
public struct ExchangeError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int?
    /// The character on the line (1 first), where the JSON reader knows it.
    public var column: Int?
    public var field: String?
    public var problem: String

    public init(line: Int?, column: Int? = nil, field: String? = nil, problem: String) {
        self.line = line
        self.column = column
        self.field = field
        self.problem = problem
    }

    /// `line 4, price: "1,99" is not a decimal number (write it like 1.99)`; `line 2, column 14: JSON: …`.
    public var message: String {
        var place: [String] = []
        if let line { place.append("line \(line)") }
        if let column { place.append("column \(column)") }
        if let field { place.append(field) }
        // Whatever a file put in the problem or the place, no control character reaches the terminal.
        return TerminalText.visible(place.isEmpty ? problem : "\(place.joined(separator: ", ")): \(problem)")
    }

    public var description: String { message }
}

/// Export and import of comparisons, exact in both directions (decimals as text, any title).
public enum ComparisonExchange {
    /// The export's CSV columns in order, from the product's data (`ProductDatum.all`); `currency`, last, is written
    /// only with a currency. The one list tests derive the header from (`csvLooksLikeTheDesign` states it whole).
    public static var csvColumns: [String] { CSVExchange.columns }

    /// The text of an export file. Blank products (nothing entered) are left out of CSV, which has no way to tell
    /// them from a comparison's "no products" row. `histories`: each comparison's earlier prices, oldest first
    /// (JSON carries them; CSV has the products' prices now). With a currency, each comparison (JSON) or row (CSV) names it;
    /// prices stay plain decimals, and import checks the field and otherwise ignores it (the currency is a setting).
    /// `lists`: each comparison's shopping-list state (count, tick, aisle; the pin is the comparison's own), written
    /// for every comparison (a missing one as `earlierFormat`); nil leaves the list fields out (JSON) or empty (CSV),
    /// as files before the shopping list.
    public static func encode(_ comparisons: [Comparison], histories: [ComparisonID: [PriceRecord]] = [:], as format: ExchangeFormat,
                              currency: Currency? = nil, lists: [ComparisonID: ExchangeListState]? = nil) -> String {
        switch format {
        case .json: JSONExchange.encode(comparisons, histories: histories, currency: currency, lists: lists)
        case .csv: CSVExchange.encode(comparisons, histories: histories, currency: currency, lists: lists)
        }
    }

    /// A `currency` field read back: empty, or text a currency may be (so none holds a control character).
    static func checkCurrency(_ text: String, line: Int?) throws(ExchangeError) {
        guard !text.isEmpty else { return }
        do {
            _ = try Currency(validating: text)
        } catch {
            throw ExchangeError(line: line, field: "currency", problem: "\(quoted(TerminalText.visible(text))) is not a currency: \(error.reason)")
        }
    }

    /// Reads an export file (format detected from the content). The comparisons and products get fresh identities.
    /// The same reader as `decode(from:into:)`, collecting what it reads.
    public static func decode(_ text: String, today: CalendarDay? = nil) throws(ExchangeError) -> [Comparison] {
        try collect(text, today: today).comparisons
    }

    /// The same, keeping the comparisons' histories too.
    public static func collect(_ text: String, today: CalendarDay? = nil) throws(ExchangeError) -> CollectingSink {
        let bytes = Array(text.utf8)
        var given = false
        var sink = CollectingSink()
        do {
            try decode(limit: Int.max, from: { defer { given = true }; return given ? [] : bytes }, into: &sink, today: today)
        } catch let error as ExchangeError {
            throw error
        } catch {
            // A String is UTF-8 and there is no limit: nothing else can fail.
            throw ExchangeError(line: nil, problem: "\(error)")
        }
        return sink
    }

    /// The largest file `per import` reads: 1 GiB, some 12 million products. Import streams (memory does not
    /// grow with the file), so this only bounds the time and the disk an endless input can take; endless input
    /// without line breaks or quotes ends much sooner, at the first field longer than `FieldText.maximumLength`
    /// (the longest cell or text value import takes, as the app and the command line).
    public static let maxFileBytes = 1 << 30

    // MARK: Shared field rules

    /// Refuses a title or name holding a control character other than tab and line breaks, a bidi control, or longer
    /// than `FieldText.maximumLength`.
    /// `place` says which comparison, product and field, e.g. `comparison "Oats", product 2, name`.
    /// `place` is only worked out for a message (it quotes the title: a good part of an import's time when eager).
    static func checkText(_ text: String, line: Int?, place: @autoclosure () -> String) throws(ExchangeError) {
        if let scalar = TerminalText.forbiddenScalar(in: text) {
            throw ExchangeError(line: line, field: place(), problem: "holds the control character \(TerminalText.codePoint(scalar)), which per does not take in text (only tab and line breaks)")
        }
        if let scalar = text.unicodeScalars.first(where: TerminalText.isBidiControl) {
            throw ExchangeError(line: line, field: place(), problem: "holds the bidi control \(TerminalText.codePoint(scalar)), which per does not take in text (it would show the text in another order)")
        }
        if !FieldText.fits(text, adding: 0) {
            throw ExchangeError(line: line, field: place(), problem: FieldText.tooLong(text))
        }
    }

    /// `text.trimmingCharacters(in: .whitespaces)`, without Foundation's bridging when neither end is blank (the
    /// usual case: a tenth of an import's time went there).
    @inline(__always)
    static func trimmed(_ text: String) -> String {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return text }
        func solid(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x20 && byte != 0x09 }
        return solid(first) && solid(last) ? text : text.trimmingCharacters(in: .whitespaces)
    }


    static func basisText(_ basis: ComparisonBasis?) -> String? { basis?.fileText }

    /// Sets `datum` of `product` from an export's text of it (nil or blank: not set), checked by its kind; `place`
    /// (`comparison "Oats", product 2`) and its key name it in a message. Read in `ProductDatum.all`'s order, so that a
    /// multipack shape is checked against the quantity read before it.
    static func read(_ datum: ProductDatum, from text: String?, into product: inout Product, line: Int?,
                     place: @autoclosure () -> String, today: CalendarDay?) throws(ExchangeError) {
        guard let text else { return }
        func field() -> String { place() + ", " + datum.key }
        switch datum.kind {
        case .text:
            try checkText(text, line: line, place: field())
            datum.read(&product, text)
        case .decimal, .unit:
            var trimmed = trimmed(text)
            if trimmed.isEmpty { return }
            // `1E-12`, as a spreadsheet saves a price it read as 0.000000000001: read in plain notation (decision 364).
            if datum.kind == .decimal, let plain = DecimalText.plainFromScientific(trimmed) { trimmed = plain }
            datum.read(&product, trimmed)
            guard datum.isSet(product) else {
                throw ExchangeError(line: line, field: field(), problem: datum.kind == .decimal ? notADecimal(text) : notAUnit(text))
            }
            // A deposit is money back: below zero it is no deposit (a price below zero is kept, and left unranked).
            if datum.field == .deposit, let deposit = product.deposit, deposit < 0 {
                throw ExchangeError(line: line, field: field(), problem: "\(quoted(text)) is below zero: a deposit is at least 0")
            }
        case .multipack:
            datum.read(&product, try pack(text, quantity: product.quantity, line: line, field: field())?.text)
        case .day:
            datum.read(&product, try day(text, line: line, field: field(), today: today)?.iso)
        case .deal:
            datum.read(&product, try deal(text, shelf: product.price, line: line, field: field())?.text)
        case .uses:
            datum.read(&product, try uses(text, line: line, field: field())?.text)
        }
    }

    /// A product's uses as text (`50 washes`), read as `per compare` reads them; blank: none.
    static func uses(_ text: String, line: Int?, field: String) throws(ExchangeError) -> Uses? {
        try checkText(text, line: line, place: field)
        switch Uses.parse(text) {
        case .success(let uses): return uses
        case .failure(let problem): throw ExchangeError(line: line, field: field, problem: problem.message)
        }
    }

    /// An offer's text (`2 for 3.00`, `Clubcard 1.50 until 2026-12-31`), read as the app's Deal field reads it; an
    /// offer past its last day is kept (it is shown as ended). Blank: none.
    static func deal(_ text: String, shelf: Decimal?, line: Int?, field: String) throws(ExchangeError) -> Deal? {
        try checkText(text, line: line, place: field)
        switch Deal.parse(text, shelf: shelf, today: nil) {
        case .success(let deal): return deal
        case .failure(let problem): throw ExchangeError(line: line, field: field, problem: problem.message)
        }
    }

    static func decimal(_ text: String, line: Int?, field: String) throws(ExchangeError) -> Decimal? {
        let trimmed = trimmed(text)
        if trimmed.isEmpty { return nil }
        guard let value = DecimalText.parse(trimmed) else {
            throw ExchangeError(line: line, field: field, problem: notADecimal(text))
        }
        return value
    }

    /// A day written `YYYY-MM-DD`; empty: not known. With `today` (the importer's, from its clock), a day after
    /// tomorrow is refused: no price is seen in the future (tomorrow is another time zone's today).
    static func day(_ text: String, line: Int?, field: String, today: CalendarDay? = nil) throws(ExchangeError) -> CalendarDay? {
        let trimmed = trimmed(text)
        if trimmed.isEmpty { return nil }
        guard let day = CalendarDay(iso: trimmed) else {
            throw ExchangeError(line: line, field: field, problem: "\(quoted(text)) is not a date (write it like 2026-11-22, a day that exists)")
        }
        if let today, day.dayNumber > today.dayNumber + 1 {
            throw ExchangeError(line: line, field: field, problem: "\(quoted(text)) is in the future (today is \(today.iso)): a price is seen by today")
        }
        return day
    }

    static func unit(_ text: String, line: Int?, field: String) throws(ExchangeError) -> MeasureUnit? {
        let trimmed = trimmed(text)
        if trimmed.isEmpty { return nil }
        guard let unit = MeasureUnit(symbol: trimmed) else {
            throw ExchangeError(line: line, field: field, problem: notAUnit(text))
        }
        return unit
    }

    /// A product read as an earlier price: refused unless it has a price, a quantity and a unit.
    static func earlierPrice(_ product: Product, line: Int?, place: String) throws(ExchangeError) -> PriceRecord {
        guard let record = PriceRecord(product) else {
            let missing = [("price", product.price == nil), ("quantity", product.quantity == nil), ("unit", product.unit == nil)].first { $0.1 }!.0
            throw ExchangeError(line: line, field: "\(place), \(missing)", problem: "missing (an earlier price has a price, a quantity and a unit)")
        }
        return record
    }

    private static func notADecimal(_ text: String) -> String { "\(quoted(text)) is not a decimal number (write it like 1.99)" }

    private static func notAUnit(_ text: String) -> String {
        "\(quoted(text)) is not a unit (one of \(MeasureUnit.standard.map(\.symbol).joined(separator: ", ")), or a word of letters, at most \(CountWord.maximumLength), counted on its own)"
    }

    static func basis(_ text: String, line: Int?, field: String) throws(ExchangeError) -> ComparisonBasis? {
        let trimmed = trimmed(text)
        if trimmed.isEmpty { return nil }
        guard let basis = ComparisonBasis(parsing: trimmed) else {
            throw ExchangeError(line: line, field: field, problem: "\(quoted(text)) is not a comparison unit (write it like \"kg\" or \"100 g\")")
        }
        try checkBasisAmount(basis, text: text, line: line, field: field)
        return basis
    }

    static func volumeSystem(_ text: String, line: Int?, field: String) throws(ExchangeError) -> VolumeSystem {
        let trimmed = trimmed(text).lowercased()
        if trimmed.isEmpty { return .us }
        guard let system = VolumeSystem(rawValue: trimmed) else {
            throw ExchangeError(line: line, field: field, problem: "\(quoted(text)) is not a volume system (us or imperial)")
        }
        return system
    }

    /// A value quoted for a message, shortened when long.
    public static func quoted(_ text: String) -> String {
        let short = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "\"" + TerminalText.visible(short.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\r", with: "\\r")) + "\""
    }
}
