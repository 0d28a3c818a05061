import BundleModel

/// The folders a comparison may pass over without looking at their files: the same
/// content id (a recorded build's tree id, `BuildSnapshot.folderIDs`) on both sides, and
/// no bundle inside on either side, so that every file below belongs to the same bundle
/// (or to none) on both sides and is the same file. This is what makes comparing two
/// recorded builds a joint walk of their trees; builds read from disk carry no ids, and
/// their comparison looks at every file.
struct SharedFolders {
    private let oldIDs: [BundlePath: [UInt8]]
    private let newIDs: [BundlePath: [UInt8]]
    /// Folders with a bundle somewhere below them, per side.
    private let oldAboveBundles: Set<BundlePath>
    private let newAboveBundles: Set<BundlePath>
    /// The bundles' own folders, per side.
    private let oldBundles: Set<BundlePath>
    private let newBundles: Set<BundlePath>

    /// Nil when either build has no folder ids (read from disk): nothing can be passed over.
    init?(old: BuildSnapshot, new: BuildSnapshot) {
        guard !old.folderIDs.isEmpty, !new.folderIDs.isEmpty else { return nil }
        oldIDs = old.folderIDs
        newIDs = new.folderIDs
        (oldBundles, oldAboveBundles) = Self.bundleFolders(old.bundles)
        (newBundles, newAboveBundles) = Self.bundleFolders(new.bundles)
    }

    /// Whether the folder at `old` in the old build and at `new` in the new one hold the same
    /// files, all of the compared bundle's own. `isRoot`: the folders are the compared
    /// bundles themselves (which are then allowed to be bundles).
    func isShared(old: BundlePath, new: BundlePath, isRoot: Bool) -> Bool {
        guard let a = oldIDs[old], let b = newIDs[new], a == b,
              !oldAboveBundles.contains(old), !newAboveBundles.contains(new) else { return false }
        return isRoot || (!oldBundles.contains(old) && !newBundles.contains(new))
    }

    private static func bundleFolders(_ bundles: [BundleInfo]) -> (own: Set<BundlePath>, above: Set<BundlePath>) {
        var own = Set<BundlePath>(), above = Set<BundlePath>()
        for bundle in bundles {
            own.insert(bundle.path)
            var p = bundle.path
            while !p.isRoot {
                p = p.parent
                guard above.insert(p).inserted else { break }
            }
        }
        return (own, above)
    }
}
