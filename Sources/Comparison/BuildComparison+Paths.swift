import BundleModel

extension BuildComparison {
    /// A move's old path relative to the bundle that owned it (the path itself outside
    /// bundles): an `.ipa`'s `Payload/X.app/en.lproj` and a folder's `X.app/en.lproj` both
    /// read `en.lproj`, in the bundle the move names (`fromBundle`).
    public func fromInBundle(_ move: ResourceMove) -> BundlePath {
        Self.inBundle(move.from, oldIndex)
    }

    /// A move's new path(s), each relative to the bundle that owns it (`toBundle`).
    public func toInBundle(_ move: ResourceMove) -> [BundlePath] {
        move.to.map { Self.inBundle($0, newIndex) }
    }

    /// A path of the old build relative to its outermost bundle (`PlugIns/Share.appex/Share`,
    /// whether the app sits at the top or in an `.ipa`'s `Payload/`); outside bundles, itself.
    public func pathInApp(old path: BundlePath) -> BundlePath { Self.inBundle(path, oldIndex, outermost: true) }

    /// A path of the new build relative to its outermost bundle.
    public func pathInApp(new path: BundlePath) -> BundlePath { Self.inBundle(path, newIndex, outermost: true) }

    /// Where a bundle lives, from its outermost bundle's folder on (`MyApp.app/PlugIns/Share.appex`),
    /// the same for an `.ipa` (`Payload/…`), an archive (`Products/Applications/…`) and a folder build.
    public func location(of bundle: BundleInfo, isNew: Bool) -> BundlePath {
        let index = isNew ? newIndex : oldIndex
        let root = index.outermost(of: bundle)
        guard let rel = bundle.path.relative(to: root.path), !rel.isRoot else { return BundlePath(bytes: root.path.name) }
        return BundlePath(bytes: root.path.name).appending(rel.bytes)
    }

    private static func inBundle(_ path: BundlePath, _ index: SnapshotIndex, outermost: Bool = false) -> BundlePath {
        guard let owner = index.owner(of: path) else { return path }
        let root = outermost ? index.outermost(of: owner) : owner
        guard let rel = path.relative(to: root.path), !rel.isRoot else { return path }
        return rel
    }
}
