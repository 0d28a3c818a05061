import TextSafety

extension CanonicalText {
    /// Parses canonical text back into the exact value `render` was given. Anything that
    /// `render` would not have produced (including non-canonical spellings) is rejected.
    public static func parse(_ text: String) throws(PlistError) -> DecodedPlist {
        let bytes = Array(text.utf8)
        guard bytes.last == 0x0A else { throw PlistError("canonical text: missing final newline") }
        let lines = bytes.dropLast().split(separator: 0x0A, omittingEmptySubsequences: false)
        guard lines.first.map({ $0.elementsEqual(magic.utf8) }) == true else {
            throw PlistError("canonical text: expected '\(magic)'", line: 1)
        }
        guard lines.count >= 2 else { throw PlistError("canonical text: missing format", line: 2) }
        var header = CanonicalLineScanner(lines[1], line: 2)
        try header.expect("format: ")
        let formatName = String(decoding: header.word(), as: UTF8.self)
        try header.expectEnd()
        let result: DecodedPlist
        if formatName == "undecodable" {
            guard lines.count == 3 else { throw PlistError("canonical text: expected one error line", line: 3) }
            var scanner = CanonicalLineScanner(lines[2], line: 3)
            try scanner.expect("error: ")
            let reason = try scanner.quoted()
            try scanner.expectEnd()
            result = .undecodable(reason: reason)
        } else {
            guard let format = PlistFormat(rawValue: formatName) else { throw header.error("unknown format") }
            result = .decoded(try parseDocument(format: format, lines: Array(lines.dropFirst(2)), firstLine: 3))
        }
        // Only the canonical spelling is accepted.
        guard renderedBytes(result) == bytes else {
            throw PlistError("canonical text: not in canonical form")
        }
        return result
    }

    private static func parseDocument(format: PlistFormat, lines: [ArraySlice<UInt8>],
                                      firstLine: Int) throws(PlistError) -> PlistDocument {
        var index = 0
        var encoding: TextEncoding?
        var duplicates: [DuplicateKey] = []
        if index < lines.count, lines[index].starts(with: "encoding: ".utf8) {
            var scanner = CanonicalLineScanner(lines[index], line: firstLine + index)
            try scanner.expect("encoding: ")
            guard let e = TextEncoding(rawValue: String(decoding: scanner.word(), as: UTF8.self)) else {
                throw scanner.error("unknown encoding")
            }
            try scanner.expectEnd()
            encoding = e
            index += 1
        }
        while index < lines.count, lines[index].starts(with: "duplicate-key: ".utf8) {
            var scanner = CanonicalLineScanner(lines[index], line: firstLine + index)
            duplicates.append(try parseDuplicate(&scanner))
            index += 1
        }
        guard index < lines.count, lines[index].isEmpty else {
            throw PlistError("canonical text: expected a blank line after the header", line: firstLine + index)
        }
        index += 1
        var body = BodyBuilder()
        while index < lines.count {
            var scanner = CanonicalLineScanner(lines[index], line: firstLine + index)
            try body.add(&scanner)
            index += 1
        }
        return PlistDocument(format: format, encoding: encoding, root: try body.finish(), duplicateKeys: duplicates)
    }

    private static func parseDuplicate(_ scanner: inout CanonicalLineScanner) throws(PlistError) -> DuplicateKey {
        try scanner.expect("duplicate-key: ")
        var path = [try scanner.keySegment()]
        while scanner.accept(".") { path.append(try scanner.keySegment()) }
        var lines: [Int] = []
        if scanner.accept(" lines ") {
            for part in scanner.word().split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
                guard let n = CanonicalLineScanner.decimal(part) else { throw scanner.error("bad line number") }
                lines.append(n)
            }
        }
        try scanner.expectEnd()
        let key = path.removeLast()
        return DuplicateKey(dictionaryPath: path, key: key, lines: lines)
    }

    /// The right-hand side of a body line.
    static func parseValue(_ scanner: inout CanonicalLineScanner) throws(PlistError) -> PlistValue {
        if !scanner.atEnd, scanner.bytes[scanner.position] == UInt8(ascii: "\"") {
            return .string(try scanner.quoted())
        }
        let kind = String(decoding: scanner.word(), as: UTF8.self)
        switch kind {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "array": return .array([])
        case "dictionary": return .dictionary(PlistDictionary())
        case "integer":
            try scanner.expect(" ")
            guard let value = PlistInteger(parsing: scanner.word(), allowHex: false) else { throw scanner.error("bad integer") }
            return .integer(value)
        case "real":
            try scanner.expect(" ")
            return .real(try parseReal(&scanner))
        case "date":
            try scanner.expect(" ")
            _ = scanner.word() // The ISO form is checked by re-rendering.
            try scanner.expect(" ")
            let seconds = try parseReal(&scanner)
            guard !seconds.isNaN else { throw scanner.error("date is NaN") }
            return .date(seconds)
        case "uid":
            try scanner.expect(" ")
            guard let value = UInt64(String(decoding: scanner.word(), as: UTF8.self)) else { throw scanner.error("bad uid") }
            return .uid(value)
        case "data":
            try scanner.expect(" <")
            // The digits up to `>`, decoded in one pass (`render` spells them in lower case,
            // which the spelling check holds the text to).
            let start = scanner.position
            while !scanner.atEnd, scanner.bytes[scanner.position] != UInt8(ascii: ">") { scanner.position += 1 }
            guard !scanner.atEnd, let bytes = Hex.decode(utf8: scanner.bytes[start..<scanner.position]) else {
                throw scanner.error("bad data")
            }
            scanner.position += 1
            return .data(bytes)
        default:
            throw scanner.error("unknown value type '\(kind)'")
        }
    }

    private static func parseReal(_ scanner: inout CanonicalLineScanner) throws(PlistError) -> Double {
        guard let value = Double(String(decoding: scanner.word(), as: UTF8.self)) else { throw scanner.error("bad real") }
        return value
    }
}
