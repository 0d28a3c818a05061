import BundleModel
import Comparison
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
    private let lock = Lock()
    /// Set by `prepare`, guarded by `lock`.
    nonisolated(unsafe) private var made: SnapshotIndex?

    public init(_ snapshot: BuildSnapshot) {
        self.snapshot = snapshot
    }

    /// Indexes the build and flattens its string tables (once; on any thread).
    public func prepare() {
        guard lock.withLock({ made == nil }) else { return }
        let index = SnapshotIndex(snapshot).findingLocalizedFiles()
        LocalizedBundle.flattenTables(of: index, into: tables)
        lock.withLock { made = index }
    }

    /// The index, when `prepare` ran.
    var index: SnapshotIndex? { lock.withLock { made } }
}
