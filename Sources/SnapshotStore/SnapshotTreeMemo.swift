import BundleModel
import Git
import MachO
import PropertyLists
import Stores

/// What one read of a recorded tree made, kept so that the next read copies every subtree
/// the two trees share (same path, same tree id) instead of reading it again: comparing
/// two builds of one app then reads the second build's changed folders only.
///
/// Entries are in the order the walk visited them; `fileTrees` and `plistTrees` give, for
/// a folder, its tree id and the run of entries below it. A copied folder's own subfolders
/// are not listed again (a later read copies the folder whole or reads it).
struct SnapshotTreeMemo {
    /// One folder of the previous read: its tree id and its entries (not itself).
    struct Span {
        var tree: ObjectID
        var range: Range<Int>
    }

    var files: [FileEntry] = []
    /// A last read after a previous one, loaded from the cache or walked: the previous
    /// read's entries and ids (these only for a walk, which writes them to its cache file),
    /// and this read's positions in them (`p >= 0`) or in its own `files` and `ids` (`~p`).
    /// Each folder it copies costs four bytes an entry, not a copy of the entry and its id
    /// (`entryList` names them where they lie).
    var shared: (entries: [FileEntry], ids: [ObjectID], positions: [Int32])?
    /// The object id of each of `files` (blob of a file or link, tree of a folder), in step;
    /// empty after a cache load that kept none (`loadFiles(keepIDs:)`), a memo that is then
    /// never any later read's `previous`.
    var ids: [ObjectID] = []
    var fileTrees: [BundlePath: Span] = [:]
    var plists: [(path: BundlePath, plist: DecodedPlist)] = []
    var plistTrees: [BundlePath: Span] = [:]
    /// The property lists a walk of `plists/` read but has not parsed yet, each standing in
    /// `plists` as a placeholder until it is (`SnapshotTreeReader+Plists`).
    var unparsedPlists: [UnparsedPlist] = []
    /// The file records of a build just recorded, by blob id, handed over by the recording
    /// (`SnapshotTreeReader.cacheRecordedFiles`), so that the walk that caches its files
    /// reads no record blob. Empty for a read: a walk keeps what it decodes in a table of
    /// its own that hashes nothing (`RecentRecords`; hashing every id into this dictionary
    /// and looking it up was a third of the walk), and `records(in:)` indexes a folder of a
    /// read on demand.
    var records: [ObjectID: FileRecord.Decoded] = [:]
    /// The decoded property lists of a build just recorded, by path, handed over by the
    /// recording (`SnapshotTreeReader.cacheRecordedPlists`): the walk that caches them takes
    /// each from here instead of parsing its canonical text. Empty for a read.
    var recordedPlists: [BundlePath: DecodedPlist] = [:]

    /// The record of blob `id` in `records`, without hashing when there are none.
    func record(_ id: ObjectID) -> FileRecord.Decoded? { records.isEmpty ? nil : records[id] }

    /// Mach-O facts (`macho/`) and store facts (`stores/`) this read holds, by blob id: a
    /// binary or store the next build did not change is its blob again, taken from here
    /// instead of read and parsed. This read's only (parsed or taken), one build's worth.
    var machOBlobs: [ObjectID: MachOBlob] = [:]
    var storeBlobs: [ObjectID: StoreFacts] = [:]

    /// Set by a last read (`SnapshotTreeReader.read(isLast:)`), which keeps neither its
    /// entries nor their ids: no later read copies from it.
    var isLastRead = false
    /// Entries copied instead of read (for tests: proof that the walk skipped them).
    var copied = 0
    /// Paths of entries read (not copied) that were taken from the earlier read's entries
    /// instead of allocated (for tests: proof that a changed folder's paths are shared).
    var sharedPaths = 0
    /// Whether the `files/` part came from the derived-data cache (for tests).
    var loadedFromCache = false
    /// Whether the `plists/` part came from the derived-data cache (for tests).
    var plistsLoadedFromCache = false
    /// `macho/` and `stores/` blobs taken from the previous read instead of parsed (for tests).
    var factsCopied = 0

    /// What one `macho/` blob says: the facts, or why the file did not read.
    enum MachOBlob {
        case facts(MachOFile)
        case unreadable(String)
    }

    /// The two parts of a recorded tree.
    enum Area { case files, plists }

    /// A stored property list read and not yet parsed: its place in `plists`, its path and
    /// its canonical text.
    struct UnparsedPlist: Sendable {
        var index: Int
        var path: BundlePath
        var text: [UInt8]
    }

    /// How many entries of `area` this read has so far.
    func count(_ area: Area) -> Int { area == .files ? (shared?.positions.count ?? files.count) : plists.count }

    /// Adds an entry this read made, with its object id: named where it lies when this read
    /// shares the previous read's arrays and that read's entry at `earlier` is the same.
    mutating func append(_ entry: FileEntry, id: ObjectID, as earlier: Int? = nil) {
        if let earlier, shared?.entries.withUnsafeBufferPointer({ $0[earlier] == entry }) == true, shared?.ids[earlier] == id {
            shared?.positions.append(Int32(truncatingIfNeeded: earlier))
            return
        }
        shared?.positions.append(~Int32(truncatingIfNeeded: files.count))
        files.append(entry)
        ids.append(id)
    }

    /// Adds the entries `previous` has at `range`, with their ids: named where they lie
    /// when this read shares `previous`'s arrays, else copied.
    mutating func append(_ range: Range<Int>, of previous: SnapshotTreeMemo) {
        if shared != nil {
            shared?.positions.append(contentsOf: range.lazy.map { Int32(truncatingIfNeeded: $0) })
        } else {
            files.append(contentsOf: previous.files[range])
            ids.append(contentsOf: previous.ids[range])
        }
    }

    /// This read's entries in walk order: its own, or shared with the previous read's.
    var entryList: EntryList {
        shared.map { EntryList(base: $0.entries, extra: files, positions: $0.positions) } ?? EntryList(files)
    }

    /// Whether a last read after `previous` can name its entries by 32-bit positions.
    static func canShare(_ previous: SnapshotTreeMemo) -> Bool { previous.files.count <= Int(Int32.max) }

    /// The `index`-th entry of this read and its object id, in walk order (a walk's: a
    /// load from the cache keeps no shared ids).
    func entry(at index: Int) -> (FileEntry, ObjectID) {
        guard let shared else { return (files[index], ids[index]) }
        let p = Int(shared.positions[index])
        return p >= 0 ? (shared.entries[p], shared.ids[p]) : (files[~p], ids[~p])
    }

    /// Where this read has the entry at `path` (its bytes; `folder`: whether it is one), a
    /// child of a folder whose next child here is at `cursor` (the folder's entries end at
    /// `end`). Two reads list a folder's children in git's tree order, so this is a merge:
    /// `cursor` moves past every child that comes before `path` and past the one found, and
    /// a folder's children cost one pass however many of them changed, moved or went.
    func child(_ path: UnsafeRawBufferPointer, folder: Bool, from cursor: inout Int, end: Int) -> Int? {
        while cursor < end {
            let k = cursor
            let order = files.withUnsafeBufferPointer { files in
                files[k].path.bytes.withUnsafeBytes { ByteRun.treeOrder($0, folder: files[k].kind == .directory, path, folder: folder) }
            }
            if order > 0 { return nil }
            cursor = nextSibling(of: k, end: end)
            if order == 0 { return k }
        }
        return nil
    }

    /// The index after the entry at `index` and everything below it (a folder's span when
    /// this read noted it, else the entries whose paths lie within it).
    private func nextSibling(of index: Int, end: Int) -> Int {
        // In place: a copy of the entry retained and released its path.
        files.withUnsafeBufferPointer { files in
            guard files[index].kind == .directory else { return index + 1 }
            let folder = files[index].path
            if let inner = fileTrees[folder], inner.range.lowerBound == index + 1 { return min(inner.range.upperBound, end) }
            var k = index + 1
            while k < end, files[k].path.isWithin(folder) { k += 1 }
            return k
        }
    }

    /// The file records of the files right in the folder at `path` (not in its subfolders),
    /// by blob id; empty when this read had no such folder. Costs what the folder holds:
    /// a read after this one indexes only the folders it walks (those that changed).
    func records(in path: BundlePath) -> [ObjectID: FileRecord.Decoded] {
        guard let span = fileTrees[path] else { return [:] }
        var out: [ObjectID: FileRecord.Decoded] = [:]
        var index = span.range.lowerBound
        while index < span.range.upperBound {
            let entry = files[index]
            if entry.kind == .directory, let inner = fileTrees[entry.path], inner.range.lowerBound == index + 1 {
                index = max(inner.range.upperBound, index + 1)
                continue
            }
            if entry.kind == .file { out[ids[index]] = (entry.sha256, entry.size) }
            index += 1
        }
        return out
    }

    /// Remembers the folder at `path` and its run of entries.
    mutating func note(_ span: Span, at path: BundlePath, area: Area) {
        if area == .files { fileTrees[path] = span } else { plistTrees[path] = span }
    }
}
