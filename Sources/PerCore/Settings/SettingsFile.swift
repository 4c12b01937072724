/// The settings file, `$XDG_CONFIG_HOME/per/config` (else `~/.config/per/config`): one `key = value` a line, blank
/// lines, and `#` comments, whole-line or after a value; a value holding `#` is quoted (`shop = "No #1"`, where `\"` is
/// a quote and `\\` a backslash). The keys are the long options' names. It is where settings go that a shell's profile
/// would not reach (`ssh home per` reads neither `.profile` nor, on Debian, `.bashrc`). Parsing is pure and strict:
/// an unknown key, a bad value, a line without `=` or a key given twice is an error naming its line, never skipped.
public struct SettingsFile: Equatable, Sendable {
    /// A setting the file can hold, named as its long option.
    public enum Key: String, CaseIterable, Equatable, Hashable, Sendable {
        case db
        case currency
        case currencyFormat = "currency-format"
        case decimal
        case shop
        case staleDays = "stale-days"
        case mouse
        case uk
        case accessible
        /// The member schemes the shopper is in (`member = Clubcard, Lidl Plus`): their member prices are ranked.
        case member
        /// `wide` or `narrow`: whether the terminal draws East Asian Ambiguous characters in two columns (decision 428).
        case ambiguous

        /// The key as written in the file; `store` is `shop` (as `--store` is `--shop`).
        public init?(written: String) {
            if written == "store" { self = .shop; return }
            self.init(rawValue: written)
        }
    }

    /// A checked value and the line it is on.
    public struct Entry: Equatable, Sendable {
        public var value: Value
        public var line: Int
    }

    public enum Value: Equatable, Sendable {
        case text(String)
        case currency(Currency)
        case decimal(DecimalMark)
        case days(Int)
        case flag(Bool)
    }

    /// Why the file was refused: `line 3: unknown setting 'colour'`.
    public struct Problem: Error, Equatable, Sendable {
        public var line: Int
        public var reason: String
        public var message: String { "line \(line): \(reason)" }
    }

    public private(set) var entries: [Key: Entry] = [:]

    public init() {}

    public subscript(key: Key) -> Entry? { entries[key] }

    /// The most days `stale-days` (and `--stale-days`) takes.
    public static let maximumStaleDays = 3650

    /// The file's settings, or the first problem in it. Lines end in LF, CRLF or CR (Swift reads CRLF as one
    /// character, so splitting at "\n" alone missed it); a UTF-8 byte order mark at the start is skipped.
    public init(parsing text: String) throws(Problem) {
        var text = Substring(text)
        if text.unicodeScalars.first == "\u{FEFF}" { text = Substring(text.unicodeScalars.dropFirst()) }
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (index, line) in lines.enumerated() {
            let number = index + 1
            let content = line.trimmingSpaces
            if content.isEmpty || content.first == "#" { continue }
            guard let equals = content.firstIndex(where: { $0 == "=" || $0 == "#" }), content[equals] == "=" else {
                let setting = content.prefix { $0 != "#" }.trimmingSpaces
                throw Problem(line: number, reason: "'\(TerminalText.visible(String(setting)))' is not 'key = value'")
            }
            let written = String(content[..<equals].trimmingSpaces)
            guard let key = Key(written: written) else {
                let known = Key.allCases.map(\.rawValue).joined(separator: ", ")
                let hidden = SettingText.problem(in: written).map { " (\($0.message))" } ?? ""
                throw Problem(line: number, reason: "unknown setting '\(TerminalText.visible(written))'\(hidden) (settings: \(known))")
            }
            if let earlier = entries[key] {
                throw Problem(line: number, reason: "\(key.rawValue) is set twice (first on line \(earlier.line))")
            }
            do {
                entries[key] = Entry(value: try Self.value(of: key, try Self.unquoted(content[content.index(after: equals)...])), line: number)
            } catch {
                throw Problem(line: number, reason: "\(key.rawValue): \(error.reason)")
            }
        }
    }

    /// The value after `=`: up to a `#`, without the spaces around it; or, when it starts with `"`, what the quotes
    /// hold, `\` taking the character after it as it is.
    static func unquoted(_ written: Substring) throws(BadValue) -> String {
        let written = written.trimmingSpaces
        guard written.first == "\"" else { return String(written.prefix { $0 != "#" }.trimmingSpaces) }
        var value = String.UnicodeScalarView()
        var scalars = written.unicodeScalars.dropFirst()
        while let scalar = scalars.popFirst() {
            switch scalar {
            case "\\":
                guard let next = scalars.popFirst() else { break }
                value.append(next)
            case "\"":
                let rest = Substring(scalars).trimmingSpaces
                guard rest.isEmpty || rest.first == "#" else {
                    throw BadValue(reason: "'\(TerminalText.visible(String(rest)))' follows the closing quote (a comment starts with #)")
                }
                return String(value)
            default:
                value.append(scalar)
            }
        }
        throw BadValue(reason: "the opening quote has no closing one (\(TerminalText.visible(String(written))))")
    }

    /// `key = value` as the file reads it back: quoted when the value holds `#`, starts with a quote or has spaces
    /// at an end (`per config` writes its lines with it).
    public static func line(_ key: Key, _ value: String) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        let plain = !value.isEmpty && !value.contains("#") && value.first != "\"" && !blank(value.first!) && !blank(value.last!)
        guard !plain else { return "\(key.rawValue) = \(value)" }
        var quoted = String.UnicodeScalarView(["\""])
        for scalar in value.unicodeScalars {
            if scalar == "\"" || scalar == "\\" { quoted.append("\\") }
            quoted.append(scalar)
        }
        return "\(key.rawValue) = \(String(quoted))\""
    }

    struct BadValue: Error { var reason: String }

    /// A key's value checked as its option checks it; a control or invisible character in any value is named by its
    /// code point (`,` followed by U+200B would otherwise read "',' is not . or ,").
    static func value(of key: Key, _ text: String) throws(BadValue) -> Value {
        if let problem = SettingText.problem(in: text) { throw BadValue(reason: problem.message) }
        let shown = "'\(TerminalText.visible(text))'"
        switch key {
        case .db:
            guard text.hasPrefix("/") || text.hasPrefix("~/") else { throw BadValue(reason: "give the database file's full path, from / or ~/") }
            return .text(text)
        case .shop:
            guard !text.isEmpty else { throw BadValue(reason: "give the shop's name") }
            return .text(text)
        case .member:
            guard !Shopper.schemes(from: text).isEmpty else { throw BadValue(reason: "give the scheme's name, e.g. member = Clubcard") }
            return .text(text)
        case .currency:
            do { return .currency(try Currency(validating: text)) } catch { throw BadValue(reason: error.message) }
        case .currencyFormat:
            do { return .currency(try Currency(pattern: text)) } catch { throw BadValue(reason: error.message) }
        case .decimal:
            guard let mark = DecimalMark(rawValue: text) else { throw BadValue(reason: "\(shown) is not . or ,") }
            return .decimal(mark)
        case .staleDays:
            guard let days = staleDays(text) else { throw BadValue(reason: "\(shown) is not a number of days from 1 to \(maximumStaleDays)") }
            return .days(days)
        case .ambiguous:
            switch text.lowercased() {
            case "wide": return .flag(true)
            case "narrow": return .flag(false)
            default: throw BadValue(reason: "\(shown) is not wide or narrow")
            }
        case .mouse, .uk, .accessible:
            switch text.lowercased() {
            case "yes", "true", "on": return .flag(true)
            case "no", "false", "off": return .flag(false)
            default: throw BadValue(reason: "\(shown) is not yes or no")
            }
        }
    }

    /// `stale-days` as `--stale-days` reads it: digits only, 1 to `maximumStaleDays`.
    public static func staleDays(_ text: String) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }), let days = Int(text), (1...maximumStaleDays).contains(days) else { return nil }
        return days
    }
}

extension Substring {
    /// Without the spaces and tabs around it.
    fileprivate var trimmingSpaces: Substring {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !blank($0) }), let end = lastIndex(where: { !blank($0) }) else { return "" }
        return self[start...end]
    }
}
