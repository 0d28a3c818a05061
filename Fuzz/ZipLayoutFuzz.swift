// libFuzzer target: the zip reader's layout check (ZipArchive+Layout.swift) against an
// independent re-reading of the raw bytes. Whenever `ZipArchive.open` accepts an archive,
// every central record's local header, parsed again here without the reader's helpers,
// must agree with it (signature, name, method, flags that matter, CRC-32 and sizes unless
// a data descriptor defers them), its data must start where the reader says and end
// before the central directory, no two entries' bytes may overlap, and streaming the
// entries may not produce more bytes than they declare. Compiled by scripts/fuzz.sh with
// Sources/BundleReading as one module (PropertyLists and BundleModel linked in as modules).
import BundleModel
#if canImport(Glibc)
import Glibc
#endif

let layoutFuzzLimits = ReadOptions.Limits(maxTotalBytes: 8 << 20, maxEntries: 4_096, maxPlistBytes: 1 << 20,
                                          maxPathDepth: 64, maxTotalPathBytes: 1 << 20,
                                          maxTotalPlistBytes: 1 << 20)

let layoutFuzzPath: String = {
    let dir = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
    return "\(dir)/bundlediff-zipfuzz-layout-\(getpid()).zip"
}()

/// Little-endian field of `width` bytes at `at`, or nil past the end.
func field(_ bytes: UnsafeRawBufferPointer, _ at: Int, _ width: Int) -> UInt64? {
    guard at >= 0, at + width <= bytes.count else { return nil }
    var value: UInt64 = 0
    for i in (0..<width).reversed() { value = value << 8 | UInt64(bytes[at + i]) }
    return value
}

@_cdecl("LLVMFuzzerTestOneInput")
public func zipLayoutFuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    guard let start else { return 0 }
    let fd = open(layoutFuzzPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard fd >= 0 else { fatalError("cannot write \(layoutFuzzPath)") }
    guard write(fd, start, count) == count else { fatalError("short write to \(layoutFuzzPath)") }
    close(fd)
    guard let archive = try? ZipArchive.open(path: Array(layoutFuzzPath.utf8), displayName: layoutFuzzPath,
                                             limits: layoutFuzzLimits) else { return 0 }
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    var spans: [(start: UInt64, end: UInt64)] = []
    for entry in archive.entries {
        let at = Int(entry.localHeaderOffset)
        guard field(bytes, at, 4) == 0x0403_4B50, let flags = field(bytes, at + 6, 2),
              let method = field(bytes, at + 8, 2), let crc = field(bytes, at + 14, 4),
              let csize = field(bytes, at + 18, 4), let usize = field(bytes, at + 22, 4),
              let nameLength = field(bytes, at + 26, 2), let extraLength = field(bytes, at + 28, 2),
              at + 30 + Int(nameLength) <= count else {
            fatalError("accepted \(entry.displayName) without a local header at \(at)")
        }
        guard Array(bytes[(at + 30)..<(at + 30 + Int(nameLength))]) == entry.name else {
            fatalError("accepted \(entry.displayName) whose local name differs")
        }
        guard method == UInt64(entry.method), flags & 0x9 == UInt64(entry.flags & 0x9) else {
            fatalError("accepted \(entry.displayName) whose local method or flags differ")
        }
        if entry.flags & 0x8 == 0 {
            let sizesAgree = (csize == 0xFFFF_FFFF || csize == entry.compressedSize)
                && (usize == 0xFFFF_FFFF || usize == entry.uncompressedSize)
            guard crc == UInt64(entry.crc32), sizesAgree else {
                fatalError("accepted \(entry.displayName) whose local CRC or sizes differ")
            }
        }
        let dataStart = UInt64(at + 30) + nameLength + extraLength
        guard entry.dataOffset == dataStart else {
            fatalError("\(entry.displayName): data at \(entry.dataOffset), local header says \(dataStart)")
        }
        let end = dataStart + entry.compressedSize
        guard end <= archive.centralDirectoryOffset else {
            fatalError("accepted \(entry.displayName) whose data runs into the central directory")
        }
        spans.append((entry.localHeaderOffset, end))
    }
    spans.sort { $0.start < $1.start }
    for (a, b) in zip(spans, spans.dropFirst()) where a.end > b.start {
        fatalError("accepted overlapping entries: \(a) and \(b)")
    }
    guard let worker = ZipEntryReader.Worker() else { fatalError("no zlib") }
    let reader = ZipEntryReader(archive: archive)
    for entry in archive.entries where entry.uncompressedSize <= 1 << 20 {
        var produced: UInt64 = 0
        guard (try? reader.read(entry, worker: worker, sink: { produced += UInt64($0.count) })) != nil else { continue }
        guard produced == entry.uncompressedSize else {
            fatalError("\(entry.displayName) streamed \(produced) bytes, declared \(entry.uncompressedSize)")
        }
    }
    return 0
}
