import Foundation

/// RFC 4180 CSV (CR LF line ends, as every CSV per writes), one row per product and per earlier price under a header:
/// `number,comparison,per,volumeSystem,name,price,quantity,unit,shop,seen,pack,kind,listCount,inCart,aisle,pinnedProduct`
/// (the columns after `seen` came later, so the earlier ones keep their places), named as in the JSON export
/// (Docs/VOCABULARY.md). `number` counts the comparisons in the file, so two neighbours with the same title stay two.
/// Neighbouring rows with the same number, comparison, per and volumeSystem form one comparison
/// (`number` may be left out of a file written by hand); a row whose product columns are all empty
/// stands for a comparison without products. `shop` and `seen` (a `YYYY-MM-DD` day)
/// go with each price. `kind` says what a row is: `product` (a product's price now; also an empty cell) or `history`
/// (an earlier price, oldest first, after the products). The comparison's shopping-list state is on each of its rows and
/// read from its first: `listCount` (0: off the list), `inCart` (true/false), `aisle` and `pinnedProduct` (the number of
/// a product row of the comparison, 1 first); `pack` is a multipack's shape (`6*330`).
/// Files without these columns (before the price book, the list or the pack) read as before, and so do the earlier
/// names (`volume_system`, `store`, `quantity_pack`, `list_count`, `in_cart` with yes/no, `pinned_product`).
/// Text cells (`comparison`, `name`, `shop`) are written for spreadsheets: one `'` in front of text that a
/// spreadsheet would take for a formula or that starts with `'` (`SpreadsheetText`), taken off on import;
/// a control character other than tab and line breaks is written as visible `\u{1B}` (import refuses it).
enum CSVExchange {
    static let columns = ["number", "comparison", "per", "volumeSystem"] + data.map(\.key)
        + ["kind", "listCount", "inCart", "aisle", "pinnedProduct", "listAmount", "listUnit", "currency"]

    /// The columns' names in files before the one vocabulary (version 1), which import still reads.
    static let earlierNames = ["volume_system": "volumeSystem", "list_count": "listCount", "in_cart": "inCart", "pinned_product": "pinnedProduct"]
        .merging(data.compactMap { datum in datum.earlierKey.map { ($0, datum.key) } }, uniquingKeysWith: { first, _ in first })

    /// A header's name as this per calls it: blanks and case dropped, an earlier name made the current one.
    static func currentName(_ raw: String) -> String? {
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        if let name = columns.first(where: { $0.caseInsensitiveCompare(trimmed) == .orderedSame }) { return name }
        return earlierNames[trimmed.lowercased()]
    }

    /// A product's data in column order: a price seen's first (`ProductDatum.isPriceSeen`, the first format's
    /// columns), then the product's own, so that a datum added later keeps the earlier columns in their places.
    static let data = ProductDatum.all.filter(\.isPriceSeen) + ProductDatum.all.filter { !$0.isPriceSeen }

    /// `currency`: a last column naming it on every row, when there is one. `lists` nil: the list cells are left empty.
    static func encode(_ comparisons: [Comparison], histories: [ComparisonID: [PriceRecord]] = [:], currency: Currency? = nil,
                       lists: [ComparisonID: ExchangeListState]? = nil) -> String {
        let extra = currency.map { [textCell($0.text)] } ?? []
        var out = CSV.row(columns.dropLast() + (currency == nil ? [] : ["currency"]))
        for (number, comparison) in comparisons.enumerated() {
            let products = comparison.products.filter { !$0.isBlank }
            var list = ["", "", "", "", "", ""]
            if let lists {
                let state = lists[comparison.id] ?? .earlierFormat
                list = [String(state.count), String(state.ticked), String(state.aisle),
                        ComparisonExchange.pinnedNumber(comparison, among: products).map(String.init) ?? "",
                        state.amount.map { DecimalText.format($0.quantity) } ?? "", state.amount.map { textCell($0.unit.symbol) } ?? ""]
            }
            let head = [String(number + 1), textCell(comparison.title), ComparisonExchange.basisText(comparison.chosenBasis) ?? "",
                        comparison.volumeSystem.rawValue]
            let history = histories[comparison.id] ?? []
            if products.isEmpty && history.isEmpty {
                out += CSV.row(head + Array(repeating: "", count: data.count + 1) + list + extra)
            }
            for p in products { out += CSV.row(head + cells(p) + [Kind.product.rawValue] + list + extra) }
            for h in history { out += CSV.row(head + cells(h.asProduct) + [Kind.history.rawValue] + list + extra) }
        }
        return out
    }

    /// What a row is (the `kind` column).
    enum Kind: String {
        /// A product's price now (an empty cell too: files before the column).
        case product
        /// An earlier price of the comparison (`price_history`).
        case history
    }

    /// A product's data as cells (an earlier price's: its `asProduct`, which has no multipack shape).
    private static func cells(_ product: Product) -> [String] {
        data.map { datum in
            let text = datum.exported(product) ?? ""
            switch datum.kind {
            // An offer's text holds a scheme's name (`Clubcard 1.50`): guarded as text.
            case .text, .deal: return textCell(text)
            case .decimal, .unit, .multipack, .day, .uses: return text
            }
        }
    }

    /// A title or name as a CSV cell: control characters visible, formulas neutralised.
    static func textCell(_ text: String) -> String {
        SpreadsheetText.neutralised(TerminalText.visible(text, keeping: TerminalText.allowedInText))
    }

    /// Reads a CSV export from `stream` record by record, handing each comparison's header and each product to
    /// `sink` as soon as its row is read and checked.
    /// A column it does not read refuses the file at its header, naming each such column, unless `ignoringUnknown`
    /// (its cells are then not read); either way they go to `unknown`.
    static func decode(_ stream: inout ByteStream, into sink: inout some ExchangeSink, today: CalendarDay?,
                       unknown: inout [UnknownName], ignoringUnknown: Bool) throws {
        var reader = CSV.Reader(stream)
        defer { stream = reader.stream }
        reader.maxFields = columns.count + 100   // room for columns a newer per added (named, refused or ignored)
        guard let header = try reader.next() else { return }
        var columnIndex: [String: Int] = [:]
        guard header.fields.contains(where: { currentName($0) != nil }) else {
            throw ExchangeError(line: header.line, problem: "neither a JSON list of comparisons nor a per CSV (whose first line names its columns: comparison,name,price,quantity,unit…)")
        }
        for (i, raw) in header.fields.enumerated() {
            guard let name = currentName(raw) else {
                unknown.append(UnknownName(name: raw, line: header.line, place: nil))
                continue
            }
            guard columnIndex[name] == nil else {
                throw ExchangeError(line: header.line, problem: "column \"\(name)\" appears twice in the header")
            }
            columnIndex[name] = i
        }
        if !ignoringUnknown, !unknown.isEmpty {
            var refusal = UnknownName.refusal(unknown, what: "columns")
            refusal.problem += " (per's columns are \(columns.joined(separator: ",")))"
            throw refusal
        }
        guard columnIndex["comparison"] != nil else {
            throw ExchangeError(line: header.line, problem: "the header has no \"comparison\" column (expected \(columns.joined(separator: ",")))")
        }
        reader.maxFields = header.fields.count
        let dataIndex = data.map { columnIndex[$0.key] }
        reader.fieldNames = header.fields

        var groupKey: [String]? = nil
        var current = Comparison()
        var state = ExchangeListState.earlierFormat
        var stateLine = 0
        var number = 0
        var productCount = 0
        var historyCount = 0
        var family: UnitFamily? = nil
        func endComparison() throws {
            guard groupKey != nil else { return }
            try ComparisonExchange.checkPin(state, products: productCount, comparison: current.title, line: stateLine, field: "pinnedProduct")
            try sink.listState(state, in: current.id)
        }
        while let record = try reader.next() {
            if record.fieldCount == 1 && record.fields == [""] { continue } // an empty line
            guard record.fieldCount == header.fields.count else {
                throw ExchangeError(line: record.line, problem: "\(record.fieldCount) fields where the header has \(header.fields.count) (a comma inside text needs quotes)")
            }
            // A text cell holds one more scalar than its text when export put a `'` before it (decision 22).
            for (i, text) in record.fields.enumerated() where !FieldText.fits(text, adding: 0) && !FieldText.fits(SpreadsheetText.restored(text), adding: 0) {
                throw ExchangeError(line: record.line, field: header.fields[i], problem: FieldText.tooLong(text))
            }
            func field(_ name: String) -> String { columnIndex[name].map { record.fields[$0] } ?? "" }
            let title = SpreadsheetText.restored(field("comparison"))
            let key = [title, field("per"), field("volumeSystem"), field("number")]
            if key != groupKey {
                try endComparison()
                groupKey = key
                try ComparisonExchange.checkText(title, line: record.line, place: "comparison \(ComparisonExchange.quoted(title)), title")
                current = Comparison(
                    title: title,
                    basis: try ComparisonExchange.basis(key[1], line: record.line, field: "per"),
                    volumeSystem: try ComparisonExchange.volumeSystem(key[2], line: record.line, field: "volumeSystem"))
                state = ExchangeListState(
                    count: try ComparisonExchange.listCount(field("listCount"), line: record.line, field: "listCount"),
                    ticked: try ComparisonExchange.ticked(field("inCart"), line: record.line, field: "inCart"),
                    aisle: try ComparisonExchange.aisle(field("aisle"), line: record.line, field: "aisle"),
                    pinnedPosition: try ComparisonExchange.pinnedPosition(field("pinnedProduct"), line: record.line, field: "pinnedProduct"),
                    amount: try ComparisonExchange.listAmount(field("listAmount"), unit: SpreadsheetText.restored(field("listUnit")), line: record.line))
                stateLine = record.line
                number += 1
                productCount = 0
                historyCount = 0
                family = nil
                try sink.comparison(current)
            }
            try ComparisonExchange.checkCurrency(SpreadsheetText.restored(field("currency")), line: record.line)
            let kindText = ComparisonExchange.trimmed(field("kind")).lowercased()
            guard let kind = kindText.isEmpty ? .product : Kind(rawValue: kindText) else {
                throw ExchangeError(line: record.line, field: "kind", problem: "\(ComparisonExchange.quoted(field("kind"))) is not a kind of row (product or history)")
            }
            let what: String
            let rowNumber: Int
            switch kind {
            case .product: (what, rowNumber) = ("product", productCount + 1)
            case .history: (what, rowNumber) = ("history", historyCount + 1)
            }
            let place = "comparison \(ComparisonExchange.quoted(title)), \(what) \(rowNumber)"
            var product = Product.new(id: .random())
            for (datum, index) in zip(data, dataIndex) {
                let text = index.map { record.fields[$0] }
                try ComparisonExchange.read(datum, from: datum.kind == .text || datum.kind == .deal || datum.kind == .uses ? text.map(SpreadsheetText.restored) : text, into: &product,
                                            line: record.line, place: place, today: today)
            }
            let texts = DecimalTexts(price: field("price"), quantity: field("quantity"))
            switch kind {
            case .product:
                guard !product.isBlank else { continue }
                try ComparisonExchange.checkNumbers(
                    of: product, priceText: field("price"), quantityText: field("quantity"),
                    comparison: current.title, number: number, productNumber: productCount + 1, line: record.line)
                // By use any unit compares (decision 305).
                let byUse = current.useWord != nil
                if let refusal = ComparisonExchange.familyRefusal(of: product, family: byUse ? nil : family, comparison: current.title, number: number,
                                                                  productNumber: productCount + 1, line: record.line) {
                    try sink.leaveOut(product, position: productCount, in: current.id, because: refusal)
                } else {
                    if family == nil, !byUse { family = product.unit?.family }
                    try sink.product(product, position: productCount, in: current.id, texts: texts)
                }
                productCount += 1
            case .history:
                let earlier = try ComparisonExchange.earlierPrice(product, line: record.line, place: place)
                try ComparisonExchange.checkNumbers(
                    of: product, priceText: field("price"), quantityText: field("quantity"),
                    comparison: current.title, number: number, productNumber: historyCount + 1, line: record.line, what: "history")
                let byUse = current.useWord != nil
                if let refusal = ComparisonExchange.familyRefusal(of: product, family: byUse ? nil : family, comparison: current.title, number: number,
                                                                  productNumber: historyCount + 1, line: record.line, what: "history") {
                    try sink.leaveOut(history: earlier, in: current.id, because: refusal)
                } else {
                    if family == nil, !byUse { family = earlier.unit.family }
                    try sink.history(earlier, in: current.id, texts: texts)
                }
                historyCount += 1
            }
        }
        try endComparison()
    }
}

/// RFC 4180 reading and writing. Works on Unicode scalars, so a CR LF inside quotes stays exactly as written.
enum CSV {
    struct Record: Equatable {
        var fields: [String]
        /// The line the record starts on (1-based).
        var line: Int
        /// How many fields the line has (`fields` keeps at most the reader's `maxFields` of them).
        var fieldCount: Int

        init(fields: [String], line: Int, fieldCount: Int? = nil) {
            self.fields = fields
            self.line = line
            self.fieldCount = fieldCount ?? fields.count
        }
    }

    /// One line: fields quoted when they hold a comma, quote, line break or edge space; ended by CR LF.
    static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    static func field(_ text: String) -> String {
        let needsQuotes = text.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || text.first?.isWhitespace == true || text.last?.isWhitespace == true
        return needsQuotes ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }

    /// All records of a text (tests, and the checks of small texts).
    static func parse(_ text: String) throws(ExchangeError) -> [Record] {
        let bytes = Array(text.utf8)
        var given = false
        var reader = Reader(ByteStream(limit: Int.max) { defer { given = true }; return given ? [] : bytes })
        var records: [Record] = []
        do {
            try reader.stream.skipByteOrderMark()
            while let record = try reader.next() { records.append(record) }
        } catch let error as ExchangeError {
            throw error
        } catch {
            throw ExchangeError(line: nil, problem: "\(error)")
        }
        return records
    }

    /// Reads records one at a time from a `ByteStream`. Works on bytes; a CR LF inside quotes stays exactly as written.
    struct Reader {
        var stream: ByteStream
        /// Fields kept per record; more are only counted (`fieldCount`), so an endless line of commas stays small.
        var maxFields = Int.max
        /// The header's names, for messages about a field.
        var fieldNames: [String] = []
        private var line = 1
        private var field: [UInt8] = []

        init(_ stream: ByteStream) { self.stream = stream }

        /// Bytes of one field at most: a longer field has more than `FieldText.maximumLength` characters, refused while read.
        static let maxFieldBytes = FieldText.maximumLength * 4

        private func name(ofField index: Int) -> String {
            index < fieldNames.count ? fieldNames[index] : "field \(index + 1)"
        }

        /// The next record, nil at the end of the data.
        mutating func next() throws -> Record? {
            guard try stream.peek() != nil else { return nil }
            var fields: [String] = []
            var count = 0
            let recordLine = line
            var inQuotes = false
            var quoteLine = 0
            var fieldWasQuoted = false
            field.removeAll(keepingCapacity: true)

            func endField() {
                if count < maxFields { fields.append(String(decoding: field, as: UTF8.self)) }
                count += 1
                field.removeAll(keepingCapacity: true)
                fieldWasQuoted = false
            }

            while let c = try stream.peek() {
                if inQuotes {
                    stream.advance()
                    if c == UInt8(ascii: "\"") {
                        if try stream.peek() == UInt8(ascii: "\"") {
                            stream.advance()
                            try append(c, index: count)
                            continue
                        }
                        inQuotes = false
                        continue
                    }
                    if c == 0x0A { line += 1 }
                    try append(c, index: count)
                    continue
                }
                switch c {
                case UInt8(ascii: "\""):
                    guard field.isEmpty, !fieldWasQuoted else {
                        throw ExchangeError(line: line, field: "field \(count + 1)", problem: "a quote inside unquoted text (put the whole field in quotes and double the quote: \"\")")
                    }
                    inQuotes = true; fieldWasQuoted = true; quoteLine = line; stream.advance()
                case UInt8(ascii: ","):
                    endField(); stream.advance()
                case 0x0D, 0x0A:
                    stream.advance()
                    if c == 0x0D, try stream.peek() == 0x0A { stream.advance() }
                    endField()
                    line += 1
                    return Record(fields: fields, line: recordLine, fieldCount: count)
                default:
                    if fieldWasQuoted {
                        throw ExchangeError(line: line, field: "field \(count + 1)", problem: "text after a closing quote (a quote inside quoted text is written \"\")")
                    }
                    try append(c, index: count)
                    stream.advance()
                }
            }
            if inQuotes {
                throw ExchangeError(line: quoteLine, field: "field \(count + 1)", problem: "a quoted field is never closed")
            }
            endField()
            return Record(fields: fields, line: recordLine, fieldCount: count)
        }

        @inline(__always)
        private mutating func append(_ byte: UInt8, index: Int) throws {
            field.append(byte)
            if field.count > Self.maxFieldBytes {
                throw ExchangeError(line: line, field: name(ofField: index), problem: "more than \(FieldText.maximumLength) characters, the most per takes in one field")
            }
        }
    }
}
