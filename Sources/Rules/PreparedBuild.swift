import BundleModel
import Comparison
import Dispatch
import Platform

/// A diff's old build, indexed with its bundles' `.lproj` files found and its string tables
/// flattened, ahead of the comparison: `History.loadPair` has it prepared on the other core
/// while this one loads the new build's files (`HistoryStore.snapshot(of:besides:)`), where
/// that core had nothing to do, instead of at the comparison's start and beside its merge.
/// `RuleContext.comparing(old:new:…prepared:)` takes the index and the tables from it.
public final class PreparedBuild: Sendable {
    public let snapshot: BuildSnapshot
    /// The string tables flattened so far, by content: the comparison's (`StringTableCache`).
    let tables = StringTableCache()

    private enum State { case idle, handedOut, running, done(SnapshotIndex) }
    private let lock = Lock()
    /// Guarded by `lock`.
    nonisolated(unsafe) private var state = State.idle
    /// Signalled when `prepare` ends, for an `index` asked for while it runs elsewhere.
    private let finished = DispatchSemaphore(value: 0)

    public init(_ snapshot: BuildSnapshot) {
        self.snapshot = snapshot
    }

    /// `prepare`, for another thread to run: from now on, `index` waits for its end. The job
    /// must run (`HistoryStore.snapshot(of:besides:)` runs what it is given, once).
    public func job() -> @Sendable () -> Void {
        lock.withLock { if case .idle = state { state = .handedOut } }
        return { self.prepare() }
    }

    /// Indexes the build and flattens its string tables: the first call does, on any thread;
    /// a later one returns at once.
    public func prepare() {
        let claimed = lock.withLock { () -> Bool in
            switch state {
            case .idle, .handedOut:
                state = .running
                return true
            case .running, .done:
                return false
            }
        }
        guard claimed else { return }
        let index = SnapshotIndex(snapshot).findingLocalizedFiles()
        LocalizedBundle.flattenTables(of: index, into: tables)
        lock.withLock { state = .done(index) }
        finished.signal()
    }

    /// The index, once `prepare` ends (waiting for a job or a call that runs elsewhere); nil
    /// when it was never begun.
    var index: SnapshotIndex? {
        let current = lock.withLock { state }
        switch current {
        case .idle: return nil
        case .done(let index): return index
        case .handedOut, .running:
            finished.wait()
            finished.signal()
            guard case .done(let index) = lock.withLock({ state }) else { return nil }
            return index
        }
    }
}
