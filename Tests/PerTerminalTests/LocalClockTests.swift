import Foundation
import PerCore
@testable import PerTerminal
import Testing

@Suite struct LocalClockTests {
    /// The C library's local day is Foundation's, in this machine's zone, around the year and at day boundaries.
    @Test(arguments: [951_782_400, 1_700_000_000, 1_795_305_599, 1_795_305_600, 4_102_444_799] as [Int])
    func dayMatchesFoundation(seconds: Int) {
        #expect(LocalClock.day(at: time_t(seconds)) == CalendarDay(Date(timeIntervalSince1970: TimeInterval(seconds)), in: .current))
    }

    @Test func todayIsADayNearTheClock() {
        let before = CalendarDay(Date().addingTimeInterval(-86_400), in: .current)
        let after = CalendarDay(Date().addingTimeInterval(86_400), in: .current)
        #expect(LocalClock.today().map { (before...after).contains($0) } == true)
    }

    /// A clock outside 2000-9999 (unset: 1970; or set far off) gives no day: a price is saved without one, never with a
    /// made-up date (decision 113).
    @Test func aClockOutsideTheBelievableYearsGivesNoDay() {
        #expect(LocalClock.day(at: 0) == nil)
        #expect(LocalClock.day(at: 946_598_400) == nil)            // 1999-12-31
        #expect(LocalClock.day(at: 253_402_387_200) == nil)        // 10000-01-02
        #expect(LocalClock.day(at: 253_402_128_000)?.year == 9999) // 9999-12-30
    }
}
