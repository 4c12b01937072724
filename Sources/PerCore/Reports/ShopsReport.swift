import Foundation

/// `per trip --shops`: `WhereToShop` as a table, a Markdown list or JSON. JSON is one line,
/// `{"shops":[{"shop":"Aldi","total":"6.00","covered":3,"missing":[]}, ...], "cheapestShop":"Aldi",
/// "bestSplit":{"shops":["Aldi","Lidl"],"total":"5.90","saves":"0.10"}}`: amounts as exact decimal strings with at
/// least two decimals, `missing` the items' titles, null for what does not apply. The table and the list show the
/// currency and which items the split buys where.
public struct ShopsReport: Sendable {
    public let shops: WhereToShop
    public let currency: Currency?
    /// The decimal mark of the table and the checklist (JSON and CSV keep the point).
    public let decimal: DecimalMark

    public init(_ entries: [ListEntry], currency: Currency? = nil, decimal: DecimalMark = .point) {
        self.decimal = decimal
        shops = WhereToShop(entries)
        self.currency = currency
    }

    public func render(_ format: TripFormat) -> String {
        switch format {
        case .table: table
        case .json: json
        case .markdown: markdown
        }
    }

    private var money: MoneyFormat { MoneyFormat(currency: currency, decimal: decimal) }
    private func shown(_ amount: Decimal) -> String { money.shown(money.price(amount)) }
    private func title(_ item: Int) -> String { TerminalText.singleLine(shops.items[item].displayTitle) }
    private func name(_ shop: String) -> String { TerminalText.singleLine(shop) }

    /// Why there is nothing to compare, when there is not.
    private var nothing: String? {
        if shops.items.isEmpty { return "Nothing on the list.\n" }
        if shops.shops.isEmpty { return shops.noShopsBecause + "\n" }
        return nil
    }

    /// `Cheapest shop: Aldi, 6.00` and `Best split: Aldi + Lidl, 5.90, saves 0.10 (Aldi: Eggs, Oats · Lidl: Milk)`.
    private var verdicts: [String] {
        let cheapest = shops.cheapestShop.map { "Cheapest shop: \(name($0.shop)), \(shown($0.total))" }
            ?? "Cheapest shop: none has every item"
        guard let split = shops.bestSplit else {
            return [cheapest, "Best split: \(shops.noSplitBecause)"]
        }
        let at = split.shops.indices.map { shop in
            name(split.shops[shop]) + ": " + split.lines.filter { $0.shop == shop }.map { title($0.line.item) }.joined(separator: ", ")
        }
        let saves = split.saves.map { ", saves \(shown($0))" } ?? ""
        return [cheapest, "Best split: \(split.shops.map(name).joined(separator: " + ")), \(shown(split.total))\(saves) (\(at.joined(separator: " · ")))"]
    }

    // MARK: Table

    public var table: String {
        if let nothing { return nothing }
        let count = shops.items.count
        let rows = shops.shops.map { trip in
            [name(trip.shop), shown(trip.total), "\(trip.covered) of \(count)", trip.missing.map(title).joined(separator: ", ")]
        }
        return (TextTable.lines([["Shop", "Total", "Items", "Missing"]] + rows, rightAligned: [1]) + [""] + verdicts)
            .joined(separator: "\n") + "\n"
    }

    // MARK: Markdown

    /// `- Aldi: 6.00, 3 of 3 items`, `- Lidl: 4.40, 2 of 3 items, missing Oats`, then the verdicts.
    public var markdown: String {
        if let nothing { return nothing }
        let count = shops.items.count
        let lines = shops.shops.map { trip in
            "- \(name(trip.shop)): \(shown(trip.total)), \(trip.covered) of \(count) items"
                + (trip.missing.isEmpty ? "" : ", missing " + trip.missing.map(title).joined(separator: ", "))
        }
        return (lines + [""] + verdicts).joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    public var json: String {
        let trips = shops.shops.map { trip in
            "{\"shop\":\(string(trip.shop)),\"total\":\(amount(trip.total)),\"covered\":\(trip.covered),"
                + "\"missing\":[\(trip.missing.map { string(shops.items[$0].displayTitle) }.joined(separator: ","))]}"
        }
        let split = shops.bestSplit.map { split in
            "{\"shops\":[\(split.shops.map(string).joined(separator: ","))],\"total\":\(amount(split.total)),"
                + "\"saves\":\(split.saves.map(amount) ?? "null")}"
        } ?? "null"
        return "{\"shops\":[\(trips.joined(separator: ", "))], \"cheapestShop\":\(shops.cheapestShop.map { string($0.shop) } ?? "null"), "
            + "\"bestSplit\":\(split)}\n"
    }

    private func string(_ text: String) -> String { JSONExchange.string(text) }
    private func amount(_ value: Decimal) -> String { string(MoneyFormat.plain.price(value)) }
}
