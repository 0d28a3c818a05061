/// A bounded view of part of a file's bytes with one byte order: every read is checked
/// against the view, every offset sum is overflow-checked.
struct MachOBytes {
    let bytes: [UInt8]
    /// Where the view starts in `bytes` and how long it is.
    let start: Int
    let count: Int
    var bigEndian: Bool

    init(bytes: [UInt8], start: Int, count: Int, bigEndian: Bool) {
        self.bytes = bytes
        self.start = start
        self.count = count
        self.bigEndian = bigEndian
    }

    /// `offset + length` when the range lies inside the view; nil otherwise.
    func end(_ offset: Int, _ length: Int) -> Int? {
        guard offset >= 0, length >= 0 else { return nil }
        let (sum, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, sum <= count else { return nil }
        return sum
    }

    func contains(_ offset: Int, _ length: Int) -> Bool { end(offset, length) != nil }

    func u8(_ offset: Int, _ what: @autoclosure () -> String) throws(MachOError) -> UInt8 {
        guard contains(offset, 1) else { throw outside(what(), offset) }
        return bytes[start + offset]
    }

    func u32(_ offset: Int, _ what: @autoclosure () -> String) throws(MachOError) -> UInt32 {
        guard contains(offset, 4) else { throw outside(what(), offset) }
        let p = start + offset
        let a = UInt32(bytes[p]), b = UInt32(bytes[p + 1]), c = UInt32(bytes[p + 2]), d = UInt32(bytes[p + 3])
        return bigEndian ? a << 24 | b << 16 | c << 8 | d : d << 24 | c << 16 | b << 8 | a
    }

    func u64(_ offset: Int, _ what: @autoclosure () -> String) throws(MachOError) -> UInt64 {
        let first = UInt64(try u32(offset, what()))
        let second = UInt64(try u32(offset + 4, what()))
        return bigEndian ? first << 32 | second : second << 32 | first
    }

    /// A big-endian u32 whatever the view's byte order (code signatures, fat headers).
    func be32(_ offset: Int, _ what: @autoclosure () -> String) throws(MachOError) -> UInt32 {
        var view = self
        view.bigEndian = true
        return try view.u32(offset, what())
    }

    func slice(_ offset: Int, _ length: Int) -> ArraySlice<UInt8> {
        bytes[(start + offset)..<(start + offset + length)]
    }

    /// The bytes of `offset..<offset+length` as a view of their own.
    func window(_ offset: Int, _ length: Int, _ what: @autoclosure () -> String) throws(MachOError) -> MachOBytes {
        guard contains(offset, length) else { throw outside(what(), offset) }
        return MachOBytes(bytes: bytes, start: start + offset, count: length, bigEndian: bigEndian)
    }

    /// A NUL-terminated string starting at `offset` that must end before `limit`; the bytes
    /// scanned are charged to `budget`.
    func cString(_ offset: Int, limit: Int, budget: inout Int, _ what: @autoclosure () -> String) throws(MachOError) -> String {
        let limit = min(limit, count)
        guard offset >= 0, offset < limit else { throw outside(what(), offset) }
        var p = start + offset
        let stop = start + limit
        while p < stop, bytes[p] != 0 { p += 1 }
        let length = p - start - offset
        budget -= length + 1
        guard budget >= 0 else { throw MachOError("names exceed the reading budget (hostile symbol table?)") }
        guard p < stop else { throw MachOError("\(what()) is not NUL-terminated") }
        return String(decoding: bytes[(start + offset)..<p], as: UTF8.self)
    }

    /// A fixed-size NUL-padded name (segment names).
    func fixedString(_ offset: Int, length: Int, _ what: @autoclosure () -> String) throws(MachOError) -> String {
        guard contains(offset, length) else { throw outside(what(), offset) }
        let raw = slice(offset, length)
        let used = raw.prefix { $0 != 0 }
        return String(decoding: used, as: UTF8.self)
    }

    func outside(_ what: String, _ offset: Int) -> MachOError {
        MachOError("\(what) at offset \(offset) runs past the end (\(count) bytes)")
    }
}
