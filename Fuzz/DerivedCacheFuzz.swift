// libFuzzer target: the readers of the derived-data cache files (`SnapshotTreeMemo+Cache`,
// `files-`; `SnapshotTreeMemo+PlistCache`, `plists-`), compiled by scripts/fuzz.sh with
// those sources as the module SnapshotStore (ObjectID from Sources/Git as a module of its
// own). A cache file is local derived data, but a repository handed over may hold a crafted
// one, with a right closing sum: whatever its bytes, a load takes it or refuses it, never
// traps, and what it takes is whole.
//
// An input is the 20-byte id of the tree the file claims to be for, then the file. Its
// closing sum is set right first, so that mutations reach the end of the decoding and the
// loads that succeed. Each input is loaded alone and after the memo of the seed
// `files-old`/`plists-old` (Fuzz/seeds/cache/, written by DerivedCacheSeedTests): folders
// copied from it, and, keeping no ids, entries named where they lie in it.
import BundleModel
import Git
#if canImport(Glibc)
import Glibc
#endif

/// One scratch file per fuzzing process, in memory when /dev/shm exists.
let cacheFuzzPath: String = {
    let dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    return "\(dir)/bundlediff-cachefuzz-\(getpid())"
}()

/// The stream of `file` (written to the scratch file), or nil when it cannot be one.
func cacheFuzzStream(_ file: [UInt8]) -> DerivedCacheStream? {
    let fd = open(cacheFuzzPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fatalError("cannot write \(cacheFuzzPath)") }
    guard file.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == file.count else { fatalError("short write") }
    close(fd)
    return DerivedCacheStream(fd: open(cacheFuzzPath, O_RDONLY))
}

/// An input split into its tree id and its file, with the file's closing sum set right.
func cacheFuzzInput(_ bytes: [UInt8]) -> (tree: ObjectID, file: [UInt8])? {
    guard bytes.count >= 28, let tree = ObjectID(bytes: Array(bytes[..<20])) else { return nil }
    var file = Array(bytes[20...])
    let sum = DerivedCacheBytes.checksum(file[..<(file.count - 8)])
    withUnsafeBytes(of: sum.littleEndian) { file.replaceSubrange((file.count - 8)..., with: $0) }
    return (tree, file)
}

/// The bytes of the file at `path` (a seed), or nil.
func cacheFuzzRead(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var out: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        if n <= 0 { return n == 0 ? out : nil }
        out += chunk[..<n]
    }
}

/// The memo a diff's first read leaves: both parts of the seed `files-old`/`plists-old`.
let cacheFuzzPrevious: SnapshotTreeMemo = {
    var memo = SnapshotTreeMemo()
    for part in ["files", "plists"] {
        let path = "Fuzz/seeds/cache/\(part)-old"
        guard let seed = cacheFuzzRead(path), let (tree, file) = cacheFuzzInput(seed),
              let stream = cacheFuzzStream(file) else { fatalError("cannot read \(path)") }
        let loaded = part == "files" ? memo.loadFiles(stream, tree: tree) : memo.loadPlists(stream, tree: tree)
        guard loaded else { fatalError("\(path) does not load") }
    }
    return memo
}()

/// What a load took must be whole: every entry and span in place, the counts in step.
func checkCacheFuzzMemo(_ memo: SnapshotTreeMemo, ids: Bool) {
    let entries = memo.entryList
    guard entries.count == memo.count(.files), !ids || memo.ids.count == memo.files.count else {
        fatalError("the entries and their counts are out of step")
    }
    var bytes: UInt64 = 0
    for entry in entries { bytes = entry.addingFileBytes(to: bytes) }
    for (_, span) in memo.fileTrees where span.range.upperBound > entries.count || span.range.lowerBound < 0 {
        fatalError("a folder's span \(span.range) lies outside the \(entries.count) entries")
    }
    for (_, span) in memo.plistTrees where span.range.upperBound > memo.plists.count {
        fatalError("a folder's span \(span.range) lies outside the \(memo.plists.count) property lists")
    }
    if ids {
        // A memo that kept its ids writes its file again (a walk after it copies from it).
        memo.encodedFiles { _ in }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func derivedCacheFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start, let (tree, file) = cacheFuzzInput(Array(UnsafeRawBufferPointer(start: start, count: count))) else {
        return 0
    }
    let previous = cacheFuzzPrevious
    var loads: [SnapshotTreeMemo] = []
    for (after, keepIDs) in [(nil, true), (previous, true), (previous, false)] as [(SnapshotTreeMemo?, Bool)] {
        var memo = SnapshotTreeMemo()
        if let stream = cacheFuzzStream(file), memo.loadFiles(stream, tree: tree, previous: after, keepIDs: keepIDs) {
            checkCacheFuzzMemo(memo, ids: keepIDs)
            if after != nil { loads.append(memo) }
        }
        var plists = SnapshotTreeMemo()
        if let stream = cacheFuzzStream(file), plists.loadPlists(stream, tree: tree, previous: after) {
            checkCacheFuzzMemo(plists, ids: true)
        }
    }
    // After the same memo, the load that names its entries and the one that copies them
    // take the same file alike.
    if loads.count == 2, !(loads[0].entryList == loads[1].entryList
                           && loads[0].fileTrees.mapValues(\.range) == loads[1].fileTrees.mapValues(\.range)) {
        fatalError("naming the earlier memo's entries reads differently from copying them")
    }
    if loads.count == 1 { fatalError("a file loads after the earlier memo with ids but not without, or the other way") }
    return 0
}
