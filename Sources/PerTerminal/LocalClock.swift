#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PerCore

/// The day on the user's clock, in the local time zone (TZ, else /etc/localtime): prices committed are dated with
/// it. From the C library: Foundation's `TimeZone.current` costs about a millisecond at its first call, a sixth of
/// the app's first paint, for the same day.
public enum LocalClock {
    public static func today() -> CalendarDay { day(at: time(nil)) }

    /// The local day of a moment in seconds since 1970.
    public static func day(at seconds: time_t) -> CalendarDay {
        var moment = seconds
        var parts = tm()
        guard localtime_r(&moment, &parts) != nil,
              let day = CalendarDay(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
        else { return .reference }
        return day
    }
}
