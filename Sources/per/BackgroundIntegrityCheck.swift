import Dispatch
import Foundation
import PerDatabase

/// The database's whole-file check (`verifyIntegrity`: `PRAGMA quick_check` reads every page, half a second on a
/// 390 MB price book) on another thread, so that keys are read and drawn meanwhile; the database session holds
/// every write until it has passed (`DatabaseSession.holdsWrites`), so nothing is written to a file that fails it.
final class BackgroundIntegrityCheck: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Void, DatabaseFailure>?
    private let finished = DispatchSemaphore(value: 0)

    init(_ store: ComparisonDatabase) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let outcome: Result<Void, DatabaseFailure>
            do throws(DatabaseFailure) {
                try store.verifyIntegrity()
                outcome = .success(())
            } catch {
                outcome = .failure(error)
            }
            lock.withLock { result = outcome }
            finished.signal()
        }
    }

    /// The outcome once the check is done; nil while it runs.
    var outcome: Result<Void, DatabaseFailure>? { lock.withLock { result } }

    /// Waits for the outcome.
    func wait() -> Result<Void, DatabaseFailure> {
        if let outcome { return outcome }
        finished.wait()
        return outcome!
    }
}
