import TextSafety

/// Reads the tokens of one canonical-text line (see `CanonicalText`).
struct CanonicalLineScanner {
    /// One step of a body path.
    enum Segment: Hashable {
        case key(String)
        case index(Int)
    }

    /// The line, in place (a slice of the whole text: no copy a line); `position` is an
    /// index into it.
    let bytes: ArraySlice<UInt8>
    let line: Int
    var position: Int

    init(_ bytes: ArraySlice<UInt8>, line: Int) {
        self.bytes = bytes
        self.line = line
        position = bytes.startIndex
    }

    var atEnd: Bool { position >= bytes.endIndex }

    /// The 1-based column of `position`, for messages.
    var column: Int { position - bytes.startIndex + 1 }

    func error(_ message: String) -> PlistError {
        PlistError("canonical text: " + message, line: line)
    }

    /// Passes over `literal` when the line goes on with it (compared in place: making an
    /// array of it for each call was a tenth of parsing a seal's text).
    mutating func accept(_ literal: String) -> Bool {
        let lit = literal.utf8
        guard bytes.endIndex - position >= lit.count else { return false }
        var at = position
        for b in lit {
            guard bytes[at] == b else { return false }
            at += 1
        }
        position = at
        return true
    }

    mutating func expect(_ literal: String) throws(PlistError) {
        guard accept(literal) else { throw error("expected '\(literal)'") }
    }

    mutating func expectEnd() throws(PlistError) {
        guard atEnd else { throw error("unexpected text at column \(column)") }
    }

    /// Bytes up to the next space or the end of the line.
    mutating func word() -> ArraySlice<UInt8> {
        let start = position
        while position < bytes.endIndex, bytes[position] != UInt8(ascii: " ") { position += 1 }
        return bytes[start..<position]
    }

    mutating func quoted() throws(PlistError) -> String {
        try expect("\"")
        var out: [UInt8] = []
        while true {
            guard position < bytes.endIndex else { throw error("unterminated string") }
            let b = bytes[position]
            position += 1
            if b == UInt8(ascii: "\"") { break }
            guard b == UInt8(ascii: "\\") else { out.append(b); continue }
            guard position < bytes.endIndex else { throw error("unterminated escape") }
            let e = bytes[position]
            position += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(e)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                try expect("{")
                var value: UInt32 = 0
                var digits = 0
                while position < bytes.endIndex, let d = Hex.nibble(bytes[position]) {
                    value = value << 4 | UInt32(d)
                    digits += 1
                    position += 1
                    guard digits <= 6 else { throw error("bad \\u escape") }
                }
                try expect("}")
                guard digits > 0, let scalar = Unicode.Scalar(value) else { throw error("bad \\u escape") }
                TextEncoding.appendUTF8(scalar.value, to: &out)
            default:
                throw error("unknown escape")
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A key segment: bare `[A-Za-z0-9_-]+` or a quoted string.
    mutating func keySegment() throws(PlistError) -> String {
        if position < bytes.endIndex, bytes[position] == UInt8(ascii: "\"") { return try quoted() }
        let start = position
        while position < bytes.endIndex, CanonicalText.isBareByte(bytes[position]) { position += 1 }
        guard position > start else { throw error("expected a key at column \(column)") }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A body path; `rooted` is true for a `$` path.
    mutating func path() throws(PlistError) -> (rooted: Bool, segments: [Segment]) {
        var segments: [Segment] = []
        let rooted = accept("$")
        if !rooted { segments.append(.key(try keySegment())) }
        while true {
            if accept(".") {
                segments.append(.key(try keySegment()))
            } else if accept("[") {
                let digits = word(until: UInt8(ascii: "]"))
                try expect("]")
                guard let index = Self.decimal(digits) else { throw error("bad array index") }
                segments.append(.index(index))
            } else {
                return (rooted, segments)
            }
        }
    }

    private mutating func word(until terminator: UInt8) -> ArraySlice<UInt8> {
        let start = position
        while position < bytes.endIndex, bytes[position] != terminator { position += 1 }
        return bytes[start..<position]
    }

    /// A canonical non-negative decimal (no leading zeros, fits in Int).
    static func decimal(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count == 1 || digits.first != UInt8(ascii: "0") else { return nil }
        var value = 0
        for d in digits {
            guard (48...57).contains(d) else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int(d - 48))
            guard !o1, !o2 else { return nil }
            value = s
        }
        return value
    }
}
