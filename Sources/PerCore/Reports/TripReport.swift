import Foundation

public enum TripFormat: String, CaseIterable, Sendable {
    case table
    case json
    case markdown
}

/// The shopping list for `per trip`: the items on the list (count ≥ 1) in the list screen's order (`ListOrder`: most
/// recently edited first, or grouped by shop with each shop's aisle order, under a heading per shop in the table and
/// the checklist), each with the product to buy and its line total, then the totals. Text is made safe on the way: the table and the checklist show control
/// characters as `\u{1B}` (line breaks and tabs as spaces), JSON escapes them. The table and the checklist show
/// the currency; JSON keeps plain decimal strings and adds a `currency` field when one is set (and `shop`, the
/// current shop, with `--shop`).
public struct TripReport: Sendable {
    public let items: [ListEntry]
    public let totals: ListTotals
    public let currency: Currency?
    /// The decimal mark of the table and the checklist (JSON and CSV keep the point).
    public let decimal: DecimalMark
    /// The current shop (`--shop`): each item's product to buy is the best there (none when it has none there).
    public let shop: ShopName?
    public let order: ListOrder

    /// `entries` most recently edited first, as the store reads them.
    public init(_ entries: [ListEntry], currency: Currency? = nil, at shop: ShopName? = nil, order: ListOrder = .recent, decimal: DecimalMark = .point) {
        self.decimal = decimal
        items = order.arranged(entries, at: shop).filter(\.isOnTheList)
        totals = ListTotals(entries, at: shop)
        self.currency = currency
        self.shop = shop
        self.order = order
    }

    /// Grouped by shop: the items' places in `items` where a shop's items begin, with the shop's heading.
    var headings: [Int: String] {
        switch order {
        case .recent:
            return [:]
        case .byShop:
            var headings: [Int: String] = [:]
            var previous: ListGroup?
            for (index, entry) in items.enumerated() {
                let group = ListGroup(entry.item, at: shop)
                if let previous, previous.isSame(as: group) { continue }
                headings[index] = group.heading
                previous = group
            }
            return headings
        }
    }

    public func render(_ format: TripFormat) -> String {
        switch format {
        case .table: table
        case .json: json
        case .markdown: markdown
        }
    }

    var money: MoneyFormat { MoneyFormat(currency: currency, decimal: decimal) }
    private func shown(_ amount: Decimal) -> String { money.shown(money.price(amount)) }

    /// What the product to buy is called: its name, else its size (`500 g`).
    /// The table's and the checklist's label (their decimal mark; JSON has its own fields).
    private func label(_ offer: Offer) -> String { TerminalText.singleLine(offer.label(decimal: decimal)) }
    /// The label, and its packs when they are of another size than the one wanted (at the current shop): `o2, 3× 400 g`.
    private func label(_ purchase: Purchase) -> String {
        TerminalText.singleLine(purchase.buyText(decimal: decimal, separator: ", "))
    }

    // MARK: Table

    public var table: String {
        guard !items.isEmpty else { return "Nothing on the list.\n" }
        let atShop = shop.map { "At \(TerminalText.singleLine($0.text))\n" } ?? ""
        let header = ["", "Count", "Item", "Buy", "Shop", "Price", "Total"]
        let body: [[String]] = items.map { entry in
            let purchase = entry.item.purchase(at: shop)
            let buy = purchase?.offer
            return [
                entry.item.ticked ? "[x]" : "[ ]",
                "\(entry.item.shownCount(at: shop))x",
                TerminalText.singleLine(entry.displayTitle),
                purchase.map(label) ?? (entry.item.isNotAt(shop) ? notAt : "-"),
                buy.map { TerminalText.singleLine($0.product.shop) } ?? "",
                buy?.product.price.map(shown) ?? "-",
                purchase?.cost.map(shown) ?? "-",
            ]
        }
        let rows = TextTable.lines([header] + body, rightAligned: [1, 5, 6])
        let headings = self.headings
        var lines = [rows[0]]
        for (index, row) in rows.dropFirst().enumerated() {
            if let heading = headings[index] { lines.append(heading) }
            lines.append(row)
        }
        lines.append("")
        lines.append(totalsLine)
        return atShop + lines.joined(separator: "\n") + "\n"
    }

    /// `Total 15.27 · in cart 1.29 · left 13.98`, and the items without a price or not at the current shop.
    var totalsLine: String { totalsLine(notAt: notAt) }

    /// The same, the current shop written as `notAt` (escaped in the checklist).
    func totalsLine(notAt: String) -> String {
        let missing = [totals.unpriced == 0 ? nil : "\(totals.unpriced) without a price",
                       totals.notHere == 0 ? nil : "\(totals.notHere) \(notAt)",
                       totals.tooMany == 0 ? nil : "\(totals.tooMany) in too many packs"].compactMap { $0 }
        return "Total \(shown(totals.total)) · in cart \(shown(totals.inCart)) · left \(shown(totals.left))"
            + (missing.isEmpty ? "" : " (\(missing.joined(separator: ", ")))") + depositsLine(shown)
    }

    /// ` · deposits 3.42 · to bring 16.41 (3.42 back for the empties)` when a product to buy has a deposit; else nothing.
    static func deposits(_ totals: ListTotals, _ shown: (Decimal) -> String) -> String {
        guard totals.deposits > 0 else { return "" }
        return " · deposits \(shown(totals.deposits)) · to bring \(shown(totals.toBring)) (\(shown(totals.deposits)) back for the empties)"
    }

    private func depositsLine(_ shown: (Decimal) -> String) -> String { Self.deposits(totals, shown) }

    /// An item none of whose products can be bought at the current shop: `not at Lidl`.
    private var notAt: String { "not at " + TerminalText.singleLine(shop?.text ?? "") }

    // MARK: Markdown

    /// A checklist to paste into a message: `- [ ] 2× Oats: o1, 6.99 = 13.98`, `- [x]` when ticked, totals at the end;
    /// grouped by shop, `## Aldi` before each shop's items. What the user typed is escaped (`Markdown.escaped`): a
    /// title `- [x] done` is text, not a second tick.
    public var markdown: String {
        let headings = self.headings
        let notAt = Markdown.escaped(self.notAt)
        var lines = items.enumerated().flatMap { index, entry -> [String] in
            var line = "- [\(entry.item.ticked ? "x" : " ")] \(entry.item.shownCount(at: shop))× \(Markdown.escaped(TerminalText.singleLine(entry.displayTitle)))"
            if let purchase = entry.item.purchase(at: shop) {
                let buy = purchase.offer
                let seenAt = ShopName.trimmed(buy.product.shop)
                // The line as arithmetic, packs × price = line total (DECISIONS 346): `2 × 0.99 = 1.98`.
                line += ": " + [Markdown.escaped(label(purchase)), seenAt.isEmpty ? nil : Markdown.escaped(TerminalText.singleLine(seenAt)),
                                purchase.arithmetic(shown) ?? buy.product.price.map(shown)]
                    .compactMap { $0 }.joined(separator: ", ")
            } else if entry.item.isNotAt(shop) {
                line += ": " + notAt
            }
            guard let heading = headings[index] else { return [line] }
            return (index == 0 ? [] : [""]) + ["## \(Markdown.escaped(heading))", "", line]
        }
        if !lines.isEmpty { lines.append("") }
        lines.append(totalsLine(notAt: notAt))
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: JSON

    /// `{"format": "per-trip", "version": 2, "items": [...], "total", "inCartTotal", "left", "currency"?, "shop"?}`.
    public var json: String {
        let objects = items.map { entry -> String in
            let purchase = entry.item.purchase(at: shop)
            var members: [(String, String)] = [
                ("title", string(entry.title)),
                ("listCount", String(entry.item.count)),
                ("inCart", entry.item.ticked ? "true" : "false"),
                ("product", purchase.map { Self.product($0.offer, per: entry.item.per) } ?? "null"),
                ("packs", purchase.flatMap(\.packsCount).map(String.init) ?? "null"),
                ("lineTotal", purchase?.cost.map(Self.amount) ?? "null"),
            ]
            if let deposits = purchase?.deposits { members.append(("deposits", Self.amount(deposits))) }
            // What the count means, where it is known (DECISIONS 344).
            if let amount = entry.item.amount {
                members += [("listAmount", string(DecimalText.format(amount.quantity))), ("listUnit", string(amount.unit.symbol))]
            }
            return JSONDocument.inline(members)
        }
        var members = [
            ("items", JSONDocument.list(objects)),
            ("total", Self.amount(totals.total)),
            ("inCartTotal", Self.amount(totals.inCart)),
            ("left", Self.amount(totals.left)),
        ]
        if totals.deposits > 0 { members += [("deposits", Self.amount(totals.deposits)), ("toBring", Self.amount(totals.toBring))] }
        if let currency { members.append(("currency", string(currency.text))) }
        if let shop { members.append(("shop", string(shop.text))) }
        return JSONDocument.object("trip", members)
    }

    /// A product to buy, as `per trip` and `per trip --shops` write it.
    static func product(_ offer: Offer, per: String) -> String {
        let p = offer.product
        return JSONDocument.inline([
            ("name", JSONExchange.string(p.name)),
            ("shop", JSONDocument.text(orNull: p.shop)),
            ("price", p.price.map { JSONExchange.string(DecimalText.format($0)) } ?? "null"),
            ("quantity", p.quantity.map { JSONExchange.string(DecimalText.format($0)) } ?? "null"),
            ("unit", p.unit.map { JSONExchange.string($0.symbol) } ?? "null"),
            ("unitPrice", offer.unitPrice.map { JSONExchange.string(ComparisonReport.exactText($0)) } ?? "null"),
            ("per", JSONExchange.string(per)),
        ])
    }

    /// An amount worked out (a line total, a total): an exact decimal string with at least two decimals.
    static func amount(_ value: Decimal) -> String { JSONExchange.string(MoneyFormat.plain.price(value)) }

    private func string(_ text: String) -> String { JSONExchange.string(text) }
}

/// Text the user typed, in a Markdown line: every character Markdown could read as markup (emphasis, a link or a
/// checkbox's brackets, code, HTML, an entity, a heading's closing #) written with a backslash, which Markdown drops;
/// and at its start a list item's marker (`+ Lidl`, `- Netto`, `2. Edeka`, `3) Rewe`), which after `- ` made a list in
/// the list (and `- [x] fake` a ticked box).
enum Markdown {
    static func escaped(_ text: String) -> String {
        var out = ""
        let scalars = Array(text.unicodeScalars)
        let digits = scalars.prefix { ("0"..."9").contains($0) }.count
        let orderedMarker = digits > 0 && digits <= 9 && digits < scalars.count && [".", ")"].contains(scalars[digits]) ? digits : nil
        for (index, scalar) in scalars.enumerated() {
            if special.contains(scalar) || (index == 0 && ["-", "+"].contains(scalar)) || index == orderedMarker { out += "\\" }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    private static let special: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "!", "|", "~", "#", "&"]
}
