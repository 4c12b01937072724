import ArgumentParser
import Foundation
import PerCore
import PerDatabase

/// Fills a database with generated comparisons, for `make bench`. Hidden from help.
struct SeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seed", abstract: "Fill a database with generated comparisons (for benchmarks).", shouldDisplay: false)
    @OptionGroup var database: DatabaseOptions
    @Option(help: "How many comparisons.")
    var comparisons = 1000
    @Option(help: "Products in each comparison.")
    var products = 100
    @Option(help: "Earlier prices of each product.")
    var history = 0

    /// Bad option values, refused before anything is opened.
    func validate() throws {
        try reportingFailures {
            _ = try database.resolvedPath()
        }
    }

    func run() throws {
        try reportingFailures {
            try ComparisonDatabase.seed(path: database.resolvedPath(), comparisons: comparisons, productsPerComparison: products, historyPerProduct: history)
        }
    }
}
