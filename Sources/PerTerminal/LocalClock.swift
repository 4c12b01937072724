import Glibc
import PerCore

/// The day on the user's clock, in the local time zone (TZ, else /etc/localtime): prices committed are dated with
/// it. From the C library: Foundation's `TimeZone.current` costs about a millisecond at its first call, a sixth of
/// the app's first paint, for the same day.
public enum LocalClock {
    /// Nil when the clock is not believable (decision 113).
    public static func today() -> CalendarDay? { day(at: time(nil)) }

    /// The years a clock's date is believed in: outside them the clock is wrong (unset, or set far off), and a price
    /// is saved without a day rather than with a made-up one.
    public static let believableYears = 2000...9999

    /// The local day of a moment in seconds since 1970; nil when it is outside `believableYears` or the C library
    /// can't say.
    public static func day(at seconds: time_t) -> CalendarDay? {
        var moment = seconds
        var parts = tm()
        guard localtime_r(&moment, &parts) != nil, believableYears.contains(Int(parts.tm_year) + 1900) else { return nil }
        return CalendarDay(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }
}
