import Foundation
import PerCore
import PerDatabase
import PerTerminal

/// What the command line gives the app.
struct AppSettings {
    var path: String
    var mouse: Bool
    var currency: Currency?
    var decimal: DecimalMark = .point
    var shop: ShopName?
    var staleDays: Int
    var volumeSystem: VolumeSystem = .us
    /// `ACCESSIBLE=1` or `accessible = yes`: no key flash, messages stay until the next one.
    var accessible = false
    /// The settings file's `member` schemes: their member prices are ranked (decision 285).
    var members: [String] = []
}

/// From the command line to the first frame: the terminal, the database and the state, or the exit status of a failure
/// (already said on stderr, the terminal restored).
@MainActor
enum AppStartup {
    /// A write waits at most this long for another program's lock; then it is kept and tried again.
    static let writeWaitMilliseconds = 100

    /// The comparison to open is read, then the terminal is taken over and the first frame drawn: one thread
    /// (decision 153). When the first read can't (a new, read-only, locked or foreign file) the database opens here,
    /// with its messages, after the terminal is restored.
    static func start(_ settings: AppSettings) -> Result<RunningApp, ExitStatus> {
        let firstRead = FirstRead.read(path: settings.path)
        let terminal: Terminal
        do {
            terminal = try Terminal.start(TerminalOptions(mouse: settings.mouse))
        } catch {
            firstRead?.close()
            Output.diagnostic("\(error.message)\n")
            return .failure(ExitStatus(1))
        }
        let size = TerminalSize(width: terminal.size.width, height: terminal.size.height)
        // One id, so that the first read's state and the database's compare equal when they read the same.
        let sessionID = EntityID.random().rawValue
        func session(isReadOnly: Bool) -> Session {
            var session = Session(id: sessionID, size: size, glyphs: terminal.glyphs, isReadOnly: isReadOnly, currency: settings.currency, today: LocalClock.today(),
                                  shop: settings.shop, staleDays: settings.staleDays, decimal: settings.decimal, volumeSystem: settings.volumeSystem,
                                  accessible: settings.accessible)
            session.members = settings.members
            return session
        }
        var state: AppState
        let store: ComparisonDatabase
        do {
            if let first = firstRead {
                // The first frame from the first read (the comparison and its count on the list); the database opens right
                // after it.
                state = first.state(orNew: Comparison(volumeSystem: settings.volumeSystem), session: session(isReadOnly: false))
                terminal.draw(ScreenView.render(state), cursor: nil)
                // Closed before the database opens: opening reads the file's header through a descriptor of its own,
                // and closing that descriptor would drop every lock this process holds on the file (POSIX locks are
                // the process's), the first read's included, which SQLite would go on counting as held; another
                // program closing its connection could then remove the write-ahead log this session writes into.
                first.close()
                store = try ComparisonDatabase(path: settings.path, create: true, deferringIntegrityCheck: true)
                // What the database reads wins: another session may have written in between (nothing was typed yet).
                let opened = try store.openingState(orNew: state.editing.comparison, session: session(isReadOnly: store.isReadOnly))
                if opened.editing.comparison != state.editing.comparison || opened.editing.onTheList != state.editing.onTheList || store.isReadOnly {
                    state = opened
                    terminal.draw(ScreenView.render(state), cursor: nil)
                }
            } else {
                // Checked after the first paint.
                store = try ComparisonDatabase(path: settings.path, create: true, deferringIntegrityCheck: true)
                state = try store.openingState(orNew: Comparison(volumeSystem: settings.volumeSystem), session: session(isReadOnly: store.isReadOnly))
            }
        } catch {
            terminal.stop()
            Output.error(error.message)
            return .failure(ExitStatus(1))
        }
        store.waitForLocks(atMost: Double(writeWaitMilliseconds) / 1000)
        var databaseSession = DatabaseSession(database: store, opened: state.editing.comparison)
        databaseSession.members = settings.members
        return .success(RunningApp(terminal: terminal, state: state, databaseSession: databaseSession))
    }
}

/// How per ends: 0 when every change is saved.
struct ExitStatus: Error {
    var code: Int32
    init(_ code: Int32) { self.code = code }
}
