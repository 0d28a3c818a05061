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
    public func size(of object: StoredObject) throws(StoreError) -> FolderSize {
        switch object.kind {
        case .symlink: return FolderSize(files: 0, bytes: 0)
        case .file: return FolderSize(files: 1, bytes: try fileRecord(object).size)
        case .directory:
            if let known = folderSizes[object.id] { return known }
            var total = FolderSize(files: 0, bytes: 0)
            for entry in try entries(object.id) {
                guard let child = Self.object(entry) else { continue }
                let part = try size(of: child)
                total.files += part.files
                total.bytes += part.bytes
            }
            folderSizes[object.id] = total
            return total
        }
    }

    /// The bundles of a build, from its `bundlediff.json` (memoised by blob id).
    public func bundles(in build: TimelineBuild) throws(StoreError) -> [BundleInfo] {
        guard let entry = try child(Array(SnapshotSummary.fileName.utf8), of: build.tree) else {
            throw corrupt("commit \(build.build.shortCommit) has no \(SnapshotSummary.fileName)")
        }
        if let known = summaries[entry.id] { return known }
        switch SnapshotSummary.parse(try blob(entry.id)) {
        case .success(let parsed):
            summaries[entry.id] = parsed.bundles
            return parsed.bundles
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
