import BundleModel

/// The `LocalizedBundle` of each bundle on each side, built once per comparison and
/// shared by every parity rule (each used to rebuild it from the bundle's files).
final class LocalizedBundleCache: Sendable {
    private struct Key: Hashable, Sendable {
        var isNew: Bool
        var path: BundlePath
    }

    private let built = OnceCache<Key, LocalizedBundle>()

    /// The cached value for `bundle` on the given side, made by `make` the first time.
    func bundle(_ bundle: BundleInfo, isNew: Bool, make: () -> LocalizedBundle) -> LocalizedBundle {
        built.value(Key(isNew: isNew, path: bundle.path), make: make)
    }
}
