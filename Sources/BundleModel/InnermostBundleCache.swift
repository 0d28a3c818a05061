/// Which bundle is or contains a path, remembered per directory: each path's answer is
/// its parent's unless it is a bundle itself. Finding the owner of every entry this way
/// hashes each directory's path once, instead of every ancestor of every entry (which
/// took seconds for a 4,000-deep chain: depth³ bytes hashed).
///
/// The one rule of which bundle a file belongs to: a snapshot's summary and a history's
/// per-bundle sizes ask it, and a comparison's index (`SnapshotIndex`, which paints each
/// bundle's run of sorted entries) is tested against it, so a bundle's own size is one answer.
public struct InnermostBundleCache {
    public let bundles: Set<BundlePath>
    /// Paths already resolved that are not bundles: their innermost bundle, or nil.
    private var known: [BundlePath: BundlePath?] = [:]

    public init(bundles: Set<BundlePath>) { self.bundles = bundles }

    /// The bundle at `path` or the innermost one containing it (the root included).
    public mutating func innermost(_ path: BundlePath) -> BundlePath? {
        var unresolved: [BundlePath] = []
        var p = path
        var found: BundlePath?
        while true {
            if bundles.contains(p) { found = p; break }
            if let answer = known[p] { found = answer; break }
            unresolved.append(p)
            if p.isRoot { break }
            p = p.parent
        }
        for q in unresolved { known[q] = .some(found) }
        return found
    }
}
