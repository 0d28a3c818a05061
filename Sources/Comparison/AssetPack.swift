import BundleModel

/// On-demand resource packs (`OnDemandResources/<bundle id>.<tags>-<digest>.assetpack/`):
/// Xcode names each pack folder after its tags, so adding a tag renames the folder. Code
/// never names that folder: it requests tags (`NSBundleResourceRequest`), and a fetched
/// pack's files are found through the bundle at their path inside the pack.
enum AssetPack {
    private static let suffix = Array(".assetpack".utf8)

    /// The pack folder `path` lies in and the path inside it, or nil outside every pack.
    static func split(_ path: BundlePath) -> (pack: BundlePath, inside: BundlePath)? {
        let bytes = path.bytes
        for range in path.componentRanges.dropLast() {
            let name = bytes[range]
            guard name.count > suffix.count, name.suffix(suffix.count).elementsEqual(suffix) else { continue }
            return (BundlePath(bytes: Array(bytes[..<range.upperBound])),
                    BundlePath(bytes: Array(bytes[(range.upperBound + 1)...])))
        }
        return nil
    }

    /// The removed and added files at the same place inside a pack whose folder was
    /// renamed (its tags changed): the same resource, never a move.
    static func unmovedInRenamedPack(_ changes: FileChanges) -> (removed: Set<BundlePath>, added: Set<BundlePath>) {
        var removedAt: [BundlePath: BundlePath] = [:]
        for entry in changes.removed {
            if let (_, inside) = split(entry.path) { removedAt[inside] = entry.path }
        }
        guard !removedAt.isEmpty else { return ([], []) }
        var removed = Set<BundlePath>(), added = Set<BundlePath>()
        for entry in changes.added {
            guard let (_, inside) = split(entry.path), let gone = removedAt[inside] else { continue }
            removed.insert(gone)
            added.insert(entry.path)
        }
        return (removed, added)
    }
}
