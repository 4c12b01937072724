import Foundation
import Testing
@testable import PerCore
import TestSupport

/// The price book keeps which kind each price seen was (decision 412): a shelf price, or one with a deal (a multi-buy)
/// or a member price seen beside it; "Lowest seen" is shelf with shelf, and each kind of offer is compared with its own.
@Suite struct PriceKindTests {
    static let nov1 = CalendarDay(iso: "2026-11-01")!
    static let nov10 = CalendarDay(iso: "2026-11-10")!

    /// Yoghurt 500 g seen at Aldi: `price` on `seen`, with `deal` beside it.
    static func tub(_ price: String, seen: CalendarDay, deal: Deal? = nil, id: String = "t") -> PriceRecord {
        PriceRecord(product: ProductID(id), name: "tub", shop: "Aldi", seen: seen, price: dec(price), quantity: 500, unit: .gram, deal: deal)
    }

    static func yoghurt(_ products: [Product] = []) -> Comparison {
        Comparison(id: "y", title: "Yoghurt", products: products, basis: ComparisonBasis(amount: 1, unit: .kilogram))
    }

    /// By hand, per kg: shelf 1.79 / 0.5 = 3.58, 1.59 / 0.5 = 3.18; 2 for 3.00: 3.00 / 1 = 3.00; 2 for 2.80: 2.80;
    /// Clubcard 1.40: 2.80 too. The lowest seen is the shelf's 3.18, never a deal's 2.80.
    @Test func lowestSeenIsTheShelfsAndEachKindOfOfferHasItsOwnLowest() {
        let history = [
            Self.tub("1.79", seen: Self.nov1, deal: Deal(.multibuy(count: 2, price: 3))),
            Self.tub("1.59", seen: Self.nov1),
            Self.tub("1.79", seen: Self.nov10, deal: Deal(.multibuy(count: 2, price: dec("2.80")))),
            Self.tub("1.79", seen: Self.nov10, deal: Deal(.member(scheme: "Clubcard", price: dec("1.40")))),
        ]
        #expect(history.map(\.kind) == [.deal, .shelf, .deal, .member])
        let book = PriceBook(history: history, comparison: Self.yoghurt())
        #expect(book.lowest.map { book.pricePerBasis($0) } == dec("3.18"))
        #expect(book.lowest?.record.deal == nil)
        let deal = book.lowestOffer(.deal)!
        #expect(deal.record.deal == Deal(.multibuy(count: 2, price: dec("2.80"))) && book.pricePerBasis(deal, as: .deal) == dec("2.8"))
        #expect(book.pricePerBasis(deal) == dec("3.58"))   // its shelf price, per kg, beside it
        let member = book.lowestOffer(.member)!
        #expect(member.record.deal?.scheme == "Clubcard" && book.pricePerBasis(member, as: .member) == dec("2.8"))
        let index = book.entries.firstIndex { $0.record == deal.record }!
        #expect(book.marks(index) == ["lowest deal"])
        #expect(book.marks(book.lowestIndex!) == ["lowest"])
        #expect(book.hasOffers)
    }

    /// An offer seen after its last day, or one no cheaper than its singles, was no deal on that day: the record is a
    /// shelf price.
    @Test func anOfferOverOrNoCheaperWhenSeenIsAShelfPrice() {
        let ended = Self.tub("1.79", seen: Self.nov10, deal: Deal(.multibuy(count: 2, price: 3), until: Self.nov1))
        let dear = Self.tub("1.79", seen: Self.nov1, deal: Deal(.multibuy(count: 2, price: 4)))
        let on = Self.tub("1.79", seen: Self.nov1, deal: Deal(.multibuy(count: 2, price: 3), until: Self.nov10))
        #expect([ended, dear, on].map(\.kind) == [.shelf, .shelf, .deal])
        let book = PriceBook(history: [ended, dear], comparison: Self.yoghurt())
        #expect(book.lowestOffer(.deal) == nil && book.lowestOffer(.member) == nil)
    }

    /// Property: whatever offers are seen, the lowest seen is the lowest shelf price (an offer never stands for it), and
    /// the lowest deal seen is no dearer per unit than any deal seen.
    @Test(arguments: 0..<6)
    func theLowestSeenIsAlwaysAShelfPrice(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        var history: [PriceRecord] = []
        for n in 0..<12 {
            let shelf = Decimal(Int.random(in: 100...400, using: &rng)) / 100
            let deal: Deal? = switch Int.random(in: 0..<3, using: &rng) {
            case 0: nil
            case 1: Deal(.multibuy(count: Int.random(in: 2...4, using: &rng), price: Decimal(Int.random(in: 100...900, using: &rng)) / 100))
            default: Deal(.member(scheme: "Clubcard", price: Decimal(Int.random(in: 50...400, using: &rng)) / 100))
            }
            history.append(Self.tub("\(shelf)", seen: Self.nov1.adding(days: n)!, deal: deal, id: "t\(n)"))
        }
        let book = PriceBook(history: history, comparison: Self.yoghurt())
        let shelfLowest = history.map { $0.price }.min()!
        #expect(book.lowest?.record.price == shelfLowest)
        let deals = book.entries.compactMap { $0.record.kind == .deal ? $0.offerUnitPrice : nil }
        if let lowestDeal = book.lowestOffer(.deal)?.offerUnitPrice { #expect(deals.allSatisfy { !($0 < lowestDeal) }) } else { #expect(deals.isEmpty) }
    }

    // MARK: In the app

    /// A tub at 1.79 with 2 for 3.00 beside it in the history (3.00 per kg the deal, 3.58 the shelf): a shelf price of
    /// 1.69 typed (3.38 per kg) is the new lowest price seen against the shelf's 3.58, never "+13%" against the deal.
    @Test func aShelfPriceTypedIsComparedWithShelfPricesOnly() {
        var store = TestStore()
        store.apply(.comparison(.historyLoaded("c", [Self.tub("1.79", seen: Self.nov1, deal: Deal(.multibuy(count: 2, price: 3)))])))
        guard case .record(let lowest, let offers) = store.state.editing.lowestSeen else { Issue.record("no lowest"); return }
        #expect(lowest.price == dec("1.79") && offers[.deal]?.deal == Deal(.multibuy(count: 2, price: 3)))
        store.enter(price: "1.69", quantity: "500", unit: "g")
        #expect(store.state.chrome.status?.text == "New lowest price seen (was 3.58 at Aldi, 1 Nov)", "\(String(describing: store.state.chrome.status))")
    }

    /// A deal typed in the Deal field is compared with the deals seen: 2 for 2.90 (2.90 per kg) against 2 for 3.00's
    /// 3.00 is the new lowest deal seen; 2 for 3.20 (3.20) is +6.67% on it: `+7%`. A member price is not compared
    /// with a deal.
    @Test func aDealTypedIsComparedWithDealsSeen() {
        var store = DealFieldTests.tubTyped(members: ["Clubcard"])
        store.apply(.comparison(.historyLoaded("c", [Self.tub("1.79", seen: Self.nov1, deal: Deal(.multibuy(count: 2, price: 3)))])))
        store.type("2 for 2.90")
        store.apply(.comparison(.nextField))
        #expect(store.state.chrome.status?.text == "New lowest deal seen (was 3.00 at Aldi, 1 Nov)", "\(String(describing: store.state.chrome.status))")
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .deal))))
        store.apply(.comparison(.clearField))
        store.type("2 for 3.20")
        store.apply(.comparison(.nextField))
        #expect(store.state.chrome.status?.text == "Lowest deal seen: 3.00 per kg at Aldi, 1 Nov (this is +7%)", "\(String(describing: store.state.chrome.status))")
        store.apply(.comparison(.focus(FieldFocus(product: 0, field: .deal))))
        store.apply(.comparison(.clearField))
        store.type("Clubcard 1.20")
        store.apply(.comparison(.nextField))
        #expect(store.state.chrome.status == nil, "\(String(describing: store.state.chrome.status))")   // no member price seen before
    }

    /// The history screen's hint says the lowest deal seen beside the lowest shelf price where there is room.
    @Test func theHistoryHintSaysTheLowestDealBesideTheLowestSeen() {
        let history = [Self.tub("1.79", seen: Self.nov1, deal: Deal(.multibuy(count: 2, price: 3))), Self.tub("1.59", seen: Self.nov1)]
        let book = PriceBook(history: history, comparison: Self.yoghurt())
        let screen = HistoryScreen(content: .loaded(book))
        var session = Session()
        session.today = Self.nov10
        #expect(HistoryView.hint(screen, session: session) == "Lowest seen: 3.18 per kg at Aldi, 1 Nov; deal 3.00")
    }

    /// The app's history rows mark the lowest deal and the lowest member price seen, each in words, as `per history` does
    /// (decision 432): by hand, per kg, the shelf's 1.59 / 0.5 = 3.18 is the lowest seen, 2 for 2.80 (2.80) the lowest deal,
    /// Clubcard 1.40 (2.80) the lowest member price; the 2 for 3.00 (3.00) no mark. At 40 columns the offers' marks give
    /// way before the name (`tub @ Aldi` whole); `PriceBookSnapshotTests.theHistoryMarksTheLowestDealSeen` shows them short there.
    @Test func theHistoryRowsMarkTheLowestDealAndMemberPriceSeenAsPerHistoryDoes() {
        let history = [
            Self.tub("1.79", seen: Self.nov1, deal: Deal(.multibuy(count: 2, price: 3))),
            Self.tub("1.59", seen: Self.nov1),
            Self.tub("1.79", seen: Self.nov10, deal: Deal(.multibuy(count: 2, price: dec("2.80")))),
            Self.tub("1.79", seen: Self.nov10, deal: Deal(.member(scheme: "Clubcard", price: dec("1.40")))),
        ]
        let book = PriceBook(history: history, comparison: Self.yoghurt())
        #expect(HistoryReport(history: history, comparison: Self.yoghurt()).table.contains("* lowest deal"))
        for (width, accessible, marks) in [(80, false, ["", "★ lowest", "★ lowest deal", "★ lowest member price"]), (40, false, ["", "★", "", ""]),
                                           (80, true, ["", "lowest", "lowest deal", "lowest member price"])] {
            var session = Session(size: TerminalSize(width: width, height: 24))
            session.today = Self.nov10
            session.accessible = accessible   // ACCESSIBLE=1: words, no star (decision 440)
            let layout = HistoryLayout(HistoryScreen(content: .loaded(book)), session: session)
            let rows = layout.rows
            // Newest first, as the book lists them: find each by its record.
            func mark(_ index: Int) -> String { rows[index].mark(full: layout.fullMark, glyphs: session.glyphs, accessible: accessible) }
            let byEntry = book.entries.indices.map(mark)
            let expected = book.entries.map { entry -> String in
                switch (entry.record.price, entry.record.deal) {
                case (dec("1.59"), nil): marks[1]
                case (_, Deal(.multibuy(count: 2, price: dec("2.80")))): marks[2]
                case (_, Deal(.member(scheme: "Clubcard", price: dec("1.40")))): marks[3]
                default: marks[0]
                }
            }
            #expect(byEntry == expected, "\(width): \(byEntry)")
            #expect(rows.allSatisfy { $0.nameAndShop(in: layout.columns.first { $0.column == .name }!.width, ellipsis: "…") == "tub @ Aldi" })
            // The mark column holds the longest mark whole.
            let column = layout.columns.first { $0.column == .mark }!
            #expect(marks.allSatisfy { TextWidth.of($0) <= column.width }, "\(width): \(column.width)")
        }
        // The lowest per shop are shelf prices: no offer's mark there.
        var session = Session(size: TerminalSize(width: 80, height: 24))
        session.today = Self.nov10
        let screen = HistoryScreen(content: .loaded(book), view: .lowestPerShop)
        #expect(HistoryLayout(screen, session: session).rows.allSatisfy { $0.lowestOffers.isEmpty })
    }
}
