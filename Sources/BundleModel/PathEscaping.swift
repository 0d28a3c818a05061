/// Printable spellings of raw path bytes.
enum PathEscaping {
    /// Valid UTF-8 stays as is except control characters (C0, DEL, C1) and the bidi
    /// controls U+202A…U+202E, U+2066…U+2069, which become `\u{…}`; invalid bytes become `\xNN`.
    static func display(_ bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            let (scalar, length) = decodeScalar(bytes, at: i)
            if let scalar {
                if isUnsafe(scalar) {
                    out += "\\u{\(String(scalar.value, radix: 16))}"
                } else if scalar == "\\" {
                    out += "\\\\"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            } else {
                let hex = String(bytes[i], radix: 16, uppercase: true)
                out += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
            i += length
        }
        return out
    }

    static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        default: false
        }
    }

    /// Decodes one UTF-8 scalar at `i`; returns nil and length 1 for an invalid byte.
    static func decodeScalar(_ b: [UInt8], at i: Int) -> (Unicode.Scalar?, Int) {
        let lead = b[i]
        let (length, minimum): (Int, UInt32)
        switch lead {
        case 0..<0x80: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: (length, minimum) = (2, 0x80)
        case 0xE0...0xEF: (length, minimum) = (3, 0x800)
        case 0xF0...0xF4: (length, minimum) = (4, 0x10000)
        default: return (nil, 1)
        }
        guard i + length <= b.count else { return (nil, 1) }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for k in 1..<length {
            let c = b[i + k]
            guard c & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(c & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { return (nil, 1) }
        return (scalar, length)
    }
}
