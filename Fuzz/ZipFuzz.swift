// libFuzzer target: our zip reader (end record, Zip64, central directory, local headers,
// stored and deflate data, CRC, declared sizes) and the whole read of an .ipa/.zip.
// Compiled by scripts/fuzz.sh together with Sources/BundleReading as one module, so the
// readers' internal API is reachable (PropertyLists and BundleModel are linked in as
// modules). Must return a snapshot or throw InputError; a snapshot must never hold a path
// that could leave the bundle.
import BundleModel
#if canImport(Glibc)
import Glibc
#endif

/// Small limits so that a bomb or a huge directory fails fast under the fuzzer.
let zipFuzzLimits = ReadOptions.Limits(maxTotalBytes: 8 << 20, maxEntries: 4_096,
                                       maxPlistBytes: 1 << 20, maxPathDepth: 64)

/// One scratch file per fuzzing process, in memory when /dev/shm exists.
let zipFuzzPaths: (ipa: String, zip: String) = {
    let dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    let base = "\(dir)/bundlediff-zipfuzz-\(getpid())"
    return (base + ".ipa", base + ".zip")
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func zipFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    // Even lengths are read as an .ipa (Payload/ rule), odd ones as a .zip of a bundle.
    let path = count % 2 == 0 ? zipFuzzPaths.ipa : zipFuzzPaths.zip
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fatalError("cannot write \(path)") }
    guard write(fd, start, count) == count else { fatalError("short write to \(path)") }
    close(fd)
    readEveryEntry(path)
    let options = ReadOptions(limits: zipFuzzLimits, concurrency: 1)
    if let snapshot = try? BuildReader.read(path: path, options: options) {
        checkPathsStayInside(snapshot.entries.map(\.path))
    }
    return 0
}

/// Opens the archive and streams every file entry, whatever the layout (the main-bundle
/// checks of a full read would stop most mutated inputs before any data is inflated).
func readEveryEntry(_ path: String) {
    guard let archive = try? ZipArchive.open(path: Array(path.utf8), displayName: path, limits: zipFuzzLimits),
          let tree = try? ZipTree.build(archive, limits: zipFuzzLimits),
          let worker = ZipEntryReader.Worker() else { return }
    checkPathsStayInside(tree.entries.map(\.path))
    let reader = ZipEntryReader(archive: archive)
    for item in tree.contents {
        let entry = archive.entries[item.zip]
        var produced: UInt64 = 0
        do {
            try reader.read(entry, worker: worker) { produced += UInt64($0.count) }
        } catch {
            continue
        }
        guard produced == entry.uncompressedSize else {
            fatalError("entry \(entry.displayName) read \(produced) bytes, declared \(entry.uncompressedSize)")
        }
    }
}

/// Every recorded path is relative and has no empty, `.` or `..` component.
func checkPathsStayInside(_ paths: [BundlePath]) {
    for path in paths {
        let parts = path.bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        guard path.bytes.first != UInt8(ascii: "/"),
              parts.allSatisfy({ !$0.isEmpty && Array($0) != [0x2E] && Array($0) != [0x2E, 0x2E] }) else {
            fatalError("recorded path could leave the bundle: \(path)")
        }
    }
}
