extension CanonicalText {
    /// A string quoted exactly as canonical text quotes string values (escapes for `"`,
    /// `\`, control characters and invisible or bidirectional marks), for other stored
    /// texts that embed strings (the Mach-O facts).
    public static func quotedString(_ s: String) -> String {
        quote(s)
    }

    /// Appends `quotedString(s)` to `out`.
    public static func appendQuotedString(_ s: String, to out: inout String) {
        appendQuoted(s, to: &out)
    }

    /// Reads a string `quotedString` wrote at the start of `text`; returns it and the text
    /// after its closing quote.
    public static func readQuotedString(_ text: Substring) throws(PlistError) -> (value: String, rest: Substring) {
        var scanner = CanonicalLineScanner(ArraySlice(text.utf8), line: 0)
        let value = try scanner.quoted()
        let rest = String(decoding: scanner.bytes[scanner.position...], as: UTF8.self)
        return (value, rest[...])
    }
}
