import ArgumentParser
import Foundation
import PerCore
import PerDatabase

struct ListsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "lists", abstract: "Print the saved comparisons.")
    @OptionGroup var database: DatabaseOptions
    @Option(help: "table, json or csv.")
    var format: ReportFormat = .table

    /// Bad option values, refused before anything is opened.
    func validate() throws {
        try reportingFailures {
            _ = try database.resolvedPath()
        }
    }

    func run() throws {
        try reportingFailures {
            try Output.out(ListsReport(try database.openDatabase(create: false).summaries()).render(format))
        }
    }
}
