extension OpenStepParser {
    /// One value at the current position (trivia already skipped).
    mutating func parseValue(path: [String]) throws(PlistError) -> PlistValue {
        guard let b = peek() else { throw fail("unexpected end of file, expected a value") }
        switch b {
        case UInt8(ascii: "{"):
            let openLine = line
            position += 1
            try enter(openLine)
            defer { depth -= 1 }
            return .dictionary(try parseDictionaryBody(path: path, openedAt: openLine))
        case UInt8(ascii: "("):
            let openLine = line
            position += 1
            try enter(openLine)
            defer { depth -= 1 }
            return .array(try parseArray(path: path, openedAt: openLine))
        case UInt8(ascii: "<"):
            return .data(try parseData())
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try parseQuoted())
        default:
            if Self.isUnquotedByte(b) { return .string(parseUnquoted()) }
            throw fail("unexpected \(Self.describe(b)), expected a value")
        }
    }

    private mutating func enter(_ openLine: Int) throws(PlistError) {
        depth += 1
        guard depth <= limits.maxDepth else { throw fail("nesting deeper than \(limits.maxDepth) levels", line: openLine) }
    }

    /// Entries up to `}` (or the end of the file when `openedAt` is nil, for `.strings`).
    mutating func parseDictionaryBody(path: [String], openedAt: Int?) throws(PlistError) -> PlistDictionary {
        var dictionary = PlistDictionary()
        var keyLines: [String: [Int]] = [:]
        var order: [String] = []
        while true {
            try skipTrivia()
            guard let b = peek() else {
                if let openedAt { throw fail("missing '}' for the dictionary opened on line \(openedAt)") }
                break
            }
            if b == UInt8(ascii: "}") {
                guard openedAt != nil else { throw fail("unexpected '}' outside a dictionary") }
                position += 1
                break
            }
            if b == UInt8(ascii: ";"), openedAt == nil {
                // CoreFoundation stops reading a .strings file at a ';' where a key should
                // start: harmless at the end, but it silently drops every entry after it.
                let strayLine = line
                while peek() == UInt8(ascii: ";") { position += 1; try skipTrivia() }
                guard peek() == nil else {
                    throw fail("stray ';' where a key should start: the entries after it are not loaded", line: strayLine)
                }
                break
            }
            let keyLine = line
            let key: String
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                key = try parseQuoted()
            } else if Self.isUnquotedByte(b) {
                key = parseUnquoted()
            } else {
                throw fail("expected a key, found \(Self.describe(b))")
            }
            try skipTrivia()
            let value: PlistValue
            if peek() == UInt8(ascii: ";") {
                value = .string(key)
            } else {
                guard peek() == UInt8(ascii: "=") else {
                    throw fail("expected '=' or ';' after key \(CanonicalText.quote(key))")
                }
                position += 1
                try skipTrivia()
                value = try parseValue(path: path + [key])
                let valueLine = line
                try skipTrivia()
                guard peek() == UInt8(ascii: ";") else {
                    let ends = valueLine == line ? "" : " (the value ends on line \(valueLine))"
                    throw fail("expected ';' after value for key \(CanonicalText.quote(key))" + ends)
                }
            }
            position += 1
            dictionary[key] = value
            if keyLines[key] == nil { order.append(key) }
            keyLines[key, default: []].append(keyLine)
        }
        for key in order {
            if let lines = keyLines[key], lines.count > 1 {
                duplicates.append(DuplicateKey(dictionaryPath: path, key: key, lines: lines))
            }
        }
        return dictionary
    }

    private mutating func parseArray(path: [String], openedAt: Int) throws(PlistError) -> [PlistValue] {
        var items: [PlistValue] = []
        while true {
            try skipTrivia()
            guard let b = peek() else { throw fail("missing ')' for the array opened on line \(openedAt)") }
            if b == UInt8(ascii: ")") { position += 1; return items }
            items.append(try parseValue(path: path + [String(items.count)]))
            try skipTrivia()
            guard let next = peek() else { throw fail("missing ')' for the array opened on line \(openedAt)") }
            if next == UInt8(ascii: ",") {
                position += 1
            } else if next != UInt8(ascii: ")") {
                throw fail("expected ',' or ')' in the array opened on line \(openedAt), found \(Self.describe(next))")
            }
        }
    }

    private mutating func parseData() throws(PlistError) -> [UInt8] {
        let startLine = line
        position += 1
        var out: [UInt8] = []
        var pending: UInt8?
        while true {
            guard let b = peek() else { throw fail("unterminated <data> opened on line \(startLine)") }
            position += 1
            if b == UInt8(ascii: ">") { break }
            if b == 0x0A { line += 1; continue }
            if b == 0x20 || b == 0x09 || b == 0x0D { continue }
            guard let digit = Self.hexValue(b) else { throw fail("invalid character \(Self.describe(b)) in <data>") }
            if let high = pending {
                out.append(high << 4 | digit)
                pending = nil
            } else {
                pending = digit
            }
        }
        guard pending == nil else { throw fail("odd number of hex digits in <data>", line: startLine) }
        return out
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: b - 48
        case 65...70: b - 55
        case 97...102: b - 87
        default: nil
        }
    }

    private mutating func parseUnquoted() -> String {
        let start = position
        while position < text.count, Self.isUnquotedByte(text[position]) { position += 1 }
        return String(decoding: text[start..<position], as: UTF8.self)
    }
}
