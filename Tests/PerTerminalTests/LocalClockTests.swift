import Foundation
import PerCore
@testable import PerTerminal
import Testing

@Suite struct LocalClockTests {
    /// The C library's local day is Foundation's, in this machine's zone, around the year and at day boundaries.
    @Test(arguments: [0, 951_782_400, 1_700_000_000, 1_795_305_599, 1_795_305_600, 4_102_444_799] as [Int])
    func dayMatchesFoundation(seconds: Int) {
        #expect(LocalClock.day(at: time_t(seconds)) == CalendarDay(Date(timeIntervalSince1970: TimeInterval(seconds)), in: .current))
    }

    @Test func todayIsADayNearTheClock() {
        let before = CalendarDay(Date().addingTimeInterval(-86_400), in: .current)
        let after = CalendarDay(Date().addingTimeInterval(86_400), in: .current)
        #expect((before...after).contains(LocalClock.today()))
    }
}
