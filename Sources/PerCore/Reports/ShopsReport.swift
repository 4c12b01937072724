import Foundation

/// `per trip --shops`: `WhereToShop` as a table, a Markdown list or JSON: `{"format": "per-shops", "version": 2,
/// "shops": [{"shop": "Aldi", "total": "6.00", "covered": 3, "missing": [], "items": [{"title": "Milk", "product": {…},
/// "packs": 1, "lineTotal": "1.00"}, ...]}, ...], "cheapestShop": "Aldi", "bestSplit": {"shops": ["Aldi", "Lidl"],
/// "total": "5.90", "saves": "0.10"}}`: amounts as exact decimal strings with at least two decimals, `missing` the items'
/// titles, `items` each item the shop has with its product as `per trip` writes it and its packs (null when too many to
/// count), null for what does not apply. The table and the list show the currency, which items the split buys where,
/// and under each shop the items it sells in packs of another size (`Rice: 2× 500 g, 4.00`).
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
    private func title(_ item: Int) -> String { Self.title(item, of: shops) }
    private static func title(_ item: Int, of shops: WhereToShop) -> String { TerminalText.singleLine(shops.items[item].displayTitle) }
    private func name(_ shop: String) -> String { TerminalText.singleLine(shop) }

    /// Why there is nothing to compare, when there is not.
    private var nothing: String? {
        if shops.items.isEmpty { return "Nothing on the list.\n" }
        if shops.shops.isEmpty { return shops.noShopsBecause + "\n" }
        return nil
    }

    /// `Cheapest shop: Aldi, 6.00` and `Best split: Aldi + Lidl, 5.90, saves 0.10 (Aldi: Eggs, Oats · Lidl: Milk)`.
    private var verdicts: [String] {
        let cheapest = shops.cheapestShop.map { "Cheapest shop: \(name($0.shop)), \(shown($0.total))" + bring($0.total, $0.deposits) }
            ?? "Cheapest shop: none has every item"
        guard let split = shops.bestSplit else {
            return [cheapest, "Best split: \(shops.noSplitBecause)"]
        }
        let at = split.shops.indices.map { shop in
            name(split.shops[shop]) + ": " + split.lines.filter { $0.shop == shop }.map { title($0.line.item) }.joined(separator: ", ")
        }
        let saves = split.saves.map { ", saves \(shown($0))" } ?? ""
        return [cheapest, "Best split: \(split.shops.map(name).joined(separator: " + ")), \(shown(split.total))\(saves) (\(at.joined(separator: " · ")))"
            + bring(split.total, split.deposits)]
    }

    /// `; deposits 3.42, to bring 16.41 (3.42 back for the empties)` where the packs carry deposits; else nothing.
    private func bring(_ total: Decimal, _ deposits: Decimal) -> String {
        deposits == 0 ? "" : "; " + depositsText(total, deposits)
    }

    /// `deposits 3.42, to bring 16.41 (3.42 back for the empties)`.
    private func depositsText(_ total: Decimal, _ deposits: Decimal) -> String {
        let deposit: String = shown(deposits), bring: String = shown(total + deposits)
        return "deposits \(deposit), to bring \(bring) (\(deposit) back for the empties)"
    }

    /// Under a shop: each item it sells in packs of another size than the one wanted (`Rice: 2× 500 g, 4.00`,
    /// `3× 400 g = 1.2 kg` when they hold more), and each it has in too many packs to count, in list order.
    /// `text`: how a title is written (escaped in Markdown).
    static func packRows(_ trip: WhereToShop.ShopTrip, of shops: WhereToShop, money: MoneyFormat, text: (String) -> String = { $0 }) -> [String] {
        let counted = trip.lines.compactMap { line -> (Int, String)? in
            guard let packs = line.purchase.packsNote(decimal: money.decimal) else { return nil }
            // As arithmetic (DECISIONS 346): `Rice: 2× 500 g (1 kg), 2 × 2.00 = 4.00`.
            let cost = line.purchase.arithmetic { money.shown(money.price($0)) } ?? money.shown(money.price(line.cost))
            return (line.item, "\(text(title(line.item, of: shops))): \(packs), " + cost)
        }
        let rows = counted + trip.tooMany.map { ($0.item, "\(text(title($0.item, of: shops))): " + $0.purchase.packsText(decimal: money.decimal)) }
        return rows.sorted { $0.0 < $1.0 }.map(\.1)
    }

    // MARK: Table

    public var table: String {
        if let nothing { return nothing }
        let count = shops.items.count
        let rows = shops.shops.map { trip in
            [name(trip.shop), shown(trip.total), "\(trip.covered) of \(count)", trip.missing.map(title).joined(separator: ", ")]
        }
        let table = TextTable.lines([["Shop", "Total", "Items", "Missing"]] + rows, rightAligned: [1])
        let lines = [table[0]] + zip(shops.shops, table.dropFirst()).flatMap { trip, row in
            let packs: [String] = Self.packRows(trip, of: shops, money: money).map { "  " + $0 }
            let deposits: [String] = trip.deposits == 0 ? [] : ["  " + depositsText(trip.total, trip.deposits)]
            return [row] + packs + deposits
        }
        return (lines + [""] + verdicts).joined(separator: "\n") + "\n"
    }

    // MARK: Markdown

    /// `- Aldi: 6.00, 3 of 3 items`, `- Lidl: 4.40, 2 of 3 items, missing Oats`, each with its pack rows nested
    /// (`  - Rice: 2× 500 g, 4.00`), then the verdicts; titles and shops escaped (`Markdown.escaped`).
    public var markdown: String {
        if let nothing { return nothing }
        let count = shops.items.count
        let lines = shops.shops.flatMap { trip -> [String] in
            let missing = trip.missing.isEmpty ? "" : ", missing " + trip.missing.map { Markdown.escaped(title($0)) }.joined(separator: ", ")
            let deposits: String = trip.deposits == 0 ? "" : ", " + depositsText(trip.total, trip.deposits)
            let shop = "- \(Markdown.escaped(name(trip.shop))): \(shown(trip.total)), \(trip.covered) of \(count) items" + missing + deposits
            return [shop] + Self.packRows(trip, of: shops, money: money, text: Markdown.escaped).map { "  - " + $0 }
        }
        return (lines + [""] + verdicts.map(Markdown.escaped)).joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    public var json: String {
        let trips = shops.shops.map { trip -> String in
            var members: [(String, String)] = [
                ("shop", string(trip.shop)), ("total", TripReport.amount(trip.total)), ("covered", String(trip.covered)),
                ("missing", "[" + trip.missing.map { string(shops.items[$0].displayTitle) }.joined(separator: ", ") + "]"),
                ("items", "[" + items(trip).joined(separator: ", ") + "]"),
            ]
            if trip.deposits > 0 { members += [("deposits", TripReport.amount(trip.deposits)), ("toBring", TripReport.amount(trip.total + trip.deposits))] }
            return JSONDocument.inline(members)
        }
        let split = shops.bestSplit.map { split in
            JSONDocument.inline([("shops", "[" + split.shops.map(string).joined(separator: ", ") + "]"), ("total", TripReport.amount(split.total)),
                                 ("saves", split.saves.map(TripReport.amount) ?? "null")])
        } ?? "null"
        var members = [("shops", JSONDocument.list(trips)), ("cheapestShop", shops.cheapestShop.map { string($0.shop) } ?? "null"), ("bestSplit", split)]
        if let currency { members.append(("currency", string(currency.text))) }
        return JSONDocument.object("shops", members)
    }

    /// Each item the shop has, in list order: its product, packs and line total (null when too many to count).
    private func items(_ trip: WhereToShop.ShopTrip) -> [String] {
        let all = (trip.lines.map { ($0.item, $0.purchase) } + trip.tooMany.map { ($0.item, $0.purchase) }).sorted { $0.0 < $1.0 }
        return all.map { item, purchase in
            let packs: String, lineTotal: String
            switch purchase.packs {
            case .whole(let count, let total): (packs, lineTotal) = (String(count), TripReport.amount(total))
            case .tooMany: (packs, lineTotal) = ("null", "null")
            }
            let entry = shops.items[item]
            return JSONDocument.inline([("title", string(entry.displayTitle)), ("product", TripReport.product(purchase.offer, per: entry.item.per)),
                                        ("packs", packs), ("lineTotal", lineTotal)])
        }
    }

    private func string(_ text: String) -> String { JSONExchange.string(text) }
}
