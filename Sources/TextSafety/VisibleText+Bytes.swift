extension VisibleText {
    /// Raw bytes (a path from a file system or a zip) shown on one line: valid UTF-8 as
    /// text with hidden scalars escaped, `\` doubled so every escape is unambiguous, each
    /// byte that is not part of valid UTF-8 as `\xNN`, and CI log command markers broken
    /// (`isLogCommandMarker`, as `escape(_:)` breaks them).
    public static func escape(bytes: [UInt8]) -> String {
        let commands = hasLogCommandPair(bytes)
        // Printable ASCII without a `\`, as most paths are, is shown as it is.
        if !commands, isPrintableASCII(bytes), !bytes.contains(UInt8(ascii: "\\")) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var out = ""
        var i = 0
        while i < bytes.count {
            let (scalar, length) = decodeScalar(bytes, at: i)
            if let scalar {
                if isHidden(scalar) {
                    out += escape(scalar)
                } else if commands, isLogCommandMarker(bytes, at: i) {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
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

    /// Whether `bytes` hold `::` or `##`, the start of every log command marker.
    private static func hasLogCommandPair(_ bytes: [UInt8]) -> Bool {
        zip(bytes, bytes.dropFirst()).contains { a, b in a == b && (a == UInt8(ascii: ":") || a == UInt8(ascii: "#")) }
    }

    /// `isLogCommandMarker` over bytes (the markers are ASCII).
    private static func isLogCommandMarker(_ bytes: [UInt8], at i: Int) -> Bool {
        guard i > 0, bytes[i] == UInt8(ascii: ":") || bytes[i] == UInt8(ascii: "#") else { return false }
        let end = min(bytes.count, i + 5)
        return isLogCommandMarker(bytes[(i - 1)..<end].map { Unicode.Scalar($0) }, at: 1)
    }

    /// Decodes one UTF-8 scalar at `i`; nil and length 1 for a byte that does not start a
    /// valid, shortest-form sequence (surrogates included).
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
