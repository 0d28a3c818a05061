import BundleModel
import Git
import MachO
import PropertyLists

/// Records many builds of one app in a row, each a few paths away from the one before
/// (for Benchmarks/GenerateHistory, which writes 10,000 builds). Each `append` writes the
/// commit `HistoryStore.record` would write for the same snapshot and options on top of the
/// same tip (same tree, message, author and time), but builds the tree from the tip's by
/// rewriting only the `changed` paths and the folders above them: unchanged folders are
/// reused by id. Objects, the branch and the version tags are written on `flush()`, as one
/// pack; the packs are then merged as after a recording.
///
/// The caller vouches for `changed`: every path whose entry, property list, Mach-O facts or
/// store facts differ from the previous snapshot's (added, removed or rewritten, folders
/// included). A path left out keeps its old objects.
public struct HistoryAppender {
    private let store: HistoryStore
    private let branch: String
    private let app: String
    private let kind: RecordedBuild.Kind
    /// The branch tip as last written (nil: unborn), for the compare-and-swap.
    private var published: ObjectID?
    private var tip: ObjectID?
    private var tipTree: ObjectID?
    /// Version tags and user tags to write on `flush()`, in order.
    private var pendingTags: [(commit: ObjectID, shortVersion: String?, build: String?, userTags: [String])] = []

    /// Starts appending to the branch `snapshot` records under (its app, `channel`).
    public init(store: HistoryStore, first snapshot: BuildSnapshot, channel: String = "main") throws(StoreError) {
        self.store = store
        app = HistoryStore.appIdentifier(of: snapshot)
        guard !app.isEmpty else {
            throw StoreError(.invalidInput, repository: store.path, "the build has no bundle identifier or bundle name")
        }
        kind = snapshot.isContainer ? .container : .build
        branch = RefNames.branch(app: app, channel: channel, kind: kind)
        let repository = store.repository
        repository.discardPendingObjects()
        let start = try store.git { () throws(GitError) in try repository.referenceTarget(branch) }
        published = start
        tip = start
        if let start { tipTree = try store.git { () throws(GitError) in try repository.commit(start).tree } }
    }

    /// Writes the commit of `snapshot` on top of the last one (queued until `flush()`) and
    /// returns its id and tree id.
    public mutating func append(_ snapshot: BuildSnapshot, changed: Set<BundlePath>, options: RecordOptions)
        throws(StoreError) -> (commit: ObjectID, tree: ObjectID) {
        try store.validate(options)
        guard HistoryStore.appIdentifier(of: snapshot) == app, (snapshot.isContainer ? .container : .build) == kind,
              RefNames.branch(app: app, channel: options.channel, kind: kind) == branch else {
            throw StoreError(.invalidInput, repository: store.path, "an appender records one app on one channel")
        }
        try store.checkNames(branch: branch, app: app, snapshot: snapshot)
        let (files, bytes) = (snapshot.fileCount, snapshot.totalBytes)
        let repository = store.repository
        let tree: ObjectID
        do {
            tree = try patchedRoot(snapshot, changed: changed, files: files, bytes: bytes)
        } catch {
            throw error.code == .invalidSpec ? StoreError(.invalidInput, repository: store.path, "cannot record path \(error.message)")
                                             : StoreError(error, repository: store.path)
        }
        if let tip, tree == tipTree, !options.allowDuplicate { return (tip, tree) }
        let message = HistoryStore.commitMessage(snapshot, app: app, kind: kind, options: options, files: files, bytes: bytes)
        let signature = Signature(name: HistoryStore.authorName, email: HistoryStore.authorEmail, time: options.recordedAt)
        let parent = tip
        let commit = try store.git { () throws(GitError) in
            try repository.createCommit(tree: tree, parents: parent.map { [$0] } ?? [], author: signature,
                                        committer: signature, message: message.text)
        }
        let main = kind == .build ? snapshot.mainBundle : nil
        pendingTags.append((commit, main?.shortVersion, main?.version, options.userTags))
        tip = commit
        tipTree = tree
        return (commit, tree)
    }

    /// Writes the queued objects as one pack, moves the branch to the last commit, writes
    /// the tags, and packs references and merges packs as a recording does.
    public mutating func flush() throws(StoreError) {
        guard let tip, tip != published else { return }
        let repository = store.repository
        let writerLock = try WriterLock.acquire(gitDirectory: repository.path, history: store.path)
        repository.breaksStaleLocks = writerLock != nil
        defer { repository.breaksStaleLocks = false; writerLock?.release() }
        try store.writeObjects()
        let expected = published
        try store.git { () throws(GitError) in
            try repository.updateReference(branch, to: tip, expected: expected, message: "bundlediff: record \(app)")
        }
        try store.pointHeadIfUnborn(at: branch)
        for pending in pendingTags {
            if let short = pending.shortVersion, let build = pending.build {
                _ = try store.ensureVersionTag(app: app, shortVersion: short, build: build, commit: pending.commit)
            }
            for tag in pending.userTags {
                try store.git { () throws(GitError) in
                    try repository.createReference(RefNames.tagsPrefix + tag, target: pending.commit, message: "bundlediff: tag")
                }
            }
        }
        pendingTags = []
        published = tip
        if writerLock != nil { store.maintainReferences() }
        store.maintainPacks(repacking: writerLock != nil)
    }

    // MARK: Trees

    /// What to do at one name of a folder being patched.
    private final class Edit {
        enum Leaf { case blob(ObjectID, FileMode), directory, remove }
        var leaf: Leaf?
        var children: [[UInt8]: Edit] = [:]

        func child(_ name: [UInt8]) -> Edit {
            if let existing = children[name] { return existing }
            let made = Edit()
            children[name] = made
            return made
        }
    }

    private func patchedRoot(_ snapshot: BuildSnapshot, changed: Set<BundlePath>, files: Int, bytes: UInt64)
        throws(GitError) -> ObjectID {
        let repository = store.repository
        let old = try tipTree.map { (id) throws(GitError) in try repository.treeEntries(id) } ?? []
        func oldTree(_ name: String) -> ObjectID? {
            old.first { $0.name == Array(name.utf8) && $0.mode == .tree }?.id
        }
        var byPath: [BundlePath: FileEntry] = [:]
        for entry in snapshot.entries where changed.contains(entry.path) { byPath[entry.path] = entry }
        let summary = Array(SnapshotSummary.render(snapshot, files: files, bytes: bytes).utf8)
        var root = [TreeEntry(name: Array(SnapshotSummary.fileName.utf8), mode: .blob, id: try repository.writeBlob(summary))]
        // The areas of SnapshotTreeWriter: `files/` and `plists/` always, `macho/` and
        // `stores/` only when the build has such facts.
        let files = try patch(oldTree("files"), changed, keepsEmptyFolders: true) { (path) throws(GitError) -> Edit.Leaf in
            guard let entry = byPath[path] else { return .remove }
            switch entry.kind {
            case .directory: return .directory
            case .symlink: return .blob(try repository.writeBlob(entry.symlinkTarget ?? []), .symlink)
            case .file: return .blob(try repository.writeBlob(FileRecord.encode(entry)), entry.isExecutable ? .executable : .blob)
            }
        }
        root.append(TreeEntry(name: Array("files".utf8), mode: .tree, id: files))
        if !snapshot.machO.isEmpty || !snapshot.machOUnreadable.isEmpty {
            let macho = try patch(oldTree("macho"), changed, keepsEmptyFolders: false) { (path) throws(GitError) -> Edit.Leaf in
                if let facts = snapshot.machO[path] { return .blob(try repository.writeBlob(MachOText.renderBytes(facts)), .blob) }
                if let reason = snapshot.machOUnreadable[path] {
                    return .blob(try repository.writeBlob(SnapshotTreeReader.unreadableText(reason)), .blob)
                }
                return .remove
            }
            root.append(TreeEntry(name: Array("macho".utf8), mode: .tree, id: macho))
        }
        let plists = try patch(oldTree("plists"), changed, keepsEmptyFolders: false) { (path) throws(GitError) -> Edit.Leaf in
            guard let plist = snapshot.plists[path] else { return .remove }
            return .blob(try repository.writeBlob(CanonicalText.renderedBytes(plist)), .blob)
        }
        root.append(TreeEntry(name: Array("plists".utf8), mode: .tree, id: plists))
        if !snapshot.stores.isEmpty {
            let stores = try patch(oldTree("stores"), changed, keepsEmptyFolders: false) { (path) throws(GitError) -> Edit.Leaf in
                guard let facts = snapshot.stores[path] else { return .remove }
                return .blob(try repository.writeBlob(Array(facts.canonicalText().utf8)), .blob)
            }
            root.append(TreeEntry(name: Array("stores".utf8), mode: .tree, id: stores))
        }
        return try repository.writeTree(entries: root)
    }

    /// The area tree `old` (nil: none yet) with each of `changed` set to what `leaf` says.
    /// In `files/` every folder is an entry of its own (kept, even empty, until it is
    /// removed); in the other areas a folder exists only to hold blobs, as
    /// SnapshotTreeWriter writes them, so one left empty goes.
    private func patch(_ old: ObjectID?, _ changed: Set<BundlePath>, keepsEmptyFolders: Bool,
                       _ leaf: (BundlePath) throws(GitError) -> Edit.Leaf) throws(GitError) -> ObjectID {
        let top = Edit()
        for path in changed.sorted(by: { $0.bytes.count < $1.bytes.count }) {
            let components: [[UInt8]]
            do { components = try SnapshotTreeWriter.storedComponents(path) } catch {
                if case .invalidPath(let why) = error { throw GitError(code: .invalidSpec, operation: "append", message: why) }
                throw GitError(code: .invalidSpec, operation: "append", message: path.description)
            }
            var node = top
            for name in components { node = node.child(name) }
            node.leaf = try leaf(path)
        }
        if let tree = try apply(top, to: old, keepsEmptyFolders: keepsEmptyFolders) { return tree }
        return try repository.writeTree(entries: [])
    }

    private var repository: Repository { store.repository }

    /// Writes the folder `old` with `edit` applied; nil when the edit removes it.
    private func apply(_ edit: Edit, to old: ObjectID?, keepsEmptyFolders: Bool) throws(GitError) -> ObjectID? {
        switch edit.leaf {
        // Outside `files/`, "no blob here" does not remove the facts of paths below it.
        case .remove where keepsEmptyFolders || edit.children.isEmpty: return nil
        case .blob(let id, _): return id
        case .remove, .directory, nil: break
        }
        var entries = try old.map { (id) throws(GitError) in try repository.treeEntries(id) } ?? []
        for (name, child) in edit.children {
            let index = entries.firstIndex { $0.name == name }
            let existing = index.map { entries[$0] }
            let replacement: TreeEntry?
            if case .blob(let id, let mode) = child.leaf {
                replacement = TreeEntry(name: name, mode: mode, id: id)
            } else {
                let base = existing?.mode == .tree ? existing?.id : nil
                replacement = try apply(child, to: base, keepsEmptyFolders: keepsEmptyFolders).map { TreeEntry(name: name, mode: .tree, id: $0) }
            }
            if let index { entries.remove(at: index) }
            if let replacement { entries.append(replacement) }
        }
        if entries.isEmpty, !keepsEmptyFolders { return nil }
        return try repository.writeTree(entries: entries)
    }
}
