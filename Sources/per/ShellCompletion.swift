import ArgumentParser
import Foundation
import PerDatabase

/// What the shell completion scripts ask per for (swift-argument-parser's custom completions): the saved titles for
/// `show`, `history` and `export`, the saved shops for `--shop`, the saved member schemes for `--member`. Never fails loudly: any problem is no suggestions.
enum ShellCompletion {
    /// The saved titles starting with `prefix` (any case), from the database the command line names (`--db`, else
    /// PER_DB, else the default file), read-only.
    @Sendable static func savedTitles(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        startingWith(prefix, ComparisonDatabase.titlesForCompletion, arguments)
    }

    /// The shops products were saved at, starting with `prefix` (any case), from the same database.
    @Sendable static func savedShops(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        startingWith(prefix, ComparisonDatabase.shopsForCompletion, arguments)
    }

    /// The schemes of the member prices saved, starting with `prefix` (any case), from the same database.
    @Sendable static func savedSchemes(_ arguments: [String], _ index: Int, _ prefix: String) -> [String] {
        startingWith(prefix, ComparisonDatabase.schemesForCompletion, arguments)
    }

    private static func startingWith(_ prefix: String, _ words: (String) -> [String], _ arguments: [String]) -> [String] {
        guard let path = try? DatabaseOptions.resolvedPath(databaseOption(in: arguments)) else { return [] }
        let typed = unquoted(prefix).lowercased()
        return words(path).filter { $0.lowercased().hasPrefix(typed) }
    }

    /// The word typed so far as the shell will read it (bash and zsh pass it as typed): an opening quote taken off (and
    /// `\"` inside double quotes read as `"`), else each backslash escape read as the character it escapes, so
    /// `Oat\ m` and `"Olive o` find `Oat milk` and `Olive oil`.
    static func unquoted(_ word: String) -> String {
        if let quote = word.first, quote == "\"" || quote == "'" {
            let inside = String(word.dropFirst())
            return quote == "\"" ? inside.replacingOccurrences(of: "\\\"", with: "\"") : inside
        }
        var read = "", escaped = false
        for character in word {
            if escaped {
                read.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                read.append(character)
            }
        }
        return read
    }

    /// `--db PATH` or `--db=PATH` among the words typed so far.
    static func databaseOption(in arguments: [String]) -> String? {
        for (i, word) in arguments.enumerated() {
            if word == "--db", i + 1 < arguments.count { return arguments[i + 1] }
            if word.hasPrefix("--db=") { return String(word.dropFirst("--db=".count)) }
        }
        return nil
    }

    /// `--per`'s units, as `per compare --help` lists them, with the amounts people compare by.
    static let comparisonUnits = [
        "kg", "100g", "g", "mg", "oz", "lb", "l", "100ml", "ml", "cl", "dl", "tsp", "tbsp", "floz", "cup", "pt", "qt", "gal",
        "m", "cm", "mm", "in", "ft", "yd", "m2", "cm2", "sqin", "sqft", "each", "dozen", "use:wash",
    ]
}
