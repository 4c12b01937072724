import Foundation

/// Where to shop for the items on the shopping list (Ctrl-W there): each shop's total, how many items it has and which
/// it lacks, the cheapest shop and the best split across two. It only reads: the list it was opened from is kept
/// whole and shown again on Esc.
public struct WhereToShopScreen: Equatable, Sendable, ScreenReducer {
    /// The shopping list it was opened from, as it was (Esc shows it again).
    public let list: ShoppingListScreen
    /// Derived from the list's entries once.
    public let shops: WhereToShop
    /// The first line of the text shown.
    public internal(set) var top = 0

    public init(list: ShoppingListScreen, top: Int = 0) {
        self.list = list
        shops = WhereToShop(list.entries)
        self.top = top
    }

    public static func == (a: Self, b: Self) -> Bool { a.list == b.list && a.top == b.top }

    /// The title above the text; the status and the legend below it.
    public static let linesAboveText = 1
    public static let linesBelowText = 2
    /// Lines of text on one page at this size.
    public static func linesPerPage(_ size: TerminalSize) -> Int { max(1, size.height - linesAboveText - linesBelowText) }

    /// One line of the text: what it says and how much it stands out (never its only meaning).
    public struct Line: Equatable, Sendable {
        public enum Emphasis: Equatable, Sendable { case plain, verdict, heading, quiet }
        public var text: String
        public var emphasis: Emphasis
        init(_ text: String, _ emphasis: Emphasis = .plain) {
            self.text = text
            self.emphasis = emphasis
        }
    }

    /// The whole text at this width, the answer first: the cheapest shop, the best split (and where it buys what),
    /// then each shop's total, `3 of 3` items, what it lacks and what it sells in packs of another size
    /// (`Rice: 2× 500 g, 4.00`). Words wrap; a number is never cut.
    public func lines(width: Int, currency: Currency?, decimal: DecimalMark = .point) -> [Line] {
        let money = MoneyFormat(currency: currency, decimal: decimal)
        func shown(_ amount: Decimal) -> String { money.shown(money.price(amount)) }
        func title(_ item: Int) -> String { TerminalText.singleLine(shops.items[item].displayTitle) }
        func name(_ shop: String) -> String { TerminalText.singleLine(shop) }
        let room = max(1, width - 2)
        /// `text` wrapped at word breaks, its first line `lead` columns in, the others `indent`.
        func wrapped(_ text: String, lead: Int = 0, indent: Int = 0, _ emphasis: Line.Emphasis = .plain) -> [Line] {
            TextWidth.wrap(text, to: max(1, room - max(lead, indent))).enumerated().map { i, line in
                Line(String(repeating: " ", count: i == 0 ? lead : indent) + line, emphasis)
            }
        }
        if shops.items.isEmpty { return wrapped("Nothing on the list: + counts an item in.", .quiet) }
        if shops.shops.isEmpty { return wrapped(shops.noShopsBecause, .quiet) }
        var out: [Line] = []
        if let cheapest = shops.cheapestShop {
            out += wrapped("Cheapest shop: \(name(cheapest.shop)), \(shown(cheapest.total))", indent: 2, .verdict)
        } else {
            out += wrapped("Cheapest shop: none has every item", indent: 2)
        }
        if let split = shops.bestSplit {
            var best = wrapped("Best split: \(split.shops.map(name).joined(separator: " + ")), \(shown(split.total))", indent: 2, .verdict)
            if let saves = split.saves.map({ "saves \(shown($0))" }) {
                // `saves 0.10` stays together: on the line before when it fits, else on its own.
                let last = best[best.count - 1].text
                if TextWidth.of(last) + 2 + TextWidth.of(saves) <= room { best[best.count - 1].text = last + ", " + saves }
                else { best[best.count - 1].text = last + ","; best += wrapped(saves, lead: 2, indent: 2, .verdict) }
            }
            out += best
            for shop in split.shops.indices {
                let items = split.lines.filter { $0.shop == shop }.map { title($0.line.item) }
                out += wrapped("\(name(split.shops[shop])): " + items.joined(separator: ", "), lead: 2, indent: 4)
            }
        } else {
            out += wrapped("Best split: \(shops.noSplitBecause)", indent: 2)
        }
        out.append(Line(""))
        let count = shops.items.count
        let totals = shops.shops.map { shown($0.total) }
        let covers = shops.shops.map { "\($0.covered) of \(count)" }
        let totalWidth = max(TextWidth.of("Total"), totals.map(TextWidth.of).max() ?? 0)
        let coverWidth = max(TextWidth.of("Items"), covers.map(TextWidth.of).max() ?? 0)
        let longest = max(TextWidth.of("Shop"), shops.shops.map { TextWidth.of(name($0.shop)) }.max() ?? 0)
        let nameWidth = max(1, min(longest, room - totalWidth - coverWidth - 4))
        func row(_ shop: String, _ total: String, _ cover: String) -> String {
            let shop = TextWidth.truncate(shop, to: nameWidth)
            return shop + String(repeating: " ", count: nameWidth - TextWidth.of(shop) + 2 + totalWidth - TextWidth.of(total)) + total + "  " + cover
        }
        out.append(Line(row("Shop", "Total", "Items"), .heading))
        for (index, trip) in shops.shops.enumerated() {
            out.append(Line(row(name(trip.shop), totals[index], covers[index])))
            if !trip.missing.isEmpty {
                out += wrapped("missing " + trip.missing.map(title).joined(separator: ", "), lead: 2, indent: 4, .quiet)
            }
            for row in ShopsReport.packRows(trip, of: shops, money: money) { out += wrapped(row, lead: 2, indent: 4) }
        }
        return out
    }

    public mutating func update(_ action: WhereToShopAction, env: inout ScreenEnvironment) -> [Effect] {
        let size = env.session.size
        let rows = Self.linesPerPage(size)
        let count = lines(width: size.width, currency: env.session.currency, decimal: env.session.decimal).count
        func scroll(to first: Int) { top = max(0, min(first, count - rows)) }
        switch action {
        case .scroll(let lines): scroll(to: top + lines)
        case .scrollPage(let pages): scroll(to: top + pages * rows)
        case .toFirst: scroll(to: 0)
        case .toLast: scroll(to: count)
        case .close: return [.send(.whereToShop(.delegate(.closed)))]
        case .delegate: break   // the root's
        }
        return []
    }
}
