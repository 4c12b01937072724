import Foundation
import PerCore
import PerStore
import PerTerminal

/// The one synchronous loop: render the state, copy it to the terminal, read one input, update, do the effects.
@MainActor
enum AppLoop {
    static let flashMilliseconds = 150
    static let pollMilliseconds = 250

    static func run(store: ComparisonStore, mouse: Bool) -> Int32 {
        let comparison: Comparison
        do {
            comparison = try store.mostRecentlyEditedID().flatMap { try store.load($0) } ?? Comparison()
        } catch {
            FileHandle.standardError.write(Data("per: cannot read the database: \(error)\n".utf8))
            return 1
        }
        let terminal: Terminal
        do {
            terminal = try Terminal.start(TerminalOptions(mouse: mouse))
        } catch {
            FileHandle.standardError.write(Data("\(error.message)\n".utf8))
            return 1
        }
        let size = terminal.size
        var state = AppState(comparison: comparison, session: Session(
            size: TerminalSize(width: size.width, height: size.height), glyphs: terminal.glyphs, isReadOnly: store.isReadOnly))
        var storeSession = StoreSession(store: store, opened: comparison)
        var quitting = false
        var flashDeadline: Date?
        /// Sends an action through `update`, performs its effects, and sends back what they report, until none is left.
        func dispatch(_ first: Action) {
            var queue = [first]
            while !queue.isEmpty {
                let action = queue.removeFirst()
                let flashBefore = state.chrome.flash
                let effects = state.update(action)
                if state.chrome.flash != nil, state.chrome.flash != flashBefore || action.pressesAKey {
                    flashDeadline = Date().addingTimeInterval(Double(flashMilliseconds) / 1000)
                }
                for effect in effects {
                    switch effect {
                    case .repaint: terminal.repaintAll()
                    case .suspend: terminal.suspend()
                    case .quit: quitting = true
                    case .saveField, .deleteProduct, .deleteAllProducts, .saveHeader, .loadLists, .openComparison,
                         .createComparison, .renameComparison, .moveComparison, .deleteComparison:
                        queue += storeSession.perform(effect, in: state)
                    }
                }
            }
        }
        var lastPoll = Date()
        var needsDraw = true

        loop: while true {
            if needsDraw {
                terminal.draw(ScreenView.render(state), cursor: nil)
                needsDraw = false
            }
            var timeout = Int32(pollMilliseconds)
            if let deadline = flashDeadline {
                timeout = min(timeout, max(0, Int32(deadline.timeIntervalSinceNow * 1000)))
            }
            let event = terminal.readEvent(timeoutMilliseconds: timeout)
            if let deadline = flashDeadline, Date() >= deadline {
                flashDeadline = nil
                dispatch(.terminal(.flashEnded))
                needsDraw = true
            }
            if Date().timeIntervalSince(lastPoll) * 1000 >= Double(pollMilliseconds) {
                lastPoll = Date()
                let reports = storeSession.poll(state)
                for action in reports { dispatch(action) }
                if !reports.isEmpty { needsDraw = true }
            }
            guard let event, let action = KeyTable.action(for: event, in: state) else { continue }
            needsDraw = true
            dispatch(action)
            if quitting { break loop }
        }
        terminal.stop()
        return 0
    }
}

extension Action {
    /// Keypad presses flash their key even when the same key is pressed twice in a row.
    var pressesAKey: Bool {
        switch self {
        case .comparison(.keypad), .comparison(.type), .comparison(.selectUnit): true
        case .comparison, .lists, .app, .terminal, .store: false
        }
    }
}
