import BundleModel
import Git
import MachO
import PropertyLists
import Stores

/// Rebuilds a `BuildSnapshot` from a recorded tree (the inverse of `SnapshotTreeWriter`).
///
/// Given the memo of a previous read, a folder whose tree id is the same at the same path
/// is copied from it rather than read: the second build of a comparison costs what changed.
struct SnapshotTreeReader {
    let repository: Repository
    /// Where the `files/` and `plists/` parts of each read are kept for the next process
    /// (derived data; `SnapshotTreeMemo+Cache`, `+PlistCache`); nil reads and keeps nothing.
    var cache: DerivedCache? = nil

    /// Problems with stored data, as one line without the repository path.
    struct Corrupt: Error { var message: String }

    /// Whether the `files/` part of the snapshot `tree` is in the cache (a read of it would
    /// load rather than walk).
    func filesAreCached(tree: ObjectID) -> Bool {
        guard let cache, let root = try? entries(of: tree),
              let files = Self.part("files", of: root) else { return false }
        return cache.contains(SnapshotTreeMemo.cacheKey(files: files.id))
    }

    func read(tree: ObjectID, sourceName: String) throws(Corrupt) -> BuildSnapshot {
        try read(tree: tree, sourceName: sourceName, after: nil).snapshot
    }

    /// The snapshot of `tree` and the memo of this read; `earlier` is the memo of an
    /// earlier read whose shared folders are copied. `isLast`: no read follows this one,
    /// so a build loaded from the cache does not keep its object ids, and the memo returned
    /// is no later read's `previous` (given as one, it is not copied from).
    ///
    /// `keepIDs` false: a build loaded from the cache keeps no object ids even when a read
    /// follows, for a next read that loads from the cache too (it copies by folder, not by
    /// blob; a read that walks a folder after it matches no blob and reads it).
    ///
    /// `besides`: work of the caller's, run once: begun on the other core while this one
    /// loads the files from the cache (after the property lists), where it may outlast the
    /// read (the caller waits for its end before it uses that core again), else run here.
    func read(tree: ObjectID, sourceName: String, after earlier: SnapshotTreeMemo?, isLast: Bool = false,
              keepIDs: Bool? = nil, besides: (@Sendable () -> Void)? = nil)
        throws(Corrupt) -> (snapshot: BuildSnapshot, memo: SnapshotTreeMemo) {
        // A load from the cache copies folders with the earlier read's entries and spans; a
        // walk, or a load that keeps ids, also takes its ids (kept in step with its entries).
        let previous = earlier.flatMap { $0.isLastRead ? nil : $0 }
        let withIDs = previous.flatMap { $0.ids.count == $0.files.count ? $0 : nil }
        let keepIDs = keepIDs ?? !isLast
        let root = try entries(of: tree)
        func child(_ name: String) -> TreeEntry? { Self.part(name, of: root) }
        guard let summaryEntry = child(SnapshotSummary.fileName), let filesEntry = child("files"),
              let plistsEntry = child("plists") else {
            throw Corrupt(message: "tree \(tree) is not a bundlediff snapshot")
        }
        let summary: SnapshotSummary.Parsed
        switch SnapshotSummary.parse(try read(summaryEntry.id)) {
        case .success(let parsed): summary = parsed
        case .failure(let problem): throw Corrupt(message: "\(SnapshotSummary.fileName) in tree \(tree) \(problem.reason)")
        }
        var (memo, ranBesides) = cached(files: filesEntry.id, plists: plistsEntry.id, previous: previous,
                                        filesPrevious: keepIDs ? withIDs : previous, keepIDs: keepIDs, besides: besides)
        if !ranBesides { besides?() }
        // The property lists' trees and blobs are read first (the repository is this
        // thread's), and their texts parsed on the other core while this one walks the files.
        if !memo.plistsLoadedFromCache { try folder(plistsEntry.id, at: .root, area: .plists, previous: previous, into: &memo) }
        let unparsed = memo.unparsedPlists
        memo.unparsedPlists = []
        var parsed: Result<[DecodedPlist], Corrupt> = .success([])
        if !memo.loadedFromCache {
            // Most builds are about the size of the one read before (give or take a sixteenth):
            // grown by doubling, the entries and their ids took up to twice their room, and
            // were copied at each step.
            let expected = (previous?.files.count).map { $0 + $0 / 16 + 64 } ?? 0
            if isLast, let withIDs, SnapshotTreeMemo.canShare(withIDs) {
                // A last read names the previous read's entries and ids for the folders it
                // copies, and holds only those of the folders it walks.
                memo.shared = (withIDs.files, withIDs.ids, [])
                memo.shared?.positions.reserveCapacity(expected)
            } else {
                memo.files.reserveCapacity(expected)
                memo.ids.reserveCapacity(expected)
            }
            if unparsed.isEmpty {
                try walkFiles(filesEntry.id, previous: withIDs, into: &memo)
            } else {
                let walked: Result<Void, Corrupt>
                (walked, parsed) = BothCores.run({ () throws(Corrupt) in try walkFiles(filesEntry.id, previous: withIDs, into: &memo) },
                                                 alongside: { () throws(Corrupt) in try Self.parse(unparsed) })
                try walked.get()
            }
        } else if !unparsed.isEmpty {
            parsed = Result { () throws(Corrupt) in try Self.parse(unparsed) }
        }
        if !memo.plistsLoadedFromCache { try keepPlists(plistsEntry.id, parsed: parsed.get(), of: unparsed, into: &memo) }
        var plists: [BundlePath: DecodedPlist] = [:]
        plists.reserveCapacity(memo.plists.count)
        for (path, plist) in memo.plists { plists[path] = plist }
        // A last read names the earlier read's entries for the folders it copied (the
        // earlier build's snapshot holds the same array).
        let entries = memo.entryList.sortedByPath
        var machO: (files: [BundlePath: MachOFile], unreadable: [BundlePath: String]) = ([:], [:])
        if let machOEntry = child("macho") { machO = try machOFolder(machOEntry.id, previous: previous, into: &memo) }
        let stores = try child("stores").map { entry throws(Corrupt) in
            try self.stores(entry.id, previous: previous, into: &memo)
        } ?? [:]
        var snapshot = BuildSnapshot(sourceKind: summary.source, sourceName: sourceName, entries: entries,
                                     plists: plists, bundles: summary.bundles, stores: stores, container: summary.container,
                                     machO: machO.files, machOUnreadable: machO.unreadable)
        // The comparison's joint walk passes over folders whose tree is the same on both sides.
        snapshot.folderIDs = memo.fileTrees.mapValues(\.tree.bytes)
        if isLast {
            // No later read copies from a last one: its copy of every entry is not kept.
            memo.isLastRead = true
            memo.files = []
            memo.ids = []
            memo.fileTrees = [:]
            memo.shared = nil
        }
        return (snapshot, memo)
    }

    /// The entry named `name` (`files`, `plists`, `bundlediff.json`…) among a snapshot's root
    /// entries `root`.
    static func part(_ name: String, of root: [TreeEntry]) -> TreeEntry? {
        root.first { $0.name.elementsEqual(name.utf8) }
    }

    /// Walks the `files/` tree `tree` into `memo` (copying what `previous` shares) and
    /// keeps it in the cache for the next process.
    private func walkFiles(_ tree: ObjectID, previous: SnapshotTreeMemo?, into memo: inout SnapshotTreeMemo) throws(Corrupt) {
        try folder(tree, at: .root, area: .files, previous: previous, into: &memo)
        let written = memo
        cache?.writeLater(SnapshotTreeMemo.cacheKey(files: tree), streaming: { written.encodedFiles($0) })
    }

    /// Puts the `files/` part of the snapshot `tree`, just recorded, in the cache (when it is
    /// not there yet), as a read of it would: the first `diff` or `gate` that reads the
    /// build loads its files instead of reading a record blob per file. `records`: the file
    /// records of `files/` by blob id, as recorded, so that this walk reads the trees only.
    /// (`cacheRecordedPlists` does the same for the `plists/` part.)
    func cacheRecordedFiles(tree: ObjectID, records: [ObjectID: FileRecord.Decoded]) throws(Corrupt) {
        guard let cache else { return }
        guard let files = Self.part("files", of: try entries(of: tree)) else {
            throw Corrupt(message: "tree \(tree) is not a bundlediff snapshot")
        }
        guard !cache.contains(SnapshotTreeMemo.cacheKey(files: files.id)) else { return }
        var memo = SnapshotTreeMemo()
        memo.records = records
        try walkFiles(files.id, previous: nil, into: &memo)
    }

    /// A memo with the `files/` and `plists/` parts the cache holds for these trees, each
    /// loaded on its own core (neither touches the repository); a part not cached is left
    /// empty, and its flag unset. `filesPrevious`: `previous` when it fits the files' load
    /// (with its ids when these are kept), else nil. `besides` is begun on the other core
    /// after the property lists when the files are in the cache (`ran`), and may still run
    /// when this returns; else it is not run.
    private func cached(files: ObjectID, plists: ObjectID, previous: SnapshotTreeMemo?, filesPrevious: SnapshotTreeMemo?,
                        keepIDs: Bool, besides: (@Sendable () -> Void)?) -> (memo: SnapshotTreeMemo, ran: Bool) {
        guard let cache else { return (SnapshotTreeMemo(), false) }
        // Opened before the other core starts: the work beside is worth moving there only
        // while this one loads files.
        let filesStream = cache.stream(SnapshotTreeMemo.cacheKey(files: files))
        let besides = filesStream == nil ? nil : besides
        let (filesPart, plistsPart) = BothCores.run({ () -> SnapshotTreeMemo in
            var memo = SnapshotTreeMemo()
            if let filesStream { _ = memo.loadFiles(filesStream, tree: files, previous: filesPrevious, keepIDs: keepIDs) }
            return memo
        }, alongside: { () -> SnapshotTreeMemo in
            var memo = SnapshotTreeMemo()
            if let stream = cache.stream(SnapshotTreeMemo.cacheKey(plists: plists)) {
                _ = memo.loadPlists(stream, tree: plists, previous: previous)
            }
            return memo
        }, then: besides ?? {})
        var memo = filesPart
        memo.plists = plistsPart.plists
        memo.plistTrees = plistsPart.plistTrees
        memo.plistsLoadedFromCache = plistsPart.plistsLoadedFromCache
        memo.copied += plistsPart.copied
        return (memo, besides != nil)
    }

    typealias Area = SnapshotTreeMemo.Area
    typealias Span = SnapshotTreeMemo.Span

    /// Adds what lies below the folder `tree` at `path`, depth first: each folder copied
    /// from `previous` when it had the same tree there, else read. A loop with its own
    /// stack, not recursion: a recorded tree may be thousands of folders deep.
    func folder(_ tree: ObjectID, at path: BundlePath, area: Area, previous: SnapshotTreeMemo?,
                        into memo: inout SnapshotTreeMemo) throws(Corrupt) {
        struct Open {
            var tree: ObjectID
            var path: BundlePath
            var entries: [TreeEntry]
            var next = 0
            var start: Int
            /// The file records `previous` had right in this folder, indexed on first need.
            var known: [ObjectID: FileRecord.Decoded]? = nil
            /// Where `previous`'s entry for this folder's next child is expected, when this
            /// read names `previous`'s entries (`SnapshotTreeMemo.shared`), and where the
            /// folder's entries end there.
            var cursor = 0, end = 0
        }
        // A last read that names `previous`'s entries names those of a changed folder that
        // are as they were too: it holds what changed, not the folders around it.
        let naming = area == .files && memo.shared != nil ? previous : nil
        func open(_ tree: ObjectID, at path: BundlePath) throws(Corrupt) -> Open {
            var folder = Open(tree: tree, path: path, entries: try entries(of: tree), start: memo.count(area))
            if let range = naming?.fileTrees[path]?.range { (folder.cursor, folder.end) = (range.lowerBound, range.upperBound) }
            return folder
        }
        var stack: [Open] = []
        // The records this walk decoded (a property list's blob is no record: one slot).
        var recent = RecentRecords(bits: area == .files ? 12 : 0)
        if !copy(tree, at: path, area: area, previous: previous, into: &memo) {
            stack.append(try open(tree, at: path))
        }
        while let top = stack.last {
            guard top.next < top.entries.count else {
                stack.removeLast()
                memo.note(Span(tree: top.tree, range: top.start..<memo.count(area)), at: top.path, area: area)
                continue
            }
            let entry = top.entries[top.next]
            stack[stack.count - 1].next += 1
            guard let name = TreeNameEscaping.unescape(entry.name) else {
                throw Corrupt(message: "malformed escaped name \(String(decoding: entry.name, as: UTF8.self)) in tree \(top.tree)")
            }
            var child = top.path.appending(name)
            switch area {
            case .files:
                let earlier = child.bytes.withUnsafeBytes {
                    naming?.child($0, folder: entry.mode == .tree, from: &stack[stack.count - 1].cursor, end: top.end)
                }
                if let earlier { child = naming.unsafelyUnwrapped.files[earlier].path }
                var known = memo.record(entry.id)
                if known == nil, let previous, entry.mode == .blob || entry.mode == .executable {
                    known = previous.record(entry.id)
                    if known == nil {
                        if top.known == nil { stack[stack.count - 1].known = previous.records(in: top.path) }
                        known = stack[stack.count - 1].known?[entry.id]
                    }
                }
                memo.append(try fileEntry(path: child, entry: entry, known: known, recent: &recent), id: entry.id, as: earlier)
            case .plists where entry.mode != .tree:
                if !memo.recordedPlists.isEmpty, let recorded = memo.recordedPlists[child] {
                    memo.plists.append((child, recorded))
                    continue
                }
                memo.unparsedPlists.append(.init(index: memo.plists.count, path: child, text: try read(entry.id)))
                memo.plists.append((child, .undecodable(reason: "")))
            case .plists: break
            }
            if entry.mode == .tree, !copy(entry.id, at: child, area: area, previous: previous, into: &memo) {
                stack.append(try open(entry.id, at: child))
            }
        }
    }

    /// Copies the folder `tree` at `path` from `previous` when it had the same tree there.
    private func copy(_ tree: ObjectID, at path: BundlePath, area: Area, previous: SnapshotTreeMemo?,
                      into memo: inout SnapshotTreeMemo) -> Bool {
        guard let previous, let known = area == .files ? previous.fileTrees[path] : previous.plistTrees[path],
              known.tree == tree else { return false }
        let start = memo.count(area)
        if area == .files {
            memo.append(known.range, of: previous)
        } else {
            memo.plists.append(contentsOf: previous.plists[known.range])
        }
        memo.copied += known.range.count
        memo.note(Span(tree: tree, range: start..<memo.count(area)), at: path, area: area)
        return true
    }

    /// The facts under `stores/` (absent in builds recorded before stores were: none then);
    /// a blob `previous` parsed is taken from it.
    private func stores(_ tree: ObjectID, previous: SnapshotTreeMemo?,
                        into memo: inout SnapshotTreeMemo) throws(Corrupt) -> [BundlePath: StoreFacts] {
        var out: [BundlePath: StoreFacts] = [:]
        var pending = [(tree, BundlePath.root)]
        while let (folder, path) = pending.popLast() {
            for entry in try entries(of: folder) {
                guard let name = TreeNameEscaping.unescape(entry.name) else {
                    throw Corrupt(message: "malformed escaped name \(String(decoding: entry.name, as: UTF8.self)) in tree \(folder)")
                }
                let child = path.appending(name)
                if entry.mode == .tree { pending.append((entry.id, child)); continue }
                if let known = memo.storeBlobs[entry.id] ?? previous?.storeBlobs[entry.id] {
                    if memo.storeBlobs[entry.id] == nil { memo.factsCopied += 1 }
                    memo.storeBlobs[entry.id] = known
                    out[child] = known
                    continue
                }
                let text = String(decoding: try read(entry.id), as: UTF8.self)
                do throws(StoreFacts.ParseError) {
                    let facts = try StoreFacts.parse(text)
                    memo.storeBlobs[entry.id] = facts
                    out[child] = facts
                } catch {
                    throw Corrupt(message: "stores/\(child) cannot be parsed: \(error)")
                }
            }
        }
        return out
    }

    func entries(of tree: ObjectID) throws(Corrupt) -> [TreeEntry] {
        do { return try repository.treeEntries(tree) } catch { throw Corrupt(message: error.description) }
    }

    func read(_ id: ObjectID) throws(Corrupt) -> [UInt8] {
        do { return try repository.readBlob(id) } catch { throw Corrupt(message: error.description) }
    }

    /// The entry of one tree entry; a file's record is `known` (the recording's, or the
    /// previous read's) or `recent` (this walk's) when its blob was decoded already, else
    /// its blob is read (and kept in `recent`).
    private func fileEntry(path: BundlePath, entry: TreeEntry, known: FileRecord.Decoded?,
                           recent: inout RecentRecords) throws(Corrupt) -> FileEntry {
        switch entry.mode {
        case .tree:
            return FileEntry(path: path, kind: .directory)
        case .symlink:
            let target = try read(entry.id)
            return FileEntry(path: path, kind: .symlink, size: UInt64(target.count), symlinkTarget: target)
        case .blob, .executable:
            let record: FileRecord.Decoded
            if let known = known ?? recent.record(entry.id) { record = known } else {
                guard let decoded = FileRecord.decode(try read(entry.id)) else {
                    throw Corrupt(message: "files/\(path) holds a malformed file record")
                }
                record = decoded
                recent.keep(entry.id, decoded)
            }
            return FileEntry(path: path, kind: .file, size: record.size, isExecutable: entry.mode == .executable,
                             sha256: record.sha256)
        default:
            throw Corrupt(message: "files/\(path) has unsupported mode \(entry.mode)")
        }
    }
}
