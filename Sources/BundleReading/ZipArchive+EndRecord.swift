import BundleModel
extension ZipArchive {
    /// The end-of-central-directory facts, from the classic record or its Zip64 form.
    struct EndRecord {
        var recordOffset: UInt64
        var entryCount: UInt64
        var directorySize: UInt64
        var directoryOffset: UInt64

        /// Searches the last 64 KiB + 22 bytes of the file for the record.
        static func find(fd: Int32, fileSize: UInt64,
                         fail: (String) -> InputError) throws(InputError) -> EndRecord {
            let tailLength = min(fileSize, 65_535 + 22)
            let tailStart = fileSize - tailLength
            guard tailLength >= 22, let tail = Posix.readBytes(fd, count: Int(tailLength), at: tailStart) else {
                throw fail("not a zip archive (too short to hold an end-of-central-directory record)")
            }
            var position = tail.count - 22
            while position >= 0 {
                if ByteReader.u32(tail, at: position) == ZipArchive.eocdSignature,
                   let commentLength = ByteReader.u16(tail, at: position + 20),
                   position + 22 + Int(commentLength) <= tail.count {
                    break
                }
                position -= 1
            }
            guard position >= 0 else {
                throw fail("not a zip archive (no end-of-central-directory record)")
            }
            if hiddenInComment(tail, record: position) {
                throw fail("corrupt zip: an end-of-central-directory record is hidden in the archive comment "
                           + "(readers disagree on which archive this is)")
            }
            var r = ByteReader(tail, offset: position + 4)
            guard let disk = r.u16(), let cdDisk = r.u16(), r.skip(2), let count = r.u16(),
                  let size = r.u32(), let offset = r.u32() else {
                throw fail("truncated zip: end-of-central-directory record is cut short")
            }
            guard disk == 0 || disk == 0xFFFF, cdDisk == 0 || cdDisk == 0xFFFF else {
                throw fail("multi-part zip archives are not supported")
            }
            var record = EndRecord(recordOffset: tailStart + UInt64(position), entryCount: UInt64(count),
                                   directorySize: UInt64(size), directoryOffset: UInt64(offset))
            if position >= 20, ByteReader.u32(tail, at: position - 20) == ZipArchive.zip64LocatorSignature {
                try readZip64(fd: fd, tail: tail, locator: position - 20, into: &record, fail: fail)
            } else if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
                throw fail("truncated zip: Zip64 end-of-central-directory locator missing")
            }
            return record
        }

        /// Whether the record at `record` lies inside the comment of an earlier one: then
        /// readers that search from the end and readers that check the comment length
        /// find two different archives.
        private static func hiddenInComment(_ tail: [UInt8], record: Int) -> Bool {
            var position = record - 22
            while position >= 0 {
                if ByteReader.u32(tail, at: position) == ZipArchive.eocdSignature,
                   let commentLength = ByteReader.u16(tail, at: position + 20),
                   position + 22 <= record, position + 22 + Int(commentLength) > record,
                   position + 22 + Int(commentLength) <= tail.count {
                    return true
                }
                position -= 1
            }
            return false
        }

        private static func readZip64(fd: Int32, tail: [UInt8], locator: Int, into record: inout EndRecord,
                                      fail: (String) -> InputError) throws(InputError) {
            guard let recordOffset = ByteReader.u64(tail, at: locator + 8),
                  recordOffset < record.recordOffset,
                  let bytes = Posix.readBytes(fd, count: 56, at: recordOffset) else {
                throw fail("truncated zip: Zip64 end-of-central-directory record missing")
            }
            var r = ByteReader(bytes)
            guard r.u32() == ZipArchive.zip64EndSignature, r.skip(8 + 2 + 2), let disk = r.u32(),
                  let cdDisk = r.u32(), r.skip(8), let count = r.u64(), let size = r.u64(),
                  let offset = r.u64() else {
                throw fail("corrupt zip: Zip64 end-of-central-directory record is damaged")
            }
            guard disk == 0, cdDisk == 0 else { throw fail("multi-part zip archives are not supported") }
            // The locator sits 20 bytes before the classic record; Python's zipfile reads the
            // 56-byte Zip64 record just before the locator, wherever the locator points.
            guard recordOffset + 56 + 20 == record.recordOffset else {
                throw fail("corrupt zip: the Zip64 end-of-central-directory record is not just before its locator")
            }
            record = EndRecord(recordOffset: recordOffset, entryCount: count, directorySize: size,
                               directoryOffset: offset)
        }
    }
}
