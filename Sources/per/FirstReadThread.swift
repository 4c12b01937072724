#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import PerCore
import PerDatabase

/// The first frame, made on the first read's thread for the screen the terminal is expected to have.
struct FirstFrame {
    var state: AppState
    var canvas: Canvas
}

/// `FirstRead.read(path:)` on a thread of its own, on the other core, while the main thread takes over the
/// terminal (locale, terminfo, ncurses: about as long as the read); `wait()` joins it. With `render`, the thread
/// also makes the first frame from what it read (state and canvas: pure PerCore), so the main thread only draws it
/// when the terminal turns out as expected. Nothing else touches the results until the join, which orders the two
/// threads' memory.
final class FirstReadThread: @unchecked Sendable {
    private let path: String
    private let render: (@Sendable (FirstRead) -> FirstFrame)?
    private var result: FirstRead?
    private var renderedFrame: FirstFrame?
    private var thread: pthread_t?

    init(path: String, render: (@Sendable (FirstRead) -> FirstFrame)? = nil) {
        self.path = path
        self.render = render
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let started = pthread_create(&thread, nil, { context in
            let reader = Unmanaged<FirstReadThread>.fromOpaque(context!).takeRetainedValue()
            reader.run()
            return nil
        }, context)
        if started == 0 {
            self.thread = thread
        } else {
            // No thread: read here, as before.
            Unmanaged<FirstReadThread>.fromOpaque(context).release()
            run()
        }
    }

    private func run() {
        result = FirstRead.read(path: path)
        if let result, let render { renderedFrame = render(result) }
    }

    /// The read's result, once it is done; nil when the file is not one the first read takes (the database decides).
    func wait() -> FirstRead? {
        join()
        return result
    }

    /// The frame `render` made, once the thread is done; nil without a read or without `render`.
    var frame: FirstFrame? {
        join()
        return renderedFrame
    }

    private func join() {
        if let thread {
            pthread_join(thread, nil)
            self.thread = nil
        }
    }
}
