import Dispatch
import Foundation
import PerStore

/// The store's whole-file check (`verifyIntegrity`: `PRAGMA quick_check` reads every page, half a second on a
/// 390 MB price book) on another thread, so that keys are read and drawn meanwhile; the store session holds
/// every write until it has passed (`StoreSession.holdsWrites`), so nothing is written to a file that fails it.
final class BackgroundIntegrityCheck: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<Void, StoreError>?
    private let finished = DispatchSemaphore(value: 0)

    init(_ store: ComparisonStore) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            let outcome: Result<Void, StoreError>
            do throws(StoreError) {
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
    var outcome: Result<Void, StoreError>? { lock.withLock { result } }

    /// Waits for the outcome.
    func wait() -> Result<Void, StoreError> {
        if let outcome { return outcome }
        finished.wait()
        return outcome!
    }
}
