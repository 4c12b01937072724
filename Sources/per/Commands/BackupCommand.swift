import ArgumentParser
import Foundation
import PerCore
import PerDatabase

struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup", abstract: "Copy the whole database to a new file, safely while per is in use.",
        discussion: """
            FILE gets a consistent snapshot of the database (every comparison, product, earlier price and the shopping \
            list, as the last commit left them), even while sessions are writing; it is a normal per database \
            (per --db FILE opens it) and only you can read it (mode 0600). An existing FILE is never overwritten.
            """)
    @OptionGroup var database: DatabaseOptions
    @Argument(help: "The new file to write (it must not exist yet; not -: a backup is a file, not output).", completion: .file())
    var file: String

    /// Bad option values, refused before anything is opened.
    func validate() throws {
        try reportingFailures {
            _ = try database.resolvedPath()
            if file.isEmpty { throw CommandFailure.usage("FILE is empty; give the path of the new backup file") }
            // `-` is stdout to every other command; a file named `-` is not what anyone means.
            if file == "-" { throw CommandFailure.usage("per backup can't write to standard output (-); give the path of the new backup file (./- for a file named -)") }
        }
    }

    func run() throws {
        try reportingFailures {
            let store = try database.openDatabase(create: false)
            do throws(ComparisonDatabase.BackupFailure) {
                try store.backup(to: file)
            } catch {
                switch error {
                case .exists(let path):
                    throw CommandFailure("\(TerminalText.singleLine(path)) already exists; per backup never overwrites a file (give a new name)")
                case .cannotCreate(let path, let reason):
                    throw CommandFailure("can't create \(TerminalText.singleLine(path)): \(reason)")
                case .cannotWrite(let path, let reason):
                    throw CommandFailure("can't write the backup \(TerminalText.singleLine(path)): \(reason); nothing was left there")
                case .failed(let failure):
                    throw CommandFailure(failure.message)
                }
            }
            try Output.out("Backed up \(TerminalText.singleLine(store.path)) to \(TerminalText.singleLine(file)).\n")
        }
    }
}
