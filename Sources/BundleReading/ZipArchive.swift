import BundleModel
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A zip archive opened in place: the end-of-central-directory record (incl. Zip64) and
/// the central directory are parsed; entry data is read later with `pread`.
struct ZipArchive: Sendable {
    let file: FileDescriptor
    let fileSize: UInt64
    let entries: [ZipEntry]
    /// Where the central directory starts: no entry's data may reach past it.
    let centralDirectoryOffset: UInt64
    /// The archive as the user named it, for messages.
    let displayName: String

    static let eocdSignature: UInt32 = 0x0605_4B50
    static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    static let zip64EndSignature: UInt32 = 0x0606_4B50

    /// Opens and indexes the archive at `path`.
    static func open(path: [UInt8], displayName: String,
                     limits: ReadOptions.Limits) throws(InputError) -> ZipArchive {
        let (fd, err) = Posix.openAt(AT_FDCWD, path, O_RDONLY)
        guard fd >= 0 else { throw InputError(file: displayName, "cannot be opened: \(Posix.message(err))") }
        let file = FileDescriptor(fd)
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw InputError(file: displayName, "cannot be read: \(Posix.message(errno))")
        }
        let size = UInt64(max(0, st.st_size))
        let fail = { (problem: String) in InputError(file: displayName, problem) }
        let end = try EndRecord.find(fd: fd, fileSize: size, fail: fail)
        guard end.entryCount <= UInt64(limits.maxEntries) else {
            throw fail(ReadBudget(limits: limits).message(.entries))
        }
        let (cdEnd, overflow) = end.directoryOffset.addingReportingOverflow(end.directorySize)
        guard !overflow, cdEnd <= end.recordOffset else {
            throw fail("truncated zip: central directory missing (it would lie past the end of the file)")
        }
        // Python's zipfile takes a gap here for bytes prepended to the archive and shifts
        // every offset by it: such an archive would be read differently.
        guard cdEnd == end.recordOffset else {
            throw fail("corrupt zip: \(end.recordOffset - cdEnd) bytes between the central directory "
                       + "and the end-of-central-directory record")
        }
        guard end.directorySize <= 1 << 31,
              let directory = Posix.readBytes(fd, count: Int(end.directorySize), at: end.directoryOffset) else {
            throw fail("truncated zip: central directory cannot be read")
        }
        var entries = try parseCentralDirectory(directory, expected: end.entryCount, fail: fail)
        try checkLayout(&entries, fd: fd, directoryOffset: end.directoryOffset, fail: fail)
        return ZipArchive(file: file, fileSize: size, entries: entries,
                          centralDirectoryOffset: end.directoryOffset, displayName: displayName)
    }

    /// Parses `expected` central-directory records.
    private static func parseCentralDirectory(_ bytes: [UInt8], expected: UInt64,
                                              fail: (String) -> InputError) throws(InputError) -> [ZipEntry] {
        var reader = ByteReader(bytes)
        var entries: [ZipEntry] = []
        entries.reserveCapacity(Int(min(expected, 1 << 20)))
        var number: UInt64 = 0
        while number < expected {
            number += 1
            guard let entry = try parseRecord(&reader, fail: fail) else {
                throw fail("corrupt zip: central directory record #\(number) is damaged or missing")
            }
            entries.append(entry)
        }
        // Python's zipfile reads records up to the directory's size, whatever the count.
        guard reader.remaining == 0 else {
            throw fail("corrupt zip: the central directory holds more than the \(expected) records "
                       + "its end record counts")
        }
        return entries
    }

    private static func parseRecord(_ r: inout ByteReader,
                                    fail: (String) -> InputError) throws(InputError) -> ZipEntry? {
        guard r.u32() == 0x0201_4B50, let madeBy = r.u16(), r.skip(2), let flags = r.u16(),
              let method = r.u16(), r.skip(4), let crc = r.u32(), let csize = r.u32(),
              let usize = r.u32(), let nameLength = r.u16(), let extraLength = r.u16(),
              let commentLength = r.u16(), let disk = r.u16(), r.skip(2),
              let external = r.u32(), let offset = r.u32(),
              let name = r.take(Int(nameLength)), let extra = r.take(Int(extraLength)),
              r.skip(Int(commentLength)) else { return nil }
        var entry = ZipEntry(name: name, madeBy: madeBy, flags: flags, method: method, crc32: crc,
                             compressedSize: UInt64(csize), uncompressedSize: UInt64(usize),
                             localHeaderOffset: UInt64(offset), externalAttributes: external)
        if let problem = extraFieldProblem(extra) { throw fail("entry \(entry.displayName): \(problem)") }
        guard applyZip64(extra, to: &entry, disk: disk) else { return nil }
        return entry
    }

    /// What is wrong with the extra fields, if anything: a field running past the extra
    /// data (Python's zipfile refuses the archive) or a Zip64 field longer than its most,
    /// 28 bytes (three sizes and a disk number).
    private static func extraFieldProblem(_ extra: [UInt8]) -> String? {
        var r = ByteReader(extra)
        while r.remaining >= 4 {
            guard let id = r.u16(), let length = r.u16(), r.skip(Int(length)) else {
                return "corrupt extra field (it runs past the end of the extra data)"
            }
            if id == 0x0001 && length > 28 { return "oversized Zip64 extra field (\(length) bytes, at most 28)" }
        }
        return nil
    }

    /// Replaces 0xFFFFFFFF sizes and offset with the values of the Zip64 extra field.
    private static func applyZip64(_ extra: [UInt8], to entry: inout ZipEntry, disk: UInt16) -> Bool {
        let needU = entry.uncompressedSize == 0xFFFF_FFFF
        let needC = entry.compressedSize == 0xFFFF_FFFF
        let needO = entry.localHeaderOffset == 0xFFFF_FFFF
        guard needU || needC || needO else { return true }
        var r = ByteReader(extra)
        while r.remaining >= 4 {
            guard let id = r.u16(), let length = r.u16(), let body = r.take(Int(length)) else { return false }
            guard id == 0x0001 else { continue }
            var f = ByteReader(body)
            if needU { guard let v = f.u64() else { return false }; entry.uncompressedSize = v }
            if needC { guard let v = f.u64() else { return false }; entry.compressedSize = v }
            if needO { guard let v = f.u64() else { return false }; entry.localHeaderOffset = v }
            return true
        }
        return false
    }
}
