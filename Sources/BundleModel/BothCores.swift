import CProcess
import Foundation

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
    /// second's stall.
    private static func start(_ work: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            // The lists this thread builds fault their memory in 2 MiB at a time.
            bundlediff_tune_thread_heap()
            work()
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        return done
    }
}

/// Where the other thread leaves its result; read only after that thread is waited for.
private final class Slot<T: Sendable, Failure: Error>: @unchecked Sendable {
    var result: Result<T, Failure>?
}
