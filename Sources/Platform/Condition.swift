#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock with a condition to wait on (a `Lock` and a pthread condition variable): what the
/// project used Foundation's `NSCondition` for, without linking Foundation.
public final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
    }

    public func lock() { mutex.lock() }
    public func unlock() { mutex.unlock() }
    /// Waits, with the lock held, until another thread broadcasts; holds the lock again after.
    public func wait() { pthread_cond_wait(condition, mutex.mutex) }
    public func broadcast() { pthread_cond_broadcast(condition) }
}
