/// Strict base64 decoding for XML `<data>`: the standard alphabet, whitespace anywhere,
/// `=` padding only at the end.
enum Base64 {
    static func decode(_ text: [UInt8]) -> [UInt8]? {
        var out: [UInt8] = []
        out.reserveCapacity(text.count * 3 / 4)
        var accumulator: UInt32 = 0
        var bits = 0
        var padding = 0
        for b in text {
            let value: UInt32
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = UInt32(b - 65)
            case UInt8(ascii: "a")...UInt8(ascii: "z"): value = UInt32(b - 71)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = UInt32(b) + 4
            case UInt8(ascii: "+"): value = 62
            case UInt8(ascii: "/"): value = 63
            case UInt8(ascii: "="): padding += 1; continue
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            guard padding == 0 else { return nil }
            accumulator = accumulator << 6 | value
            bits += 6
            if bits >= 8 {
                bits -= 8
                out.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
                accumulator &= (1 << UInt32(bits)) - 1
            }
        }
        guard padding <= 2, bits < 6 || bits == 0 else { return nil }
        return out
    }
}
