import BundleModel
import Git
import MachO
import PropertyLists
import Stores

/// Writes the tree of one recorded build (see docs/snapshot-format.md):
/// `bundlediff.json`, `files/<path>`, `macho/<path>` (only when the build has Mach-O files),
/// `plists/<path>` and `stores/<path>` (only when it has SQLite stores): a build without them
/// reads back the same as one recorded before those facts were.
struct SnapshotTreeWriter {
    let repository: Repository

    /// Writes every object of the snapshot (queued into one pack) and returns the root
    /// tree id, with the file records of `files/` by blob id when `keepRecords` (`filesTree`).
    /// Throws `invalidInput` for paths that cannot be recorded.
    func write(_ snapshot: BuildSnapshot, files: Int, bytes: UInt64,
               keepRecords: Bool = false) throws(TreeProblem) -> (tree: ObjectID, records: [ObjectID: FileRecord.Decoded]?) {
        do {
            let (filesNode, records) = try filesTree(snapshot.entries.array, keepRecords: keepRecords)
            var blobCache: [BlobKey: ObjectID] = [:]
            var plistsNode = TreeNode()
            for (path, plist) in snapshot.plists {
                let id = try blob(CanonicalText.renderedBytes(plist), cache: &blobCache)
                try plistsNode.insertBlob(id, mode: .blob, at: try Self.storedComponents(path))
            }
            let summary = SnapshotSummary.render(snapshot, files: files, bytes: bytes)
            let summaryID = try blob(Array(summary.utf8), cache: &blobCache)
            var root = [
                TreeEntry(name: Array(SnapshotSummary.fileName.utf8), mode: .blob, id: summaryID),
                TreeEntry(name: Array("files".utf8), mode: .tree, id: try repository.writeTree(filesNode)),
            ]
            if !snapshot.machO.isEmpty || !snapshot.machOUnreadable.isEmpty {
                var machONode = TreeNode()
                for (path, text) in Self.machOTexts(snapshot.machO) {
                    let id = try blob(text, cache: &blobCache)
                    try machONode.insertBlob(id, mode: .blob, at: try Self.storedComponents(path))
                }
                for (path, reason) in snapshot.machOUnreadable {
                    let id = try blob(SnapshotTreeReader.unreadableText(reason), cache: &blobCache)
                    try machONode.insertBlob(id, mode: .blob, at: try Self.storedComponents(path))
                }
                root.append(TreeEntry(name: Array("macho".utf8), mode: .tree, id: try repository.writeTree(machONode)))
            }
            root.append(TreeEntry(name: Array("plists".utf8), mode: .tree, id: try repository.writeTree(plistsNode)))
            // Only a build with stores has the folder: the tree of any other build is as before.
            if !snapshot.stores.isEmpty {
                var storesNode = TreeNode()
                for (path, facts) in snapshot.stores {
                    let id = try blob(Array(facts.canonicalText().utf8), cache: &blobCache)
                    try storesNode.insertBlob(id, mode: .blob, at: try Self.storedComponents(path))
                }
                root.append(TreeEntry(name: Array("stores".utf8), mode: .tree, id: try repository.writeTree(storesNode)))
            }
            return (try repository.writeTree(entries: root), records)
        } catch {
            throw TreeProblem(error)
        }
    }

    private func blob(_ bytes: [UInt8], cache: inout [BlobKey: ObjectID]) throws(GitError) -> ObjectID {
        let key = BlobKey(bytes: bytes)
        if let id = cache[key] { return id }
        let id = try repository.writeBlob(bytes)
        cache[key] = id
        return id
    }

    /// Blob content as a dictionary key, hashed in one call (not byte by byte).
    struct BlobKey: Hashable {
        let bytes: [UInt8]
        func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
        static func == (a: BlobKey, b: BlobKey) -> Bool { a.bytes == b.bytes }
    }

    /// The escaped tree names of a path; throws for the root or a non-canonical path
    /// (leading, trailing or doubled `/`).
    static func storedComponents(_ path: BundlePath) throws(TreeProblem) -> [[UInt8]] {
        let components = path.bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard !path.isRoot, !components.contains(where: \.isEmpty) else {
            throw .invalidPath("\(path.description.isEmpty ? "(root)" : path.description): "
                + "not a relative path of non-empty names")
        }
        return components.map { TreeNameEscaping.escape(Array($0)) }
    }
}

/// Why a snapshot's tree could not be written.
enum TreeProblem: Error {
    case invalidPath(String)
    case git(GitError)

    /// `error`, met while writing a tree, as a problem: a name git refuses (`invalidSpec`)
    /// is a path that cannot be recorded.
    init(_ error: any Error) {
        switch error {
        case let problem as TreeProblem: self = problem
        case let git as GitError: self = git.code == .invalidSpec ? .invalidPath(git.message) : .git(git)
        default: self = .invalidPath("\(error)")
        }
    }
}
