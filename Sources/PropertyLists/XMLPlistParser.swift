/// Builds a `PlistDocument` from the tokens of an XML property list, keeping key order and
/// recording duplicate keys with their lines.
struct XMLPlistParser {
    var tokens: XMLTokenizer
    let limits: PlistLimits
    var depth = 0
    var duplicates: [DuplicateKey] = []

    static func parse(_ decoded: DecodedText, limits: PlistLimits) throws(PlistError) -> PlistDocument {
        try XMLDeclaration.check(decoded.utf8)
        var parser = XMLPlistParser(tokens: XMLTokenizer(decoded.utf8), limits: limits)
        guard case .start(let name, let selfClosing) = try parser.nextMarkup(context: "before the root element") else {
            throw parser.tokens.fail("no root element")
        }
        let root: PlistValue
        if name == "plist" {
            guard !selfClosing else { throw parser.tokens.fail("<plist> holds no value") }
            guard case .start(let valueName, let valueClosing) = try parser.nextMarkup(context: "in <plist>") else {
                throw parser.tokens.fail("<plist> holds no value")
            }
            root = try parser.parseValue(valueName, selfClosing: valueClosing, path: [])
            guard case .end("plist") = try parser.nextMarkup(context: "in <plist>") else {
                throw parser.tokens.fail("<plist> must hold exactly one value")
            }
        } else {
            root = try parser.parseValue(name, selfClosing: selfClosing, path: [])
        }
        guard case .endOfFile = try parser.nextMarkup(context: "after the root element") else {
            throw parser.tokens.fail("unexpected content after the root element")
        }
        return PlistDocument(format: .xml, encoding: decoded.encoding, root: root, duplicateKeys: parser.duplicates)
    }

    /// The next token that is not whitespace-only text; other text is an error.
    mutating func nextMarkup(context: String) throws(PlistError) -> XMLTokenizer.Token {
        while true {
            let token = try tokens.next()
            guard case .text(let bytes) = token else { return token }
            if let first = bytes.firstIndex(where: { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }) {
                // Name the line of the stray text, not of the whitespace before it.
                let newlines = bytes[..<first].count { $0 == 0x0A }
                throw tokens.fail("text outside a value \(context)", line: tokens.tokenLine + newlines)
            }
        }
    }

    /// The text content of a leaf element up to its end tag.
    mutating func content(of name: String, selfClosing: Bool) throws(PlistError) -> [UInt8] {
        if selfClosing { return [] }
        var out: [UInt8] = []
        while true {
            switch try tokens.next() {
            case .text(let bytes): out += bytes
            case .end(let endName) where endName == name: return out
            case .end(let endName): throw tokens.fail("</\(endName)> does not close <\(name)>")
            case .start(let inner, _): throw tokens.fail("unexpected <\(inner)> inside <\(name)>")
            case .endOfFile: throw tokens.fail("missing </\(name)>")
            }
        }
    }

    mutating func parseValue(_ name: String, selfClosing: Bool, path: [String]) throws(PlistError) -> PlistValue {
        let line = tokens.tokenLine
        switch name {
        case "dict", "array":
            depth += 1
            defer { depth -= 1 }
            guard depth <= limits.maxDepth else { throw tokens.fail("nesting deeper than \(limits.maxDepth) levels") }
            if selfClosing { return name == "dict" ? .dictionary(PlistDictionary()) : .array([]) }
            return name == "dict" ? .dictionary(try parseDict(path: path, line: line)) : .array(try parseArray(path: path))
        case "string":
            return .string(String(decoding: try content(of: name, selfClosing: selfClosing), as: UTF8.self))
        case "true", "false":
            guard try content(of: name, selfClosing: selfClosing).isEmpty else { throw tokens.fail("<\(name)> must be empty", line: line) }
            return .boolean(name == "true")
        case "integer":
            let text = trimmed(try content(of: name, selfClosing: selfClosing))
            guard let value = PlistInteger(parsing: text, allowHex: true) else {
                throw tokens.fail("invalid <integer> \(CanonicalText.quote(String(decoding: text, as: UTF8.self)))", line: line)
            }
            return .integer(value)
        case "real":
            let text = String(decoding: trimmed(try content(of: name, selfClosing: selfClosing)), as: UTF8.self)
            guard let value = Self.parseReal(text) else {
                throw tokens.fail("invalid <real> \(CanonicalText.quote(text))", line: line)
            }
            return .real(value)
        case "date":
            let text = String(decoding: trimmed(try content(of: name, selfClosing: selfClosing)), as: UTF8.self)
            guard let seconds = PlistDate.parseISO8601(text) else {
                throw tokens.fail("invalid <date> \(CanonicalText.quote(text))", line: line)
            }
            return .date(seconds)
        case "data":
            guard let bytes = Base64.decode(try content(of: name, selfClosing: selfClosing)) else {
                throw tokens.fail("invalid base64 in <data>", line: line)
            }
            return .data(bytes)
        case "key":
            throw tokens.fail("<key> outside a <dict>", line: line)
        default:
            throw tokens.fail("unknown tag <\(name)>", line: line)
        }
    }

    /// A real: decimal or exponent form, `nan`, `inf`/`infinity` with optional sign.
    static func parseReal(_ text: String) -> Double? {
        let lower = text.lowercased()
        switch lower {
        case "nan", "+nan", "-nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        // Only plain decimal syntax (Swift would also take hex floats and "nan(…)").
        guard !lower.isEmpty, lower.utf8.allSatisfy({ (48...57).contains($0) || $0 == 0x2E || $0 == 0x2B || $0 == 0x2D || $0 == 0x65 }) else {
            return nil
        }
        return Double(lower)
    }

    func trimmed(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return []
        }
        return bytes[first...last]
    }
}
