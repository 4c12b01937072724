import Foundation

/// RFC 4180 CSV, one row per product under a header:
/// `number,comparison,per,volume_system,name,price,quantity,unit`.
/// `number` counts the comparisons in the file, so two neighbours with the same title stay two.
/// Neighbouring rows with the same number, comparison, per and volume_system form one comparison
/// (`number` may be left out of a file written by hand); a row whose product columns are all empty
/// stands for a comparison without products.
/// Text cells (`comparison`, `name`) are written for spreadsheets: one `'` in front of text that a
/// spreadsheet would take for a formula or that starts with `'` (`SpreadsheetText`), taken off on import;
/// a control character other than tab and line breaks is written as visible `\u{1B}` (import refuses it).
enum CSVExchange {
    static let columns = ["number", "comparison", "per", "volume_system", "name", "price", "quantity", "unit"]

    static func encode(_ comparisons: [Comparison]) -> String {
        var out = CSV.row(columns)
        for (number, comparison) in comparisons.enumerated() {
            let head = [String(number + 1), textCell(comparison.title), ComparisonExchange.basisText(comparison.chosenBasis) ?? "", comparison.volumeSystem.rawValue]
            let products = comparison.products.filter { !$0.isBlank }
            if products.isEmpty {
                out += CSV.row(head + ["", "", "", ""])
            }
            for p in products {
                out += CSV.row(head + [textCell(p.name), p.price.map(DecimalText.format) ?? "", p.quantity.map(DecimalText.format) ?? "", p.unit?.symbol ?? ""])
            }
        }
        return out
    }

    /// A title or name as a CSV cell: control characters visible, formulas neutralised.
    static func textCell(_ text: String) -> String {
        SpreadsheetText.neutralised(TerminalText.visible(text, keeping: TerminalText.allowedInText))
    }

    static func decode(_ text: String) throws(ExchangeError) -> [Comparison] {
        let records = try CSV.parse(text)
        guard let header = records.first else { return [] }
        var columnIndex: [String: Int] = [:]
        for (i, raw) in header.fields.enumerated() {
            let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            guard columns.contains(name) else {
                throw ExchangeError(line: header.line, problem: "unknown column \(ComparisonExchange.quoted(raw)); the header names \(columns.joined(separator: ","))")
            }
            guard columnIndex[name] == nil else {
                throw ExchangeError(line: header.line, problem: "column \"\(name)\" appears twice in the header")
            }
            columnIndex[name] = i
        }
        guard columnIndex["comparison"] != nil else {
            throw ExchangeError(line: header.line, problem: "the header has no \"comparison\" column (expected \(columns.joined(separator: ",")))")
        }

        var comparisons: [Comparison] = []
        var groupKey: [String]? = nil
        for record in records.dropFirst() {
            if record.fields == [""] { continue } // an empty line
            guard record.fields.count == header.fields.count else {
                throw ExchangeError(line: record.line, problem: "\(record.fields.count) fields where the header has \(header.fields.count) (a comma inside text needs quotes)")
            }
            for (i, text) in record.fields.enumerated() where text.unicodeScalars.count > ComparisonExchange.maxTextLength {
                throw ExchangeError(line: record.line, field: header.fields[i], problem: ComparisonExchange.tooLong(text))
            }
            func field(_ name: String) -> String { columnIndex[name].map { record.fields[$0] } ?? "" }
            let title = SpreadsheetText.restored(field("comparison"))
            let key = [title, field("per"), field("volume_system"), field("number")]
            if key != groupKey {
                groupKey = key
                try ComparisonExchange.checkText(title, line: record.line, place: "comparison \(ComparisonExchange.quoted(title)), title")
                comparisons.append(Comparison(
                    title: title,
                    basis: try ComparisonExchange.basis(key[1], line: record.line, field: "per"),
                    volumeSystem: try ComparisonExchange.volumeSystem(key[2], line: record.line, field: "volume_system")))
            }
            let name = SpreadsheetText.restored(field("name"))
            let productNumber = comparisons[comparisons.count - 1].products.count + 1
            try ComparisonExchange.checkText(name, line: record.line, place: "comparison \(ComparisonExchange.quoted(title)), product \(productNumber), name")
            let product = Product(
                name: name,
                price: try ComparisonExchange.decimal(field("price"), line: record.line, field: "price"),
                quantity: try ComparisonExchange.decimal(field("quantity"), line: record.line, field: "quantity"),
                unit: try ComparisonExchange.unit(field("unit"), line: record.line, field: "unit"))
            if !product.isBlank {
                let current = comparisons[comparisons.count - 1]
                try ComparisonExchange.checkNumbers(
                    of: product, priceText: field("price"), quantityText: field("quantity"), family: current.family,
                    comparison: current.title, number: comparisons.count, productNumber: current.products.count + 1, line: record.line)
                comparisons[comparisons.count - 1].append(product)
            }
        }
        return comparisons
    }
}

/// RFC 4180 reading and writing. Works on Unicode scalars, so a CR LF inside quotes stays exactly as written.
enum CSV {
    struct Record: Equatable {
        var fields: [String]
        /// The line the record starts on (1-based).
        var line: Int
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

    static func parse(_ text: String) throws(ExchangeError) -> [Record] {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        var records: [Record] = []
        var fields: [String] = []
        var current = String.UnicodeScalarView()
        var line = 1
        var recordLine = 1
        var i = 0
        var inQuotes = false
        var quoteLine = 0
        var fieldWasQuoted = false

        func endField() {
            fields.append(String(current))
            current = String.UnicodeScalarView()
            fieldWasQuoted = false
        }
        func endRecord() {
            endField()
            records.append(Record(fields: fields, line: recordLine))
            fields = []
        }

        while i < scalars.count {
            let c = scalars[i]
            if inQuotes {
                if c == "\"" {
                    if i + 1 < scalars.count, scalars[i + 1] == "\"" {
                        current.append("\""); i += 2; continue
                    }
                    inQuotes = false; i += 1; continue
                }
                if c == "\n" { line += 1 }
                current.append(c); i += 1
                continue
            }
            switch c {
            case "\"":
                guard current.isEmpty, !fieldWasQuoted else {
                    throw ExchangeError(line: line, field: "field \(fields.count + 1)", problem: "a quote inside unquoted text (put the whole field in quotes and double the quote: \"\")")
                }
                inQuotes = true; fieldWasQuoted = true; quoteLine = line; i += 1
            case ",":
                endField(); i += 1
            case "\r", "\n":
                if c == "\r", i + 1 < scalars.count, scalars[i + 1] == "\n" { i += 1 }
                i += 1
                endRecord()
                line += 1
                recordLine = line
            default:
                if fieldWasQuoted {
                    throw ExchangeError(line: line, field: "field \(fields.count + 1)", problem: "text after a closing quote (a quote inside quoted text is written \"\")")
                }
                current.append(c); i += 1
            }
        }
        if inQuotes {
            throw ExchangeError(line: quoteLine, field: "field \(fields.count + 1)", problem: "a quoted field is never closed")
        }
        if !current.isEmpty || !fields.isEmpty || fieldWasQuoted { endRecord() }
        return records
    }
}
