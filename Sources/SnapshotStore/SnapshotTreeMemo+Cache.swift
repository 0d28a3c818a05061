import BundleModel
import Git

/// The `files/` part of a memo as one derived-data file (`DerivedCache`, area `diff`),
/// keyed by the `files/` tree id: the next process that reads the same build loads its
/// 20,000 entries from one file instead of reading a blob per file. Layout (little-endian):
/// the magic line, the entry count (u32), per entry its kind (u8), path (u32 length and
/// bytes), object id (20 bytes), then a file's size (u64) and digest (32 bytes, for the
/// kinds with one) or a link's target (u32 length and bytes); last, the sum of every byte
/// before it (`DerivedCacheBytes.checksum`). Anything else reads as no entry.
extension SnapshotTreeMemo {
    /// The first line; its number changes whenever the layout or the meaning changes.
    static let cacheMagic = Array("bundlediff files memo 2\n".utf8)

    /// The cache key of the `files/` tree `tree`.
    static func cacheKey(files tree: ObjectID) -> String { "files-" + tree.hex }

    private enum Kind: UInt8 { case file = 0, executable, directory, symlink, fileNoDigest, executableNoDigest }

    /// The `files/` part of this memo (entries in walk order), for `DerivedCache`.
    func encodedFiles() -> [UInt8] {
        var out = Self.cacheMagic
        out.reserveCapacity(files.count * 120)
        Self.put(UInt32(files.count), &out)
        for (entry, id) in zip(files, ids) {
            let kind: Kind
            switch entry.kind {
            case .directory: kind = .directory
            case .symlink: kind = .symlink
            case .file where entry.sha256 == nil: kind = entry.isExecutable ? .executableNoDigest : .fileNoDigest
            case .file: kind = entry.isExecutable ? .executable : .file
            }
            out.append(kind.rawValue)
            Self.put(UInt32(entry.path.bytes.count), &out)
            out += entry.path.bytes
            out += id.bytes
            switch kind {
            case .directory: break
            case .symlink:
                let target = entry.symlinkTarget ?? []
                Self.put(UInt32(target.count), &out)
                out += target
            case .file, .executable, .fileNoDigest, .executableNoDigest:
                Self.put(entry.size, &out)
                if let digest = entry.sha256 { out += digest.bytes }
            }
        }
        Self.put(Self.checksum(out[...]), &out)
        return out
    }

    /// Fills `files`, `ids`, `fileTrees` and `records` from `bytes` (written by
    /// `encodedFiles` for the `files/` tree `tree`); false, with nothing changed, when the
    /// bytes are not such a file.
    mutating func loadFiles(_ bytes: [UInt8], tree: ObjectID) -> Bool {
        guard var reader = DerivedCacheBytes.body(bytes, magic: Self.cacheMagic), let count = reader.u32() else {
            return false
        }
        // Each folder's span is listed, then hashed into place at its final size: grown
        // entry by entry, the table was rehashed a dozen times for a thousand folders.
        var files: [FileEntry] = [], ids: [ObjectID] = [], spans: [(BundlePath, Span)] = []
        // Every entry takes at least 25 bytes: a count the bytes cannot hold is refused
        // before anything is reserved for it.
        guard Int(count) <= reader.remaining / 25 else { return false }
        files.reserveCapacity(Int(count))
        ids.reserveCapacity(Int(count))
        var open: [(path: BundlePath, tree: ObjectID, start: Int)] = []
        for index in 0..<Int(count) {
            guard let raw = reader.u8(), let kind = Kind(rawValue: raw), let path = reader.runArray(),
                  let id = reader.withBytes(20, ObjectID.init(buffer:)) ?? nil else { return false }
            let entryPath = BundlePath(bytes: path)
            while let top = open.last, !entryPath.isWithin(top.path) {
                spans.append((top.path, Span(tree: top.tree, range: top.start..<index)))
                open.removeLast()
            }
            switch kind {
            case .directory:
                files.append(FileEntry(path: entryPath, kind: .directory))
                open.append((entryPath, id, index + 1))
            case .symlink:
                guard let target = reader.runArray() else { return false }
                files.append(FileEntry(path: entryPath, kind: .symlink, size: UInt64(target.count),
                                       symlinkTarget: target))
            case .file, .executable, .fileNoDigest, .executableNoDigest:
                guard let size = reader.u64() else { return false }
                var digest: SHA256Digest?
                if kind == .file || kind == .executable {
                    guard let read = reader.withBytes(32, SHA256Digest.init(buffer:)) else { return false }
                    digest = read
                }
                files.append(FileEntry(path: entryPath, kind: .file, size: size,
                                       isExecutable: kind == .executable || kind == .executableNoDigest, sha256: digest))
            }
            ids.append(id)
        }
        guard reader.remaining == 0 else { return false }
        while let top = open.popLast() { spans.append((top.path, Span(tree: top.tree, range: top.start..<files.count))) }
        spans.append((.root, Span(tree: tree, range: 0..<files.count)))
        var trees: [BundlePath: Span] = [:]
        trees.reserveCapacity(spans.count)
        for (path, span) in spans { trees[path] = span }
        self.files = files
        self.ids = ids
        fileTrees = trees
        // File records by blob id are indexed when a later read first needs one
        // (`SnapshotTreeMemo.recordIndex`), not here: a read that copies every folder never does.
        records = [:]
        loadedFromCache = true
        return true
    }

    private static func put<T: FixedWidthInteger>(_ value: T, _ out: inout [UInt8]) {
        DerivedCacheBytes.put(value, &out)
    }

    private static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 { DerivedCacheBytes.checksum(bytes) }
}
