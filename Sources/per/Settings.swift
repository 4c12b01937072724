import Foundation
import PerCore
import PerDatabase

/// Where a setting in effect came from, strongest first: `per config` prints it.
enum SettingSource: Equatable {
    case option(String)
    case environment(String)
    case file(path: String, line: Int)
    case fallback
    /// Its currency's usual placement (`currency-format` when none is set).
    case convention

    var description: String {
        switch self {
        case .option(let name): "option \(name)"
        case .environment(let name): "environment \(name)"
        case .file(let path, let line): "\(path):\(line)"
        case .fallback: "default"
        case .convention: "the currency's convention"
        }
    }
}

/// A setting's value and where it came from.
struct Resolved<Value> {
    var value: Value
    var source: SettingSource
}

/// The settings file, read once, and the one rule for every setting: option > environment > file > default. Each
/// option's resolver (`CurrencyOptions`, `ShopSettings`, `DatabaseOptions`...) asks it for the file's value.
enum Settings {
    /// `$XDG_CONFIG_HOME/per/config`, else `~/.config/per/config` (a relative XDG_CONFIG_HOME is ignored, as the XDG
    /// spec says).
    static var path: String {
        // Plain strings, not NSString: this runs before the first frame, and bridging costs a start of Foundation.
        func joined(_ folder: String, _ rest: String) -> String { folder.hasSuffix("/") ? folder + rest : folder + "/" + rest }
        if let config = variable("XDG_CONFIG_HOME"), config.hasPrefix("/") { return joined(config, "per/config") }
        let home = variable("HOME") ?? NSHomeDirectory()
        return joined(home, ".config/per/config")
    }

    /// An environment variable; an empty one counts as unset.
    static func variable(_ name: String) -> String? {
        ComparisonDatabase.environmentVariable(name).flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The option's text, else the environment variable's, with the name an error blames and the source it records.
    private static func given(_ option: String?, _ optionName: String, _ variableName: String) -> (text: String, name: String, source: SettingSource)? {
        if let option { return (option, optionName, .option(optionName)) }
        return variable(variableName).map { ($0, variableName, .environment(variableName)) }
    }

    /// Whether the file exists (for `per config`).
    static var fileExists: Bool { access(path, F_OK) == 0 }

    private static let loaded: Result<SettingsFile, CommandFailure> = load(path)

    /// The file's settings (none when there is no file); a bad line or an unreadable file is a usage error (exit 2)
    /// naming the file and line.
    static func file() throws(CommandFailure) -> SettingsFile {
        try loaded.get()
    }

    /// Opened without waiting (a FIFO there would block every command until something wrote to it) and read only
    /// when it is a regular file. A missing file is no settings, but not when a link on the way points nowhere: a `db`
    /// set there would be silently ignored.
    static func load(_ path: String) -> Result<SettingsFile, CommandFailure> {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR:
                guard let (link, target) = danglingLink(on: path) else { return .success(SettingsFile()) }
                let what = link == path ? "the settings file" : TerminalText.singleLine(link)
                return .failure(.usage("\(path): \(what) is a link to \(TerminalText.singleLine(target)), which does not exist"))
            default: return .failure(.usage("\(path): can't read the settings file: \(String(cString: strerror(errno)))"))
            }
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            return .failure(.usage("\(path): can't read the settings file: \(String(cString: strerror(errno)))"))
        }
        let kind: String? = switch info.st_mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a folder"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFSOCK: "a socket"
        default: "not a file"
        }
        if let kind { return .failure(.usage("\(path): the settings file is \(kind), not a regular file")) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.usage("\(path): can't read the settings file: \(String(cString: strerror(errno)))"))
            }
            if count == 0 { break }
            bytes += buffer[..<count]
            if bytes.count > 1 << 20 { return .failure(.usage("\(path): the settings file is over 1 MB; it holds a few lines")) }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .failure(.usage("\(path): the settings file is not UTF-8 text"))
        }
        do {
            return .success(try SettingsFile(parsing: text))
        } catch {
            return .failure(.usage("\(path): \(error.message)"))
        }
    }

    /// The first link met going up from `path` (itself, then its folders) when it points nowhere, and its target.
    static func danglingLink(on path: String) -> (link: String, target: String)? {
        var prefix = Substring(path)
        while !prefix.isEmpty, prefix != "/" {
            var info = stat()
            if lstat(String(prefix), &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFLNK, stat(String(prefix), &info) != 0, errno == ENOENT else { return nil }
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let count = readlink(String(prefix), &buffer, buffer.count - 1)
                let target = count < 0 ? "?" : String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                return (String(prefix), target)
            }
            guard let slash = prefix.lastIndex(of: "/") else { return nil }
            prefix = prefix[..<slash]
        }
        return nil
    }

    /// The file's entry for `key` and its source.
    static func fileEntry(_ key: SettingsFile.Key) throws(CommandFailure) -> (entry: SettingsFile.Entry, source: SettingSource)? {
        guard let entry = try file()[key] else { return nil }
        return (entry, .file(path: path, line: entry.line))
    }

    /// The decimal mark: `--decimal`, `PER_DECIMAL`, the file, else a point.
    static func decimal(option: String?) throws(CommandFailure) -> Resolved<DecimalMark> {
        if let (text, name, source) = given(option, "--decimal", "PER_DECIMAL") {
            guard let mark = DecimalMark(rawValue: text) else { throw .usage("\(name): '\(TerminalText.singleLine(text))' is not . or ,") }
            return Resolved(value: mark, source: source)
        }
        if let (entry, source) = try fileEntry(.decimal), case .decimal(let mark) = entry.value { return Resolved(value: mark, source: source) }
        return Resolved(value: .point, source: .fallback)
    }

    /// `currency-format`: `--currency-format`, `PER_CURRENCY_FORMAT`, the file; nil when none says.
    static func currencyFormat(option: String?) throws(CommandFailure) -> Resolved<Currency>? {
        if let (text, name, source) = given(option, "--currency-format", "PER_CURRENCY_FORMAT") {
            do { return Resolved(value: try Currency(pattern: text), source: source) } catch { throw .usage("\(name): \(error.message)") }
        }
        if let (entry, source) = try fileEntry(.currencyFormat), case .currency(let currency) = entry.value { return Resolved(value: currency, source: source) }
        return nil
    }

    /// The currency and how it is written: `--currency`, `PER_CURRENCY`, the file's `currency`, else the currency
    /// `currency-format` names; placed as `currency-format` says when it names the same currency, else by its
    /// convention for `decimal`.
    static func currency(option: String?, format: Resolved<Currency>?, decimal: DecimalMark) throws(CommandFailure) -> Resolved<Currency>? {
        var chosen: Resolved<Currency>?
        if let option {
            do { chosen = Resolved(value: try Currency(validating: option), source: .option("--currency")) } catch { throw .usage(error.message) }
        } else if let text = variable("PER_CURRENCY") {
            do { chosen = Resolved(value: try Currency(validating: text), source: .environment("PER_CURRENCY")) } catch {
                throw .usage("PER_CURRENCY: \(error.message)")
            }
        } else if let (entry, source) = try fileEntry(.currency), case .currency(let currency) = entry.value {
            chosen = Resolved(value: currency, source: source)
        }
        guard var currency = chosen else { return format }
        if let format, format.value.text == currency.value.text {
            currency.value = currency.value.placed(format.value.placement)
        } else {
            currency.value = currency.value.placed(.conventional(for: currency.value.text, decimal: decimal))
        }
        return currency
    }

    /// `--stale-days`, `PER_STALE_DAYS`, the file, else `Session.defaultStaleDays`.
    static func staleDays(option: String?) throws(CommandFailure) -> Resolved<Int> {
        if let (text, name, source) = given(option, "--stale-days", "PER_STALE_DAYS") {
            guard text.allSatisfy(\.isASCII), let days = Int(text), (1...SettingsFile.maximumStaleDays).contains(days) else {
                throw .usage("\(name): '\(TerminalText.singleLine(text))' is not a number of days from 1 to \(SettingsFile.maximumStaleDays)")
            }
            return Resolved(value: days, source: source)
        }
        if let (entry, source) = try fileEntry(.staleDays), case .days(let days) = entry.value { return Resolved(value: days, source: source) }
        return Resolved(value: Session.defaultStaleDays, source: .fallback)
    }

    /// `--shop` (`--store`), else the file's `shop`; nil for none.
    static func shop(option: String?) throws(CommandFailure) -> Resolved<String>? {
        if let option { return Resolved(value: option, source: .option("--shop")) }
        if let (entry, source) = try fileEntry(.shop), case .text(let name) = entry.value { return Resolved(value: name, source: source) }
        return nil
    }

    /// `--member` (given once or more, or as `A, B`), else the file's `member`; none without either (decision 285).
    static func members(option: [String]) throws(CommandFailure) -> [String] {
        try resolvedMembers(option: option)?.value ?? []
    }

    /// The schemes `members(option:)` gives, with where they came from (`per config`); nil: none.
    static func resolvedMembers(option: [String]) throws(CommandFailure) -> Resolved<[String]>? {
        let given = option.flatMap(Shopper.schemes(from:))
        if !option.isEmpty {
            guard !given.isEmpty else { throw .usage("--member: give the scheme's name, e.g. --member Clubcard") }
            if let problem = given.lazy.compactMap(SettingText.problem(in:)).first { throw .usage("--member: \(problem.message)") }
            return Resolved(value: given, source: .option("--member"))
        }
        if let (entry, source) = try fileEntry(.member), case .text(let text) = entry.value {
            return Resolved(value: Shopper.schemes(from: text), source: source)
        }
        return nil
    }

    /// `ambiguous`: the file's `wide` or `narrow`, else wide where the locale is Chinese, Japanese or Korean
    /// (`TextWidth.localeDrawsAmbiguousWide`, decision 428).
    static func ambiguousIsWide() throws(CommandFailure) -> Resolved<Bool> {
        if let (entry, source) = try fileEntry(.ambiguous), case .flag(let wide) = entry.value { return Resolved(value: wide, source: source) }
        let wide = TextWidth.localeDrawsAmbiguousWide(lcAll: variable("LC_ALL"), lcCtype: variable("LC_CTYPE"), lang: variable("LANG"))
        return Resolved(value: wide, source: .fallback)
    }

    /// `accessible`: `ACCESSIBLE` set (to anything but `0`), else the file's, else no.
    static func accessible() throws(CommandFailure) -> Resolved<Bool> {
        if let value = variable("ACCESSIBLE") { return Resolved(value: value != "0", source: .environment("ACCESSIBLE")) }
        if let (entry, source) = try fileEntry(.accessible), case .flag(let on) = entry.value { return Resolved(value: on, source: source) }
        return Resolved(value: false, source: .fallback)
    }

    /// A yes/no setting: its option (`--mouse` / `--no-mouse`, `--uk` / `--us`), else the file's, else `fallback`; an
    /// option beats the file either way, and both options at once are refused.
    static func flag(_ key: SettingsFile.Key, on: (given: Bool, name: String), off: (given: Bool, name: String),
                     fallback: Bool) throws(CommandFailure) -> Resolved<Bool> {
        if on.given, off.given { throw CommandFailure.usage("\(on.name) and \(off.name) go one at a time") }
        if on.given { return Resolved(value: true, source: .option(on.name)) }
        if off.given { return Resolved(value: false, source: .option(off.name)) }
        if let (entry, source) = try fileEntry(key), case .flag(let on) = entry.value { return Resolved(value: on, source: source) }
        return Resolved(value: fallback, source: .fallback)
    }

    /// The file's `db`, with `~` as the home folder, for `DatabaseOptions` when neither `--db` nor `PER_DB` is given.
    static func databasePath() throws(CommandFailure) -> Resolved<String>? {
        guard let (entry, source) = try fileEntry(.db), case .text(let path) = entry.value else { return nil }
        return Resolved(value: ComparisonDatabase.resolvePath(option: path, variable: ComparisonDatabase.environmentVariable), source: source)
    }
}
