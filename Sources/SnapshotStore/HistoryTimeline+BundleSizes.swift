import BundleModel

extension HistoryTimeline {
    /// Each bundle's own size in a build: the regular files in its folder that no bundle
    /// nested in it holds (the size a comparison's bundle summary shows for the same build;
    /// both ask `InnermostBundleCache` which bundle owns what). By bundle path; a bundle
    /// whose folder is not recorded is left out.
    ///
    /// A build recorded with its bundles' own sizes in `bundlediff.json` answers from there
    /// (one blob already read for the bundles); an older one is summed from its tree.
    public func ownSizes(of bundles: [BundleInfo], in build: TimelineBuild) throws(StoreError) -> [BundlePath: FolderSize] {
        let summary = try summary(of: build)
        if let recorded = summary.ownSizes, summary.bundles == bundles { return recorded }
        return try summedOwnSizes(of: bundles, in: build)
    }

    /// `ownSizes` from the tree: each bundle's folder summed from its last version's sum.
    func summedOwnSizes(of bundles: [BundleInfo], in build: TimelineBuild) throws(StoreError) -> [BundlePath: FolderSize] {
        var folders: [BundlePath: FolderSize] = [:]
        var summed: [BundlePath: StoredObject] = [:]
        for bundle in bundles {
            guard let object = try object(at: bundle.path, in: build, area: .files) else { continue }
            folders[bundle.path] = try size(of: object, before: lastBundleFolders[bundle.path])
            summed[bundle.path] = object
        }
        lastBundleFolders = summed
        var own = folders
        var owners = InnermostBundleCache(bundles: Set(bundles.map(\.path)))
        for (path, folder) in folders where !path.isRoot {
            guard let owner = owners.innermost(path.parent), owner != path, let outer = own[owner] else { continue }
            own[owner] = FolderSize(files: max(0, outer.files - folder.files),
                                    bytes: outer.bytes >= folder.bytes ? outer.bytes - folder.bytes : 0)
        }
        return own
    }
}
