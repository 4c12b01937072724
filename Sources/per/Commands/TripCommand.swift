import ArgumentParser
import Foundation
import PerCore
import PerDatabase

struct TripCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trip", abstract: "Print the shopping list: what to buy, the best value of each, and the totals.",
        discussion: """
            The items on the list (count 1 or more), in list order (most recently edited first), each with its count, \
            whether it is in the cart, the product to buy (the best value, or the one pinned) and the line total; then \
            the total, what is in the cart and what is left. --reset clears every tick for the next trip.
            """)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "table, json or markdown (a checklist).")
    var format: TripFormat = .table
    @Flag(help: "Clear every tick (the next trip), then print the list.")
    var reset = false
    @OptionGroup var shop: ShopOptions
    @OptionGroup var currency: CurrencyOptions

    /// Bad option values, refused before anything is opened.
    func validate() throws {
        try reportingFailures {
            _ = try database.resolvedPath()
            _ = try currency.resolved()
            _ = try ShopSettings.shop(shop.shop)
        }
    }

    func run() throws {
        try reportingFailures {
            let currency = try self.currency.resolved()
            let database = try self.database.openDatabase(create: false)
            if reset { try database.clearTicks() }
            try Output.out(TripReport(try database.shoppingList(), currency: currency, at: shop.name).render(format))
        }
    }
}
