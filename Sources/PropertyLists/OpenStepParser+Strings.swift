extension OpenStepParser {
    /// A `"…"` or `'…'` string with escapes: `\a \b \f \n \r \t \v`, `\UXXXX` (1–4 hex
    /// digits, surrogate pairs joined; uppercase `U` only: as in CoreFoundation, `\u00e9`
    /// is the text "u00e9"), octal `\101` (1–3 digits); any other escaped character
    /// stands for itself.
    mutating func parseQuoted() throws(PlistError) -> String {
        let startLine = line
        let quote = text[position]
        position += 1
        var out: [UInt8] = []
        var runStart = position
        while true {
            guard position < text.count else { throw fail("unterminated string opened on line \(startLine)") }
            let b = text[position]
            if b == quote {
                out.append(contentsOf: text[runStart..<position])
                position += 1
                return String(decoding: out, as: UTF8.self)
            }
            if b == 0x0A { line += 1 }
            if b != UInt8(ascii: "\\") { position += 1; continue }
            out.append(contentsOf: text[runStart..<position])
            position += 1
            guard position < text.count else { throw fail("unterminated string opened on line \(startLine)") }
            let e = text[position]
            position += 1
            switch e {
            case UInt8(ascii: "a"): out.append(0x07)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "v"): out.append(0x0B)
            case UInt8(ascii: "U"):
                // CoreFoundation keeps an unpaired surrogate as a UTF-16 unit of the string and
                // loads the table: it reads here as U+FFFD, the one scalar a string can hold for it.
                var unit = readHexUnit()
                if (0xD800...0xDBFF).contains(unit) {
                    let high = unit, resume = position
                    unit = 0xFFFD
                    if position + 1 < text.count, text[position] == UInt8(ascii: "\\"), text[position + 1] == UInt8(ascii: "U") {
                        position += 2
                        let low = readHexUnit()
                        if (0xDC00...0xDFFF).contains(low) {
                            unit = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                        } else {
                            position = resume  // the next escape is read on its own
                        }
                    }
                } else if (0xDC00...0xDFFF).contains(unit) {
                    unit = 0xFFFD
                }
                TextEncoding.appendUTF8(unit, to: &out)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = UInt32(e - 48)
                var digits = 1
                while digits < 3, position < text.count, (48...55).contains(text[position]) {
                    value = value * 8 + UInt32(text[position] - 48)
                    position += 1
                    digits += 1
                }
                TextEncoding.appendUTF8(Self.nextStepScalar(value), to: &out)
            default:
                if e == 0x0A { line += 1 }
                out.append(e)
            }
            runStart = position
        }
    }

    /// Up to four hex digits (none reads as 0, as CoreFoundation does).
    private mutating func readHexUnit() -> UInt32 {
        var value: UInt32 = 0
        var digits = 0
        while digits < 4, position < text.count, let d = Self.hexValue(text[position]) {
            value = value << 4 | UInt32(d)
            position += 1
            digits += 1
        }
        return value
    }
}
