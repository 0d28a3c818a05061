/// Parses old-style (OpenStep) text plists and `.strings` files from validated UTF-8.
///
/// Grammar: `{ key = value; … }`, `( a, b, )`, `<0a 0b>`, quoted strings (`"…"` or `'…'`
/// with escapes), unquoted strings of `[A-Za-z0-9_$+/:.-]`, `//` and `/* */` comments.
/// In a dictionary a bare `key;` means `key = key;`. Every error names its line.
struct OpenStepParser {
    let text: [UInt8]
    let limits: PlistLimits
    var position = 0
    var line = 1
    var depth = 0
    var duplicates: [DuplicateKey] = []

    init(text: [UInt8], limits: PlistLimits) {
        self.text = text
        self.limits = limits
    }

    func fail(_ message: String, line: Int? = nil) -> PlistError {
        PlistError(message, line: line ?? self.line)
    }

    /// A whole old-style plist: exactly one dictionary, array, quoted string or data.
    static func parsePlist(_ decoded: DecodedText, limits: PlistLimits) throws(PlistError) -> PlistDocument {
        var parser = OpenStepParser(text: decoded.utf8, limits: limits)
        try parser.skipTrivia()
        guard let first = parser.peek() else { throw parser.fail("empty file is not a property list") }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "<"), UInt8(ascii: "\""), UInt8(ascii: "'"):
            break
        default:
            throw parser.fail("not a property list: expected '{', '(', '<' or a quoted string, found \(describe(first))")
        }
        let root = try parser.parseValue(path: [])
        try parser.skipTrivia()
        if let extra = parser.peek() {
            throw parser.fail("unexpected \(describe(extra)) after the end of the property list")
        }
        return PlistDocument(format: .openStep, encoding: decoded.encoding, root: root, duplicateKeys: parser.duplicates)
    }

    /// A `.strings` file: a dictionary body without braces (empty = empty dictionary).
    static func parseStrings(_ decoded: DecodedText, limits: PlistLimits) throws(PlistError) -> PlistDocument {
        var parser = OpenStepParser(text: decoded.utf8, limits: limits)
        try parser.skipTrivia()
        if parser.peek() == UInt8(ascii: "{") {
            // Some tools write .strings files as a braced old-style dictionary.
            var document = try parsePlist(decoded, limits: limits)
            document.format = .openStep
            return document
        }
        let root = try parser.parseDictionaryBody(path: [], openedAt: nil)
        return PlistDocument(format: .strings, encoding: decoded.encoding, root: .dictionary(root),
                             duplicateKeys: parser.duplicates)
    }

    func peek() -> UInt8? {
        position < text.count ? text[position] : nil
    }

    static func describe(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte < 0x7F { return "'" + String(UnicodeScalar(byte)) + "'" }
        return "byte 0x" + String(byte, radix: 16)
    }

    /// Skips whitespace and comments, counting lines.
    mutating func skipTrivia() throws(PlistError) {
        while position < text.count {
            let b = text[position]
            switch b {
            case 0x0A: line += 1; position += 1
            case 0x20, 0x09, 0x0D, 0x0B, 0x0C: position += 1
            case UInt8(ascii: "/") where position + 1 < text.count && text[position + 1] == UInt8(ascii: "/"):
                while position < text.count && text[position] != 0x0A { position += 1 }
            case UInt8(ascii: "/") where position + 1 < text.count && text[position + 1] == UInt8(ascii: "*"):
                // An unterminated comment runs to the end of the file, as in CoreFoundation
                // (which reads `"a" = "b"; /* …` without a closing `*/`).
                position += 2
                while true {
                    guard position + 1 < text.count else {
                        for b in text[position...] where b == 0x0A { line += 1 }
                        position = text.count
                        return
                    }
                    if text[position] == UInt8(ascii: "*") && text[position + 1] == UInt8(ascii: "/") {
                        position += 2
                        break
                    }
                    if text[position] == 0x0A { line += 1 }
                    position += 1
                }
            default:
                return
            }
        }
    }

    static func isUnquotedByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"),
             UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: "."), UInt8(ascii: "-"): true
        default: false
        }
    }
}
