import BundleDiffKit
import BundleModel
import FoundationEssentials
import SnapshotStore

/// Opens the history only when a command needs it (two paths need none). The store it
/// opens is left to the process's exit (`KeptUntilExit`), which frees its object cache.
final class LazyHistory {
    let path: String
    private var store: HistoryStore?

    init(path: String) { self.path = path }

    /// The history; an error naming the path when there is none.
    func get() throws(UserFacingError) -> HistoryStore {
        if let store { return store }
        let opened = try History.open(path, create: false)
        KeptUntilExit.keep(opened)
        store = opened
        return opened
    }

    /// The history, or nil when nothing exists at the path yet.
    func getIfPresent() throws(UserFacingError) -> HistoryStore? {
        FileManager.default.fileExists(atPath: path) ? try get() : nil
    }
}
