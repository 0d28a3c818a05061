import Foundation

/// When a network operation last made progress, and whether it was given up on.
/// Shared by the thread that talks to the remote and the one that watches it.
final class ActivityClock: @unchecked Sendable {
    private let lock = NSLock()
    private var last = DispatchTime.now()
    private var cancelled = false

    /// Notes progress; false once the operation was given up on (callbacks then abort).
    func touch() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        last = DispatchTime.now()
        return !cancelled
    }

    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Seconds since the last progress.
    var idleSeconds: Double {
        lock.lock()
        defer { lock.unlock() }
        return Double(DispatchTime.now().uptimeNanoseconds - last.uptimeNanoseconds) / 1e9
    }

    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }
}
