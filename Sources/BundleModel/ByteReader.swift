/// Bounds-checked little-endian reading over a byte array; every read returns nil past the end.
/// The zip reader's records and the derived facts of a recorded build (`BuildFacts`) read
/// through it.
public struct ByteReader {
    public let bytes: [UInt8]
    public private(set) var offset: Int

    public init(_ bytes: [UInt8], offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    public var remaining: Int { bytes.count - offset }

    public mutating func u8() -> UInt8? {
        guard offset < bytes.count else { return nil }
        defer { offset += 1 }
        return bytes[offset]
    }

    public mutating func u16() -> UInt16? {
        guard let v = Self.u16(bytes, at: offset) else { return nil }
        offset += 2
        return v
    }

    public mutating func u32() -> UInt32? {
        guard let v = Self.u32(bytes, at: offset) else { return nil }
        offset += 4
        return v
    }

    public mutating func u64() -> UInt64? {
        guard let v = Self.u64(bytes, at: offset) else { return nil }
        offset += 8
        return v
    }

    /// A u32 length, then that many bytes.
    public mutating func run() -> [UInt8]? {
        let start = offset
        guard let count = u32(), let bytes = take(Int(count)) else {
            offset = start
            return nil
        }
        return bytes
    }

    public mutating func take(_ count: Int) -> [UInt8]? {
        guard count >= 0, count <= remaining else { return nil }
        defer { offset += count }
        return Array(bytes[offset..<offset + count])
    }

    public mutating func skip(_ count: Int) -> Bool {
        guard count >= 0, count <= remaining else { return false }
        offset += count
        return true
    }

    public static func u16(_ b: [UInt8], at i: Int) -> UInt16? {
        guard i >= 0, i <= b.count - 2 else { return nil }
        return UInt16(b[i]) | UInt16(b[i + 1]) << 8
    }

    public static func u32(_ b: [UInt8], at i: Int) -> UInt32? {
        guard i >= 0, i <= b.count - 4 else { return nil }
        var v: UInt32 = 0
        for k in (0..<4).reversed() { v = v << 8 | UInt32(b[i + k]) }
        return v
    }

    public static func u64(_ b: [UInt8], at i: Int) -> UInt64? {
        guard i >= 0, i <= b.count - 8 else { return nil }
        var v: UInt64 = 0
        for k in (0..<8).reversed() { v = v << 8 | UInt64(b[i + k]) }
        return v
    }
}
