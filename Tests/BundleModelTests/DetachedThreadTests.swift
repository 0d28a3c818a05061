import CProcess
import Dispatch
import Platform
import Testing

/// Threads started without Foundation: the work runs on its own thread, and a thread the
/// system refuses is reported (its work not run) so the caller can run it itself.
@Suite struct DetachedThreadTests {
    @Test func runsTheWorkOnAThreadOfItsOwn() {
        let done = DispatchSemaphore(value: 0)
        let flag = Flag()
        #expect(DetachedThread.start(stackSize: 1 << 20) {
            flag.set()
            done.signal()
        })
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(flag.isSet)
    }

    #if os(Linux)
    /// A thread starts pinned to the CPUs other than its creator's (so that the idle one
    /// takes it at once), and is let go before its work runs: it may then run on every
    /// CPU the process may, not on the others only for good.
    @Test func aThreadMayRunOnEveryCPUTheProcessMay() {
        let done = DispatchSemaphore(value: 0)
        let seen = CPUCount()
        #expect(DetachedThread.start(stackSize: 1 << 20) {
            seen.set(Self.allowedCPUs())
            done.signal()
        })
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(seen.value == Self.allowedCPUs())
        #expect(seen.value >= 1)
    }

    private static func allowedCPUs() -> Int { Int(bundlediff_thread_cpu_count()) }
    #endif

    @Test func aThreadTheSystemRefusesIsReportedAndItsWorkNotRun() {
        let flag = Flag()
        // A 64 TiB stack: no system maps it, so pthread_create refuses.
        #expect(!DetachedThread.start(stackSize: 1 << 46) { flag.set() })
        DetachedThread.sleep(seconds: 0.05)
        #expect(!flag.isSet)
    }
}

private final class Flag: @unchecked Sendable {
    private let lock = Lock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}

private final class CPUCount: @unchecked Sendable {
    private let lock = Lock()
    private var count = 0
    func set(_ value: Int) { lock.withLock { count = value } }
    var value: Int { lock.withLock { count } }
}
