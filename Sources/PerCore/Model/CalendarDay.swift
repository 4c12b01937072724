import Foundation

/// A day of the Gregorian calendar, as a shopper dates a price: `2026-11-22`. A value, valid by construction;
/// "today" comes from the edge (`Session.today`), never from a clock read in the core.
public struct CalendarDay: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nil unless the day exists (years 1 to 9999, so the ISO text is always four digits).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...Self.days(inMonth: month, of: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Reads exactly `YYYY-MM-DD` (ISO 8601's calendar date); anything else, or a day that does not exist, is nil.
    public init?(iso text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day a moment falls on in a time zone (the edge passes the clock's moment and the local zone).
    public init(_ date: Date, in timeZone: TimeZone) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        self = CalendarDay(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1) ?? .reference
    }

    /// 2000-01-01: the day a `Session` made without one (tests) takes as today.
    public static let reference = CalendarDay(unchecked: 2000, 1, 1)

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// `2026-11-22`.
    public var iso: String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let y = String(year)
        return String(repeating: "0", count: 4 - y.count) + y + "-" + two(month) + "-" + two(day)
    }

    public var description: String { iso }

    /// `3 Oct`: short, for messages (the year is left out).
    public var shortText: String {
        let names = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(day) \(names[month - 1])"
    }

    /// `3 Oct` in `today`'s year, else `3 Oct 2025`: short, and never read as the wrong year.
    public func shortText(on today: CalendarDay) -> String {
        year == today.year ? shortText : "\(shortText) \(year)"
    }

    public static func < (a: CalendarDay, b: CalendarDay) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    /// Days since 1970-01-01 (negative before it): days between two days are a subtraction.
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The day `n` days later (earlier when negative); nil outside years 1 to 9999.
    public func adding(days n: Int) -> CalendarDay? {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + n + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let d = dayOfYear - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return CalendarDay(year: yearOfEra + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// How old a price seen on this day is on `today`, as the table shows it: `today`, `3 d`, `2 wk`, `5 mo`, `2 yr`.
    /// The day after `today` is `today` too: it is today somewhere, in another session's time zone (a price typed a
    /// minute ago there). A later day (another machine's wrong clock, an import) reads `future`, and a century or more
    /// `old`: every age is at most six wide with its stale mark, so one odd day never takes the table's Seen column away.
    public func age(on today: CalendarDay) -> String {
        let days = today.dayNumber - dayNumber
        switch days {
        case -1: return "today"
        case ..<0: return "future"
        case (100 * 365)...: return "old"
        case 0: return "today"
        case 1..<14: return "\(days) d"
        case 14..<61: return "\(days / 7) wk"
        case 61..<731: return "\(days / 30) mo"
        default: return "\(days / 365) yr"
        }
    }

    /// Whether a price seen on this day is older than `days` days on `today`.
    public func isOlder(than days: Int, on today: CalendarDay) -> Bool {
        today.dayNumber - dayNumber > days
    }

    static func days(inMonth month: Int, of year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

/// How old prices read on a day: the table's `Seen` column, and whether a price is stale (older than `staleDays`).
public struct Freshness: Equatable, Sendable {
    /// Nil: the clock's date is not known, so ages are not either (a price shows its day, none is stale).
    public var today: CalendarDay?
    public var staleDays: Int
    /// `ACCESSIBLE=1`: the stale mark is a word (` old`: `5 mo old`), which a screen reader says (decision 254).
    public var accessible = false

    public init(today: CalendarDay?, staleDays: Int, accessible: Bool = false) {
        self.today = today
        self.staleDays = staleDays
        self.accessible = accessible
    }

    /// A stale price's age carries this mark (and is drawn dim), so it reads without colour: `5 mo!`.
    public static let staleMark = "!"
    /// The mark as this run draws it: `!`, or ` old` with `ACCESSIBLE=1`.
    public var staleMark: String { accessible ? " old" : Self.staleMark }
    /// The stale cue alone, where a row has no room for its age (decision 325): `!`, or `old`.
    public var staleCue: String { accessible ? "old" : Self.staleMark }
    /// The widest age `text` gives: `24 mo!`, `24 mo old`.
    public var widestAge: Int { accessible ? 9 : 6 }

    /// `today`, `3 d`, `5 mo!` (stale); nil for a price without a day (saved before per dated prices).
    public func text(_ seen: CalendarDay?) -> String? {
        guard let seen else { return nil }
        guard let today else { return seen.iso }
        return seen.age(on: today) + (isStale(seen) ? staleMark : "")
    }

    public func isStale(_ seen: CalendarDay?) -> Bool {
        guard let seen, let today else { return false }
        return seen.isOlder(than: staleDays, on: today)
    }
}

extension Session {
    public var freshness: Freshness { Freshness(today: today, staleDays: staleDays, accessible: accessible) }
}
