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

    private static func inBundle(_ path: BundlePath, _ index: SnapshotIndex) -> BundlePath {
        guard let owner = index.owner(of: path), let rel = path.relative(to: owner.path), !rel.isRoot else { return path }
        return rel
    }
}
