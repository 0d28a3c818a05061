/// A SHA-256 digest (32 bytes), printed as lowercase hex.
public struct SHA256Digest: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var bytes: [UInt8]

    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// Parses 64 hex digits; nil for anything else.
    public init?(hex: some StringProtocol) {
        self.init(hexDigits: Array(hex.utf8)[...])
    }

    /// Parses 64 hex digits given as UTF-8 bytes (a stored file record's line, read in
    /// place); nil for anything else.
    public init?(hexDigits utf8: ArraySlice<UInt8>) {
        guard utf8.count == 64 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(32)
        var i = utf8.startIndex
        while i < utf8.endIndex {
            guard let hi = Self.nibble(utf8[i]), let lo = Self.nibble(utf8[i + 1]) else { return nil }
            out.append(hi << 4 | lo)
            i += 2
        }
        bytes = out
    }

    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    public static func < (a: SHA256Digest, b: SHA256Digest) -> Bool {
        a.bytes.lexicographicallyPrecedes(b.bytes)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
