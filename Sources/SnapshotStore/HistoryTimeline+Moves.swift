import BundleModel
import Git

extension HistoryTimeline {
    /// The paths in `build`'s `files/` that hold exactly `object` (same kind, same object
    /// id: the same content) and did not hold it in `previous`, sorted. Only the subtrees
    /// that differ between the two builds are read.
    public func newPaths(of object: StoredObject, in build: TimelineBuild, since previous: TimelineBuild)
        throws(StoreError) -> [BundlePath] {
        let files = Array(SnapshotArea.files.rawValue.utf8)
        guard let newRoot = try child(files, of: build.tree), newRoot.mode == .tree else { return [] }
        let oldRoot = try child(files, of: previous.tree)
        var found: [BundlePath] = []
        try collect(object, new: newRoot.id, old: oldRoot?.mode == .tree ? oldRoot?.id : nil, under: .root, into: &found)
        return found.sorted()
    }

    private func collect(_ object: StoredObject, new: ObjectID, old: ObjectID?, under parent: BundlePath,
                         into found: inout [BundlePath]) throws(StoreError) {
        if new == old { return }
        var before: [[UInt8]: TreeEntry] = [:]
        if let old { for entry in try entries(old) { before[entry.name] = entry } }
        for entry in try entries(new) {
            let previous = before[entry.name]
            if previous?.id == entry.id && previous?.mode == entry.mode { continue }
            guard let name = TreeNameEscaping.unescape(entry.name) else {
                throw corrupt("malformed escaped name in tree \(new.prefix(10))")
            }
            let path = parent.appending(name)
            if Self.object(entry) == object {
                found.append(path)
            } else if entry.mode == .tree {
                try collect(object, new: entry.id, old: previous?.mode == .tree ? previous?.id : nil, under: path, into: &found)
            }
        }
    }
}
