#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PerDatabase

/// `FirstRead.read(path:)` on a thread of its own, on the other core, while the main thread takes over the
/// terminal (locale, terminfo, ncurses: about as long as the read); `wait()` joins it. Nothing else touches the
/// result until then, and the join orders the two threads' memory.
final class FirstReadThread: @unchecked Sendable {
    private let path: String
    private var result: FirstRead?
    private var thread: pthread_t?

    init(path: String) {
        self.path = path
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            let reader = Unmanaged<FirstReadThread>.fromOpaque(context!).takeRetainedValue()
            reader.result = FirstRead.read(path: reader.path)
            return nil
        }, context)
        if started == 0 {
            self.thread = thread
        } else {
            // No thread: read here, as before.
            Unmanaged<FirstReadThread>.fromOpaque(context).release()
            result = FirstRead.read(path: path)
        }
    }

    /// The read's result, once it is done; nil when the file is not one the first read takes (the database decides).
    func wait() -> FirstRead? {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
        return result
    }
}
