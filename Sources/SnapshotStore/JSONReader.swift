/// A strict, bounded JSON reader (RFC 8259) for the JSON bundlediff itself writes
/// (`bundlediff.json`), in place of Foundation's `JSONSerialization`, which cost a third of
/// a cold `history key` at 10,000 builds. It refuses rather than guesses: any grammar
/// error, invalid UTF-8, a lone surrogate escape, a repeated object key, or nesting deeper
/// than `maxDepth`. Its cost is linear in the input and its stack bounded by `maxDepth`.
struct JSONReader {
    /// Containers may nest this deep (the summary needs 3).
    static let maxDepth = 64

    /// Why a text was refused, and the byte offset where.
    struct Failure: Error, Equatable {
        var reason: String
        var offset: Int
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where reading has come to (the lexer below is also `SummaryDirectReader`'s).
    private(set) var at = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// The one value `bytes` hold (whitespace around it allowed).
    static func parse(_ bytes: [UInt8]) -> Result<JSONNode, Failure> {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = JSONReader(buffer)
            do throws(Failure) {
                let value = try reader.value(depth: 0)
                reader.skipSpace()
                guard reader.at == buffer.count else { throw reader.failure("text after the value") }
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
    }

    func failure(_ reason: String) -> Failure { Failure(reason: reason, offset: at) }

    var next: UInt8? { at < bytes.count ? bytes[at] : nil }

    /// Whether every byte has been read.
    var atEnd: Bool { at == bytes.count }

    /// Steps over one byte already looked at (`next`).
    mutating func advance() { at += 1 }

    mutating func skipSpace() {
        while let byte = next, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { at += 1 }
    }

    mutating func value(depth: Int) throws(Failure) -> JSONNode {
        skipSpace()
        guard let byte = next else { throw failure("a value is missing") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw failure("unexpected byte 0x\(String(byte, radix: 16))")
        }
    }

    mutating func literal(_ word: StaticString) throws(Failure) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - at >= count,
              UnsafeBufferPointer(start: word.utf8Start, count: count).elementsEqual(bytes[at..<at + count]) else {
            throw failure("not \(word)")
        }
        at += count
    }

    private mutating func object(depth: Int) throws(Failure) -> JSONNode {
        guard depth <= Self.maxDepth else { throw failure("nested deeper than \(Self.maxDepth)") }
        at += 1
        var members = JSONMembers()
        skipSpace()
        if next == UInt8(ascii: "}") { at += 1; return .object(members) }
        while true {
            skipSpace()
            guard next == UInt8(ascii: "\"") else { throw failure("an object key is not a string") }
            let keyStart = at
            let key = try string()
            skipSpace()
            guard next == UInt8(ascii: ":") else { throw failure("a ':' is missing") }
            at += 1
            let member = try value(depth: depth)
            guard members.add(key, member) else {
                throw Failure(reason: "a repeated key", offset: keyStart)
            }
            skipSpace()
            switch next {
            case UInt8(ascii: ","): at += 1
            case UInt8(ascii: "}"): at += 1; return .object(members)
            default: throw failure("a ',' or '}' is missing")
            }
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> JSONNode {
        guard depth <= Self.maxDepth else { throw failure("nested deeper than \(Self.maxDepth)") }
        at += 1
        var items: [JSONNode] = []
        skipSpace()
        if next == UInt8(ascii: "]") { at += 1; return .array(items) }
        while true {
            items.append(try value(depth: depth))
            skipSpace()
            switch next {
            case UInt8(ascii: ","): at += 1
            case UInt8(ascii: "]"): at += 1; return .array(items)
            default: throw failure("a ',' or ']' is missing")
            }
        }
    }

    /// A number's text as written: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func number() throws(Failure) -> String {
        let start = at
        if next == UInt8(ascii: "-") { at += 1 }
        if next == UInt8(ascii: "0") {
            at += 1
        } else if try digits() == 0 {
            throw failure("a number without digits")
        }
        if next == UInt8(ascii: ".") {
            at += 1
            guard try digits() > 0 else { throw failure("no digits after a decimal point") }
        }
        if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
            at += 1
            if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { at += 1 }
            guard try digits() > 0 else { throw failure("no digits in an exponent") }
        }
        return String(decoding: bytes[start..<at], as: UTF8.self)
    }

    private mutating func digits() throws(Failure) -> Int {
        let start = at
        while let byte = next, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { at += 1 }
        return at - start
    }

    /// A string (at its opening quote) of printable ASCII without escapes, as its bytes
    /// (what it says, then, is what it holds); nil, with nothing read, for any other string.
    mutating func plainString() -> Slice<UnsafeBufferPointer<UInt8>>? {
        var end = at + 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
              bytes[end] >= 0x20, bytes[end] < 0x80 { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        defer { at = end + 1 }
        return bytes[(at + 1)..<end]
    }

    /// A string (at its opening quote): valid UTF-8, no raw control characters, escapes
    /// decoded; a `\u` surrogate must come in a pair.
    mutating func string() throws(Failure) -> String {
        at += 1
        let start = at
        // The common case: no escape, so the bytes are the text once validated (ASCII needs
        // no validating).
        var high: UInt8 = 0
        while let byte = next, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte >= 0x20 {
            high |= byte
            at += 1
        }
        if next == UInt8(ascii: "\""), high < 0x80 {
            at += 1
            return String(decoding: bytes[start..<at - 1], as: UTF8.self)
        }
        if next == UInt8(ascii: "\"") {
            guard let text = String(validating: bytes[start..<at], as: UTF8.self) else {
                throw Failure(reason: "a string is not valid UTF-8", offset: start)
            }
            at += 1
            return text
        }
        var out = Array(bytes[start..<at])
        while true {
            guard let byte = next else { throw failure("a string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else {
                    throw Failure(reason: "a string is not valid UTF-8", offset: start)
                }
                at += 1
                return text
            case UInt8(ascii: "\\"):
                at += 1
                try escape(into: &out)
            case 0..<0x20:
                throw failure("a control character in a string")
            default:
                out.append(byte)
                at += 1
            }
        }
    }

    private mutating func escape(into out: inout [UInt8]) throws(Failure) {
        guard let byte = next else { throw failure("a string is not closed") }
        at += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
                guard bytes.count - at >= 2, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else {
                    throw failure("a lone surrogate escape")
                }
                at += 2
                let low = try hex4()
                guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(scalar) {
                throw failure("a lone surrogate escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("an invalid \\u escape") }
            UTF8.encode(unicode) { out.append($0) }
        default:
            throw failure("an unknown escape")
        }
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard bytes.count - at >= 4 else { throw failure("a \\u escape is cut short") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw failure("a \\u escape is not hexadecimal")
            }
            value = value << 4 | UInt32(digit)
            at += 1
        }
        return value
    }
}
