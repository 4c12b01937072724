import ArgumentParser
import Foundation
import PerCore
import PerTerminal
import PerDatabase

struct TripCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trip", abstract: "Print the shopping list: what to buy, the best value of each, and the totals.",
        discussion: """
            The items on the list (count 1 or more), in the list screen's order: most recently edited first \
            (--by-recent, the default, as the app starts), or grouped by shop with each shop's aisle order and a heading \
            per shop (--by-shop); each with its count, whether it is in the cart, the product to buy (the best value, or \
            the one pinned) and the line total; then the total, what is in the cart and what is left. --reset clears \
            every tick for the next trip. --shops prints where to shop instead: what the trip costs at each shop, the \
            items each is missing, the cheapest shop that has them all and the cheapest split across two shops. A count \
            is an amount: count × the pack it was counted on (2× set on a 500 g bag is 1 kg, whichever bag is best \
            later; a count set without a priced product is packs of the product to buy). Shops are compared for that \
            amount, in whole packs of each shop's product (2× 500 g (1 kg)); --shop buys it so too, and the count shown \
            is the packs bought: count × price = the line total.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "table, json or markdown (a checklist).")
    var format: TripFormat = .table
    @Flag(help: "Clear every tick (the next trip), then print the list.")
    var reset = false
    /// nil when not given (most recent first): --shops refuses it (it orders the shops, not the items).
    @Flag var order: TripOrder?
    @Flag(help: "Where to shop: the trip at each shop, the cheapest shop that has every item, the best split across two.")
    var shops = false
    @OptionGroup var shop: ShopOptions
    @OptionGroup var member: MemberOptions
    @OptionGroup var currency: CurrencyOptions

    /// Bad option values, refused before anything is opened.
    func validate() throws {
        try reportingFailures {
            _ = try database.resolvedPath()
            _ = try currency.resolved()
            _ = try ShopSettings.shop(shop.shop)
            if shops, shop.shop != nil { throw CommandFailure.usage("--shops compares every shop; leave --shop out") }
            if shops, let order {
                throw CommandFailure.usage("--shops lists the shops cheapest first, not the items; leave \(order == .byShop ? "--by-shop" : "--by-recent") out")
            }
        }
    }

    func run() throws {
        try reportingFailures {
            let currency = try self.currency.resolved()
            let database = try self.database.openDatabase(create: false)
            if reset { try database.make(.other(.clearTicks)) }
            let entries = try database.shoppingList(for: Shopper(schemes: try member.schemes(), today: LocalClock.today()))
            if shops {
                try Output.out(ShopsReport(entries, currency: currency, decimal: try self.currency.decimalMark()).render(format))
            } else {
                try Output.out(TripReport(entries, currency: currency, at: shop.name, order: (order ?? .byRecent).listOrder, decimal: try self.currency.decimalMark()).render(format))
            }
        }
    }
}

/// `--by-recent` / `--by-shop`: the list screen's two orders (Ctrl-S there). The app does not keep its choice (each
/// session starts most recently edited first), so neither does `per trip`.
enum TripOrder: EnumerableFlag {
    case byRecent
    case byShop

    var listOrder: ListOrder {
        switch self {
        case .byRecent: .recent
        case .byShop: .byShop
        }
    }

    static func help(for value: TripOrder) -> ArgumentHelp? {
        switch value {
        case .byRecent: "Most recently edited first (the default, as the app starts)."
        case .byShop: "Grouped by shop, each shop's items in their aisle order (as [ ] set them in the app)."
        }
    }
}
