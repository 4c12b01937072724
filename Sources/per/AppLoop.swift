import Foundation
import PerCore
import PerStore
import PerTerminal

/// The one synchronous loop: render the state, copy it to the terminal, read one input, update, do the effects.
@MainActor
enum AppLoop {
    static let flashMilliseconds = 150
    static let pollMilliseconds = 250
    /// A write waits at most this long for another program's lock; then it is kept and tried again.
    static let writeWaitMilliseconds = 100

    /// `firstRead` reads the database on another thread while the terminal starts; when it can't (a new, read-only,
    /// locked or foreign file) the store opens here, with its messages, after the terminal is restored.
    static func run(_ firstRead: FirstReadThread, path: String, mouse: Bool, currency: Currency?, shop: ShopName? = nil,
                    staleDays: Int = Session.defaultStaleDays) -> Int32 {
        let terminal: Terminal
        do {
            terminal = try Terminal.start(TerminalOptions(mouse: mouse))
        } catch {
            Output.diagnostic("\(error.message)\n")
            return 1
        }
        let opening: StoreOpening
        let comparison: Comparison
        if let first = firstRead.wait() {
            opening = .afterFirstFrame(first, path: path)
            comparison = first.comparison ?? Comparison()
        } else {
            do {
                // Checked after the first paint.
                let store = try ComparisonStore(path: path, create: true, deferringIntegrityCheck: true)
                opening = .opened(store)
                comparison = try store.comparisonToOpen(orNew: Comparison())
            } catch {
                terminal.stop()
                Output.error(error.message)
                return 1
            }
        }
        let size = terminal.size
        func session(isReadOnly: Bool) -> Session {
            Session(size: TerminalSize(width: size.width, height: size.height), glyphs: terminal.glyphs, isReadOnly: isReadOnly,
                    currency: currency, today: today(), shop: shop, staleDays: staleDays)
        }
        var state: AppState
        let store: ComparisonStore
        switch opening {
        case .opened(let opened):
            store = opened
            state = AppState(comparison: comparison, session: session(isReadOnly: store.isReadOnly))
        case .afterFirstFrame(let first, let path):
            state = AppState(comparison: comparison, session: session(isReadOnly: false))
            terminal.draw(ScreenView.render(state), cursor: nil)
            do {
                store = try ComparisonStore(path: path, create: true, deferringIntegrityCheck: true)
                first.close()
                // What the store reads wins: another session may have written in between (nothing was typed yet).
                let opened = try store.comparisonToOpen(orNew: comparison)
                if opened != comparison || store.isReadOnly {
                    state = AppState(comparison: opened, session: session(isReadOnly: store.isReadOnly))
                    terminal.draw(ScreenView.render(state), cursor: nil)
                }
            } catch {
                terminal.stop()
                Output.error(error.message)
                return 1
            }
        }
        store.waitForLocks(atMost: Double(writeWaitMilliseconds) / 1000)
        var storeSession = StoreSession(store: store, opened: state.editing.comparison)
        var quit = Quit.no
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
                    case .quit: quit = max(quit, .onceSaved)
                    case .quitNow: quit = .now
                    case .saveField, .restoreProduct, .deleteProduct, .deleteAllProducts, .saveHeader, .loadLists, .loadHistory, .openComparison,
                         .createComparison, .renameComparison, .deleteComparison, .restoreDeletedComparison, .discardIfBlank,
                         .restoreComparison, .addListItem, .changeListCount, .setInCart, .clearCheckOffs, .setAisleOrder, .pinProduct:
                        queue += storeSession.perform(effect, in: state)
                    }
                }
            }
        }
        var lastPoll = Date()
        var needsDraw = true
        /// The whole-file check: started once the first frame is on screen (nothing was written before it), it runs
        /// beside the loop; writes wait for it.
        var integrity: BackgroundIntegrityCheck?
        var verified = false
        /// A failed check ends the app with its message; what was typed meanwhile goes to a recovery file.
        func refuse(_ error: StoreError) -> Int32 {
            terminal.stop()
            Output.error(error.message)
            return storeSession.isUpToDate ? 1 : recover(state, storeSession, reason: error.message)
        }

        loop: while true {
            if needsDraw {
                terminal.draw(ScreenView.render(state), cursor: nil)
                needsDraw = false
            }
            if !verified {
                verified = true
                integrity = BackgroundIntegrityCheck(store)
                storeSession.holdsWrites = true
                // The open comparison's history, for the lowest seen, after the first frame too (each comparison
                // opened later asks for its own).
                dispatch(.store(.historyLoaded(state.editing.comparison.id, (try? store.history(of: state.editing.comparison.id)) ?? [])))
            }
            if let check = integrity, let outcome = check.outcome {
                integrity = nil
                switch outcome {
                case .success: storeSession.holdsWrites = false   // the next poll writes what waited
                case .failure(let error): return refuse(error)
                }
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
                if case let day = today(), day != state.session.today { dispatch(.terminal(.today(day))) }
                let reports = storeSession.poll(state)
                for action in reports { dispatch(action) }
                if !reports.isEmpty { needsDraw = true }
            }
            if let event, let action = Input.action(for: event, in: state) {
                needsDraw = true
                dispatch(action)
            }
            switch quit {
            case .no: continue loop
            case .onceSaved:
                if storeSession.isUpToDate { break loop }
                if state.chrome.overlay != .quitting { dispatch(.store(.quitWaits)); needsDraw = true }
            case .now:
                break loop
            }
        }
        if let check = integrity {
            // Quitting at once while the check runs: what waited is written once it passes.
            switch check.wait() {
            case .success:
                storeSession.holdsWrites = false
                _ = storeSession.poll(state)
            case .failure(let error):
                return refuse(error)
            }
        }
        terminal.stop()
        guard !storeSession.isUpToDate else { return 0 }
        return recover(state, storeSession)
    }

    static func today() -> CalendarDay { LocalClock.today() }

    /// Some writes never reached the database: what this session holds goes to a recovery file.
    static func recover(_ state: AppState, _ storeSession: StoreSession, reason given: String? = nil) -> Int32 {
        let reason = given ?? storeSession.lastFailure ?? "another session deleted this comparison"
        do {
            let path = try storeSession.writeRecovery(state)
            Output.diagnostic("""
                per: some changes could not be saved (\(reason)).
                per: this comparison, with everything typed, is in \(path)
                per: bring it back with: per import '\(path)'

                """)
        } catch {
            Output.diagnostic("""
                per: some changes could not be saved (\(reason)), and no recovery file could be written (\(error)).
                per: this comparison, with everything typed, follows; save it and bring it back with per import:
                \(ComparisonExchange.encode([state.editing.comparison], as: .json))

                """)
        }
        return 1
    }
}

/// How the app gets its store: opened before the first frame, or (an existing per database) read with
/// `FirstRead` for the first frame and opened right after it.
enum StoreOpening {
    case opened(ComparisonStore)
    case afterFirstFrame(FirstRead, path: String)
}

/// How far quitting has got: not asked, asked (it waits for every write), or now (nothing to wait for).
enum Quit: Comparable {
    case no
    case onceSaved
    case now
}

extension Action {
    /// Keypad presses flash their key even when the same key is pressed twice in a row.
    var pressesAKey: Bool {
        switch self {
        case .comparison(.keypad), .comparison(.type), .comparison(.selectUnit): true
        case .comparison, .lists, .history, .app, .terminal, .store: false
        }
    }
}
