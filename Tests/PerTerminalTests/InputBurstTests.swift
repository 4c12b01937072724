import Foundation
import Testing
import PerCore
@testable import PerTerminal
import TestSupport

/// A backlog of input (keys typed faster than frames are drawn) is handed over in one burst, after which the loop draws
/// one frame, not one a key (issue 32): every key, in order, none lost, Ctrl-Q among them. Not timed: bursts are counted.
/// On the headless screen (one ncurses screen at a time), reading a file as the terminal's input.
extension HeadlessRenderTests {
    static func typedBacklog(_ count: Int) -> String {
        var rng = SeededRandom(seed: 32)
        return String((0..<count).map { _ in Character(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &rng))) })
    }

    /// A headless terminal reading `input` as what was typed, and the first key it reads (the headless screen's size
    /// comes first, as a resize), for `body`; the terminal is stopped after it.
    func reading(_ input: String, _ body: (Terminal, InputEvent) throws -> Void) throws {
        let folder = TemporaryFolder()
        let path = folder.file("typed")
        try input.write(toFile: path, atomically: true, encoding: .utf8)
        let terminal = try #require(Terminal.headless(width: 80, height: 24, input: path))
        defer { terminal.stop() }
        var first = try #require(terminal.readEvent(timeoutMilliseconds: 1_000))
        if case .resize = first { first = try #require(terminal.readEvent(timeoutMilliseconds: 1_000)) }
        try body(terminal, first)
    }

    /// The keys as the text typed (Ctrl-Q as U+0011).
    func typed(_ events: [InputEvent]) -> String {
        String(events.map { event -> Character in
            switch event {
            case .character(let c): c
            case .control("q"): "\u{11}"
            default: "?"
            }
        })
    }

    @Test func aBacklogIsOneBurstInOrderWithNothingLost() throws {
        let typed = Self.typedBacklog(5_000)
        try reading(typed + "\u{11}") { terminal, first in
            var events: [InputEvent] = []
            // A budget no test machine reaches: the burst ends because nothing more waits.
            let handed = terminal.burst(from: first, budgetMilliseconds: 600_000) { events.append($0); return true }
            #expect(handed == 5_001)
            #expect(self.typed(events) == typed + "\u{11}")
            #expect(terminal.readEvent(timeoutMilliseconds: 0) == nil)
        }
    }

    @Test func aBurstStopsWhereTheAppIsDoneAndTheRestWaits() throws {
        try reading("abc\u{11}def") { terminal, first in
            var events: [InputEvent] = []
            let handed = terminal.burst(from: first, budgetMilliseconds: 600_000) { events.append($0); return $0 != .control("q") }
            #expect(handed == 4)
            #expect(typed(events) == "abc\u{11}")
            // What was behind Ctrl-Q is still there, in order.
            let next = try #require(terminal.readEvent(timeoutMilliseconds: 0))
            events = []
            terminal.burst(from: next, budgetMilliseconds: 600_000) { events.append($0); return true }
            #expect(typed(events) == "def")
        }
    }

    /// A flood never holds the screen back for long: once the budget has passed the burst ends (and a frame is drawn).
    @Test func aBurstEndsWithItsBudget() throws {
        try reading("abc") { terminal, first in
            var events: [InputEvent] = []
            #expect(terminal.burst(from: first, budgetMilliseconds: 0) { events.append($0); return true } == 1)
            let next = try #require(terminal.readEvent(timeoutMilliseconds: 0))
            #expect(terminal.burst(from: next, budgetMilliseconds: 600_000) { events.append($0); return true } == 2)
            #expect(typed(events) == "abc")
        }
    }
}
