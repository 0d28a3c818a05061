import BundleModel
import Git
import PropertyLists

extension HistoryTimeline {
    /// The digest and size of a recorded file.
    public func fileRecord(_ object: StoredObject) throws(StoreError) -> (sha256: SHA256Digest?, size: UInt64) {
        if let known = records[object.id] { return known }
        guard let record = FileRecord.decode(try blob(object.id)) else {
            throw corrupt("blob \(object.id.prefix(10)) is not a file record")
        }
        records[object.id] = record
        return record
    }

    /// Regular files below a folder and their bytes (one file: itself; a symlink: none,
    /// as in the recorded totals).
    /// Memoised by tree id: an unchanged subtree is summed once for the whole history.
    /// `before` (the object at the same path in an earlier build, when known) lets a
    /// changed folder be summed from that folder's size: only the entries whose ids differ
    /// are read, so the cost follows what changed, not the folder's size. The sum is the
    /// same either way.
    public func size(of object: StoredObject, before: StoredObject? = nil) throws(StoreError) -> FolderSize {
        switch object.kind {
        case .symlink: return FolderSize(files: 0, bytes: 0)
        case .file: return FolderSize(files: 1, bytes: try fileRecord(object).size)
        case .directory:
            if let known = folderSizes[object.id] { return known }
            let listed = try sizedEntries(object.id)
            let total: FolderSize
            if let before, before.kind == .directory, before.id != object.id, let base = folderSizes[before.id] {
                total = try size(of: listed, from: base, entries: try sizedEntries(before.id))
                sizing[before.id] = nil
            } else {
                var sum = FolderSize(files: 0, bytes: 0)
                for entry in listed {
                    guard let child = Self.object(entry) else { continue }
                    sum.add(try size(of: child))
                }
                total = sum
            }
            folderSizes[object.id] = total
            return total
        }
    }

    /// A folder's size from an earlier version's (`base`, whose entries are `old`): the
    /// entries both share (same name, mode and id) are not read again.
    private func size(of new: [TreeEntry], from base: FolderSize, entries old: [TreeEntry]) throws(StoreError) -> FolderSize {
        var total = base
        var start = 0
        // Git orders both lists the same way: walk them side by side while the names agree.
        while start < new.count, start < old.count, new[start].name == old[start].name {
            let (n, o) = (new[start], old[start])
            start += 1
            if n.id == o.id && n.mode == o.mode { continue }
            let (newChild, oldChild) = (Self.object(n), Self.object(o))
            if let oldChild { total.remove(try size(of: oldChild)) }
            if let newChild { total.add(try size(of: newChild, before: oldChild)) }
        }
        guard start < new.count || start < old.count else { return total }
        // An entry added or removed: match the rest by name.
        var remaining: [[UInt8]: TreeEntry] = [:]
        for o in old[start...] { remaining[o.name] = o }
        for n in new[start...] {
            let o = remaining.removeValue(forKey: n.name)
            if let o, o.id == n.id && o.mode == n.mode { continue }
            let oldChild = o.flatMap(Self.object)
            if let oldChild { total.remove(try size(of: oldChild)) }
            if let newChild = Self.object(n) { total.add(try size(of: newChild, before: oldChild)) }
        }
        for o in remaining.values {
            if let oldChild = Self.object(o) { total.remove(try size(of: oldChild)) }
        }
        return total
    }

    /// The entries of a tree `size` reads, kept while that tree is the newest version
    /// seen at its place (`size(of:from:entries:)` lets the version it replaces go), so
    /// a folder that changes is compared with its last version without reading that
    /// again. What is kept is about one build's folders, whatever the history's length
    /// (and never more than `sizingLimit` trees: past that, it starts again empty).
    private func sizedEntries(_ id: ObjectID) throws(StoreError) -> [TreeEntry] {
        if let known = sizing[id] { return known }
        let listed = try entries(id)
        if sizing.count >= Self.sizingLimit { sizing.removeAll(keepingCapacity: true) }
        sizing[id] = listed
        return listed
    }

    static let sizingLimit = 20_000

    /// The bundles of a build, from its `bundlediff.json`. The last one read is kept by
    /// blob id (a build whose summary did not change reads it once); the others are let
    /// go, as every build that bumps a version has a summary of its own.
    public func bundles(in build: TimelineBuild) throws(StoreError) -> [BundleInfo] {
        try summary(of: build).bundles
    }

    /// Each bundle's development region as recorded in the build's `bundlediff.json` (by
    /// bundle path; bundles without one left out); nil for a build recorded before these
    /// were, whose Info.plist must be decoded instead.
    public func developmentRegions(in build: TimelineBuild) throws(StoreError) -> [BundlePath: String]? {
        try summary(of: build).developmentRegions
    }

    /// What a build's `bundlediff.json` says; the last one read is kept (consecutive builds
    /// often share it).
    func summary(of build: TimelineBuild) throws(StoreError) -> SnapshotSummary.Parsed {
        guard let entry = try child(Array(SnapshotSummary.fileName.utf8), of: build.tree) else {
            throw corrupt("commit \(build.build.shortCommit) has no \(SnapshotSummary.fileName)")
        }
        if let known = lastSummary, known.id == entry.id { return known.parsed }
        switch SnapshotSummary.parse(try blob(entry.id)) {
        case .success(let parsed):
            lastSummary = (entry.id, parsed)
            return parsed
        case .failure(let problem):
            throw corrupt("\(SnapshotSummary.fileName) of commit \(build.build.shortCommit) \(problem.reason)")
        }
    }

    /// A stored property list (a `plists/` blob), decoded once per blob id.
    public func plist(_ object: StoredObject) throws(StoreError) -> DecodedPlist {
        if let known = plistTexts[object.id] { return known }
        let text = String(decoding: try blob(object.id), as: UTF8.self)
        do {
            let decoded = try CanonicalText.parse(text)
            plistTexts[object.id] = decoded
            return decoded
        } catch {
            throw corrupt("blob \(object.id.prefix(10)) is not a stored property list: \(error)")
        }
    }

    /// The entries of a stored folder: unescaped names and objects, in git's order.
    public func children(of folder: StoredObject) throws(StoreError) -> [(name: [UInt8], object: StoredObject)] {
        guard folder.kind == .directory else { return [] }
        var out: [(name: [UInt8], object: StoredObject)] = []
        for entry in try entries(folder.id) {
            guard let name = TreeNameEscaping.unescape(entry.name), let object = Self.object(entry) else { continue }
            out.append((name, object))
        }
        return out
    }

    /// The localized-string keys of a `plists/` folder (an `.lproj`): every top-level key
    /// of its `.strings` and `.stringsdict` files, as `<file name>:<key>`. Memoised by
    /// tree id, so an unchanged language is read once for the whole history.
    public func stringKeys(in folder: StoredObject) throws(StoreError) -> Set<String> {
        guard folder.kind == .directory else { return [] }
        if let known = folderKeys[folder.id] { return known }
        var keys = Set<String>()
        for entry in try entries(folder.id) where entry.mode == .blob || entry.mode == .executable {
            let name = String(decoding: TreeNameEscaping.unescape(entry.name) ?? entry.name, as: UTF8.self)
            guard name.hasSuffix(".strings") || name.hasSuffix(".stringsdict"),
                  let object = Self.object(entry),
                  let root = try plist(object).document?.root.dictionaryValue else { continue }
            for item in root.entries { keys.insert(name + ":" + item.key) }
        }
        folderKeys[folder.id] = keys
        return keys
    }
}
