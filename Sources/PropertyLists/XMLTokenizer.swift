/// A small XML tokenizer for property lists: elements, text (with the five predefined
/// entities and character references; CDATA included), comments, processing instructions
/// and a DOCTYPE (skipped, internal subset included). No entity is ever declared or
/// expanded beyond the predefined ones, so entity bombs and external entities cannot occur.
struct XMLTokenizer {
    enum Token: Equatable {
        case start(name: String, selfClosing: Bool)
        case end(name: String)
        case text([UInt8])
        case endOfFile
    }

    let text: [UInt8]
    var position = 0
    var line = 1
    /// Line where the last token started.
    var tokenLine = 1

    init(_ text: [UInt8]) {
        self.text = text
    }

    func fail(_ message: String, line: Int? = nil) -> PlistError {
        PlistError(message, line: line ?? tokenLine)
    }

    private func starts(with literal: String) -> Bool {
        let lit = literal.utf8
        return text.count - position >= lit.count && text[position..<position + lit.count].elementsEqual(lit)
    }

    /// Advances past `literal`, counting lines, or throws if the file ends first.
    private mutating func skip(past literal: String, what: String) throws(PlistError) {
        let lit = Array(literal.utf8)
        while position < text.count {
            if text[position] == lit[0], starts(with: literal) {
                position += lit.count
                return
            }
            if text[position] == 0x0A { line += 1 }
            position += 1
        }
        throw fail("unterminated \(what)")
    }

    /// The next token; comments, processing instructions and DOCTYPE are skipped.
    mutating func next() throws(PlistError) -> Token {
        while true {
            tokenLine = line
            guard position < text.count else { return .endOfFile }
            guard text[position] == UInt8(ascii: "<") else { return .text(try readText()) }
            if starts(with: "<!--") {
                position += 4
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<?") {
                position += 2
                try skip(past: "?>", what: "processing instruction")
            } else if starts(with: "<![CDATA[") {
                return .text(try readText())
            } else if starts(with: "<!DOCTYPE") {
                try skipDoctype()
            } else if starts(with: "</") {
                position += 2
                let name = readName()
                skipSpace()
                guard position < text.count, text[position] == UInt8(ascii: ">") else { throw fail("malformed end tag </\(name)") }
                position += 1
                return .end(name: name)
            } else {
                position += 1
                let name = readName()
                guard !name.isEmpty else { throw fail("malformed tag") }
                return .start(name: name, selfClosing: try skipAttributes(of: name))
            }
        }
    }

    private mutating func readName() -> String {
        let start = position
        while position < text.count {
            let b = text[position]
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == UInt8(ascii: ">") || b == UInt8(ascii: "/") { break }
            position += 1
        }
        return String(decoding: text[start..<position], as: UTF8.self)
    }

    private mutating func skipSpace() {
        while position < text.count, [0x20, 0x09, 0x0A, 0x0D].contains(text[position]) {
            if text[position] == 0x0A { line += 1 }
            position += 1
        }
    }

    /// Skips `name="value"` pairs; returns whether the tag ends with `/>`. Anything that is
    /// not a well-formed attribute is an error (a stray `="` must not swallow later markup).
    private mutating func skipAttributes(of name: String) throws(PlistError) -> Bool {
        while true {
            skipSpace()
            guard position < text.count else { throw fail("unterminated tag <\(name)") }
            let b = text[position]
            if b == UInt8(ascii: ">") { position += 1; return false }
            if b == UInt8(ascii: "/") {
                guard position + 1 < text.count, text[position + 1] == UInt8(ascii: ">") else {
                    throw fail("malformed tag <\(name)")
                }
                position += 2
                return true
            }
            let attributeStart = position
            while position < text.count, !Self.endsAttributeName(text[position]) { position += 1 }
            guard position > attributeStart else { throw fail("malformed attribute in <\(name)>") }
            skipSpace()
            guard position < text.count, text[position] == UInt8(ascii: "=") else {
                throw fail("attribute without a value in <\(name)>")
            }
            position += 1
            skipSpace()
            guard position < text.count, text[position] == UInt8(ascii: "\"") || text[position] == UInt8(ascii: "'") else {
                throw fail("attribute value in <\(name)> is not quoted")
            }
            let quote = text[position]
            position += 1
            while position < text.count, text[position] != quote {
                guard text[position] != UInt8(ascii: "<") else { throw fail("'<' in an attribute value of <\(name)>") }
                if text[position] == 0x0A { line += 1 }
                position += 1
            }
            guard position < text.count else { throw fail("unterminated attribute value in <\(name)>") }
            position += 1
        }
    }

    private static func endsAttributeName(_ b: UInt8) -> Bool {
        switch b {
        case 0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "<"),
             UInt8(ascii: "\""), UInt8(ascii: "'"): true
        default: false
        }
    }

    /// Skips `<!DOCTYPE … [ internal subset ] >`, honouring quotes and comments.
    private mutating func skipDoctype() throws(PlistError) {
        position += 9
        var inSubset = false
        while position < text.count {
            let b = text[position]
            if starts(with: "<!--") {
                position += 4
                try skip(past: "-->", what: "comment")
                continue
            }
            position += 1
            switch b {
            case 0x0A: line += 1
            case UInt8(ascii: "\""): try skip(past: "\"", what: "DOCTYPE")
            case UInt8(ascii: "'"): try skip(past: "'", what: "DOCTYPE")
            case UInt8(ascii: "["): inSubset = true
            case UInt8(ascii: "]"): inSubset = false
            case UInt8(ascii: ">") where !inSubset: return
            default: break
            }
        }
        throw fail("unterminated DOCTYPE")
    }
}
