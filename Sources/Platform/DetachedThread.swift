import CProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts a thread of its own (a pthread, detached) with a stack of a given size: what the
/// project used Foundation's `Thread` for, without linking Foundation.
public enum DetachedThread {
    /// Starts `body` on a new thread with a stack of `stackSize` bytes; false (and `body`
    /// not run) when the system refuses another thread, so the caller can run it itself.
    /// The thread starts on another CPU than the caller's, then may run on any
    /// (`bundlediff_attr_start_elsewhere`): queued behind its busy creator, a new thread
    /// waited 2 to 3 ms for the idle CPU to take it.
    @discardableResult
    public static func start(stackSize: Int, _ body: @escaping @Sendable () -> Void) -> Bool {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let elsewhere = bundlediff_attr_start_elsewhere(&attributes) == 1
        let box = Unmanaged.passRetained(Body(body, elsewhere: elsewhere))
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, &attributes, { raw in
            let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
            if body.elsewhere { bundlediff_thread_run_anywhere() }
            body.run()
            return nil
        }, box.toOpaque())
        guard status == 0 else {
            box.release()
            return false
        }
        return true
    }

    /// Sleeps the calling thread for `seconds` (0 or less: not at all).
    public static func sleep(seconds: Double) {
        guard seconds > 0 else { return }
        let whole = seconds.rounded(.down)
        var request = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}

private final class Body {
    let run: @Sendable () -> Void
    /// Whether the thread was started pinned to the other CPUs, to be let go first thing.
    let elsewhere: Bool
    init(_ run: @escaping @Sendable () -> Void, elsewhere: Bool) {
        self.run = run
        self.elsewhere = elsewhere
    }
}
