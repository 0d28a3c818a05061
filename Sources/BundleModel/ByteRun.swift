/// Equality and order of runs of path bytes over their buffers, eight bytes at a time: the
/// file merge and the index compare a path or a folder with the previous one for every
/// entry, and a loaded build tests every path against its open folder
/// (`BundlePath.isWithin`); the generic `elementsEqual` and `starts(with:)` of two slices
/// walk them byte by byte through iterators, and a copied entry retains its path.
public enum ByteRun {
    /// `byte` with an ASCII capital lowered; every other byte as it is.
    @inlinable
    public static func asciiLowered(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// `bytes` with ASCII capitals lowered (names compared regardless of ASCII case).
    public static func asciiLowercased(_ bytes: [UInt8]) -> [UInt8] { bytes.map(asciiLowered) }

    /// Whether two runs are the same but for ASCII case (nothing copied or lowered).
    public static func equalIgnoringASCIICase(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { asciiLowered($0) == asciiLowered($1) }
    }

    public static func equal(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        a.withUnsafeBytes { x in b.withUnsafeBytes { y in equal(x, y) } }
    }

    /// The same equality over bytes in place: the lengths first, then the bytes
    /// (`sharedPrefix`, eight at a time).
    public static func equal(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        a.count == b.count && sharedPrefix(a, b) == a.count
    }

    /// How many leading bytes `a` and `b` share, found eight bytes at a time: the one pass
    /// under equality, both orders and `sameParent`.
    static func sharedPrefix(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let n = Swift.min(a.count, b.count)
        var k = 0
        while k + 8 <= n, a.loadUnaligned(fromByteOffset: k, as: UInt64.self) == b.loadUnaligned(fromByteOffset: k, as: UInt64.self) {
            k += 8
        }
        while k < n, a[k] == b[k] { k += 1 }
        return k
    }

    /// The order of two runs of bytes: negative when `a` comes first, zero when equal,
    /// positive when `b` does (unsigned bytes; a prefix first): the first byte they do not
    /// share decides. Paths sort by it (`BundlePath.<`), and the file merge orders its two
    /// sides' paths with it in place.
    public static func order(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
        let k = sharedPrefix(a, b)
        if k < a.count, k < b.count { return a[k] < b[k] ? -1 : 1 }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// Whether path `a` comes before path `b` when paths are compared name by name (the
    /// order of their `components`, each compared bytewise: a folder's children follow it at
    /// once, as `fts` visits them): `order` with `/` below every other byte. Nothing is
    /// copied, and paths already in `order` are mostly in this order too.
    public static func isBeforeByComponents(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Bool {
        let k = sharedPrefix(a, b)
        // Past the bytes they share: `/` as 0, any other byte one above itself, -1 past the end.
        func key(_ run: UnsafeRawBufferPointer) -> Int {
            k < run.count ? (run[k] == UInt8(ascii: "/") ? 0 : Int(run[k]) + 1) : -1
        }
        return key(a) < key(b)
    }

    /// git's tree order of two names, or of two paths in one folder: `order`, with a
    /// folder's bytes compared as if they ended in `/`. Two reads of recorded trees list a
    /// folder's children in it.
    public static func treeOrder(_ a: UnsafeRawBufferPointer, folder aIsFolder: Bool,
                                 _ b: UnsafeRawBufferPointer, folder bIsFolder: Bool) -> Int {
        // Past the bytes they share: a folder's `/` as one more byte, -1 past the end.
        func key(_ run: UnsafeRawBufferPointer, _ isFolder: Bool, _ i: Int) -> Int {
            i < run.count ? Int(run[i]) : (i == run.count && isFolder ? 0x2F : -1)
        }
        var i = sharedPrefix(a, b)
        while true {
            let x = key(a, aIsFolder, i), y = key(b, bIsFolder, i)
            if x != y { return x < y ? -1 : 1 }
            if x < 0 { return 0 }
            i += 1
        }
    }

    /// Whether the path `path` is `folder` or lies below it (the root, empty, holds all).
    public static func isWithin(_ path: UnsafeRawBufferPointer, _ folder: UnsafeRawBufferPointer) -> Bool {
        let n = folder.count
        guard n > 0 else { return true }
        guard path.count >= n, path.count == n || path[n] == UInt8(ascii: "/") else { return false }
        return equal(UnsafeRawBufferPointer(rebasing: path[..<n]), folder)
    }

    /// Where a path's last component lies (`BundlePath.nameBytes`): after its last `/`,
    /// once trailing `/`s are set aside.
    public static func nameRange(_ path: UnsafeRawBufferPointer) -> Range<Int> {
        var end = path.count
        while end > 0, path[end - 1] == UInt8(ascii: "/") { end -= 1 }
        let start = lastSlash(in: UnsafeRawBufferPointer(rebasing: path[..<end])).map { $0 + 1 } ?? 0
        return start..<end
    }

    /// The offset of the last `/` in `bytes`, nil when there is none: a plain loop over the
    /// buffer (the generic `lastIndex(of:)` over a slice of it went through its indices one
    /// call at a time, and the index asks for the folder of every entry it files).
    @inlinable
    public static func lastSlash(in bytes: UnsafeRawBufferPointer) -> Int? {
        var k = bytes.count
        while k > 0 {
            k -= 1
            if bytes[k] == UInt8(ascii: "/") { return k }
        }
        return nil
    }

    /// The bytes of the folder `path` lies in: before its last `/` (none for a top-level
    /// name, which lies in the root).
    private static func folder(of path: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: path[..<(lastSlash(in: path) ?? 0)])
    }

    /// Whether two paths lie in the same folder. Over the arrays in place: the index and the
    /// `.lproj` lists ask it of every entry and the one before it.
    ///
    /// Mostly they do, and then neither has a `/` past the bytes they share: both last `/`s
    /// lie in the shared bytes, at one place. That is checked first, eight bytes at a time;
    /// scanning both whole paths from the end and comparing both folders was 7% of a
    /// recorded diff of 80,000 files.
    public static func sameParent(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                let k = sharedPrefix(x, y)
                if lastSlash(in: UnsafeRawBufferPointer(rebasing: x[k...])) == nil,
                   lastSlash(in: UnsafeRawBufferPointer(rebasing: y[k...])) == nil { return true }
                return equal(folder(of: x), folder(of: y))
            }
        }
    }

    /// Whether `folder` is the folder `path` lies in (a top-level name lies in the root, an
    /// empty folder).
    public static func isParent(_ folder: [UInt8], of path: [UInt8]) -> Bool {
        folder.withUnsafeBytes { x in path.withUnsafeBytes { y in equal(x, Self.folder(of: y)) } }
    }
}
