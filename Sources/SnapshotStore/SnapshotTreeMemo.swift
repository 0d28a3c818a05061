import BundleModel
import Git
import PropertyLists

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
    /// The object id of each of `files` (blob of a file or link, tree of a folder), in step.
    var ids: [ObjectID] = []
    var fileTrees: [BundlePath: Span] = [:]
    var plists: [(path: BundlePath, plist: DecodedPlist)] = []
    var plistTrees: [BundlePath: Span] = [:]
    /// File records decoded by this read, by blob id (a moved file's record is the same
    /// blob). Only this read's: a store that reads many builds keeps one build's worth.
    var records: [ObjectID: FileRecord.Decoded] = [:]

    /// Entries copied instead of read (for tests: proof that the walk skipped them).
    var copied = 0
    /// Whether the `files/` part came from the derived-data cache (for tests).
    var loadedFromCache = false

    /// The two parts of a recorded tree.
    enum Area { case files, plists }

    /// How many entries of `area` this read has so far.
    func count(_ area: Area) -> Int { area == .files ? files.count : plists.count }

    /// Remembers the folder at `path` and its run of entries.
    mutating func note(_ span: Span, at path: BundlePath, area: Area) {
        if area == .files { fileTrees[path] = span } else { plistTrees[path] = span }
    }
}
