import PerCore
import PerTerminal

/// The one synchronous loop: draw the state, read the input (a burst of it), update, perform the effects, poll the
/// database.
@MainActor
enum AppLoop {
    static func run(_ settings: AppSettings) -> Int32 {
        var app: RunningApp
        switch AppStartup.start(settings) {
        case .success(let started): app = started
        case .failure(let status): return status.code
        }
        while !app.isDone {
            app.drawIfNeeded()
            if let failure = app.checkIntegrity() { return app.refuse(failure) }
            let event = app.terminal.readEvent(timeoutMilliseconds: app.readTimeout)
            app.fireTimers()
            app.pollIfDue()
            if let event {
                // The input read and every one waiting behind it, then one frame (a backlog is drawn once, not once a key).
                app.terminal.burst(from: event) { event in
                    if let action = Input.action(for: event, in: app.state, drawn: app.drawn) { app.dispatch(action) }
                    app.waitForSavesIfQuitting()
                    return !app.isDone
                }
            }
            app.waitForSavesIfQuitting()
        }
        return app.finish()
    }
}
