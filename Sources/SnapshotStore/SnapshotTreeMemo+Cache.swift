import BundleModel
import Git

/// The `files/` part of a memo as one derived-data file (`DerivedCache`, area `diff`),
/// keyed by the `files/` tree id: the next process that reads the same build loads its
/// 20,000 entries from one file instead of reading a blob per file. Layout (little-endian):
/// the magic line, the entry count (u32), per entry its kind (u8), path (u32 length and
/// bytes), object id (20 bytes), then a folder's entry count and byte length of what it
/// holds (u32 each), a file's size (u64) and digest (32 bytes, for the kinds with one) or
/// a link's target (u32 length and bytes); last, the sum of every byte before it
/// (`DerivedCacheBytes.checksum`). Anything else reads as no entry.
///
/// A folder's counts let a read after another one (`previous`) copy every folder the two
/// builds share (same path, same tree id) from the earlier read and skip its bytes, so the
/// second side of a comparison decodes only what changed.
extension SnapshotTreeMemo {
    /// The first line; its number changes whenever the layout or the meaning changes.
    static let cacheMagic = Array("bundlediff files memo 4\n".utf8)

    /// The cache key of the `files/` tree `tree`.
    static func cacheKey(files tree: ObjectID) -> String { "files-" + tree.hex }

    private enum Kind: UInt8 { case file = 0, executable, directory, symlink, fileNoDigest, executableNoDigest }

    /// The `files/` part of this memo (entries in walk order), for `DerivedCache`, whole
    /// (for tests; `encodedFiles(_:)` is the one encoding).
    func encodedFiles() -> [UInt8] {
        var out: [UInt8] = []
        encodedFiles { out.append(contentsOf: $0) }
        return out
    }

    /// The same bytes, given to `emit` a window of about 64 KiB at a time: the file of an
    /// 80,000-entry build (8 MB) is never held whole. The entries in walk order, copied or
    /// shared (`entry(at:)`). A folder's counts come before what it holds, so a first pass
    /// works them out (the folders' indexes and spans only).
    func encodedFiles(_ emit: (UnsafeRawBufferPointer) -> Void) {
        // Pass 1: each folder's entry count and the byte length of what lies below it.
        var counts: [Int: (entries: UInt32, bytes: UInt32)] = [:]
        var open: [(path: BundlePath, index: Int, start: Int)] = []
        var offset = 0
        let total = count(.files)
        for index in 0..<total {
            let entry = entry(at: index).0
            while let top = open.last, !entry.path.isWithin(top.path) {
                open.removeLast()
                counts[top.index] = (UInt32(index - top.index - 1), UInt32(offset - top.start))
            }
            offset += Self.encodedSize(entry)
            if entry.kind == .directory { open.append((entry.path, index, offset)) }
        }
        while let top = open.popLast() { counts[top.index] = (UInt32(total - top.index - 1), UInt32(offset - top.start)) }
        // Pass 2: the bytes, a window at a time, and their sum last.
        let window = 1 << 16
        var out = Self.cacheMagic
        out.reserveCapacity(window + 4096)
        var sum = DerivedCacheChecksum()
        func flush() {
            out.withUnsafeBytes { sum.update($0); emit($0) }
            out.removeAll(keepingCapacity: true)
        }
        Self.put(UInt32(total), &out)
        for index in 0..<total {
            let (entry, id) = entry(at: index)
            let kind = Self.kind(of: entry)
            out.append(kind.rawValue)
            Self.put(UInt32(entry.path.bytes.count), &out)
            out += entry.path.bytes
            out += id.bytes
            switch kind {
            case .directory:
                let folder = counts[index] ?? (0, 0)
                Self.put(folder.entries, &out)
                Self.put(folder.bytes, &out)
            case .symlink:
                let target = entry.symlinkTarget ?? []
                Self.put(UInt32(target.count), &out)
                out += target
            case .file, .executable, .fileNoDigest, .executableNoDigest:
                Self.put(entry.size, &out)
                if let digest = entry.sha256 { out += digest.bytes }
            }
            if out.count >= window { flush() }
        }
        flush()
        Self.put(sum.finish(), &out)
        out.withUnsafeBytes(emit)
    }

    private static func kind(of entry: FileEntry) -> Kind {
        switch entry.kind {
        case .directory: .directory
        case .symlink: .symlink
        case .file where entry.sha256 == nil: entry.isExecutable ? .executableNoDigest : .fileNoDigest
        case .file: entry.isExecutable ? .executable : .file
        }
    }

    /// The bytes `encodedFiles` writes for `entry`: kind, path run, object id, then a
    /// folder's two counts, a link's target run, or a file's size and digest.
    private static func encodedSize(_ entry: FileEntry) -> Int {
        let head = 1 + 4 + entry.path.bytes.count + 20
        switch kind(of: entry) {
        case .directory: return head + 8
        case .symlink: return head + 4 + (entry.symlinkTarget?.count ?? 0)
        case .file, .executable: return head + 8 + 32
        case .fileNoDigest, .executableNoDigest: return head + 8
        }
    }

    /// Fills `files`, `ids`, `fileTrees` and `records` from the cache file `stream` (written
    /// by `encodedFiles` for the `files/` tree `tree`), a window at a time; false, with
    /// nothing changed, when it is not such a file. A folder that `previous` read with the
    /// same tree id at the same path, holding as many entries, is copied from it and its
    /// bytes skipped. Without `keepIDs` the entries' object ids are read but not kept
    /// (`ids` stays empty): for a read that no later read follows, or whose next read loads
    /// from the cache too; after `previous`, such a read names `previous`'s entries for the
    /// folders it copies (`shared`) instead of copying them.
    mutating func loadFiles(_ stream: DerivedCacheStream, tree: ObjectID, previous: SnapshotTreeMemo? = nil,
                            keepIDs: Bool = true) -> Bool {
        guard let reader = DerivedCacheBytes.body(stream, magic: Self.cacheMagic) else { return false }
        let earlier = previous?.files ?? []
        return earlier.withUnsafeBufferPointer {
            loadFiles(reader, tree: tree, previous: previous, earlier: $0, keepIDs: keepIDs)
        }
    }

    /// `loadFiles` with `previous`'s entries in place; nothing it makes points into them.
    /// A read that keeps no ids, after `previous`, is the last of its process: it names
    /// `previous`'s entries for the folders it copies (`shared`) instead of copying them.
    private mutating func loadFiles(_ body: DerivedCacheBytes.Reader, tree: ObjectID, previous: SnapshotTreeMemo?,
                                    earlier: UnsafeBufferPointer<FileEntry>, keepIDs: Bool) -> Bool {
        var reader = body
        guard let count = reader.u32() else { return false }
        // Each folder's span is listed, then hashed into place at its final size: grown
        // entry by entry, the table was rehashed a dozen times for a thousand folders.
        // `files`: the entries read here (all of them, unless copies are named by
        // `positions`); `total`: how many entries so far, read or copied.
        var files: [FileEntry] = [], ids: [ObjectID] = [], spans: [(BundlePath, Span)] = []
        var positions: [Int32] = []
        let sharing = !keepIDs && Int(count) <= Int(Int32.max) && previous.map(Self.canShare) == true
        // Every entry takes at least 25 bytes: a count the bytes cannot hold is refused
        // before anything is reserved for it.
        guard Int(count) <= reader.remaining / 25 else { return false }
        if sharing { positions.reserveCapacity(Int(count)) } else { files.reserveCapacity(Int(count)) }
        if keepIDs { ids.reserveCapacity(Int(count)) }
        // Each open folder, with where `previous`'s next entry for one of its children is
        // expected and where its entries end there (`SnapshotTreeMemo.child`); the root's.
        var open: [(path: BundlePath, tree: ObjectID, start: Int, cursor: Int, end: Int)] = []
        var root = (cursor: 0, end: earlier.count)
        var copiedHere = 0, total = 0, sharedHere = 0
        // Where `previous` has the entry being read, if it has one there.
        var match: Int? = nil
        // Consuming: the entry is made for this call, and moved into `files` (a borrowed
        // one was copied there, a retain and a release more an entry).
        func add(_ entry: consuming FileEntry) {
            total += 1
            if sharing {
                // An entry of a changed folder that the earlier read has as it is (most of
                // them) is named where it lies too: the read holds what changed, not the
                // folders around it.
                if let match, earlier[match] == entry {
                    positions.append(Int32(truncatingIfNeeded: match))
                    return
                }
                positions.append(~Int32(truncatingIfNeeded: files.count))
            }
            files.append(entry)
        }
        while total < Int(count) {
            let index = total
            guard let raw = reader.u8(), let kind = Kind(rawValue: raw), let length = reader.u32(),
                  let entryPath = reader.withBytes(Int(length), { run -> BundlePath in
                      let bytes = UnsafeRawBufferPointer(run)
                      // The open folders this entry is not in are closed (looked at in place
                      // and moved out: a copy of `open.last` retained its path every entry).
                      while !open.isEmpty, !open.withUnsafeBufferPointer({ top in
                          top[top.count - 1].path.bytes.withUnsafeBytes { ByteRun.isWithin(bytes, $0) } }) {
                          let top = open.removeLast()
                          spans.append((top.path, Span(tree: top.tree, range: top.start..<index)))
                      }
                      // In a changed folder most paths are the earlier read's: a retain, not
                      // an allocation.
                      if open.isEmpty {
                          match = previous?.child(bytes, folder: kind == .directory, from: &root.cursor, end: root.end)
                      } else {
                          let end = open[open.count - 1].end
                          match = previous?.child(bytes, folder: kind == .directory, from: &open[open.count - 1].cursor, end: end)
                      }
                      guard let match else { return BundlePath(bytes: Array(run)) }
                      sharedHere += 1
                      return earlier[match].path
                  }),
                  let id = reader.withBytes(20, ObjectID.init(buffer:)) ?? nil else { return false }
            if keepIDs { ids.append(id) }
            switch kind {
            case .directory:
                guard let count = reader.u32(), let length = reader.u32() else { return false }
                add(FileEntry(path: entryPath, kind: .directory))
                let known = previous?.fileTrees[entryPath]
                if let previous, let known, known.tree == id, known.range.count == Int(count), reader.skip(Int(length)) {
                    Self.copySpans(known, at: entryPath, from: previous, start: total, spans: &spans)
                    if sharing {
                        for source in known.range { positions.append(Int32(truncatingIfNeeded: source)) }
                    } else {
                        files.append(contentsOf: previous.files[known.range])
                    }
                    total += known.range.count
                    copiedHere += known.range.count
                    if keepIDs { ids.append(contentsOf: previous.ids[known.range]) }
                } else {
                    open.append((entryPath, id, total, known?.range.lowerBound ?? 0, known?.range.upperBound ?? 0))
                }
                continue
            case .symlink:
                guard let target = reader.runArray() else { return false }
                add(FileEntry(path: entryPath, kind: .symlink, size: UInt64(target.count), symlinkTarget: target))
            case .file, .executable, .fileNoDigest, .executableNoDigest:
                guard let size = reader.u64() else { return false }
                var digest: SHA256Digest?
                if kind == .file || kind == .executable {
                    guard let read = reader.withBytes(32, SHA256Digest.init(buffer:)) else { return false }
                    digest = read
                }
                add(FileEntry(path: entryPath, kind: .file, size: size,
                              isExecutable: kind == .executable || kind == .executableNoDigest, sha256: digest))
            }
        }
        guard reader.remaining == 0, total == Int(count), reader.isIntact() else { return false }
        while let top = open.popLast() { spans.append((top.path, Span(tree: top.tree, range: top.start..<total))) }
        spans.append((.root, Span(tree: tree, range: 0..<total)))
        var trees: [BundlePath: Span] = [:]
        trees.reserveCapacity(spans.count)
        for (path, span) in spans { trees[path] = span }
        self.files = files
        shared = sharing ? previous.map { ($0.files, [], positions) } : nil
        self.ids = ids
        fileTrees = trees
        // File records by blob id are indexed when a later read first needs one
        // (`SnapshotTreeMemo.recordIndex`), not here: a read that copies every folder never does.
        records = [:]
        loadedFromCache = true
        copied += copiedHere
        sharedPaths += sharedHere
        return true
    }

    /// The spans of the folder at `path` that `previous` had (its span `known`) and of the
    /// folders below it that `previous` noted, at their places in this read, where the
    /// folder's entries start at `start`.
    private static func copySpans(_ known: Span, at path: BundlePath, from previous: SnapshotTreeMemo, start: Int,
                                  spans: inout [(BundlePath, Span)]) {
        let shift = start - known.range.lowerBound
        spans.append((path, Span(tree: known.tree, range: start..<(start + known.range.count))))
        for index in known.range where previous.files[index].kind == .directory {
            let folder = previous.files[index].path
            if let inner = previous.fileTrees[folder], inner.range.lowerBound == index + 1 {
                spans.append((folder, Span(tree: inner.tree, range: (inner.range.lowerBound + shift)..<(inner.range.upperBound + shift))))
            }
        }
    }

    private static func put<T: FixedWidthInteger>(_ value: T, _ out: inout [UInt8]) {
        DerivedCacheBytes.put(value, &out)
    }
}
