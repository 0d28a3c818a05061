import Dispatch
import Platform

/// When a network operation last made progress, and whether it was given up on.
/// Shared by the thread that talks to the remote and the one that watches it.
final class ActivityClock: @unchecked Sendable {
    private let lock = Lock()
    private var last = DispatchTime.now()
    private var cancelled = false

    /// Notes progress; false once the operation was given up on (callbacks then abort).
    func touch() -> Bool {
        lock.withLock {
            last = DispatchTime.now()
            return !cancelled
        }
    }

    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Seconds since the last progress.
    var idleSeconds: Double {
        lock.withLock { Double(DispatchTime.now().uptimeNanoseconds - last.uptimeNanoseconds) / 1e9 }
    }

    func cancel() { lock.withLock { cancelled = true } }
}
