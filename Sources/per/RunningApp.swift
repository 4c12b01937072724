import Foundation
import PerCore
import PerDatabase
import PerTerminal

/// The app while it runs: the state, the terminal and the database session, and the effect runner that connects
/// them. Only `dispatch` changes the state, always through `AppState.update`.
@MainActor
struct RunningApp {
    static let pollMilliseconds = 250

    let terminal: Terminal
    /// The state and the database session, and the loop between them.
    private var driver: AppDriver
    var state: AppState { driver.state }
    /// The state of the frame on screen: taps are read against what was drawn where they land.
    private(set) var drawn: AppState?
    private var databaseSession: DatabaseSession {
        get { driver.database }
        _modify { yield &driver.database }
    }
    /// Actions waiting for their time (`Effect.after`): the end of a key flash.
    private var timers: [(deadline: Date, action: Action)] = []
    private var quit = Quit.no
    private var needsDraw = true
    private var lastPoll = Date()
    private var integrity = Integrity.notStarted

    init(terminal: Terminal, state: AppState, databaseSession: DatabaseSession) {
        self.terminal = terminal
        driver = AppDriver(state: state, database: databaseSession)
    }

    /// How far quitting has got: not asked, asked (it waits for every write), or now (nothing to wait for).
    private enum Quit: Comparable {
        case no
        case onceSaved
        case now
    }

    /// The whole-file check: started once the first frame is on screen (nothing was written before it), it runs
    /// beside the loop; writes wait for it.
    private enum Integrity {
        case notStarted
        case running(BackgroundIntegrityCheck)
        case passed
    }

    var isDone: Bool {
        switch quit {
        case .no: false
        case .onceSaved: databaseSession.isUpToDate
        case .now: true
        }
    }

    // MARK: The loop's parts

    mutating func drawIfNeeded() {
        guard needsDraw else { return }
        terminal.draw(ScreenView.render(state), cursor: nil)
        drawn = state
        needsDraw = false
    }

    /// Starts the whole-file check after the first frame (and reads what the first frame did not wait for); a failed
    /// check is returned.
    mutating func checkIntegrity() -> DatabaseFailure? {
        switch integrity {
        case .notStarted:
            integrity = .running(BackgroundIntegrityCheck(databaseSession.database))
            databaseSession.holdsWrites = true
            dispatch(.terminal(.started))
        case .running(let check):
            switch check.outcome {
            case nil: break
            case .success:
                integrity = .passed
                databaseSession.holdsWrites = false   // the next poll writes what waited
                for action in databaseSession.copyNotice() + databaseSession.saveLeftChanges() { dispatch(action) }
            case .failure(let error): return error
            }
        case .passed:
            break
        }
        return nil
    }

    /// Until the next timer or the next poll.
    var readTimeout: Int32 {
        let next = timers.map(\.deadline).min().map { Int32(max(0, $0.timeIntervalSinceNow * 1000)) } ?? Int32.max
        return min(Int32(Self.pollMilliseconds), next)
    }

    mutating func fireTimers() {
        let now = Date()
        let due = timers.filter { $0.deadline <= now }
        timers.removeAll { $0.deadline <= now }
        for timer in due { dispatch(timer.action) }
    }

    /// Every `pollMilliseconds`: a new day on the clock, the writes that wait, other sessions' changes.
    mutating func pollIfDue() {
        guard Date().timeIntervalSince(lastPoll) * 1000 >= Double(Self.pollMilliseconds) else { return }
        lastPoll = Date()
        if case let day = LocalClock.today(), day != state.session.today { dispatch(.terminal(.today(day))) }
        for action in databaseSession.poll(state.watch) { dispatch(action) }
    }

    /// Quitting waits for every write; the status line says so (Esc gives up).
    mutating func waitForSavesIfQuitting() {
        if quit == .onceSaved, !databaseSession.isUpToDate, state.chrome.overlay != .quitting { dispatch(.database(.quitWaits)) }
    }

    // MARK: Actions and effects

    /// Sends an action through `update` (the driver performs the database's effects), then performs the terminal's and
    /// the timers'.
    mutating func dispatch(_ first: Action) {
        needsDraw = true
        for effect in driver.send(first) { perform(effect) }
    }

    private mutating func perform(_ effect: Effect) {
        switch effect {
        case .terminal(.repaint): terminal.repaintAll()
        case .terminal(.suspend): if !terminal.suspend() { dispatch(.terminal(.suspendRefused)) }
        case .terminal(.quit): quit = max(quit, .onceSaved)
        case .terminal(.quitNow): quit = .now
        case .after(let milliseconds, let action):
            timers.removeAll { $0.action == action }
            timers.append((Date().addingTimeInterval(Double(milliseconds) / 1000), action))
        case .database, .send: break   // the driver's
        }
    }

    // MARK: The end

    /// Restores the terminal; what could not be saved goes to a recovery file (exit 1).
    mutating func finish() -> Int32 {
        if case .running(let check) = integrity {
            // Quitting at once while the check runs: what waited is written once it passes.
            switch check.wait() {
            case .success:
                databaseSession.holdsWrites = false
                _ = databaseSession.poll(state.watch)
            case .failure(let error):
                return refuse(error)
            }
        }
        terminal.stop()
        guard databaseSession.holdsUnsaved else { return 0 }
        return recover()
    }

    /// A failed check ends the app with its message; what was typed meanwhile goes to a recovery file.
    mutating func refuse(_ error: DatabaseFailure) -> Int32 {
        terminal.stop()
        Output.error(error.message)
        return databaseSession.holdsUnsaved ? recover(reason: error.message) : 1
    }

    /// Some writes never reached the database: every one of them goes to a recovery file (exit 1).
    private mutating func recover(reason given: String? = nil) -> Int32 {
        let reason = given ?? databaseSession.whyUnsaved
        let journal = databaseSession.recoveryJournal
        let changes = journal.userChanges
        let counted = changes == 0 ? "some changes could not be saved (\(reason))"
            : "\(changes) change\(changes == 1 ? "" : "s") could not be saved (\(reason)): \(journal.summary)"
        do {
            let path = try databaseSession.writeRecovery()
            databaseSession.letTheKeptFileGo()
            Output.diagnostic("""
                per: \(counted).
                per: \(changes == 1 ? "it is" : "they are") in \(path)
                per: bring \(changes == 1 ? "it" : "them") back with: per import '\(path)'

                """)
        } catch {
            Output.diagnostic("""
                per: \(counted), and no recovery file could be written (\(error)).
                per: the recovery file follows; save it and bring it back with per import:
                \(journal.encoded())
                """)
        }
        return 1
    }
}
