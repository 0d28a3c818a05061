/// Bounds-checked little-endian reading over a byte array; every read returns nil past the end.
struct ByteReader {
    let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    var remaining: Int { bytes.count - offset }

    mutating func u16() -> UInt16? {
        guard let v = Self.u16(bytes, at: offset) else { return nil }
        offset += 2
        return v
    }

    mutating func u32() -> UInt32? {
        guard let v = Self.u32(bytes, at: offset) else { return nil }
        offset += 4
        return v
    }

    mutating func u64() -> UInt64? {
        guard let v = Self.u64(bytes, at: offset) else { return nil }
        offset += 8
        return v
    }

    mutating func take(_ count: Int) -> [UInt8]? {
        guard count >= 0, count <= remaining else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        offset += count
        return true
    }

    static func u16(_ b: [UInt8], at i: Int) -> UInt16? {
        guard i >= 0, i <= b.count - 2 else { return nil }
        return UInt16(b[i]) | UInt16(b[i + 1]) << 8
    }

    static func u32(_ b: [UInt8], at i: Int) -> UInt32? {
        guard i >= 0, i <= b.count - 4 else { return nil }
        var v: UInt32 = 0
        for k in (0..<4).reversed() { v = v << 8 | UInt32(b[i + k]) }
        return v
    }

    static func u64(_ b: [UInt8], at i: Int) -> UInt64? {
        guard i >= 0, i <= b.count - 8 else { return nil }
        var v: UInt64 = 0
        for k in (0..<8).reversed() { v = v << 8 | UInt64(b[i + k]) }
        return v
    }
}
