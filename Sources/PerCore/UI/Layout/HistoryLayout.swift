import Foundation

/// Where the price history's columns go at a size: sized from the texts of the entries shown, the widest layout
/// that keeps the product's name readable (dates, the shop in its own column, "lowest" in full), giving up the least
/// useful first: the shop's column, the full mark, the name (cut before its shop), then days become ages (`5 mo`).
/// The price, the size, the unit price and the shop stay. Numbers are never cut.
public struct HistoryLayout: Sendable {
    static let firstRowY = HistoryScreen.linesAboveRows

    public static func rowsPerPage(_ size: TerminalSize) -> Int { HistoryScreen.rowsPerPage(size) }

    /// One entry as text.
    public struct Row: Equatable, Sendable {
        public var day: String
        /// The day as an age (`today`, `5 mo`), for a narrow screen.
        public var age: String
        public var shop: String
        public var name: String
        public var price: String
        public var quantity: String
        public var unit: String
        public var unitPrice: String
        public var isLowest: Bool
        /// The lowest deal or member price seen (decision 432): marked in words beside `★ lowest`, as `per history` marks it.
        public var lowestOffers: [PriceKind] = []
        public var isCurrent: Bool

        /// The mark column's text: `★ lowest`, `★ lowest deal`, `★ lowest member price` (several joined by `, `), else
        /// `now` for a price now; short (`full` false): `★`, `★deal`, `★member`, joined by a space.
        /// `accessible`: words for the star (decision 440): `lowest, lowest deal`, short `low low-deal`.
        func mark(full: Bool, glyphs g: GlyphSet, accessible: Bool = false) -> String {
            let short = accessible ? "low" : String(g.bestMark), joined = accessible ? "low-" : String(g.bestMark)
            let offers = lowestOffers.map { kind -> String in
                switch kind {
                case .shelf: ""
                case .deal: full ? "lowest deal" : "\(joined)deal"
                case .member: full ? "lowest member price" : "\(joined)member"
                }
            }
            let marks = (isLowest ? [full ? "lowest" : short] : []) + offers
            if marks.isEmpty { return isCurrent ? "now" : "" }
            return full ? (accessible ? "" : "\(g.bestMark) ") + marks.joined(separator: ", ") : marks.joined(separator: " ")
        }

        /// `Oats @ Costco`, for a layout without a shop column.
        var nameAndShop: String { shop.isEmpty ? name : name.isEmpty ? "@ " + shop : name + " @ " + shop }

        /// `nameAndShop` in `width` columns: a name too long is cut before the shop (`Oa… @ Costco`), or left out.
        func nameAndShop(in width: Int, ellipsis: Character) -> String {
            guard TextWidth.of(nameAndShop) > width, !shop.isEmpty else { return TextWidth.truncate(nameAndShop, to: width, ellipsis: ellipsis) }
            let room = width - TextWidth.of(" @ " + shop)
            return room >= 2 ? TextWidth.truncate(name, to: room, ellipsis: ellipsis) + " @ " + shop
                : TextWidth.truncate("@ " + shop, to: width, ellipsis: ellipsis)
        }
    }

    public enum Column: Equatable, Sendable {
        case day, name, shop, price, quantity, unit, unitPrice, mark
    }

    public let rows: [Row]
    /// The entries shown, by index.
    public let shown: Range<Int>
    /// Each shown column's x and width, left to right.
    public let columns: [(column: Column, x: Int, width: Int)]
    /// The lowest's mark in full (`★ lowest`), or the mark alone.
    public let fullMark: Bool
    /// The shop has a column of its own; else it follows the name (`Oats @ Costco`).
    public let shopColumn: Bool
    /// Days shown as ages (`5 mo`): the narrowest layout.
    public let showsAges: Bool

    public init(_ screen: HistoryScreen, session: Session) {
        let width = session.size.width
        let isWide = width >= ScreenLayout.wideWidth
        let g = session.glyphs
        guard case .loaded(let book) = screen.content else {
            (rows, shown, columns, fullMark, shopColumn, showsAges) = ([], 0..<0, [], true, true, false)
            return
        }
        let entries = screen.shown
        let lowest = screen.lowestShown
        let count = entries.count
        let first = max(0, min(screen.top, count - Self.rowsPerPage(session.size)))
        let shown = first..<min(count, first + Self.rowsPerPage(session.size))
        self.shown = shown
        let marked = shown.map { index in
            let entry = entries[index]
            let record = entry.record
            return Row(day: record.seen.map { day in isWide ? day.iso : session.today.map { day.shortText(on: $0) } ?? day.iso } ?? "-",
                       age: record.seen.map { day in session.today.map { day.age(on: $0) } ?? day.iso } ?? "-",
                       shop: TerminalText.singleLine(record.shop), name: TerminalText.singleLine(record.name),
                       price: session.currency.format(session.decimal.shown(MoneyFormat.plain.price(record.price))),
                       quantity: session.decimal.shown(DecimalText.format(record.quantity)),
                       unit: record.unit.symbol, unitPrice: book.pricePerBasis(entry).map { session.currency.format(session.decimal.shown(MoneyFormat.plain.unitPrice($0))) } ?? "",
                       isLowest: index == lowest,
                       // Every price is listed only in its own view: the lowest per shop are shelf prices alone.
                       lowestOffers: screen.view == .everyPrice
                           ? [(PriceKind.deal, book.lowestDealIndex), (.member, book.lowestMemberIndex)].compactMap { $0.1 == index ? $0.0 : nil } : [],
                       isCurrent: entry.isCurrent)
        }
        var rows = marked
        func widest(_ heading: String, _ text: (Row) -> String) -> Int { max(TextWidth.of(heading), rows.map { TextWidth.of(text($0)) }.max() ?? 0) }
        let unitPrice = min(16, widest(Self.unitPriceHeading(book), \.unitPrice))
        let shop = widest("Shop", \.shop)
        // The marks' widths: in full, short, and short without the offers' (`★deal`), which give way before the name.
        // (`now` has the column's rest, as before.)
        let accessible = session.accessible
        let marks = [(true, true), (false, true), (false, false)].map { full, offers in
            max(TextWidth.of(Self.mark(full: full, glyphs: g, accessible: accessible)),
                offers ? rows.filter { !$0.lowestOffers.isEmpty }.map { TextWidth.of($0.mark(full: full, glyphs: g, accessible: accessible)) }.max() ?? 0 : 0)
        }
        // From the widest layout down: the first whose name column keeps its minimum. Without a shop column the name
        // carries the shop (`Oats @ Costco`), and the narrowest cut the name before it; their headings only where they fit.
        let nameAndShop = min(24, widest("Product @ shop", \.nameAndShop))
        // The name and shop whole, as a row shows them without headings.
        let whole = min(24, rows.map { TextWidth.of($0.nameAndShop) }.max() ?? 0)
        let atShop = rows.map { TextWidth.of($0.shop.isEmpty ? "" : "@ " + $0.shop) }.max() ?? 0
        // The offers' marks (`★deal`) stay only where the name stays whole beside them.
        typealias Choice = (shop: Bool, mark: Bool, offers: Bool, narrow: Bool, ages: Bool, nameMinimum: Int)
        let choices: [Choice] = [(true, true, true, false, false, 12), (false, true, true, false, false, max(12, nameAndShop)),
                                 (false, false, true, false, false, max(8, nameAndShop)), (false, false, true, true, false, whole),
                                 (false, false, false, false, false, max(8, nameAndShop)), (false, false, false, true, false, atShop),
                                 (false, false, false, true, true, atShop)]
        var chosen = choices.last!
        var nameWidth = 0
        var widths = (day: 0, price: 0, quantity: 0, unit: 0)
        for choice in choices {
            func needed(_ heading: String, _ text: (Row) -> String) -> Int { widest(choice.narrow ? "" : heading, text) }
            widths = (needed("Seen", choice.ages ? \.age : \.day), needed("Price", \.price), needed("Qty", \.quantity), needed("Unit", \.unit))
            // A space after each column but the last, and the name's.
            var fixed = widths.day + unitPrice + (choice.mark ? marks[0] : choice.offers ? marks[1] : marks[2]) + 4 + widths.price + widths.quantity + widths.unit + 3
            if choice.shop { fixed += shop + 1 }
            nameWidth = width - 1 - fixed
            chosen = choice
            if nameWidth >= choice.nameMinimum { break }
        }
        if !chosen.offers { for i in rows.indices { rows[i].lowestOffers = [] } }
        self.rows = rows
        let (fullMark, shopColumn) = (chosen.mark, chosen.shop)
        self.fullMark = fullMark
        self.shopColumn = shopColumn
        showsAges = chosen.ages
        var x = 1
        var placed: [(column: Column, x: Int, width: Int)] = []
        func place(_ column: Column, _ w: Int) {
            placed.append((column, x, w))
            x += w + 1
        }
        place(.day, widths.day)
        place(.name, max(0, nameWidth))
        if shopColumn { place(.shop, shop) }
        place(.price, widths.price); place(.quantity, widths.quantity); place(.unit, widths.unit)
        place(.unitPrice, unitPrice)
        place(.mark, max(0, width - x))
        self.columns = placed
    }

    /// What a click at (x, y) does: a row selects its entry.
    func action(atX x: Int, y: Int) -> Action? {
        let offset = y - Self.firstRowY
        guard x >= 0, rows.indices.contains(offset) else { return nil }
        return .history(.select(shown.lowerBound + offset))
    }

    /// `Per kg`: what the unit prices are per.
    static func unitPriceHeading(_ book: PriceBook) -> String { book.perLabel.isEmpty ? "Per unit" : "Per \(book.perLabel)" }

    /// The lowest's mark: `★ lowest`, or `★`; with ACCESSIBLE=1 words, `lowest`, or `low` (decision 440).
    static func mark(full: Bool, glyphs: GlyphSet, accessible: Bool = false) -> String {
        accessible ? (full ? "lowest" : "low") : full ? glyphs.bestMark + " lowest" : glyphs.bestMark
    }
}
