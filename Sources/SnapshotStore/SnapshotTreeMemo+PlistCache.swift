import BundleModel
import Git
import PropertyLists

/// The `plists/` part of a memo as one derived-data file (`DerivedCache`, area `diff`),
/// keyed by the `plists/` tree id: the next process that reads the same build loads its
/// decoded property lists from one file instead of reading and parsing a canonical text
/// per plist. Layout (little-endian, `DerivedCacheBytes`): the magic line; the plist count
/// (u32); the folder count (u32), per folder its path (run), tree id (20 bytes), entry
/// range (u32 start, u32 end) and the byte range of those plists after the folder table
/// (u32 start, u32 end); per plist its path (run) and its value; last, the sum
/// (`DerivedCacheBytes.checksum`). A value is a tag byte (undecodable, with its reason as a
/// run; or decoded, with its format, encoding and duplicate keys, then its root's length
/// (u32) and the root as `PlistEncoding` writes it). Anything else (a bad tag, a count past
/// the end, nesting deeper than `PlistEncoding.maxDepth`, bytes left over) reads as no entry.
///
/// A root of more than `laterRootSize` bytes is kept encoded until it is first read
/// (`PlistDocument(encodedRoot:)`): an app's seal, one entry for each of its files, is most of
/// a signed app's property lists, and a comparison reads the seals of changed bundles only.
///
/// The folders come first so that a read after another one (`previous`) copies the
/// plists of every folder the two builds share (same path, same tree id) and skips their bytes.
extension SnapshotTreeMemo {
    /// The first line; its number changes whenever the layout or the meaning changes.
    static let plistCacheMagic = Array("bundlediff plists memo 4\n".utf8)

    /// The cache key of the `plists/` tree `tree`.
    static func cacheKey(plists tree: ObjectID) -> String { "plists-" + tree.hex }

    /// The largest root decoded as the file is read; a larger one is decoded when first read.
    static let laterRootSize = 16 << 10

    private enum Tag: UInt8 {
        case undecodable = 0, decoded
    }

    private static let formats = PlistFormat.allCases
    private static let encodings: [TextEncoding] = [.utf8, .utf8BOM, .utf16LE, .utf16LEBOM, .utf16BE, .utf16BEBOM]

    /// The `plists/` part of this memo, for `DerivedCache`; nil when a plist nests deeper
    /// than the cache reads back.
    func encodedPlists() -> [UInt8]? {
        // The plists are written first, apart, so that each folder's byte range is known
        // when the folder table is written before them.
        var out: [UInt8] = []
        var offsets: [Int] = []
        offsets.reserveCapacity(plists.count + 1)
        for (path, plist) in plists {
            offsets.append(out.count)
            DerivedCacheBytes.putRun(path.bytes, &out)
            switch plist {
            case .undecodable(let reason):
                out.append(Tag.undecodable.rawValue)
                DerivedCacheBytes.putRun(reason.utf8, &out)
            case .decoded(let document):
                out.append(Tag.decoded.rawValue)
                out.append(UInt8(Self.formats.firstIndex(of: document.format) ?? 0))
                out.append(document.encoding.flatMap { Self.encodings.firstIndex(of: $0) }.map { UInt8($0 + 1) } ?? 0)
                DerivedCacheBytes.put(UInt32(document.duplicateKeys.count), &out)
                for duplicate in document.duplicateKeys {
                    DerivedCacheBytes.put(UInt32(duplicate.dictionaryPath.count), &out)
                    for key in duplicate.dictionaryPath { DerivedCacheBytes.putRun(key.utf8, &out) }
                    DerivedCacheBytes.putRun(duplicate.key.utf8, &out)
                    DerivedCacheBytes.put(UInt32(duplicate.lines.count), &out)
                    for line in duplicate.lines { DerivedCacheBytes.put(UInt64(truncatingIfNeeded: line), &out) }
                }
                // The root's length, filled in once it is written (in place: an app's seal is
                // megabytes).
                let length = out.count
                DerivedCacheBytes.put(UInt32(0), &out)
                guard PlistEncoding.append(document.root, to: &out), out.count - length - 4 <= Int(UInt32.max) else { return nil }
                withUnsafeBytes(of: UInt32(out.count - length - 4).littleEndian) { out.replaceSubrange(length..<length + 4, with: $0) }
            }
        }
        offsets.append(out.count)
        var file = Self.plistCacheMagic
        file.reserveCapacity(file.count + 8 + plistTrees.count * 64 + out.count + 8)
        DerivedCacheBytes.put(UInt32(plists.count), &file)
        let folders = plistTrees.sorted { $0.key < $1.key }
        DerivedCacheBytes.put(UInt32(folders.count), &file)
        for (path, span) in folders {
            DerivedCacheBytes.putRun(path.bytes, &file)
            file += span.tree.bytes
            DerivedCacheBytes.put(UInt32(span.range.lowerBound), &file)
            DerivedCacheBytes.put(UInt32(span.range.upperBound), &file)
            DerivedCacheBytes.put(UInt32(offsets[span.range.lowerBound]), &file)
            DerivedCacheBytes.put(UInt32(offsets[span.range.upperBound]), &file)
        }
        file += out
        DerivedCacheBytes.put(DerivedCacheBytes.checksum(file[...]), &file)
        return file
    }

    /// Fills `plists` and `plistTrees` from the cache file `stream` (written by
    /// `encodedPlists` for the `plists/` tree `tree`), a window at a time; false, with
    /// nothing changed, when it is not such a file. The plists of a folder that `previous`
    /// read with the same tree id at the same path, as many of them, are copied from it and
    /// their bytes skipped.
    mutating func loadPlists(_ stream: DerivedCacheStream, tree: ObjectID, previous: SnapshotTreeMemo? = nil) -> Bool {
        guard var reader = DerivedCacheBytes.body(stream, magic: Self.plistCacheMagic), let count = reader.u32(),
              Int(count) <= reader.remaining / 6, let folderCount = reader.u32(),
              Int(folderCount) <= reader.remaining / 40 else { return false }
        var trees: [BundlePath: Span] = [:]
        trees.reserveCapacity(Int(folderCount))
        // The outermost folders `previous` has too: their entry range, byte range and
        // range in `previous`.
        var shared: [(range: Range<Int>, bytes: Range<Int>, known: Range<Int>)] = []
        for _ in 0..<folderCount {
            guard let path = reader.runArray(), let id = reader.withBytes(20, ObjectID.init(buffer:)) ?? nil,
                  let start = reader.u32(), let end = reader.u32(), start <= end, end <= count,
                  let byteStart = reader.u32(), let byteEnd = reader.u32(), byteStart <= byteEnd else {
                return false
            }
            let folder = BundlePath(bytes: path), range = Int(start)..<Int(end)
            trees[folder] = Span(tree: id, range: range)
            if let known = previous?.plistTrees[folder], known.tree == id, known.range.count == range.count, !range.isEmpty {
                shared.append((range, Int(byteStart)..<Int(byteEnd), known.range))
            }
        }
        guard trees[.root]?.tree == tree else { return false }
        // The table is sorted by path, not by range: the widest folder first at each start,
        // and a folder inside one already kept is left to it.
        shared.sort { ($0.range.lowerBound, $1.range.count) < ($1.range.lowerBound, $0.range.count) }
        var copies: [(range: Range<Int>, bytes: Range<Int>, known: Range<Int>)] = []
        for folder in shared where copies.last.map({ folder.range.lowerBound >= $0.range.upperBound }) ?? true {
            copies.append(folder)
        }
        let body = reader.offset
        var plists: [(path: BundlePath, plist: DecodedPlist)] = []
        plists.reserveCapacity(Int(count))
        var copiedHere = 0, next = 0
        while plists.count < Int(count) {
            if next < copies.count, copies[next].range.lowerBound == plists.count, let previous {
                let copy = copies[next]
                // The folder's plists start here; their bytes end where the table says.
                guard reader.offset - body == copy.bytes.lowerBound, reader.skip(copy.bytes.count) else { return false }
                plists.append(contentsOf: previous.plists[copy.known])
                copiedHere += copy.known.count
                next += 1
                continue
            }
            guard let path = reader.runArray(), let plist = Self.plist(&reader) else { return false }
            plists.append((BundlePath(bytes: path), plist))
        }
        guard reader.remaining == 0, plists.count == Int(count), reader.isIntact() else { return false }
        self.plists = plists
        plistTrees = trees
        plistsLoadedFromCache = true
        copied += copiedHere
        return true
    }

    private static func plist(_ reader: inout DerivedCacheBytes.Reader) -> DecodedPlist? {
        switch reader.u8().flatMap(Tag.init(rawValue:)) {
        case .undecodable:
            return reader.string().map { .undecodable(reason: $0) }
        case .decoded:
            guard let formatIndex = reader.u8(), Int(formatIndex) < formats.count, let encodingIndex = reader.u8(),
                  Int(encodingIndex) <= encodings.count, let duplicateCount = reader.u32(),
                  Int(duplicateCount) <= reader.remaining / 12 else { return nil }
            var duplicates: [DuplicateKey] = []
            for _ in 0..<duplicateCount {
                guard let depth = reader.u32(), Int(depth) <= reader.remaining / 4 else { return nil }
                var path: [String] = []
                for _ in 0..<depth {
                    guard let key = reader.string() else { return nil }
                    path.append(key)
                }
                guard let key = reader.string(), let lineCount = reader.u32(),
                      Int(lineCount) <= reader.remaining / 8 else { return nil }
                var lines: [Int] = []
                for _ in 0..<lineCount {
                    guard let line = reader.u64() else { return nil }
                    lines.append(Int(truncatingIfNeeded: line))
                }
                duplicates.append(DuplicateKey(dictionaryPath: path, key: key, lines: lines))
            }
            let format = formats[Int(formatIndex)], encoding = encodingIndex == 0 ? nil : encodings[Int(encodingIndex) - 1]
            guard let length = reader.u32() else { return nil }
            if length > laterRootSize {
                return reader.array(Int(length)).flatMap {
                    PlistDocument(format: format, encoding: encoding, duplicateKeys: duplicates, encodedRoot: $0)
                }.map(DecodedPlist.decoded)
            }
            guard let root = reader.withBytes(Int(length), { PlistEncoding.decodeOwn(UnsafeRawBufferPointer($0)) }) ?? nil else {
                return nil
            }
            return .decoded(PlistDocument(format: format, encoding: encoding, root: root, duplicateKeys: duplicates))
        default:
            return nil
        }
    }
}
