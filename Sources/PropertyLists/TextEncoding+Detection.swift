/// Turns the bytes of a text-format plist into validated UTF-8, recording the encoding.
struct DecodedText {
    var encoding: TextEncoding
    /// The text as UTF-8, without any byte-order mark.
    var utf8: [UInt8]
}

extension TextEncoding {
    /// Detects the encoding (BOM, or the NUL-byte pattern of UTF-16 without a BOM) and
    /// decodes to UTF-8. Invalid sequences throw with their byte offset and line.
    static func decode(_ bytes: [UInt8]) throws(PlistError) -> DecodedText {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return DecodedText(encoding: .utf8BOM, utf8: try validateUTF8(bytes, from: 3))
        }
        if bytes.starts(with: [0xFF, 0xFE]) {
            return DecodedText(encoding: .utf16LEBOM, utf8: try transcodeUTF16(bytes, from: 2, littleEndian: true))
        }
        if bytes.starts(with: [0xFE, 0xFF]) {
            return DecodedText(encoding: .utf16BEBOM, utf8: try transcodeUTF16(bytes, from: 2, littleEndian: false))
        }
        if bytes.count >= 2 {
            // Text plists start with ASCII (a quote, brace, comment, letter or '<'), so a
            // NUL in the first code unit's high byte means UTF-16 without a BOM.
            if bytes[0] != 0 && bytes[1] == 0 {
                return DecodedText(encoding: .utf16LE, utf8: try transcodeUTF16(bytes, from: 0, littleEndian: true))
            }
            if bytes[0] == 0 && bytes[1] != 0 {
                return DecodedText(encoding: .utf16BE, utf8: try transcodeUTF16(bytes, from: 0, littleEndian: false))
            }
        }
        do {
            return DecodedText(encoding: .utf8, utf8: try validateUTF8(bytes, from: 0))
        } catch {
            // Latin-1 or another 8-bit encoding, named by an XML declaration: say that,
            // rather than where the first byte stops being UTF-8.
            try XMLDeclaration.check(bytes)
            throw error
        }
    }

    /// 1-based line of `offset` in `bytes` (counting LF bytes), for error messages.
    static func line(of offset: Int, in bytes: [UInt8], from start: Int, unitSize: Int = 1, littleEndian: Bool = true) -> Int {
        var line = 1
        var i = start
        while i < offset && i < bytes.count {
            if unitSize == 1 {
                if bytes[i] == 0x0A { line += 1 }
            } else if i + 1 < bytes.count {
                let unit = littleEndian ? UInt16(bytes[i]) | UInt16(bytes[i + 1]) << 8
                                        : UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
                if unit == 0x0A { line += 1 }
            }
            i += unitSize
        }
        return line
    }

    private static func validateUTF8(_ bytes: [UInt8], from start: Int) throws(PlistError) -> [UInt8] {
        var i = start
        let n = bytes.count
        func fail(_ at: Int) -> PlistError {
            PlistError("invalid UTF-8 at byte \(at)", line: line(of: at, in: bytes, from: start))
        }
        while i < n {
            let b0 = bytes[i]
            if b0 < 0x80 { i += 1; continue }
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch b0 {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(b0 & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(b0 & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(b0 & 0x07)
            default: throw fail(i)
            }
            guard i + length <= n else { throw fail(i) }
            for k in 1..<length {
                let b = bytes[i + k]
                guard b & 0xC0 == 0x80 else { throw fail(i) }
                scalar = scalar << 6 | UInt32(b & 0x3F)
            }
            guard scalar >= minimum, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else { throw fail(i) }
            i += length
        }
        return start == 0 ? bytes : Array(bytes[start...])
    }

    private static func transcodeUTF16(_ bytes: [UInt8], from start: Int, littleEndian: Bool) throws(PlistError) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 2)
        func fail(_ at: Int, _ what: String) -> PlistError {
            PlistError("\(what) at byte \(at)",
                       line: line(of: at, in: bytes, from: start, unitSize: 2, littleEndian: littleEndian))
        }
        guard (bytes.count - start) % 2 == 0 else { throw fail(bytes.count - 1, "odd number of bytes in UTF-16 text") }
        var i = start
        func unit(_ at: Int) -> UInt16 {
            littleEndian ? UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8 : UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
        }
        while i < bytes.count {
            let u = unit(i)
            var scalar = UInt32(u)
            if (0xD800...0xDBFF).contains(u) {
                guard i + 3 < bytes.count else { throw fail(i, "invalid UTF-16 (unpaired surrogate)") }
                let low = unit(i + 2)
                guard (0xDC00...0xDFFF).contains(low) else { throw fail(i, "invalid UTF-16 (unpaired surrogate)") }
                scalar = 0x10000 + (UInt32(u - 0xD800) << 10) + UInt32(low - 0xDC00)
                i += 4
            } else if (0xDC00...0xDFFF).contains(u) {
                throw fail(i, "invalid UTF-16 (unpaired surrogate)")
            } else {
                i += 2
            }
            appendUTF8(scalar, to: &out)
        }
        return out
    }

    /// Appends the UTF-8 form of a valid scalar value.
    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            out.append(UInt8(scalar))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6)); out.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12)); out.append(UInt8(0x80 | (scalar >> 6) & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18)); out.append(UInt8(0x80 | (scalar >> 12) & 0x3F))
            out.append(UInt8(0x80 | (scalar >> 6) & 0x3F)); out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
