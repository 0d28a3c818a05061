import Dispatch
import Platform

/// Runs a blocking network operation on its own thread and gives up when it makes no
/// progress for `stallTimeout` seconds (libgit2 1.5 has no network time-outs: a silent
/// server would block a read for ever). A given-up operation is told to stop through its
/// callbacks; its thread is left to end on its own.
enum Watchdog {
    static func run<T: Sendable>(clock: ActivityClock, stallTimeout: Double, remote: String, operation: String,
                                 _ body: @escaping @Sendable () -> Result<T, RemoteError>) -> Result<T, RemoteError> {
        let box = ResultBox<T>()
        let done = DispatchSemaphore(value: 0)
        let started = DetachedThread.start(stackSize: 4 << 20) {
            box.result = body()
            done.signal()
        }
        // No thread to spare: the operation runs here, unwatched, rather than not at all.
        guard started else { return body() }
        while done.wait(timeout: .now() + 0.05) == .timedOut {
            if clock.idleSeconds > stallTimeout {
                clock.cancel()
                let seconds = stallTimeout.rounded() == stallTimeout ? "\(Int(stallTimeout))" : "\(stallTimeout)"
                return .failure(RemoteError(.timedOut, remote: remote,
                                            "\(operation) gave up: no answer for \(seconds) s"))
            }
        }
        return box.result ?? .failure(RemoteError(.other, remote: remote, "\(operation) ended without a result"))
    }
}

/// The result a watched thread hands back (written before the semaphore is signalled).
private final class ResultBox<T>: @unchecked Sendable {
    var result: Result<T, RemoteError>?
}
