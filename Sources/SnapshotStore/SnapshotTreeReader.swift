import BundleModel
import Git
import PropertyLists

/// Rebuilds a `BuildSnapshot` from a recorded tree (the inverse of `SnapshotTreeWriter`).
struct SnapshotTreeReader {
    let repository: Repository

    /// Problems with stored data, as one line without the repository path.
    struct Corrupt: Error { var message: String }

    func read(tree: ObjectID, sourceName: String) throws(Corrupt) -> BuildSnapshot {
        do {
            let root = try repository.treeEntries(tree)
            func child(_ name: String) -> TreeEntry? { root.first { $0.name == Array(name.utf8) } }
            guard let summaryEntry = child(SnapshotSummary.fileName), let filesEntry = child("files"),
                  let plistsEntry = child("plists") else {
                throw Corrupt(message: "tree \(tree) is not a bundlediff snapshot")
            }
            let (sourceKind, bundles): (BuildSnapshot.SourceKind, [BundleInfo])
            switch SnapshotSummary.parse(try repository.readBlob(summaryEntry.id)) {
            case .success(let parsed): (sourceKind, bundles) = parsed
            case .failure(let problem): throw Corrupt(message: "\(SnapshotSummary.fileName) in tree \(tree) \(problem.reason)")
            }
            var entries: [FileEntry] = []
            var records: [ObjectID: [UInt8]] = [:]
            try walk(filesEntry.id, under: .root) { (path, entry) throws(Corrupt) in
                entries.append(try fileEntry(path: path, entry: entry, cache: &records))
            }
            var plists: [BundlePath: DecodedPlist] = [:]
            try walk(plistsEntry.id, under: .root) { (path, entry) throws(Corrupt) in
                guard entry.mode != .tree else { return }
                let text = String(decoding: try read(entry.id), as: UTF8.self)
                do {
                    plists[path] = try CanonicalText.parse(text)
                } catch {
                    throw Corrupt(message: "plists/\(path) cannot be parsed: \(error)")
                }
            }
            entries.sort { $0.path < $1.path }
            return BuildSnapshot(sourceKind: sourceKind, sourceName: sourceName, entries: entries,
                                 plists: plists, bundles: bundles)
        } catch let error as Corrupt {
            throw error
        } catch {
            throw Corrupt(message: "\(error)")
        }
    }

    private func read(_ id: ObjectID) throws(Corrupt) -> [UInt8] {
        do { return try repository.readBlob(id) } catch { throw Corrupt(message: error.description) }
    }

    private func fileEntry(path: BundlePath, entry: TreeEntry, cache: inout [ObjectID: [UInt8]]) throws(Corrupt) -> FileEntry {
        switch entry.mode {
        case .tree:
            return FileEntry(path: path, kind: .directory)
        case .symlink:
            let target = try read(entry.id)
            return FileEntry(path: path, kind: .symlink, size: UInt64(target.count), symlinkTarget: target)
        case .blob, .executable:
            let bytes: [UInt8]
            if let cached = cache[entry.id] { bytes = cached } else {
                bytes = try read(entry.id)
                cache[entry.id] = bytes
            }
            guard let record = FileRecord.decode(bytes) else {
                throw Corrupt(message: "files/\(path) holds a malformed file record")
            }
            return FileEntry(path: path, kind: .file, size: record.size, isExecutable: entry.mode == .executable,
                             sha256: record.sha256)
        default:
            throw Corrupt(message: "files/\(path) has unsupported mode \(entry.mode)")
        }
    }

    /// Visits every entry below a tree, depth first, with its unescaped path.
    private func walk(_ tree: ObjectID, under parent: BundlePath,
                      _ visit: (BundlePath, TreeEntry) throws(Corrupt) -> Void) throws(Corrupt) {
        let entries: [TreeEntry]
        do { entries = try repository.treeEntries(tree) } catch { throw Corrupt(message: error.description) }
        for entry in entries {
            guard let name = TreeNameEscaping.unescape(entry.name) else {
                throw Corrupt(message: "malformed escaped name \(String(decoding: entry.name, as: UTF8.self)) in tree \(tree)")
            }
            let path = parent.appending(name)
            try visit(path, entry)
            if entry.mode == .tree { try walk(entry.id, under: path, visit) }
        }
    }
}
