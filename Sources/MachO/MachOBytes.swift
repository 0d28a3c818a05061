/// A bounded view of part of a file's bytes with one byte order: every read is checked
/// against the view, every offset sum is overflow-checked, and every byte read must lie
/// in a range the source holds (`MachOByteRanges`).
struct MachOBytes {
    let source: MachOByteRanges
    /// Where the view starts in the file and how long it is.
    let start: Int
    let count: Int
    var bigEndian: Bool
    /// The piece of `source` holding the whole view, when one does: reads index it directly.
    private let home: Int?

    init(source: MachOByteRanges, start: Int, count: Int, bigEndian: Bool) {
        self.source = source
        self.start = start
        self.count = count
        self.bigEndian = bigEndian
        home = source.piece(start, count)
    }

    /// `offset + length` when the range lies inside the view; nil otherwise.
    func end(_ offset: Int, _ length: Int) -> Int? {
        guard offset >= 0, length >= 0 else { return nil }
        let (sum, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, sum <= count else { return nil }
        return sum
    }

    func contains(_ offset: Int, _ length: Int) -> Bool { end(offset, length) != nil }

    /// The held bytes of `offset..<offset+length` (inside the view): an array and the index
    /// of the first byte in it.
    private func held(_ offset: Int, _ length: Int, _ what: @autoclosure () -> String) throws(MachOError)
        -> (bytes: [UInt8], at: Int) {
        guard contains(offset, length) else { throw outside(what(), offset) }
        let p = start + offset
        guard let index = home ?? source.piece(p, length) else {
            throw MachOError("\(what()) at file offset \(p) (\(length) bytes) lies outside the ranges read "
                             + "(a table its load commands did not announce before it)")
        }
        let piece = source.pieces[index]
        return (piece.bytes, p - piece.offset)
    }

    func u8(_ offset: Int, _ what: @autoclosure () -> String) throws(MachOError) -> UInt8 {
        let (bytes, p) = try held(offset, 1, what())
        return bytes[p]
    }

    func u32(_ offset: Int, _ what: @autoclosure () -> String) throws(MachOError) -> UInt32 {
        let (bytes, p) = try held(offset, 4, what())
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

    func slice(_ offset: Int, _ length: Int, _ what: @autoclosure () -> String) throws(MachOError) -> ArraySlice<UInt8> {
        let (bytes, p) = try held(offset, length, what())
        return bytes[p..<(p + length)]
    }

    /// The bytes of `offset..<offset+length` as a view of their own.
    func window(_ offset: Int, _ length: Int, _ what: @autoclosure () -> String) throws(MachOError) -> MachOBytes {
        guard contains(offset, length) else { throw outside(what(), offset) }
        return MachOBytes(source: source, start: start + offset, count: length, bigEndian: bigEndian)
    }

    /// A NUL-terminated string starting at `offset` that must end before `limit`; the bytes
    /// scanned are charged to `budget`.
    func cString(_ offset: Int, limit: Int, budget: inout Int, _ what: @autoclosure () -> String) throws(MachOError) -> String {
        String(decoding: try cStringBytes(offset, limit: limit, budget: &budget, what()), as: UTF8.self)
    }

    /// The bytes of `cString(offset, …)`, without the NUL (names are compared and sorted as
    /// bytes, and only the ones kept become strings).
    func cStringBytes(_ offset: Int, limit: Int, budget: inout Int, _ what: @autoclosure () -> String)
        throws(MachOError) -> ArraySlice<UInt8> {
        let limit = min(limit, count)
        guard offset >= 0, offset < limit else { throw outside(what(), offset) }
        let (bytes, first) = try held(offset, limit - offset, what())
        var p = first
        let stop = first + limit - offset
        while p < stop, bytes[p] != 0 { p += 1 }
        let length = p - first
        budget -= length + 1
        guard budget >= 0 else { throw MachOError("names exceed the reading budget (hostile symbol table?)") }
        guard p < stop else { throw MachOError("\(what()) is not NUL-terminated") }
        return bytes[first..<p]
    }

    /// A fixed-size NUL-padded name (segment names).
    func fixedString(_ offset: Int, length: Int, _ what: @autoclosure () -> String) throws(MachOError) -> String {
        let raw = try slice(offset, length, what())
        let used = raw.prefix { $0 != 0 }
        return String(decoding: used, as: UTF8.self)
    }

    func outside(_ what: String, _ offset: Int) -> MachOError {
        MachOError("\(what) at offset \(offset) runs past the end (\(count) bytes)")
    }
}
