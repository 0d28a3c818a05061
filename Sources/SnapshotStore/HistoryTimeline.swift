import BundleModel
import Git
import PropertyLists

/// Reads one app's channel for history queries: the first-parent line of builds (oldest
/// first) and, per build, only the objects a query asks for. Every read is memoised by
/// git object id, so what is unchanged between builds (most subtrees, most blobs) is read
/// once for the whole history.
///
/// Not thread-safe; one query at a time.
public final class HistoryTimeline {
    let store: HistoryStore
    public let app: String
    public let channel: String
    /// The builds on the channel, oldest first (commits that are not builds skipped).
    public let builds: [TimelineBuild]

    var children: [ObjectID: [[UInt8]: TreeEntry?]] = [:]
    var records: [ObjectID: (sha256: SHA256Digest?, size: UInt64)] = [:]
    var folderSizes: [ObjectID: FolderSize] = [:]
    var lastSummary: (id: ObjectID, parsed: SnapshotSummary.Parsed)?
    var plistTexts: [ObjectID: DecodedPlist] = [:]
    var folderKeys: [ObjectID: Set<String>] = [:]
    /// Tree entries `size` read, while each is the newest version seen at its place.
    var sizing: [ObjectID: [TreeEntry]] = [:]
    /// Each bundle folder `ownSizes` summed last, by path: where the next build's sum starts.
    var lastBundleFolders: [BundlePath: StoredObject] = [:]
    /// The derived caches opened by queries, by kind and query.
    var caches: [String: QueryCache] = [:]

    init(store: HistoryStore, app: String, channel: String, builds: [TimelineBuild]) {
        self.store = store
        self.app = app
        self.channel = channel
        self.builds = builds
    }

    /// Hands the memo tables and the repository handle to `KeptUntilExit` and empties the
    /// tables, for a command that exits after its answer: some hundred thousand entries at
    /// 10,000 builds are not freed one by one (6% of a cold `history key`), nor is the
    /// handle's object cache (5%). The timeline can still be read.
    public func leaveMemoToExit() {
        KeptUntilExit.keep((children, records, folderSizes, plistTexts, folderKeys, sizing, caches, store))
        children = [:]
        records = [:]
        folderSizes = [:]
        plistTexts = [:]
        folderKeys = [:]
        sizing = [:]
        caches = [:]
    }

    /// The object at `path` in one build's `files/` or `plists/` tree; nil when absent.
    public func object(at path: BundlePath, in build: TimelineBuild, area: SnapshotArea) throws(StoreError) -> StoredObject? {
        guard var entry = try child(Array(area.rawValue.utf8), of: build.tree) else { return nil }
        for component in path.components {
            guard entry.mode == .tree, let next = try child(TreeNameEscaping.escape(component), of: entry.id) else {
                return nil
            }
            entry = next
        }
        return Self.object(entry)
    }

    static func object(_ entry: TreeEntry) -> StoredObject? {
        switch entry.mode {
        case .tree: StoredObject(kind: .directory, id: entry.id)
        case .symlink: StoredObject(kind: .symlink, id: entry.id)
        case .blob, .executable: StoredObject(kind: .file, id: entry.id)
        default: nil
        }
    }

    /// One named entry of a tree, memoised by (tree id, name).
    func child(_ name: [UInt8], of tree: ObjectID) throws(StoreError) -> TreeEntry? {
        if let known = children[tree]?[name] { return known }
        let found = try store.git { () throws(GitError) in try store.repository.treeEntry(named: name, in: tree) }
        children[tree, default: [:]][name] = .some(found)
        return found
    }

    /// The bytes of a blob.
    func blob(_ id: ObjectID) throws(StoreError) -> [UInt8] {
        try store.git { () throws(GitError) in try store.repository.readBlob(id) }
    }

    /// The entries of a tree.
    func entries(_ id: ObjectID) throws(StoreError) -> [TreeEntry] {
        try store.git { () throws(GitError) in try store.repository.treeEntries(id) }
    }

    func corrupt(_ message: String) -> StoreError {
        StoreError(.corrupt, repository: store.path, message)
    }
}
