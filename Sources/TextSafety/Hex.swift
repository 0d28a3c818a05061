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

    /// The value of eight hex digits (either case) given as the bytes of `word` loaded
    /// little-endian (the first digit in the lowest byte): the first digit is the highest
    /// nibble. Nil when any byte is no hex digit. All eight at once, in the word's bits: a
    /// walk of a recorded build parses 64 digits a file, and digit by digit that loop was a
    /// fifth of the walk.
    @inlinable
    public static func value(ofEightDigits word: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        guard word & highBits == 0 else { return nil }
        // With every byte below 0x80, adding at most 0x80 to each carries into none: a byte's
        // high bit then says whether it reached the bound.
        func within(_ bytes: UInt64, _ low: UInt8, _ high: UInt8) -> UInt64 {
            let atLeastLow = bytes &+ ones &* UInt64(0x80 - low)
            let aboveHigh = bytes &+ ones &* UInt64(0x7F - high)
            return atLeastLow & ~aboveHigh & highBits
        }
        let digits = within(word, UInt8(ascii: "0"), UInt8(ascii: "9"))
        let letters = within(word | (ones &* 0x20), UInt8(ascii: "a"), UInt8(ascii: "f"))
        guard digits | letters == highBits else { return nil }
        // Each byte's value: its low nibble, plus 9 for a letter ('a' and 'A' end in 1).
        let values = (word & (ones &* 0x0F)) &+ (letters >> 7) &* 9
        // Pairs of digits into bytes (the first digit high), then the four bytes together.
        var packed = (values & 0x000F_000F_000F_000F) << 4 | (values >> 8) & 0x000F_000F_000F_000F
        packed = (packed | packed >> 8) & 0x0000_FFFF_0000_FFFF
        packed = (packed | packed >> 16) & 0xFFFF_FFFF
        return UInt32(truncatingIfNeeded: packed).byteSwapped
    }

    /// Two lowercase hex digits per byte.
    public static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        append(bytes, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `encode(bytes)`'s digits, appended to `out` as UTF-8.
    public static func append(_ bytes: [UInt8], to out: inout [UInt8]) {
        for b in bytes {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0xF)])
        }
    }

    private static let digits = Array("0123456789abcdef".utf8)

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
