import BundleModel
import Foundation

/// The `LocalizedBundle` of each bundle on each side, built once per comparison and
/// shared by every parity rule (each used to rebuild it from the bundle's files).
final class LocalizedBundleCache: @unchecked Sendable {
    private struct Key: Hashable {
        var isNew: Bool
        var path: BundlePath
    }

    private let lock = NSLock()
    private var built: [Key: LocalizedBundle] = [:]

    /// The cached value for `bundle` on the given side, made by `make` the first time.
    func bundle(_ bundle: BundleInfo, isNew: Bool, make: () -> LocalizedBundle) -> LocalizedBundle {
        let key = Key(isNew: isNew, path: bundle.path)
        lock.lock()
        defer { lock.unlock() }
        if let hit = built[key] { return hit }
        let value = make()
        built[key] = value
        return value
    }
}
