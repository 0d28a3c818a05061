/// The quoting of canonical text (`CanonicalText`), for other recorded text formats that
/// store names and values one fact per line (`Stores`' `bundlediff-store 1`): one quoting,
/// one unquoting, the same escapes everywhere.
public enum CanonicalFields {
    /// One token of a line: a bare word or a quoted string.
    public enum Token: Hashable, Sendable {
        case word(String)
        case quoted(String)
    }

    /// `s` as a quoted string: `"`, `\`, `\n`, `\r`, `\t` escaped, controls and invisible
    /// or bidirectional marks written `\u{HEX}` (RecordedEscapes.inCanonicalText).
    public static func quote(_ s: String) -> String { CanonicalText.quote(s) }

    /// The tokens of `line` (one space between tokens). Quoted strings are unescaped;
    /// everything else is a bare word. Throws on an unterminated string or a bad escape.
    public static func tokens(_ line: String, lineNumber: Int) throws(PlistError) -> [Token] {
        var scanner = CanonicalLineScanner(Array(line.utf8)[...], line: lineNumber)
        var out: [Token] = []
        while !scanner.atEnd {
            if !out.isEmpty { try scanner.expect(" ") }
            if scanner.position < scanner.bytes.count, scanner.bytes[scanner.position] == UInt8(ascii: "\"") {
                out.append(.quoted(try scanner.quoted()))
            } else {
                let word = scanner.word()
                guard !word.isEmpty else { throw scanner.error("empty word at column \(scanner.position + 1)") }
                out.append(.word(String(decoding: word, as: UTF8.self)))
            }
        }
        return out
    }
}
