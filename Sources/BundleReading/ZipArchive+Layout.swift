import BundleModel
/// The layout check of an opened archive: every entry's local header must agree with its
/// central-directory record (name, method, flags, CRC-32 and sizes, or its data descriptor
/// when flag bit 3 defers them), and the byte ranges of the entries (local header, name,
/// extra field, data and descriptor) must be disjoint and lie before the central
/// directory. An archive that passes is read the same way by every reader that starts
/// from the central directory (`unzip`, Python's `zipfile`) or from the local headers
/// (a streaming reader); an overlap (the "quoted" zip bomb) is refused, not inflated.
extension ZipArchive {
    /// One entry's bytes in the file: `start` (its local header) up to `end` (exclusive).
    struct Span {
        var start: UInt64
        var end: UInt64
        var entry: Int
    }

    static let localHeaderSignature: UInt32 = 0x0403_4B50
    static let descriptorSignature: UInt32 = 0x0807_4B50

    /// Checks every local header against `entries`, sets each entry's `dataOffset`, and
    /// refuses overlapping entries.
    static func checkLayout(_ entries: inout [ZipEntry], fd: Int32, directoryOffset: UInt64,
                            fail: (String) -> InputError) throws(InputError) {
        var spans: [Span] = []
        spans.reserveCapacity(entries.count)
        for index in entries.indices {
            let entry = entries[index]
            let (data, end) = try checkLocalHeader(entry, fd: fd, directoryOffset: directoryOffset) { problem in
                fail("entry \(entry.displayName): \(problem)")
            }
            entries[index].dataOffset = data
            spans.append(Span(start: entries[index].localHeaderOffset, end: end, entry: index))
        }
        spans.sort { $0.start < $1.start }
        for (a, b) in zip(spans, spans.dropFirst()) where a.end > b.start {
            throw fail("entries \(entries[a.entry].displayName) and \(entries[b.entry].displayName) overlap "
                       + "(bytes \(b.start)..<\(min(a.end, b.end)) belong to both; zip bomb?)")
        }
    }

    /// Validates one local header; returns where the entry's data begins and its bytes end.
    private static func checkLocalHeader(_ entry: ZipEntry, fd: Int32, directoryOffset: UInt64,
                                         problem: (String) -> InputError) throws(InputError) -> (UInt64, UInt64) {
        let offset = entry.localHeaderOffset
        guard offset < directoryOffset, offset <= UInt64.max - 30,
              let header = Posix.readBytes(fd, count: 30, at: offset),
              ByteReader.u32(header, at: 0) == localHeaderSignature,
              let flags = ByteReader.u16(header, at: 6), let method = ByteReader.u16(header, at: 8),
              let crc = ByteReader.u32(header, at: 14), let csize = ByteReader.u32(header, at: 18),
              let usize = ByteReader.u32(header, at: 22), let nameLength = ByteReader.u16(header, at: 26),
              let extraLength = ByteReader.u16(header, at: 28),
              let tail = Posix.readBytes(fd, count: Int(nameLength) + Int(extraLength), at: offset + 30) else {
            throw problem("local header missing at offset \(offset) (truncated or corrupt zip)")
        }
        guard tail[..<Int(nameLength)].elementsEqual(entry.name) else {
            throw problem("local header name differs from the central directory (corrupt zip)")
        }
        func disagree(_ field: String, _ local: String, _ central: String) -> InputError {
            problem("local header disagrees with the central directory: \(field) \(local), not \(central)")
        }
        guard method == entry.method else { throw disagree("method", "\(method)", "\(entry.method)") }
        // Bits 0 (encrypted) and 3 (data descriptor) change how the entry is read, and bit 11
        // (UTF-8) how a name that is not ASCII is.
        let meaningful: UInt16 = entry.name.contains { $0 >= 0x80 } ? 0x0809 : 0x0009
        guard flags & meaningful == entry.flags & meaningful else {
            throw disagree("flags", hex(flags & meaningful), hex(entry.flags & meaningful))
        }
        let extra = Array(tail[Int(nameLength)...])
        let (localU, localC) = localZip64Sizes(extra, usize: usize, csize: csize)
        let deferred = entry.flags & 0x08 != 0
        // With a data descriptor the local fields may be zero; when filled in they must agree.
        let checks: [(String, UInt64, UInt64)] = [("CRC-32", UInt64(crc), UInt64(entry.crc32)),
                                                  ("compressed size", localC, entry.compressedSize),
                                                  ("size", localU, entry.uncompressedSize)]
        for (field, local, central) in checks where local != central && !(deferred && local == 0) {
            throw disagree(field, "\(local)", "\(central)")
        }
        let start = offset + 30 + UInt64(nameLength) + UInt64(extraLength)
        let (dataEnd, overflow) = start.addingReportingOverflow(entry.compressedSize)
        guard !overflow, dataEnd <= directoryOffset else {
            throw problem("data runs past the central directory (truncated or corrupt zip)")
        }
        guard deferred else { return (start, dataEnd) }
        let descriptor = try descriptorLength(entry, at: dataEnd, fd: fd, directoryOffset: directoryOffset,
                                              fail: problem)
        return (start, dataEnd + descriptor)
    }

    /// The length of the data descriptor after the data: 0 when there is none (the
    /// bytes there are not one), its size when it agrees with the central directory.
    private static func descriptorLength(_ entry: ZipEntry, at end: UInt64, fd: Int32, directoryOffset: UInt64,
                                         fail: (String) -> InputError) throws(InputError) -> UInt64 {
        let available = Int(min(24, directoryOffset - end))
        guard let bytes = Posix.readBytes(fd, count: available, at: end) else { return 0 }
        let signed = ByteReader.u32(bytes, at: 0) == descriptorSignature
        let base = signed ? 4 : 0
        guard let crc = ByteReader.u32(bytes, at: base) else {
            if signed { throw fail("data descriptor is cut short (corrupt zip)") }
            return 0
        }
        if crc == entry.crc32 {
            if ByteReader.u32(bytes, at: base + 4).map(UInt64.init) == entry.compressedSize,
               ByteReader.u32(bytes, at: base + 8).map(UInt64.init) == entry.uncompressedSize {
                return UInt64(base + 12)
            }
            if ByteReader.u64(bytes, at: base + 4) == entry.compressedSize,
               ByteReader.u64(bytes, at: base + 12) == entry.uncompressedSize {
                return UInt64(base + 20)
            }
        }
        // A signed descriptor that disagrees would make a streaming reader see other data.
        if signed { throw fail("data descriptor disagrees with the central directory (CRC-32 or sizes)") }
        return 0
    }

    /// The local sizes, taking 0xFFFFFFFF fields from the local Zip64 extra field
    /// (size first, then compressed size, as the central directory orders them).
    private static func localZip64Sizes(_ extra: [UInt8], usize: UInt32, csize: UInt32) -> (UInt64, UInt64) {
        var u = UInt64(usize), c = UInt64(csize)
        guard usize == 0xFFFF_FFFF || csize == 0xFFFF_FFFF else { return (u, c) }
        var r = ByteReader(extra)
        while r.remaining >= 4 {
            guard let id = r.u16(), let length = r.u16(), let body = r.take(Int(length)) else { break }
            guard id == 0x0001 else { continue }
            var f = ByteReader(body)
            if usize == 0xFFFF_FFFF, let v = f.u64() { u = v }
            if csize == 0xFFFF_FFFF, let v = f.u64() { c = v }
            break
        }
        return (u, c)
    }

    private static func hex(_ value: UInt16) -> String {
        let digits = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
