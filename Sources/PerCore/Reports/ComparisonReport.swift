import Foundation

public enum ReportFormat: String, CaseIterable, Sendable {
    case table
    case json
    case csv
}

/// A comparison printed for the command line: a ranked table, or JSON/CSV rows in entry order.
/// Text is made safe on the way: the table shows control characters as `\u{1B}` (line breaks and
/// tabs as spaces), CSV neutralises formulas as export does, JSON escapes them. With a currency, the
/// table shows it with prices and unit prices; JSON and CSV keep plain decimals and add a `currency` field.
public struct ComparisonReport: Sendable {
    public let comparison: Comparison
    public let currency: Currency?
    /// The decimal mark of the table and the checklist (JSON and CSV keep the point).
    public let decimal: DecimalMark
    /// Whether the products' days (`seen`) are shown: for saved comparisons (`per show`), not `per compare`'s.
    public let showsSeen: Bool
    /// The comparison's earlier prices (`per show`): an offer's prior price, the lowest shelf price of the 30 days
    /// before today, is said beside it (decision 292); empty for `per compare`.
    public var history: [PriceRecord] = []

    public init(_ comparison: Comparison, currency: Currency? = nil, showsSeen: Bool = false, decimal: DecimalMark = .point) {
        self.decimal = decimal
        self.comparison = comparison
        self.currency = currency
        self.showsSeen = showsSeen
    }

    public func render(_ format: ReportFormat) -> String {
        switch format {
        case .table: table
        case .json: json
        case .csv: csv
        }
    }

    /// A product's line, read out of its standing once. (Computed properties that pattern-matched `standing`
    /// crashed the Swift 6.3.1 optimiser in `csv` once `ProductProblem` carried a count word.)
    struct Row {
        var product: Product
        var standing: Standing
        var rank: Int?
        var unitPrice: Decimal?
        var isBest = false
        var percentMore: Decimal?
    }

    func row(_ product: Product) -> Row {
        let standing = comparison.standing(of: product)
        var row = Row(product: product, standing: standing)
        switch standing {
        case .excluded:
            break
        case .ranked(let rank, let price, let verdict):
            row.rank = rank
            row.unitPrice = comparison.pricePerBasis(price)
            switch verdict {
            case .bestValue: row.isBest = true
            case .more(let percent): row.percentMore = percent
            }
        }
        return row
    }

    var perLabel: String { comparison.basis?.label ?? "" }

    // MARK: Table

    /// How the table writes money (JSON and CSV keep exact decimal strings).
    var money: MoneyFormat { MoneyFormat(currency: currency, decimal: decimal) }

    public var table: String {
        let rows = comparison.indicesByRank.map { row(comparison.products[$0]) }
        // The shop column only when a product has a shop, so a table without shops stays as narrow as before.
        let hasShops = comparison.products.contains { !$0.shop.isEmpty }
        var header = ["#", "Name", "Price", "Quantity", "Unit"] + (hasUses ? ["Uses"] : []) + ["Per \(comparison.perLabel)", ""]
        if hasShops { header.append("Shop") }
        if hasDeposits { header.append("Deposit") }
        if hasDeals { header.append("Deal") }
        let body: [[String]] = rows.map { r in
            let p = r.product
            let verdict: String
            switch r.standing {
            case .excluded(let problem): verdict = problem.message
            case .ranked(_, _, let v):
                // Which price was ranked, where it is not simply the shelf's (decision 285).
                let note = comparison.pricePaid(of: p).note.map { " (\($0))" } ?? ""
                verdict = decimal.shown((r.isBest ? "* \(v.text)" : v.text) + note)
            }
            var cells: [String] = [
                r.rank.map(String.init) ?? "-",
                TerminalText.singleLine(p.name),
                p.price.map { money.shown(money.price($0)) } ?? "-",
                p.quantity.map { decimal.shown(DecimalText.format($0)) } ?? "-",
                p.unit?.symbol ?? "-",
            ]
            if hasUses { cells.append(p.uses.map { decimal.shown($0.text) } ?? "-") }
            cells += [r.unitPrice.map { money.shown(money.unitPrice($0)) } ?? "-", verdict]
            if hasShops { cells.append(TerminalText.singleLine(p.shop)) }
            if hasDeposits { cells.append(p.deposit.map { money.shown(money.price($0)) } ?? "-") }
            if hasDeals { cells.append(dealCell(p)) }
            return cells
        }
        var lines: [String] = []
        if !comparison.title.isEmpty { lines.append(TerminalText.singleLine(comparison.title)) }
        let perColumn = hasUses ? 6 : 5
        lines += TextTable.lines([header] + body, rightAligned: hasDeposits ? [0, 2, 3, perColumn, header.count - (hasDeals ? 2 : 1)] : [0, 2, 3, perColumn])
        lines += lowestSeenLines
        return lines.joined(separator: "\n") + "\n"
    }

    /// `per show` of a comparison whose price book holds an offer (decision 412): the lowest shelf price seen, and
    /// beside it the lowest deal and member price seen, each of its own kind: `Lowest seen: 2.79 per kg (big at Aldi,
    /// 2026-11-20); lowest deal seen: 3.00 per kg (tub 2 for 3.00 at Aldi, 2026-11-20)`. None for `per compare`.
    var lowestSeenLines: [String] {
        guard showsSeen else { return [] }
        let book = PriceBook(history: history, comparison: comparison)
        guard book.hasOffers, let lowest = book.lowest else { return [] }
        let per = book.perLabel.isEmpty ? "" : " per \(book.perLabel)"
        func said(_ entry: PriceBook.Entry, _ kind: PriceKind) -> String? {
            guard let amount = book.pricePerBasis(entry, as: kind) else { return nil }
            let r = entry.record
            var words = TerminalText.singleLine(r.name)
            if kind != .shelf, let deal = r.deal { words += (words.isEmpty ? "" : " ") + decimal.shown(TerminalText.singleLine(deal.text)) }
            if !r.shop.isEmpty { words += (words.isEmpty ? "at " : " at ") + TerminalText.singleLine(r.shop) }
            if let seen = r.seen { words += (words.isEmpty ? "" : ", ") + seen.iso }
            return money.shown(money.unitPrice(amount)) + per + (words.isEmpty ? "" : " (\(words))")
        }
        var parts = said(lowest, .shelf).map { ["Lowest seen: " + $0] } ?? []
        for kind in [PriceKind.deal, .member] {
            if let entry = book.lowestOffer(kind), let text = said(entry, kind) { parts.append("lowest \(kind.noun) seen: " + text) }
        }
        return [parts.joined(separator: "; ")]
    }

    /// Whether a product carries a deposit per pack: then the table has a Deposit column, and JSON and CSV a `deposit`
    /// (never part of the unit price), so a document without deposits stays as it was.
    var hasDeposits: Bool { comparison.products.contains { $0.deposit != nil } }

    /// Whether a product carries an offer: then the table has a Deal column, and JSON and CSV `deal`, `paid` and
    /// `shelfUnitPrice` (decision 287), so a document without offers stays as it was.
    var hasDeals: Bool { comparison.products.contains { $0.deal != nil } }

    /// Whether a product says its uses, or the comparison is by use: then the table has a Uses column after the unit,
    /// JSON `uses` (`{count, word}`) and CSV `uses` (decision 311), so a document without them stays as it was.
    var hasUses: Bool { comparison.useWord != nil || comparison.products.contains { $0.uses != nil } }

    /// `2 for 3.00 (shelf 3.58)` where the offer's price is ranked, with the shelf's unit price beside it; the offer
    /// alone otherwise (the verdict says why not); `-` for none.
    func dealCell(_ product: Product) -> String {
        guard let deal = product.deal else { return "-" }
        let text = TerminalText.singleLine(deal.text)
        let prior = priorPrice(product).map { ", 30-day low \(money.shown(money.price($0.price)))" } ?? ""
        guard let shelf = shelfUnitPrice(product) else { return decimal.shown(text) + (prior.isEmpty ? "" : " (" + prior.dropFirst(2) + ")") }
        return decimal.shown(text) + " (shelf \(money.shown(money.unitPrice(shelf)))\(prior))"
    }

    /// The lowest shelf price of the 30 days before today of a product with an offer (`PriorPrice`), with `history`.
    func priorPrice(_ product: Product) -> PriceRecord? {
        guard product.deal != nil, showsSeen else { return nil }
        return PriorPrice.lowest(of: product, history: history, today: comparison.shopper.today, in: comparison)
    }

    /// The shelf price per `per`, where the ranking uses an offer's.
    func shelfUnitPrice(_ product: Product) -> Decimal? {
        comparison.shelfUnitPrice(of: product).flatMap(comparison.pricePerBasis)
    }

    /// `shelf`, `multibuy`, `member` (the price ranked), or why an offer's is not: `ended`, `notMember`, `noDeal`.
    static func paid(_ paid: PricePaid) -> String {
        switch paid {
        case .shelf: "shelf"
        case .multibuy: "multibuy"
        case .member: "member"
        case .ended: "ended"
        case .notAMember: "notMember"
        case .noDeal: "noDeal"
        }
    }

    // MARK: JSON and CSV (entry order)

    /// `{"format": "per-comparison", "version": 2, "title", "per", "currency"?, "products": [...]}`.
    public var json: String {
        let objects = comparison.products.map { product -> String in
            let r = row(product)
            var fields: [(String, String)] = [
                ("name", jsonString(product.name)),
                ("price", product.price.map { jsonString(DecimalText.format($0)) } ?? "null"),
                ("quantity", product.quantity.map { jsonString(DecimalText.format($0)) } ?? "null"),
                ("unit", product.unit.map { jsonString($0.symbol) } ?? "null"),
                ("unitPrice", r.unitPrice.map { jsonString(Self.exactText($0)) } ?? "null"),
                ("rank", r.rank.map(String.init) ?? "null"),
                ("best", r.isBest ? "true" : "false"),
                ("percentMore", r.percentMore.map { jsonString(DecimalText.format($0)) } ?? "null"),
                ("shop", JSONDocument.text(orNull: product.shop)),
            ]
            if showsSeen { fields.append(("seen", product.seen.map { jsonString($0.iso) } ?? "null")) }
            if hasDeposits { fields.append(("deposit", product.deposit.map { jsonString(DecimalText.format($0)) } ?? "null")) }
            if hasDeals {
                fields += [("deal", DealJSON.encode(product.deal)), ("paid", jsonString(Self.paid(comparison.pricePaid(of: product)))),
                           ("shelfUnitPrice", shelfUnitPrice(product).map { jsonString(Self.exactText($0)) } ?? "null")]
                if showsSeen {
                    fields.append(("priorPrice", priorPrice(product).map { r in
                        JSONDocument.inline([("price", jsonString(DecimalText.format(r.price))), ("quantity", jsonString(DecimalText.format(r.quantity))),
                                             ("unit", jsonString(r.unit.symbol)), ("seen", r.seen.map { jsonString($0.iso) } ?? "null")])
                    } ?? "null"))
                }
            }
            if hasUses { fields.append(("uses", UsesJSON.encode(product.uses))) }
            if case .excluded(let problem) = r.standing { fields.append(("problem", jsonString(problem.message))) }
            return JSONDocument.inline(fields)
        }
        var members = [("title", jsonString(comparison.title)), ("per", jsonString(perLabel))]
        // By use, `per` is the use's word (`wash`) and `byUse` says so.
        if comparison.useWord != nil { members.append(("byUse", "true")) }
        // Which pint or fl oz, while one is in play (as the export always says).
        if comparison.volumeSystemMark != nil { members.append(("volumeSystem", jsonString(comparison.volumeSystem.rawValue))) }
        if let currency { members.append(("currency", jsonString(currency.text))) }
        return JSONDocument.object("comparison", members + [("products", JSONDocument.list(objects))])
    }

    /// The CSV's columns, in order: these always, then those of `csvColumnsWhereUsed` this comparison has something
    /// for. The one list the header and the tests take it from (`UnitCommandTests.theCurrencyShowsInTablesAndIsAFieldInJSONAndCSV`
    /// states it whole); the cells below follow it.
    public static let csvColumns = ["name", "price", "quantity", "unit", "unitPrice", "per", "rank", "best", "percentMore", "shop"]
    public static let csvColumnsWhereUsed = ["seen", "volumeSystem", "deposit", "deal", "paid", "shelfUnitPrice", "uses", "currency"]

    /// The header with `used` of `csvColumnsWhereUsed`, in their order.
    public static func csvHeader(with used: Set<String>) -> [String] { csvColumns + csvColumnsWhereUsed.filter(used.contains) }

    public var csv: String {
        let marksVolumeSystem = comparison.volumeSystemMark != nil
        var used: Set<String> = []
        if showsSeen { used.insert("seen") }
        if marksVolumeSystem { used.insert("volumeSystem") }
        if hasDeposits { used.insert("deposit") }
        if hasDeals { used.formUnion(["deal", "paid", "shelfUnitPrice"]) }
        if hasUses { used.insert("uses") }
        if currency != nil { used.insert("currency") }
        var out = CSV.row(Self.csvHeader(with: used))
        for product in comparison.products {
            let r = row(product)
            var cells: [String] = [
                CSVExchange.textCell(product.name),
                product.price.map(DecimalText.format) ?? "",
                product.quantity.map(DecimalText.format) ?? "",
                product.unit?.symbol ?? "",
                r.unitPrice.map(Self.exactText) ?? "",
                perLabel,
                r.rank.map(String.init) ?? "",
                r.isBest ? "true" : "false",
                r.percentMore.map(DecimalText.format) ?? "",
                CSVExchange.textCell(product.shop),
            ]
            if showsSeen { cells.append(product.seen?.iso ?? "") }
            if marksVolumeSystem { cells.append(comparison.volumeSystem.rawValue) }
            if hasDeposits { cells.append(product.deposit.map(DecimalText.format) ?? "") }
            if hasDeals {
                cells += [CSVExchange.textCell(product.deal?.text ?? ""), Self.paid(comparison.pricePaid(of: product)),
                          shelfUnitPrice(product).map(Self.exactText) ?? ""]
            }
            if hasUses { cells.append(product.uses?.text ?? "") }
            // Appended, not `+ (currency.map {...} ?? [])`: that form crashes the 6.3.1 optimiser (an ownership error).
            if let currency { cells.append(CSVExchange.textCell(currency.text)) }
            out += CSV.row(cells)
        }
        return out
    }

    /// Machine-readable unit prices keep 12 significant digits (exact for every price that needs fewer).
    static func exactText(_ value: Decimal) -> String {
        DecimalText.format(DecimalText.rounded(value, significantDigits: 12))
    }

    func jsonString(_ text: String) -> String { JSONExchange.string(text) }
}
