import BundleModel
import Git

extension HistoryTimeline {
    /// The paths in `build`'s `files/` whose entry is not in `previous` at that path with
    /// the same content and that `matches` accepts, sorted. Only the subtrees that differ
    /// between the two builds are read. With `build` and `previous` swapped, it lists what
    /// went away.
    public func addedPaths(in build: TimelineBuild, since previous: TimelineBuild,
                           where matches: (BundlePath, StoredObject) -> Bool) throws(StoreError) -> [BundlePath] {
        let files = Array(SnapshotArea.files.rawValue.utf8)
        guard let newRoot = try child(files, of: build.tree), newRoot.mode == .tree else { return [] }
        let oldRoot = try child(files, of: previous.tree)
        var found: [BundlePath] = []
        try collect(new: newRoot.id, old: oldRoot?.mode == .tree ? oldRoot?.id : nil, under: .root,
                    matches: matches, into: &found)
        return found.sorted()
    }

    private func collect(new: ObjectID, old: ObjectID?, under parent: BundlePath,
                         matches: (BundlePath, StoredObject) -> Bool, into found: inout [BundlePath]) throws(StoreError) {
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
            if let object = Self.object(entry), matches(path, object) {
                found.append(path)
            } else if entry.mode == .tree {
                try collect(new: entry.id, old: previous?.mode == .tree ? previous?.id : nil, under: path,
                            matches: matches, into: &found)
            }
        }
    }
}
