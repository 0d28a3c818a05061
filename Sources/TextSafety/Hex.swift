/// Hex digits, the one spelling of digests, git object ids and escaped name bytes:
/// lowercase out, either case in.
public enum Hex {
    /// The value of one hex digit (`0-9`, `a-f`, `A-F`); nil for any other byte.
    public static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Two lowercase hex digits per byte.
    public static func encode(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The bytes an even number of hex digits spell; nil for an odd count, any other
    /// character, or (when `byteCount` is given) any other length.
    public static func decode(_ text: some StringProtocol, byteCount: Int? = nil) -> [UInt8]? {
        decode(utf8: Array(text.utf8)[...], byteCount: byteCount)
    }

    /// `decode(_:byteCount:)` for digits given as UTF-8 bytes, read in place.
    public static func decode(utf8: ArraySlice<UInt8>, byteCount: Int? = nil) -> [UInt8]? {
        guard utf8.count % 2 == 0, byteCount.map({ utf8.count == $0 * 2 }) ?? true else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(utf8.count / 2)
        var i = utf8.startIndex
        while i < utf8.endIndex {
            guard let hi = nibble(utf8[i]), let lo = nibble(utf8[i + 1]) else { return nil }
            out.append(hi << 4 | lo)
            i += 2
        }
        return out
    }
}
