import Dispatch
import Platform

/// Two pieces of work at once: `other` on another thread while this one runs `here`;
/// both results once both are done. The one way bundlediff uses the second core: history
/// reads (the tag listing beside the commit walk, the halves of a line's messages, the
/// halves of a query's builds), a recorded build's files and property lists, the two
/// indexes of a diff, the rules' two threads. `other` must not touch anything `here` uses
/// unguarded: it gets its own repository handle when it reads git.
public enum BothCores {
    public static func run<Here, Other: Sendable, Failure: Error>(
        _ here: () throws(Failure) -> Here,
        alongside other: @escaping @Sendable () throws(Failure) -> Other
    ) -> (here: Result<Here, Failure>, other: Result<Other, Failure>) {
        let slot = Slot<Other, Failure>()
        let done = start { slot.result = Result { () throws(Failure) in try other() } }
        let mine = Result { () throws(Failure) in try here() }
        done.wait()
        // The other thread was waited for, so the slot is filled; were it not, `other` runs here.
        return (mine, slot.result ?? Result { () throws(Failure) in try other() })
    }

    /// `run` for work that cannot fail.
    public static func run<Here, Other: Sendable>(_ here: () -> Here,
                                                  alongside other: @escaping @Sendable () -> Other) -> (Here, Other) {
        let slot = Slot<Other, Never>()
        let done = start { slot.result = .success(other()) }
        let mine = here()
        done.wait()
        switch slot.result {
        case .success(let theirs)?: return (mine, theirs)
        case nil: return (mine, other())
        }
    }
}

extension BothCores {
    /// `run` for work that cannot fail, then `after` on the other thread once `other`'s
    /// result is handed back: this returns when both halves are done, while `after` goes on
    /// (whoever needs its end waits for it, as `PreparedBuild` does). Until it ends, that
    /// thread is busy: the caller's next `run` must wait for `after` first, or it starts
    /// a thread more.
    public static func run<Here, Other: Sendable>(_ here: () -> Here, alongside other: @escaping @Sendable () -> Other,
                                                  then after: @escaping @Sendable () -> Void) -> (Here, Other) {
        let slot = Slot<Other, Never>()
        let handed = DispatchSemaphore(value: 0)
        _ = start {
            slot.result = .success(other())
            handed.signal()
            after()
        }
        let mine = here()
        handed.wait()
        switch slot.result {
        case .success(let theirs)?: return (mine, theirs)
        case nil: return (mine, other())
        }
    }

    /// Run first on every thread `BothCores` starts: set once, at the start of the process,
    /// before any work (the command line has each thread's heap advised for huge pages,
    /// `prepareProcess`); nothing by default. BundleModel itself links no C library.
    nonisolated(unsafe) public static var threadSetUp: (@Sendable () -> Void)?

    /// Starts `work` on the other core and returns at once: set-up a command needs later,
    /// begun while this thread does something else. `Started.wait()` waits for its end.
    public static func begin(_ work: @escaping @Sendable () -> Void) -> Started {
        Started(done: start(work))
    }

    /// Work begun by `begin`.
    public struct Started: @unchecked Sendable {
        fileprivate let done: DispatchSemaphore

        /// Waits for the work to end (at once when it has); any thread may wait, any number of times.
        public func wait() {
            done.wait()
            done.signal()
        }
    }

    /// Starts `work` on a thread of its own; the semaphore is signalled when it ends. Not
    /// a dispatch queue: a caller on Swift's cooperative pool (a test) would block one of
    /// its threads waiting for work queued behind it, and the pool grows only after a
    /// second's stall. The thread is one that finished earlier work when there is one
    /// (`Worker`): starting a thread cost a diff 8 new threads, their stacks and their heaps.
    /// Where the system refuses another thread, `work` runs here, before the caller's half.
    private static func start(_ work: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        if let worker = Worker.next() {
            worker.run(work, then: done)
        } else {
            work()
            done.signal()
        }
        return done
    }
}

/// A thread that runs one piece of work at a time and then waits, idle, for the next.
/// Work never waits for a busy thread: with none idle, a new one starts, so work that
/// starts work of its own (a half that runs `BothCores.run` again) always gets a thread.
final class Worker: @unchecked Sendable {
    private static let lock = Lock()
    /// Guarded by `lock`.
    nonisolated(unsafe) private static var idle: [Worker] = []
    /// How many threads `next` started (for tests), guarded by `lock`.
    nonisolated(unsafe) private static var started = 0

    static var threadsStarted: Int { lock.withLock { started } }

    private let wake = DispatchSemaphore(value: 0)
    /// Set by `run` before `wake` is signalled; read only by the worker's own thread.
    private var job: (work: @Sendable () -> Void, done: DispatchSemaphore)?

    /// An idle worker, or a new one; nil when no thread can start.
    static func next() -> Worker? {
        if let worker = lock.withLock({ () -> Worker? in
            if let worker = idle.popLast() { return worker }
            started += 1
            return nil
        }) { return worker }
        let worker = Worker()
        guard DetachedThread.start(stackSize: 8 << 20, { worker.loop() }) else {
            lock.withLock { started -= 1 }
            return nil
        }
        return worker
    }

    /// Hands `work` to this worker (taken by `next`); `done` is signalled when it ends,
    /// once the worker is idle again, so that the caller's next `BothCores` call finds it.
    func run(_ work: @escaping @Sendable () -> Void, then done: DispatchSemaphore) {
        job = (work, done)
        wake.signal()
    }

    private func loop() -> Never {
        BothCores.threadSetUp?()
        while true {
            wake.wait()
            guard let (work, done) = job else { continue }
            job = nil
            work()
            Self.lock.withLock { Self.idle.append(self) }
            done.signal()
        }
    }
}

/// Where the other thread leaves its result; read only after that thread is waited for.
private final class Slot<T: Sendable, Failure: Error>: @unchecked Sendable {
    var result: Result<T, Failure>?
}
