import ArgumentParser

/// The binary carries the Swift runtime, Foundation, ICU, SQLite, ncurses and the C library: their notices go with it.
struct LicensesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "licenses",
        abstract: "Print per's licence and those of the libraries built into it (LICENSE, THIRD-PARTY-NOTICES)."
    )

    func run() throws {
        try Output.out(String(decoding: PackageResources.LICENSE + Array("\n".utf8) + PackageResources.THIRD_PARTY_NOTICES, as: UTF8.self))
    }
}
