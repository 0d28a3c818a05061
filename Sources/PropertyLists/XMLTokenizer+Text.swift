extension XMLTokenizer {
    /// Character data up to the next markup, with entities and CDATA sections decoded.
    mutating func readText() throws(PlistError) -> [UInt8] {
        var out: [UInt8] = []
        while position < text.count {
            let b = text[position]
            if b == UInt8(ascii: "<") {
                let cdata = Array("<![CDATA[".utf8)
                guard text.count - position >= cdata.count, text[position..<position + cdata.count].elementsEqual(cdata) else {
                    break
                }
                position += cdata.count
                let start = position
                while true {
                    guard position + 2 < text.count else { throw fail("unterminated CDATA section") }
                    if text[position] == UInt8(ascii: "]") && text[position + 1] == UInt8(ascii: "]")
                        && text[position + 2] == UInt8(ascii: ">") { break }
                    if text[position] == 0x0A { line += 1 }
                    position += 1
                }
                out.append(contentsOf: text[start..<position])
                position += 3
                continue
            }
            if b == UInt8(ascii: "&") {
                try readEntity(into: &out)
                continue
            }
            if b == 0x0A { line += 1 }
            out.append(b)
            position += 1
        }
        return out
    }

    private mutating func readEntity(into out: inout [UInt8]) throws(PlistError) {
        let start = position + 1
        var end = start
        while end < text.count, end - start < 12, text[end] != UInt8(ascii: ";") { end += 1 }
        guard end < text.count, text[end] == UInt8(ascii: ";") else { throw fail("malformed entity reference", line: line) }
        let name = Array(text[start..<end])
        position = end + 1
        switch String(decoding: name, as: UTF8.self) {
        case "lt": out.append(UInt8(ascii: "<"))
        case "gt": out.append(UInt8(ascii: ">"))
        case "amp": out.append(UInt8(ascii: "&"))
        case "quot": out.append(UInt8(ascii: "\""))
        case "apos": out.append(UInt8(ascii: "'"))
        default:
            guard name.first == UInt8(ascii: "#"), name.count >= 2 else {
                throw fail("undefined entity &\(String(decoding: name, as: UTF8.self));", line: line)
            }
            var digits = name.dropFirst()
            var radix: UInt32 = 10
            if digits.first == UInt8(ascii: "x") { radix = 16; digits = digits.dropFirst() }
            var value: UInt32 = 0
            guard !digits.isEmpty else { throw fail("malformed character reference", line: line) }
            for d in digits {
                guard let v = OpenStepParser.hexValue(d), UInt32(v) < radix else {
                    throw fail("malformed character reference", line: line)
                }
                value = value * radix + UInt32(v)
                guard value <= 0x10FFFF else { throw fail("character reference out of range", line: line) }
            }
            guard value != 0, let scalar = Unicode.Scalar(value) else {
                throw fail("character reference is not a valid character", line: line)
            }
            TextEncoding.appendUTF8(scalar.value, to: &out)
        }
    }
}
