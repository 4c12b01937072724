import Foundation

/// `per history`: a comparison's price book, newest first, as a table, JSON or CSV. Text is made safe as in
/// `ComparisonReport`.
public struct HistoryReport: Sendable {
    public let book: PriceBook
    public let title: String
    /// The table's decimal mark (JSON and CSV keep the point).
    public let decimal: DecimalMark
    /// The table shows it with prices; JSON and CSV name it in a `currency` field.
    public let currency: Currency?

    public init(history: [PriceRecord], comparison: Comparison, currency: Currency? = nil, decimal: DecimalMark = .point) {
        book = PriceBook(history: history, comparison: comparison)
        title = comparison.title
        self.currency = currency
        self.decimal = decimal
    }

    private var money: MoneyFormat { MoneyFormat(currency: currency, decimal: decimal) }

    /// `{"format": "per-history…", "version": 2, "title", "per", "currency"?, "prices": [...]}`.
    private func document(_ format: String, _ prices: [String]) -> String {
        var members = [("title", JSONExchange.string(title)), ("per", JSONExchange.string(book.basisLabel))]
        if let currency { members.append(("currency", JSONExchange.string(currency.text))) }
        return JSONDocument.object(format, members + [("prices", JSONDocument.list(prices))])
    }

    /// A CSV row's cells, the currency last when there is one.
    private func csvRow(_ cells: [String]) -> String {
        CSV.row(cells + (currency.map { [CSVExchange.textCell($0.text)] } ?? []))
    }

    public func render(_ format: ReportFormat) -> String {
        switch format {
        case .table: table
        case .json: json
        case .csv: csv
        }
    }

    /// `--lowest`: the lowest unit price seen at each shop, cheapest first (`PriceBook.lowestPerShop`).
    public func renderLowest(_ format: ReportFormat) -> String {
        let shops = book.lowestPerShop
        switch format {
        case .table:
            let header = ["Shop", "Price", "Quantity", "Unit", "Per \(book.perLabel)", "Seen", "Id"]
            let body: [[String]] = shops.map { entry in
                let r = entry.record
                return [r.shop.isEmpty ? "(no shop)" : TerminalText.singleLine(r.shop), money.shown(money.price(r.price)),
                        decimal.shown(DecimalText.format(r.quantity)), r.unit.symbol,
                        book.pricePerBasis(entry).map { money.shown(money.unitPrice($0)) } ?? "-", r.seen?.iso ?? "-", Self.idText(entry)]
            }
            var lines: [String] = []
            if !title.isEmpty { lines.append(TerminalText.singleLine(title)) }
            guard !body.isEmpty else { return (lines + ["No prices recorded yet."]).joined(separator: "\n") + "\n" }
            lines += TextTable.lines([header] + body, rightAligned: [1, 2, 4])
            return lines.joined(separator: "\n") + "\n"
        case .json:
            let objects = shops.map { entry -> String in
                let r = entry.record
                return JSONDocument.inline([
                    ("shop", JSONDocument.text(orNull: r.shop)),
                    ("price", JSONExchange.string(DecimalText.format(r.price))),
                    ("quantity", JSONExchange.string(DecimalText.format(r.quantity))),
                    ("unit", JSONExchange.string(r.unit.symbol)),
                    ("unitPrice", unitPriceText(entry).map(JSONExchange.string) ?? "null"),
                    ("seen", r.seen.map { JSONExchange.string($0.iso) } ?? "null"),
                    ("id", r.entry.map { String($0.rawValue) } ?? "null"),
                    ("current", entry.isCurrent ? "true" : "false"),
                ])
            }
            return document("history-lowest", objects)
        case .csv:
            var out = CSV.row(["shop", "price", "quantity", "unit", "unitPrice", "per", "seen", "id", "current"] + (currency == nil ? [] : ["currency"]))
            for entry in shops {
                let r = entry.record
                out += csvRow([
                    CSVExchange.textCell(r.shop), DecimalText.format(r.price), DecimalText.format(r.quantity), r.unit.symbol,
                    unitPriceText(entry) ?? "", book.basisLabel, r.seen?.iso ?? "", r.entry.map { String($0.rawValue) } ?? "",
                    entry.isCurrent ? "true" : "false",
                ])
            }
            return out
        }
    }

    /// The table's id of an entry: its number, or `now` for a product's price now (which is no entry to delete).
    static func idText(_ entry: PriceBook.Entry) -> String {
        entry.record.entry.map { String($0.rawValue) } ?? Self.currentIDText
    }

    /// What the table's Id column says of a product's price now.
    public static let currentIDText = "now"

    private func unitPriceText(_ entry: PriceBook.Entry) -> String? {
        book.pricePerBasis(entry).map(ComparisonReport.exactText)
    }

    /// The offer seen beside a shelf price, with its own unit price where it was one (`2 for 3.00 = 3.00`); the offer
    /// alone where it was over or no deal; `-` for none. Its kind is in its words (`2 for`, a scheme's name).
    private func dealCell(_ entry: PriceBook.Entry) -> String {
        guard let deal = entry.record.deal else { return "-" }
        let text = decimal.shown(TerminalText.singleLine(deal.text))
        return book.pricePerBasis(entry, as: entry.record.kind).map { text + " = " + money.shown(money.unitPrice($0)) } ?? text
    }

    /// The marks of entry `index`: `* lowest` (the lowest shelf price), `* lowest deal`, `* lowest member price`.
    private func marks(_ index: Int) -> String {
        let marks = book.marks(index)
        return marks.isEmpty ? "" : "* " + marks.joined(separator: ", ")
    }

    public var table: String {
        let offers = book.hasOffers
        let header = ["Id", "Seen", "Shop", "Name", "Price", "Quantity", "Unit", "Per \(book.perLabel)"] + (offers ? ["Deal"] : []) + [""]
        let body: [[String]] = book.entries.enumerated().map { index, entry in
            let r = entry.record
            // The Id column says `now` of a product's price now.
            return [
                Self.idText(entry), r.seen?.iso ?? "-", TerminalText.singleLine(r.shop), TerminalText.singleLine(r.name),
                money.shown(money.price(r.price)), decimal.shown(DecimalText.format(r.quantity)), r.unit.symbol,
                book.pricePerBasis(entry).map { money.shown(money.unitPrice($0)) } ?? "-",
            ] + (offers ? [dealCell(entry)] : []) + [marks(index)]
        }
        var lines: [String] = []
        if !title.isEmpty { lines.append(TerminalText.singleLine(title)) }
        guard !body.isEmpty else { return (lines + ["No prices recorded yet."]).joined(separator: "\n") + "\n" }
        lines += TextTable.lines([header] + body, rightAligned: [0, 4, 5, 7])
        return lines.joined(separator: "\n") + "\n"
    }

    public var json: String {
        let objects = book.entries.enumerated().map { index, entry -> String in
            let r = entry.record
            return JSONDocument.inline([
                ("id", r.entry.map { String($0.rawValue) } ?? "null"),
                ("name", JSONExchange.string(r.name)),
                ("shop", JSONDocument.text(orNull: r.shop)),
                ("seen", r.seen.map { JSONExchange.string($0.iso) } ?? "null"),
                ("price", JSONExchange.string(DecimalText.format(r.price))),
                ("quantity", JSONExchange.string(DecimalText.format(r.quantity))),
                ("unit", JSONExchange.string(r.unit.symbol)),
                ("unitPrice", unitPriceText(entry).map(JSONExchange.string) ?? "null"),
                ("current", entry.isCurrent ? "true" : "false"),
                ("lowest", index == book.lowestIndex ? "true" : "false"),
            ] + (book.hasOffers ? offerFields(index, entry) : []))
        }
        return document("history", objects)
    }

    /// Where a price seen had an offer beside it (decision 412): `deal` (its object), `kind` (`shelf`, `deal`,
    /// `member`), `offerUnitPrice` and whether it is the lowest of its kind seen (`lowestOffer`).
    private func offerFields(_ index: Int, _ entry: PriceBook.Entry) -> [(String, String)] {
        let kind = entry.record.kind
        return [
            ("deal", DealJSON.encode(entry.record.deal)), ("kind", JSONExchange.string(kind.rawValue)),
            ("offerUnitPrice", offerUnitPriceText(entry).map(JSONExchange.string) ?? "null"),
            ("lowestOffer", kind != .shelf && (index == book.lowestDealIndex || index == book.lowestMemberIndex) ? "true" : "false"),
        ]
    }

    private func offerUnitPriceText(_ entry: PriceBook.Entry) -> String? {
        entry.record.kind == .shelf ? nil : book.pricePerBasis(entry, as: entry.record.kind).map(ComparisonReport.exactText)
    }

    public var csv: String {
        let offers = book.hasOffers
        var out = CSV.row(["id", "name", "shop", "seen", "price", "quantity", "unit", "unitPrice", "per", "current", "lowest"]
                          + (offers ? ["deal", "kind", "offerUnitPrice", "lowestOffer"] : []) + (currency == nil ? [] : ["currency"]))
        for (index, entry) in book.entries.enumerated() {
            let r = entry.record
            let kind = r.kind
            out += csvRow([
                r.entry.map { String($0.rawValue) } ?? "", CSVExchange.textCell(r.name), CSVExchange.textCell(r.shop), r.seen?.iso ?? "",
                DecimalText.format(r.price), DecimalText.format(r.quantity), r.unit.symbol,
                unitPriceText(entry) ?? "", book.basisLabel,
                entry.isCurrent ? "true" : "false", index == book.lowestIndex ? "true" : "false",
            ] + (offers ? [r.deal.map { CSVExchange.textCell($0.text) } ?? "", kind.rawValue, offerUnitPriceText(entry) ?? "",
                          kind != .shelf && (index == book.lowestDealIndex || index == book.lowestMemberIndex) ? "true" : "false"] : []))
        }
        return out
    }
}
